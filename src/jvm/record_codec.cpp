#include "jvm/record_codec.hpp"

#include <fmt/format.h>

#include "converters/json_converter.hpp"
#include "copycat/errors.hpp"

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

std::string quoted(std::string_view text) { return json::dump(json::value(text)); }

std::string or_null(const std::optional<std::string>& text) { return text ? *text : "null"; }

template <class T>
std::string number_or_null(const std::optional<T>& n) {
    return n ? std::to_string(*n) : "null";
}

const json::value& member(const json::value& object, std::string_view name) {
    static const json::value null_value;
    const json::value* found = object.find(name);
    return found != nullptr ? *found : null_value;
}

}  // namespace

record_codec::record_codec()
    : data_(std::make_unique<converters::json_converter>()), offsets_(std::make_unique<converters::json_converter>()) {
    data_->configure({{"schemas.enable", "true"}}, false);
    offsets_->configure({{"schemas.enable", "false"}}, false);
}

record_codec::~record_codec() = default;

std::string record_codec::encode(const connect_record& record) {
    std::string out = fmt::format(R"({{"topic":{},"partition":{},"timestamp":{},"key":{},"value":{},"headers":[)",
                                  quoted(record.topic), number_or_null(record.kafka_partition),
                                  number_or_null(record.timestamp), or_null(data_->serialize(record.key_schema, record.key)),
                                  or_null(data_->serialize(record.value_schema, record.val)));
    bool first = true;
    for (const header& h : record.hdrs) {
        out += fmt::format(R"({}{{"key":{},"value":{}}})", first ? "" : ",", quoted(h.key),
                           or_null(data_->serialize(h.schema, h.val)));
        first = false;
    }
    out += ']';
    if (const auto* source = dynamic_cast<const source_record*>(&record)) {
        out += fmt::format(R"(,"source_partition":{},"source_offset":{})",
                           or_null(offsets_->serialize(nullptr, map_value(source->source_partition))),
                           or_null(offsets_->serialize(nullptr, map_value(source->source_offset))));
    } else if (const auto* sink = dynamic_cast<const sink_record*>(&record)) {
        out += fmt::format(R"(,"kafka_offset":{},"timestamp_type":{})", sink->kafka_offset,
                           quoted(timestamp_type_name(sink->ts_type)));
    }
    out += '}';
    return out;
}

std::string record_codec::encode_reference(const source_record& record) {
    return fmt::format(
        R"({{"topic":{},"partition":{},"timestamp":null,"key":null,"value":null,"headers":[],"source_partition":{},)"
        R"("source_offset":{}}})",
        quoted(record.topic), number_or_null(record.kafka_partition),
        or_null(offsets_->serialize(nullptr, map_value(record.source_partition))),
        or_null(offsets_->serialize(nullptr, map_value(record.source_offset))));
}

void record_codec::decode_into(const json::value& encoded, connect_record& record) {
    if (!encoded.is_object()) throw data_error("A record from Java is not a JSON object");
    const auto envelope = [&](const json::value& v) -> schema_and_value {
        if (v.is_null()) return {};
        return data_->deserialize(json::dump(v));
    };
    record.topic = member(encoded, "topic").as_string();
    const json::value& partition = member(encoded, "partition");
    record.kafka_partition =
        partition.is_null() ? std::nullopt : std::optional<std::int32_t>(static_cast<std::int32_t>(partition.as_int64()));
    const json::value& timestamp = member(encoded, "timestamp");
    record.timestamp = timestamp.is_null() ? std::nullopt : std::optional<std::int64_t>(timestamp.as_int64());
    schema_and_value key = envelope(member(encoded, "key"));
    record.key_schema = std::move(key.schema);
    record.key = std::move(key.val);
    schema_and_value val = envelope(member(encoded, "value"));
    record.value_schema = std::move(val.schema);
    record.val = std::move(val.val);
    headers hdrs;
    for (const json::value& h : member(encoded, "headers").as_array()) {
        schema_and_value hv = envelope(member(h, "value"));
        hdrs.add(member(h, "key").as_string(), std::move(hv.val), std::move(hv.schema));
    }
    record.hdrs = std::move(hdrs);
    if (auto* source = dynamic_cast<source_record*>(&record)) {
        const auto map_of = [&](std::string_view name) {
            const json::value& v = member(encoded, name);
            return v.is_null() ? source_map{} : source_map_of(offsets_->deserialize(json::dump(v)).val);
        };
        source->source_partition = map_of("source_partition");
        source->source_offset = map_of("source_offset");
    }
}

std::optional<std::string> record_codec::encode_envelope(const schema_ptr& schema, const value& val) {
    return data_->serialize(schema, val);
}

schema_and_value record_codec::decode_envelope(const std::optional<std::string>& envelope) {
    if (!envelope) return {};
    return data_->deserialize(*envelope);
}

std::vector<source_record> record_codec::decode_source_records(std::string_view text) {
    auto parsed = json::parse(text);
    if (!parsed || !parsed->is_array()) throw data_error("Records from Java are not a JSON array");
    std::vector<source_record> out(parsed->as_array().size());
    for (std::size_t i = 0; i < out.size(); ++i) decode_into(parsed->as_array()[i], out[i]);
    return out;
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
