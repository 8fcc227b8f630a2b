#include "copycat/config/abstract_config.hpp"

#include "copycat/errors.hpp"

namespace copycat {

abstract_config::abstract_config(config_def definition, std::map<std::string, std::string> originals)
    : definition_(std::move(definition)), originals_(std::move(originals)), values_(definition_.parse(originals_)) {}

abstract_config::~abstract_config() = default;

abstract_config::abstract_config(const abstract_config& other)
    : definition_(other.definition_), originals_(other.originals_), values_(other.values_) {
    std::lock_guard lock(other.used_mutex_);
    used_ = other.used_;
}

abstract_config& abstract_config::operator=(const abstract_config& other) {
    if (this == &other) return *this;
    std::set<std::string, std::less<>> used;
    {
        std::lock_guard lock(other.used_mutex_);
        used = other.used_;
    }
    definition_ = other.definition_;
    originals_ = other.originals_;
    values_ = other.values_;
    std::lock_guard lock(used_mutex_);
    used_ = std::move(used);
    return *this;
}

abstract_config::abstract_config(abstract_config&& other) noexcept
    : definition_(std::move(other.definition_)),
      originals_(std::move(other.originals_)),
      values_(std::move(other.values_)),
      used_(std::move(other.used_)) {}

abstract_config& abstract_config::operator=(abstract_config&& other) noexcept {
    if (this == &other) return *this;
    definition_ = std::move(other.definition_);
    originals_ = std::move(other.originals_);
    values_ = std::move(other.values_);
    used_ = std::move(other.used_);
    return *this;
}

void abstract_config::mark_used(std::string_view key) const {
    std::lock_guard lock(used_mutex_);
    if (!used_.contains(key)) used_.emplace(key);
}

const parsed_value& abstract_config::get(std::string_view key) const {
    auto it = values_.find(key);
    if (it == values_.end()) throw config_error("Unknown configuration '" + std::string(key) + "'");
    mark_used(key);
    return it->second;
}

bool abstract_config::is_null(std::string_view key) const { return copycat::is_null(get(key)); }

const parsed_value& abstract_config::typed(std::string_view key, config_type expected) const {
    const parsed_value& v = get(key);
    const config_key* def = definition_.find(key);
    if (def->type != expected) {
        throw config_error("Configuration '" + std::string(key) + "' is of type " +
                           std::string(config_type_name(def->type)) + ", not " +
                           std::string(config_type_name(expected)));
    }
    if (copycat::is_null(v)) throw config_error("Configuration '" + std::string(key) + "' has no value (null)");
    return v;
}

bool abstract_config::get_bool(std::string_view key) const { return std::get<bool>(typed(key, config_type::boolean)); }

std::int16_t abstract_config::get_short(std::string_view key) const {
    return std::get<std::int16_t>(typed(key, config_type::short_));
}

std::int32_t abstract_config::get_int(std::string_view key) const {
    if (type_of(key) == config_type::short_) return get_short(key);
    return std::get<std::int32_t>(typed(key, config_type::int_));
}

std::int64_t abstract_config::get_long(std::string_view key) const {
    auto type = type_of(key);
    if (type == config_type::short_ || type == config_type::int_) return get_int(key);
    return std::get<std::int64_t>(typed(key, config_type::long_));
}

double abstract_config::get_double(std::string_view key) const {
    return std::get<double>(typed(key, config_type::double_));
}

const std::string& abstract_config::get_string(std::string_view key) const {
    if (type_of(key) == config_type::class_) return get_class(key);
    return std::get<std::string>(typed(key, config_type::string));
}

const config_list& abstract_config::get_list(std::string_view key) const {
    return std::get<config_list>(typed(key, config_type::list));
}

const password& abstract_config::get_password(std::string_view key) const {
    return std::get<password>(typed(key, config_type::password));
}

const std::string& abstract_config::get_class(std::string_view key) const {
    return std::get<std::string>(typed(key, config_type::class_));
}

void abstract_config::ignore(std::string_view key) const { mark_used(key); }

std::set<std::string> abstract_config::unused() const {
    std::lock_guard lock(used_mutex_);
    std::set<std::string> out;
    for (const auto& [key, v] : originals_) {
        if (!used_.contains(key)) out.insert(key);
    }
    return out;
}

std::set<std::string> abstract_config::unknown() const {
    std::set<std::string> out;
    for (const auto& [key, v] : originals_) {
        if (!definition_.contains(key)) out.insert(key);
    }
    return out;
}

std::map<std::string, std::string> abstract_config::originals_with_prefix(std::string_view prefix, bool strip) const {
    std::map<std::string, std::string> out;
    for (auto it = originals_.lower_bound(std::string(prefix)); it != originals_.end(); ++it) {
        const auto& [key, v] = *it;
        if (!key.starts_with(prefix)) break;
        if (key.size() > prefix.size()) out.emplace(strip ? key.substr(prefix.size()) : key, v);
    }
    return out;
}

parsed_config abstract_config::values_with_prefix_override(std::string_view prefix) const {
    parsed_config out = values_;
    for (const auto& [key, v] : originals_with_prefix(prefix, true)) {
        const config_key* def = definition_.find(key);
        std::string name = key;
        if (def == nullptr) {
            // "<prefix><secondary>.<key>", e.g. a per-mechanism override.
            auto dot = key.find('.');
            def = definition_.find(std::string_view(key).substr(dot == std::string::npos ? 0 : dot + 1));
            if (def == nullptr) continue;
        }
        parsed_value parsed = config_def::parse_type(def->name, v, def->type);
        if (def->validator) def->validator->ensure_valid(def->name, parsed);
        out.insert_or_assign(name, std::move(parsed));
    }
    return out;
}

std::optional<config_type> abstract_config::type_of(std::string_view key) const {
    const config_key* def = definition_.find(key);
    if (def == nullptr) return std::nullopt;
    return def->type;
}

std::optional<std::string> abstract_config::documentation_of(std::string_view key) const {
    const config_key* def = definition_.find(key);
    if (def == nullptr) return std::nullopt;
    return def->documentation;
}

}  // namespace copycat
