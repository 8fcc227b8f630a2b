#include "transforms/topic_name_matches.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/lambda_validator.hpp"
#include "copycat/config/string_validators.hpp"
#include "copycat/errors.hpp"
#include "transforms/java_regex.hpp"

namespace copycat::transforms {

const config_def& topic_name_matches::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("pattern", config_type::string, no_default,
                 composite_validator::of({non_empty_string::instance(), regex_validator()}), importance::medium,
                 "A Java regular expression for matching against the name of a record's topic.");
        return d;
    }();
    return def;
}

void topic_name_matches::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    const std::string& text = cfg.get_string("pattern");
    try {
        pattern_ = compile_java_regex(text);
    } catch (const std::regex_error& e) {
        throw config_error(invalid_value_message(
            "pattern", text, std::string("entry must be a Java-compatible regular expression: ") + e.what()));
    }
}

bool topic_name_matches::test(const connect_record& record) { return java_regex_matches(*pattern_, record.topic); }

}  // namespace copycat::transforms
