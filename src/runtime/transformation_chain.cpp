#include "runtime/transformation_chain.hpp"

#include <algorithm>
#include <cctype>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/errors.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {
namespace {

using string_map = std::map<std::string, std::string, std::less<>>;

std::map<std::string, std::string> with_prefix(const string_map& config, const std::string& prefix) {
    std::map<std::string, std::string> out;
    for (auto it = config.lower_bound(prefix); it != config.end() && it->first.rfind(prefix, 0) == 0; ++it) {
        if (it->first.size() > prefix.size()) out.emplace(it->first.substr(prefix.size()), it->second);
    }
    return out;
}

error invalid(std::string message) { return make_error(errc::invalid_argument, std::move(message)); }

// Creates and configures a plugin of `kind` named by "<prefix>type".
template <class T>
result<std::unique_ptr<T>> make_plugin(const loader::plugin_registry& plugins, plugin_kind kind,
                                       const std::string& prefix, std::map<std::string, std::string> configs) {
    const std::string type_key = prefix + "type";
    auto type = configs.find("type");
    if (type == configs.end() || trim(type->second).empty()) {
        return invalid("Missing required configuration \"" + type_key + "\" which has no default value.");
    }
    auto entry = plugins.find(trim(type->second), {kind});
    if (!entry)
        return invalid("Invalid value " + type->second + " for configuration " + type_key + ": " + entry.err().message);
    try {
        auto instance = (*entry)->template create<T>();
        instance->configure(configs);
        return instance;
    } catch (...) {
        return invalid("Invalid configuration of " + prefix + "*: " + error_trace(std::current_exception()));
    }
}

}  // namespace

std::vector<std::string> transformation_chain::aliases(const string_map& config, const std::string& key) {
    auto it = config.find(key);
    if (it == config.end()) return {};
    auto parsed = config_def::parse_type(key, it->second, config_type::list);
    auto* list = std::get_if<config_list>(&parsed);
    return list == nullptr ? std::vector<std::string>{} : *list;
}

transformation_chain& transformation_chain::operator=(transformation_chain&& other) noexcept {
    if (this != &other) {
        close();
        stages_ = std::move(other.stages_);
    }
    return *this;
}

transformation_chain::~transformation_chain() { close(); }

result<transformation_chain> transformation_chain::create(const loader::plugin_registry& plugins,
                                                          const string_map& connector_config) {
    const auto predicate_aliases = aliases(connector_config, "predicates");
    std::vector<stage> stages;
    for (const auto& alias : aliases(connector_config, "transforms")) {
        const std::string prefix = "transforms." + alias + ".";
        auto configs = with_prefix(connector_config, prefix);
        stage s{alias, nullptr, nullptr, false};
        std::string predicate_alias;
        if (auto p = configs.find("predicate"); p != configs.end()) {
            predicate_alias = trim(p->second);
            configs.erase(p);
        }
        if (auto n = configs.find("negate"); n != configs.end()) {
            s.negate = to_lower(trim(n->second)) == "true";
            configs.erase(n);
        }
        COPYCAT_TRY(s.transform,
                    make_plugin<transformation>(plugins, plugin_kind::transformation, prefix, std::move(configs)));
        if (!predicate_alias.empty()) {
            if (std::find(predicate_aliases.begin(), predicate_aliases.end(), predicate_alias) ==
                predicate_aliases.end()) {
                return invalid("Invalid value " + predicate_alias + " for configuration " + prefix +
                               "predicate: Predicate alias not found in predicates");
            }
            const std::string predicate_prefix = "predicates." + predicate_alias + ".";
            COPYCAT_TRY(s.predicate, make_plugin<predicate>(plugins, plugin_kind::predicate, predicate_prefix,
                                                            with_prefix(connector_config, predicate_prefix)));
        }
        stages.push_back(std::move(s));
    }
    return transformation_chain(std::move(stages));
}

bool transformation_chain::apply(connect_record& record) {
    for (auto& s : stages_) {
        const bool applies = !s.predicate || (s.predicate->test(record) != s.negate);
        if (applies && !s.transform->apply(record)) return false;
    }
    return true;
}

void transformation_chain::close() {
    for (auto& s : stages_) {
        try {
            if (s.transform) s.transform->close();
            if (s.predicate) s.predicate->close();
        } catch (...) {
            log::warn("closing transformation {} failed: {}", s.alias, error_trace(std::current_exception()));
        }
    }
    stages_.clear();
}

}  // namespace copycat::runtime
