#include "transforms/insert_header.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/string_validators.hpp"
#include "transforms/literal_value.hpp"

namespace copycat::transforms {

const config_def& insert_header::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("header", config_type::string, no_default, non_null::instance(), importance::high,
                 "The name of the header.")
            .define("value.literal", config_type::string, no_default, non_null::instance(), importance::high,
                    "The literal value that is to be set as the header value on all records.");
        return d;
    }();
    return def;
}

void insert_header::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    header_ = cfg.get_string("header");
    literal_ = parse_literal_value(cfg.get_string("value.literal"));
}

bool insert_header::apply(connect_record& record) {
    record.hdrs.add(header_, literal_.val, literal_.schema);
    return true;
}

}  // namespace copycat::transforms
