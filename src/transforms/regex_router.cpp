#include "transforms/regex_router.hpp"

#include "common/logging.hpp"
#include "copycat/config/abstract_config.hpp"
#include "transforms/java_regex.hpp"

namespace copycat::transforms {

const config_def& regex_router::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("regex", config_type::string, no_default, regex_validator(), importance::high,
                 "Regular expression to use for matching.")
            .define("replacement", config_type::string, no_default, importance::high, "Replacement string.");
        return d;
    }();
    return def;
}

void regex_router::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    regex_ = compile_java_regex(cfg.get_string("regex"));
    replacement_ = cfg.get_string("replacement");
}

bool regex_router::apply(connect_record& record) {
    if (java_regex_matches(*regex_, record.topic)) {
        std::string topic = java_replace_first(record.topic, *regex_, replacement_);
        log::trace("Rerouting from topic '{}' to new topic '{}'", record.topic, topic);
        record.topic = std::move(topic);
    } else {
        log::trace("Not rerouting topic '{}' as it does not match the configured regex", record.topic);
    }
    return true;
}

}  // namespace copycat::transforms
