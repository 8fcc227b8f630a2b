#include "jvm/record_codec.hpp"

#include "converters/json_converter.hpp"

namespace copycat::jvm {
namespace {

value map_value(const source_map& map) {
    value_map out;
    out.reserve(map.size());
    for (const auto& [k, v] : map) out.emplace_back(value(k), v);
    return value(std::move(out));
}

source_map source_map_of(const value& v) {
    source_map out;
    if (!v.is_map()) return out;
    for (const auto& [k, entry] : v.as_map())
        if (k.is_string()) out.insert_or_assign(k.as_string(), entry);
    return out;
}

}  // namespace

record_codec::record_codec()
    : data_(std::make_unique<converters::json_converter>()), offsets_(std::make_unique<converters::json_converter>()) {
    data_->configure({{"schemas.enable", "true"}}, false);
    offsets_->configure({{"schemas.enable", "false"}}, false);
}

record_codec::~record_codec() = default;

std::optional<std::string> record_codec::encode_envelope(const schema_ptr& schema, const value& val) {
    return data_->serialize(schema, val);
}

schema_and_value record_codec::decode_envelope(const std::optional<std::string>& envelope) {
    if (!envelope) return {};
    return data_->deserialize(*envelope);
}

std::vector<source_map> record_codec::decode_source_maps(std::string_view text) {
    const value decoded = offsets_->deserialize(text).val;
    std::vector<source_map> out;
    if (decoded.is_array())
        for (const value& v : decoded.as_array()) out.push_back(source_map_of(v));
    return out;
}

std::string record_codec::encode_optional_source_maps(const std::vector<std::optional<source_map>>& maps) {
    value_array out;
    for (const auto& m : maps) out.push_back(m ? map_value(*m) : value());
    return offsets_->serialize(nullptr, value(std::move(out))).value_or("[]");
}

}  // namespace copycat::jvm
