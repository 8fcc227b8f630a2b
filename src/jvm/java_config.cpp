#include "jvm/java_config.hpp"

#include "common/json.hpp"
#include "copycat/errors.hpp"

namespace copycat::jvm {
namespace {

json::value parse_or_throw(const std::string& text) {
    auto parsed = json::parse(text);
    if (!parsed) throw connect_error("The JVM bridge answered with JSON that does not parse: " + parsed.err().message);
    return std::move(*parsed);
}

std::string string_or(const json::value* v, std::string fallback) {
    return v != nullptr && v->is_string() ? v->as_string() : fallback;
}

}  // namespace

std::string string_map_to_json(const std::map<std::string, std::string>& map) {
    json::value out = json::value::make_object();
    for (const auto& [key, value] : map) out.set(key, value);
    return json::dump(out);
}

config_def config_def_from_json(const std::string& text) {
    const json::value keys = parse_or_throw(text);
    config_def def;
    for (const json::value& k : keys.as_array()) {
        config_key key;
        key.name = k.find("name")->as_string();
        const std::string type = string_or(k.find("type"), "STRING");
        const auto parsed_type = parse_config_type(type);
        if (!parsed_type) throw connect_error("Java config key " + key.name + " has an unknown type " + type);
        key.type = *parsed_type;
        if (!k.find("required")->as_bool()) {
            const json::value* d = k.find("default");
            key.default_value = d->is_string() ? parsed_value{d->as_string()} : parsed_value{};
        }
        key.importance = parse_importance(string_or(k.find("importance"), "MEDIUM")).value_or(importance::medium);
        key.documentation = string_or(k.find("documentation"), "");
        if (const json::value* g = k.find("group"); g != nullptr && g->is_string()) key.group = g->as_string();
        key.order_in_group = static_cast<int>(k.find("order_in_group")->as_int64());
        key.width = parse_width(string_or(k.find("width"), "NONE")).value_or(width::none);
        key.display_name = string_or(k.find("display_name"), key.name);
        for (const json::value& d : k.find("dependents")->as_array()) key.dependents.push_back(d.as_string());
        key.internal_config = k.find("internal")->as_bool();
        def.define(std::move(key));
    }
    return def;
}

std::vector<config_value> config_values_from_json(const std::string& text) {
    const json::value values = parse_or_throw(text);
    std::vector<config_value> out;
    for (const json::value& v : values.as_array()) {
        config_value value(v.find("name")->as_string());
        if (const json::value* text_value = v.find("value"); text_value->is_string())
            value.value = text_value->as_string();
        for (const json::value& r : v.find("recommended_values")->as_array())
            if (r.is_string()) value.recommended_values.emplace_back(r.as_string());
        for (const json::value& e : v.find("errors")->as_array()) value.add_error(e.as_string());
        value.visible = v.find("visible")->as_bool();
        out.push_back(std::move(value));
    }
    return out;
}

std::vector<std::map<std::string, std::string>> string_maps_from_json(const std::string& text) {
    const json::value maps = parse_or_throw(text);
    std::vector<std::map<std::string, std::string>> out;
    for (const json::value& m : maps.as_array()) {
        std::map<std::string, std::string>& config = out.emplace_back();
        for (const json::member& entry : m.as_object()) config[entry.name] = string_or(&entry.val, "");
    }
    return out;
}

}  // namespace copycat::jvm
