#include "converters/json_converter.hpp"

#include "converters/json_schema_codec.hpp"
#include "converters/json_text_scan.hpp"
#include "converters/json_value_decoder.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {
namespace {

constexpr std::string_view envelope_message =
    "JsonConverter with schemas.enable requires \"schema\" and \"payload\" fields and may not contain additional "
    "fields. If you are trying to deserialize plain JSON data, set schemas.enable=false in your converter "
    "configuration.";

bool is_blank(std::string_view text) noexcept { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// Jackson's view of the envelope: an object whose distinct keys are exactly "schema" and
// "payload".
bool is_envelope(const json::value& root) noexcept {
    if (!root.is_object()) {
        return false;
    }
    bool schema = false;
    bool payload = false;
    for (const auto& m : root.as_object()) {
        if (m.name == "schema") {
            schema = true;
        } else if (m.name == "payload") {
            payload = true;
        } else {
            return false;
        }
    }
    return schema && payload;
}

std::string_view as_text(bytes_view data) noexcept { return {reinterpret_cast<const char*>(data.data()), data.size()}; }

}  // namespace

json_converter::json_converter()
    : encoder_(json_codec_options{}),
      from_connect_cache_(config_.schema_cache_size),
      to_connect_cache_(config_.schema_cache_size) {}

void json_converter::configure_with(const std::map<std::string, std::string>& configs) {
    apply(json_converter_config::parse(configs));
}

void json_converter::apply(json_converter_config config) {
    config_ = config;
    encoder_ = json_value_encoder(config_.codec);
    from_connect_cache_.reset(config_.schema_cache_size);
    to_connect_cache_.reset(config_.schema_cache_size);
    last_schema_.reset();
    last_schema_text_.clear();
    last_read_schema_.reset();
    last_read_schema_text_.clear();
    content_schema_.reset();
    if (config_.schemas_enabled && !config_.schema_content.empty()) {
        auto node = json::parse(config_.schema_content);
        if (!node.ok())
            throw data_error("Failed to parse schema in converter config due to serialization error: " +
                             node.err().describe());
        json_number_source numbers(config_.schema_content, node.value());
        json_value_decoder decoder(config_.codec, &numbers);
        content_schema_ = read_json_schema(node.value(), decoder);
    }
}

const config_def& json_converter::config() const { return json_converter_config::definition(); }

std::optional<bytes> json_converter::from_connect_data(std::string_view, headers&, const schema_ptr& schema,
                                                       const value& val) {
    if (!schema && val.is_null()) {
        return std::nullopt;
    }
    const std::string payload = encode_payload(schema, val);
    bytes out;
    if (config_.schemas_enabled) {
        append_envelope(out, schema, payload);
    } else {
        out.assign(payload.begin(), payload.end());
    }
    return out;
}

schema_and_value json_converter::to_connect_data(std::string_view, const headers&, std::optional<bytes_view> data) {
    return data ? read(as_text(*data)) : schema_and_value{};
}

std::optional<std::string> json_converter::serialize(const schema_ptr& schema, const value& val) {
    if (!schema && val.is_null()) {
        return std::nullopt;
    }
    std::string payload = encode_payload(schema, val);
    if (!config_.schemas_enabled) {
        return payload;
    }
    std::string out;
    append_envelope(out, schema, payload);
    return out;
}

schema_and_value json_converter::deserialize(std::optional<std::string_view> text) {
    return text ? read(*text) : schema_and_value{};
}

std::string json_converter::encode_payload(const schema_ptr& schema, const value& val) {
    try {
        encoder_.write(writer_, schema.get(), val);
    } catch (...) {
        static_cast<void>(writer_.take());  // leave the writer empty and balanced
        throw;
    }
    return writer_.take();
}

template <class Out>
void json_converter::append_envelope(Out& out, const schema_ptr& schema, std::string_view payload) {
    const std::string_view schema_json = schema ? std::string_view(schema_text(schema)) : std::string_view("null");
    constexpr std::string_view head = "{\"schema\":";
    constexpr std::string_view middle = ",\"payload\":";
    out.reserve(head.size() + schema_json.size() + middle.size() + payload.size() + 1);
    out.insert(out.end(), head.begin(), head.end());
    out.insert(out.end(), schema_json.begin(), schema_json.end());
    out.insert(out.end(), middle.begin(), middle.end());
    out.insert(out.end(), payload.begin(), payload.end());
    out.push_back('}');
}

const std::string& json_converter::schema_text(const schema_ptr& schema) {
    if (last_schema_ && last_schema_.get() == schema.get()) {
        return last_schema_text_;
    }
    if (const std::string* cached = from_connect_cache_.get(schema)) {
        last_schema_text_ = *cached;
    } else {
        json::writer w;
        write_json_schema(w, *schema, encoder_);
        last_schema_text_ = w.view();
        from_connect_cache_.put(schema, last_schema_text_);
    }
    last_schema_ = schema;
    return last_schema_text_;
}

schema_and_value json_converter::read(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3);  // Jackson skips a UTF-8 byte order mark
    }
    if (is_blank(text)) {
        // Jackson reads no content as a missing node: no envelope, or a null value.
        if (content_schema_) {
            json_value_decoder decoder(config_.codec, nullptr);
            return {content_schema_, decoder.read(content_schema_, nullptr)};
        }
        if (config_.schemas_enabled) {
            throw data_error(std::string(envelope_message));
        }
        return {};
    }
    if (config_.schemas_enabled && !content_schema_) {
        if (auto fast = read_envelope_fast(text)) {
            return std::move(*fast);
        }
    }
    auto parsed = json::parse(text);
    std::string normalized;
    if (!parsed.ok()) {
        // What Kafka's Jackson setup also reads: numbers with leading zeros, and a root value
        // followed by anything (which Jackson never looks at).
        std::string_view candidate = text;
        if (auto stripped = strip_leading_zeros(candidate)) {
            normalized = std::move(*stripped);
            candidate = normalized;
        }
        if (const auto end = json_root_end(candidate); end && *end < candidate.size()) {
            candidate = candidate.substr(0, *end);
        }
        if (candidate != text) {
            if (auto again = json::parse(candidate); again.ok()) {
                parsed = std::move(again);
                text = candidate;
            }
        }
    }
    if (!parsed.ok()) {
        throw data_error("Converting byte[] to Kafka Connect data failed due to serialization error: " +
                         parsed.err().describe());
    }
    return read_parsed(text, parsed.value());
}

