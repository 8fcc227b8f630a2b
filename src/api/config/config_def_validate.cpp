// config_def::parse and config_def::validate, following Kafka's ConfigDef.parse and
// ConfigDef.validateAll.
#include <algorithm>

#include "copycat/config/config_def.hpp"
#include "copycat/errors.hpp"

namespace copycat {

namespace {

std::string missing_message(const std::string& name) {
    return "Missing required configuration \"" + name + "\" which has no default value.";
}

}  // namespace

std::vector<std::string> config_def::undefined_dependents() const {
    std::vector<std::string> out;
    for (const auto& key : keys_) {
        for (const auto& dependent : key.dependents) {
            if (!contains(dependent) && std::find(out.begin(), out.end(), dependent) == out.end()) {
                out.push_back(dependent);
            }
        }
    }
    return out;
}

std::vector<std::string> config_def::roots() const {
    std::set<std::string, std::less<>> with_parent;
    for (const auto& key : keys_) with_parent.insert(key.dependents.begin(), key.dependents.end());
    std::vector<std::string> out;
    for (const auto& key : keys_) {
        if (!with_parent.contains(key.name)) out.push_back(key.name);
    }
    return out;
}

parsed_config config_def::parse(const std::map<std::string, std::string>& props) const {
    if (auto undefined = undefined_dependents(); !undefined.empty()) {
        std::string joined;
        for (const auto& name : undefined) joined += (joined.empty() ? "" : ",") + name;
        throw config_error("Some configurations in are referred in the dependents, but not defined: " + joined);
    }
    parsed_config values;
    for (const auto& key : keys_) {
        parsed_value v;
        if (auto it = props.find(key.name); it != props.end()) {
            v = parse_type(key.name, it->second, key.type);
        } else if (!key.default_value) {
            throw config_error(missing_message(key.name));
        } else {
            v = *key.default_value;
        }
        if (key.validator) key.validator->ensure_valid(key.name, v);
        values.emplace(key.name, std::move(v));
    }
    return values;
}

std::map<std::string, config_value, std::less<>> config_def::validate_all(
    const std::map<std::string, std::string>& props) const {
    std::map<std::string, config_value, std::less<>> out;
    for (const auto& key : keys_) out.emplace(key.name, config_value(key.name));
    for (const auto& name : undefined_dependents()) {
        config_value undefined(name);
        undefined.add_error(name + " is referred in the dependents, but not defined.");
        undefined.visible = false;
        out.emplace(name, std::move(undefined));
    }

    // Keys are reached from the ones no other key depends on, each parent before its
    // dependents; a key is handled once even when several keys name it as a dependent.
    parsed_config parsed;
    std::set<std::string, std::less<>> seen;
    for (const auto& name : roots()) parse_for_validate(name, props, parsed, out, seen);
    seen.clear();
    for (const auto& name : roots()) recommend(name, parsed, out, seen);
    return out;
}

std::vector<config_value> config_def::validate(const std::map<std::string, std::string>& props) const {
    auto all = validate_all(props);
    std::vector<config_value> out;
    out.reserve(all.size());
    for (const auto& key : keys_) {
        auto node = all.extract(key.name);
        out.push_back(std::move(node.mapped()));
    }
    for (auto& [name, v] : all) out.push_back(std::move(v));  // undefined dependents
    return out;
}

void config_def::parse_for_validate(const std::string& name, const std::map<std::string, std::string>& props,
                                    parsed_config& parsed, std::map<std::string, config_value, std::less<>>& out,
                                    std::set<std::string, std::less<>>& seen) const {
    const config_key* key = find(name);
    if (key == nullptr || !seen.insert(name).second) return;
    config_value& result = out.find(name)->second;

    parsed_value v;
    if (auto it = props.find(name); it != props.end()) {
        try {
            v = parse_type(name, it->second, key->type);
        } catch (const config_error& e) {
            result.add_error(e.what());
        }
    } else if (!key->default_value) {
        result.add_error(missing_message(name));
    } else {
        v = *key->default_value;
    }
    if (key->validator) {
        try {
            key->validator->ensure_valid(name, v);
        } catch (const config_error& e) {
            result.add_error(e.what());
        }
    }
    result.value = v;
    parsed.insert_or_assign(name, std::move(v));
    for (const auto& dependent : key->dependents) parse_for_validate(dependent, props, parsed, out, seen);
}

void config_def::recommend(const std::string& name, const parsed_config& parsed,
                           std::map<std::string, config_value, std::less<>>& out,
                           std::set<std::string, std::less<>>& seen) const {
    const config_key* key = find(name);
    if (key == nullptr || !seen.insert(name).second) return;
    config_value& result = out.find(name)->second;
    if (key->recommender) {
        try {
            auto recommended = key->recommender->valid_values(name, parsed);
            if (!result.recommended_values.empty()) {
                const auto& original = result.recommended_values;
                std::erase_if(recommended, [&](const parsed_value& r) {
                    return std::find(original.begin(), original.end(), r) == original.end();
                });
            }
            result.recommended_values = std::move(recommended);
            result.visible = key->recommender->visible(name, parsed);
        } catch (const config_error& e) {
            result.add_error(e.what());
        }
    }
    for (const auto& dependent : key->dependents) recommend(dependent, parsed, out, seen);
}

}  // namespace copycat
