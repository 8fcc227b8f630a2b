// org.apache.kafka.connect.transforms.predicates.HasHeaderKey.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/transform/predicate.hpp"

namespace copycat::transforms {

/// True for records with at least one header named "name" (required, non-empty).
class has_header_key final : public predicate {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.predicates.HasHeaderKey";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool test(const connect_record& record) override;

private:
    std::string name_;
};

}  // namespace copycat::transforms
