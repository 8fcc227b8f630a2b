// org.apache.kafka.connect.transforms.DropHeaders.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"

namespace copycat::transforms {

/// Removes every header named in "headers" (required, non-empty list); the others keep their
/// order.
class drop_headers final : public transformation {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.DropHeaders";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;

private:
    std::set<std::string, std::less<>> headers_;
};

}  // namespace copycat::transforms