schema_and_value json_converter::read_parsed(std::string_view text, const json::value& root) {
    json_number_source numbers(text, root);
    json_value_decoder decoder(config_.codec, &numbers);
    if (!config_.schemas_enabled) {
        return {nullptr, decoder.read(nullptr, &root)};
    }
    if (content_schema_) {
        return {content_schema_, decoder.read(content_schema_, &root)};  // schema.content: all of it is payload
    }
    if (!is_envelope(root)) {
        throw data_error(std::string(envelope_message));
    }
    const json::value& schema_node = *find_member(root, "schema");
    const std::string schema_json = schema_node.is_null() ? std::string() : json::dump(schema_node);
    schema_ptr schema = connect_schema(schema_json, schema_node, decoder);
    value val = decoder.read(schema, find_member(root, "payload"));
    return {std::move(schema), std::move(val)};
}

std::optional<schema_and_value> json_converter::read_envelope_fast(std::string_view text) {
    const auto parts = split_envelope(text, last_read_schema_text_);
    if (!parts) {
        return std::nullopt;
    }
    // Parse what is needed first: any malformed part leaves the error to the general path.
    schema_ptr schema;
    bool known = parts->schema == "null";
    if (!known && !last_read_schema_text_.empty() && parts->schema == last_read_schema_text_) {
        schema = last_read_schema_;
        known = true;
    } else if (!known) {
        if (const schema_ptr* cached = to_connect_cache_.find(parts->schema)) {
            schema = *cached;
            known = true;
        }
    }
    std::optional<json::value> schema_node;
    if (!known) {
        auto parsed = json::parse(parts->schema);
        if (!parsed.ok()) {
            return std::nullopt;
        }
        schema_node = std::move(parsed.value());
    }
    auto payload = json::parse(parts->payload);
    if (!payload.ok()) {
        return std::nullopt;
    }
    if (schema_node) {
        json_number_source numbers(parts->schema, *schema_node);
        json_value_decoder decoder(config_.codec, &numbers);
        schema = connect_schema(parts->schema, *schema_node, decoder);
    }
    if (schema && parts->schema != last_read_schema_text_) {
        last_read_schema_text_.assign(parts->schema);
        last_read_schema_ = schema;
    }
    json_number_source numbers(parts->payload, payload.value());
    json_value_decoder decoder(config_.codec, &numbers);
    value val = decoder.read(schema, &payload.value());
    return schema_and_value{std::move(schema), std::move(val)};
}

schema_ptr json_converter::connect_schema(std::string_view schema_json, const json::value& node,
                                          json_value_decoder& decoder) {
    if (node.is_null()) {
        return nullptr;
    }
    if (const schema_ptr* cached = to_connect_cache_.find(schema_json)) {
        return *cached;
    }
    schema_ptr schema = read_json_schema(node, decoder);
    to_connect_cache_.put(std::string(schema_json), schema);
    return schema;
}

}  // namespace copycat::converters
