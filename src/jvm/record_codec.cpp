#include "jvm/record_codec.hpp"

#include <fmt/format.h>

#include "converters/json_converter.hpp"
#include "converters/json_text_scan.hpp"
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

// A small member of a record (topic, partition, a header key) parsed alone.
json::value parsed(std::string_view text, std::string_view what) {
    auto result = json::parse(text);
    if (!result) throw data_error(fmt::format("The {} of a record from Java is not JSON: {}", what, text));
    return std::move(*result);
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

void record_codec::decode_into(std::string_view encoded, connect_record& record) {
    const auto members = converters::split_json_object(encoded);
    if (!members) throw data_error("A record from Java is not a JSON object");
    decode_members(*members, record);
}

void record_codec::decode_members(const std::vector<converters::json_member_text>& members, connect_record& record) {
    // The record's members are found lexically and only the small ones parsed into a tree: each
    // envelope goes to the converter as the text it is, parsed once there (docs/jvm-bridge.md
    // "Crossing records and configs").
    const auto member = [&](std::string_view quoted_name) -> std::string_view {
        std::string_view found = "null";
        for (const auto& m : members)
            if (m.name == quoted_name) found = m.value;  // the last one, as Jackson keeps
        return found;
    };
    const auto integer = [&](std::string_view quoted_name) -> std::optional<std::int64_t> {
        const json::value v = parsed(member(quoted_name), quoted_name);
        if (v.is_null()) return std::nullopt;
        if (!v.is_integer()) throw data_error(fmt::format("The {} of a record from Java is not an integer", quoted_name));
        return v.as_int64();
    };
    const auto envelope = [&](std::string_view text) -> schema_and_value {
        if (text == "null") return {};
        return data_->deserialize(text);
    };
    const json::value topic = parsed(member(R"("topic")"), "topic");
    if (!topic.is_string()) throw data_error("The topic of a record from Java is not a string");
    record.topic = topic.as_string();
    const auto partition = integer(R"("partition")");
    record.kafka_partition =
        partition ? std::optional<std::int32_t>(static_cast<std::int32_t>(*partition)) : std::nullopt;
    record.timestamp = integer(R"("timestamp")");
    schema_and_value key = envelope(member(R"("key")"));
    record.key_schema = std::move(key.schema);
    record.key = std::move(key.val);
    schema_and_value val = envelope(member(R"("value")"));
    record.value_schema = std::move(val.schema);
    record.val = std::move(val.val);
    headers hdrs;
    const auto header_list = converters::split_json_array(member(R"("headers")"));
    if (!header_list) throw data_error("The headers of a record from Java are not a JSON array");
    for (std::string_view h : *header_list) {
        const auto header_members = converters::split_json_object(h);
        if (!header_members) throw data_error("A header of a record from Java is not a JSON object");
        std::string_view name = "null";
        std::string_view header_value = "null";
        for (const auto& m : *header_members) {
            if (m.name == R"("key")") name = m.value;
            if (m.name == R"("value")") header_value = m.value;
        }
        const json::value key_name = parsed(name, "header key");
        if (!key_name.is_string()) throw data_error("A header key of a record from Java is not a string");
        schema_and_value hv = envelope(header_value);
        hdrs.add(key_name.as_string(), std::move(hv.val), std::move(hv.schema));
    }
    record.hdrs = std::move(hdrs);
    if (auto* source = dynamic_cast<source_record*>(&record)) {
        const auto map_of = [&](std::string_view quoted_name) {
            const std::string_view text = member(quoted_name);
            return text == "null" ? source_map{} : source_map_of(offsets_->deserialize(text).val);
        };
        source->source_partition = map_of(R"("source_partition")");
        source->source_offset = map_of(R"("source_offset")");
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
    const auto records = converters::split_json_array_of_objects(text);
    if (!records) throw data_error("Records from Java are not a JSON array of objects");
    std::vector<source_record> out(records->size());
    for (std::size_t i = 0; i < out.size(); ++i) decode_members((*records)[i], out[i]);
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
