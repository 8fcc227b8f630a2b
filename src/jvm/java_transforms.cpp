#include "jvm/java_transforms.hpp"

#include "copycat/errors.hpp"
#include "jvm/java_config.hpp"

namespace copycat::jvm {

void java_transformation::configure(const std::map<std::string, std::string>& configs) {
    java_configure(*instance_, string_map_to_json(configs));
}

void java_predicate::configure(const std::map<std::string, std::string>& configs) {
    java_configure(*instance_, string_map_to_json(configs));
}

bool java_transformation::apply(connect_record& record) {
    const std::optional<std::string> out = java_apply(*instance_, records_.encode(record));
    if (!out) return false;
    records_.decode_into(*out, record);
    return true;
}

bool java_predicate::test(const connect_record& record) { return java_test(*instance_, records_.encode(record)); }

}  // namespace copycat::jvm
