// org.apache.kafka.connect.transforms.RegexRouter.
#pragma once

#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"

namespace copycat::transforms {

/// When the whole topic matches "regex", replaces it with "replacement" applied to the first
/// match (Java's Matcher.replaceFirst: "$1" refers to a group); other topics are kept. See
/// java_regex.hpp for the regular expression dialect.
///
/// Configuration: "regex" (required, a valid regex), "replacement" (required).
class regex_router final : public transformation {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.RegexRouter";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;

private:
    std::optional<std::regex> regex_;
    std::string replacement_;
};

}  // namespace copycat::transforms
