// config_def: defining keys, composition and reading the definition. Parsing and validation
// are in config_def_validate.cpp, value conversions in parse_type.cpp.
#include "copycat/config/config_def.hpp"

#include <algorithm>
#include <memory>

#include "copycat/config/lambda_validator.hpp"
#include "copycat/errors.hpp"

namespace copycat {

config_def& config_def::define(std::string name, config_type type, config_default default_value,
                               validator_ptr validator, importance level, std::string documentation,
                               std::optional<std::string> group, int order_in_group, width w, std::string display_name,
                               std::vector<std::string> dependents, recommender_ptr recommender) {
    config_key key;
    key.name = std::move(name);
    key.type = type;
    key.default_value = default_value.get();
    key.validator = std::move(validator);
    key.importance = level;
    key.documentation = std::move(documentation);
    key.group = std::move(group);
    key.order_in_group = order_in_group;
    key.width = w;
    key.display_name = std::move(display_name);
    key.dependents = std::move(dependents);
    key.recommender = std::move(recommender);
    return define(std::move(key));
}

config_def& config_def::define(std::string name, config_type type, config_default default_value, importance level,
                               std::string documentation, std::optional<std::string> group, int order_in_group, width w,
                               std::string display_name, std::vector<std::string> dependents,
                               recommender_ptr recommender) {
    return define(std::move(name), type, std::move(default_value), nullptr, level, std::move(documentation),
                  std::move(group), order_in_group, w, std::move(display_name), std::move(dependents),
                  std::move(recommender));
}

config_def& config_def::define(std::string name, config_type type, importance level, std::string documentation,
                               std::optional<std::string> group, int order_in_group, width w, std::string display_name,
                               std::vector<std::string> dependents, recommender_ptr recommender) {
    return define(std::move(name), type, no_default, nullptr, level, std::move(documentation), std::move(group),
                  order_in_group, w, std::move(display_name), std::move(dependents), std::move(recommender));
}

config_def& config_def::define(std::string name, config_type type, config_default default_value,
                               validator_ptr validator, importance level, std::string documentation) {
    std::string display_name = name;
    return define(std::move(name), type, std::move(default_value), std::move(validator), level,
                  std::move(documentation), std::nullopt, -1, width::none, std::move(display_name));
}

config_def& config_def::define(std::string name, config_type type, config_default default_value, importance level,
                               std::string documentation) {
    return define(std::move(name), type, std::move(default_value), nullptr, level, std::move(documentation));
}

config_def& config_def::define(std::string name, config_type type, importance level, std::string documentation) {
    return define(std::move(name), type, no_default, nullptr, level, std::move(documentation));
}

config_def& config_def::define(config_key key) {
    if (contains(key.name)) throw config_error("Configuration " + key.name + " is defined twice.");
    if (key.default_value) {
        key.default_value = coerce(key.name, *key.default_value, key.type);
        if (key.validator) key.validator->ensure_valid(key.name, *key.default_value);
    }
    if (key.group && std::find(groups_.begin(), groups_.end(), *key.group) == groups_.end()) {
        groups_.push_back(*key.group);
    }
    index_.emplace(key.name, keys_.size());
    keys_.push_back(std::move(key));
    return *this;
}

config_def& config_def::define_internal(std::string name, config_type type, config_default default_value,
                                        importance level) {
    return define_internal(std::move(name), type, std::move(default_value), nullptr, level, "");
}

config_def& config_def::define_internal(std::string name, config_type type, config_default default_value,
                                        validator_ptr validator, importance level, std::string documentation) {
    config_key key;
    key.display_name = name;
    key.name = std::move(name);
    key.type = type;
    key.default_value = default_value.get();
    key.validator = std::move(validator);
    key.importance = level;
    key.documentation = std::move(documentation);
    key.internal_config = true;
    return define(std::move(key));
}

config_def& config_def::merge(const config_def& other) {
    for (const auto& key : other.keys_) define(key);
    return *this;
}

config_def config_def::with(const config_def& other) const {
    config_def copy(*this);
    copy.merge(other);
    return copy;
}

namespace {

// A validator that reports under the unprefixed name, like Kafka's embeddedValidator.
validator_ptr embedded_validator(std::size_t prefix_length, validator_ptr base) {
    if (!base) return nullptr;
    return lambda_validator::with(
        [prefix_length, base](std::string_view name, const parsed_value& v) {
            base->ensure_valid(name.substr(std::min(prefix_length, name.size())), v);
        },
        [base] { return base->to_string(); });
}

class embedded_recommender final : public config_recommender {
public:
    embedded_recommender(std::string prefix, recommender_ptr base)
        : prefix_(std::move(prefix)), base_(std::move(base)) {}

    std::vector<parsed_value> valid_values(std::string_view name, const parsed_config& parsed) const override {
        return base_->valid_values(unprefixed(name), unprefixed(parsed));
    }

    bool visible(std::string_view name, const parsed_config& parsed) const override {
        return base_->visible(unprefixed(name), unprefixed(parsed));
    }

private:
    std::string_view unprefixed(std::string_view name) const {
        return name.substr(std::min(prefix_.size(), name.size()));
    }

    parsed_config unprefixed(const parsed_config& parsed) const {
        parsed_config out;
        for (const auto& [key, v] : parsed) {
            if (key.starts_with(prefix_)) out.emplace(key.substr(prefix_.size()), v);
        }
        return out;
    }

    std::string prefix_;
    recommender_ptr base_;
};

}  // namespace

config_def& config_def::embed(std::string_view key_prefix, std::string_view group_prefix, int starting_order,
                              const config_def& child) {
    int order = starting_order;
    for (auto key : child.sorted_configs()) {
        key.name = std::string(key_prefix) + key.name;
        key.validator = embedded_validator(key_prefix.size(), std::move(key.validator));
        key.group = std::string(group_prefix) + (key.group ? ": " + *key.group : std::string{});
        key.order_in_group = order++;
        for (auto& dependent : key.dependents) dependent = std::string(key_prefix) + dependent;
        if (key.recommender) {
            key.recommender =
                std::make_shared<embedded_recommender>(std::string(key_prefix), std::move(key.recommender));
        }
        define(std::move(key));
    }
    return *this;
}

const config_key* config_def::find(std::string_view name) const noexcept {
    auto it = index_.find(name);
    return it == index_.end() ? nullptr : &keys_[it->second];
}

std::vector<std::string> config_def::names() const {
    std::vector<std::string> out;
    out.reserve(keys_.size());
    for (const auto& key : keys_) out.push_back(key.name);
    return out;
}

std::vector<config_key> config_def::sorted_configs() const {
    auto group_order = [this](const config_key& key) -> std::ptrdiff_t {
        if (!key.group) return -1;
        return std::find(groups_.begin(), groups_.end(), *key.group) - groups_.begin();
    };
    std::vector<config_key> sorted = keys_;
    std::stable_sort(sorted.begin(), sorted.end(), [&](const config_key& a, const config_key& b) {
        if (auto ga = group_order(a), gb = group_order(b); ga != gb) return ga < gb;
        if (a.order_in_group != b.order_in_group) return a.order_in_group < b.order_in_group;
        if (a.has_default() != b.has_default()) return !a.has_default();
        if (a.importance != b.importance) return a.importance < b.importance;
        return a.name < b.name;
    });
    return sorted;
}

}  // namespace copycat
