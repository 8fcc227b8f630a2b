#include "transforms/has_header_key.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/string_validators.hpp"

namespace copycat::transforms {

const config_def& has_header_key::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("name", config_type::string, no_default, non_empty_string::instance(), importance::medium,
                 "The header name.");
        return d;
    }();
    return def;
}

void has_header_key::configure(const std::map<std::string, std::string>& configs) {
    name_ = abstract_config(definition(), configs).get_string("name");
}

bool has_header_key::test(const connect_record& record) { return record.hdrs.last_with_name(name_) != nullptr; }

}  // namespace copycat::transforms
