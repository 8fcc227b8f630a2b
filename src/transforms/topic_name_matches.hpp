// org.apache.kafka.connect.transforms.predicates.TopicNameMatches.
#pragma once

#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>

#include "copycat/transform/predicate.hpp"

namespace copycat::transforms {

/// True for records whose whole topic matches "pattern" (required, a non-empty valid regex;
/// see java_regex.hpp).
class topic_name_matches final : public predicate {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.predicates.TopicNameMatches";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool test(const connect_record& record) override;

private:
    std::optional<std::regex> pattern_;
};

}  // namespace copycat::transforms
