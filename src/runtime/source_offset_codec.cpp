#include "runtime/source_offset_codec.hpp"

#include "converters/json_converter.hpp"

namespace copycat::runtime {
namespace {

constexpr std::string_view internal_topic = "";

storage::offset_bytes to_bytes(std::optional<bytes> b) { return b ? std::move(*b) : storage::offset_bytes{}; }

}  // namespace

value to_value(const source_map& map) {
    value_map out;
    out.reserve(map.size());
    for (const auto& [k, v] : map) out.emplace_back(value(k), v);
    return value(std::move(out));
}

std::optional<source_map> to_source_map(const value& v) {
    if (!v.is_map()) return std::nullopt;
    source_map out;
    for (const auto& [k, entry] : v.as_map()) {
        if (!k.is_string()) return std::nullopt;
        out.insert_or_assign(k.as_string(), entry);
    }
    return out;
}

source_offset_codec::source_offset_codec() : json_(std::make_unique<converters::json_converter>()) {
    json_->configure({{"schemas.enable", "false"}}, false);
}

source_offset_codec::~source_offset_codec() = default;

storage::offset_bytes source_offset_codec::encode_key(const std::string& connector, const source_map& partition) {
    headers none;
    value key(value_array{value(connector), to_value(partition)});
    return to_bytes(json_->from_connect_data(internal_topic, none, nullptr, key));
}

storage::offset_bytes source_offset_codec::encode_value(const source_map& offset) {
    headers none;
    return to_bytes(json_->from_connect_data(internal_topic, none, nullptr, to_value(offset)));
}

std::optional<std::pair<std::string, source_map>> source_offset_codec::decode_key(const storage::offset_bytes& key) {
    try {
        auto decoded = json_->to_connect_data(internal_topic, headers{}, bytes_view(key));
        if (!decoded.val.is_array() || decoded.val.as_array().size() != 2) return std::nullopt;
        const auto& parts = decoded.val.as_array();
        auto partition = to_source_map(parts[1]);
        if (!parts[0].is_string() || !partition) return std::nullopt;
        return std::make_pair(parts[0].as_string(), std::move(*partition));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<source_map> source_offset_codec::decode_value(const storage::offset_bytes& stored) {
    try {
        auto decoded = json_->to_connect_data(internal_topic, headers{}, bytes_view(stored));
        return to_source_map(decoded.val);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace copycat::runtime
