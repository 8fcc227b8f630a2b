#include "storage/offset_file_format.hpp"

#include <utility>

#include "copycat/data/base64.hpp"
#include "common/json.hpp"

namespace copycat::storage {
namespace {

constexpr std::string_view format_name = "copycat-offsets";

error malformed(std::string what) { return make_error(errc::protocol_error, "offset file: " + std::move(what)); }

}  // namespace

std::string encode_offset_file(const std::map<offset_bytes, offset_bytes>& entries) {
    json::writer out;
    out.start_object();
    out.key("format").string(format_name);
    out.key("version").int64(offset_file_version);
    out.key("entries").start_array();
    for (const auto& [key, value] : entries) {
        out.start_array();
        out.string(base64_encode(key));
        out.string(base64_encode(value));
        out.end_array();
    }
    out.end_array();
    out.end_object();
    return out.take();
}

result<std::map<offset_bytes, offset_bytes>> decode_offset_file(std::string_view text) {
    auto doc = json::parse(text);
    if (!doc) return malformed("not JSON: " + doc.err().describe());
    const auto* format = doc->find("format");
    if (!doc->is_object() || format == nullptr || !format->is_string() || format->as_string() != format_name) {
        return malformed("not a copycat offsets file");
    }
    const auto* version = doc->find("version");
    if (version == nullptr || !version->is_integer()) return malformed("no version");
    if (version->as_int64() != offset_file_version) {
        return malformed("unsupported version " + std::to_string(version->as_int64()));
    }
    const auto* list = doc->find("entries");
    if (list == nullptr || !list->is_array()) return malformed("no entries");
    std::map<offset_bytes, offset_bytes> out;
    for (const auto& entry : list->as_array()) {
        if (!entry.is_array() || entry.as_array().size() != 2 || !entry.as_array()[0].is_string() ||
            !entry.as_array()[1].is_string()) {
            return malformed("an entry is not a [key, value] pair of strings");
        }
        auto key = base64_decode(entry.as_array()[0].as_string(), base64_spaces::skip);
        auto value = base64_decode(entry.as_array()[1].as_string(), base64_spaces::skip);
        if (!key || !value) return malformed("an entry is not valid base64");
        out.insert_or_assign(std::move(*key), std::move(*value));
    }
    return out;
}

}  // namespace copycat::storage
