// org.apache.kafka.connect.transforms.Filter.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"

namespace copycat::transforms {

/// Drops every record; meant to be used with a predicate ("transforms.<a>.predicate"), e.g.
/// to drop tombstones or the records of some topics. Takes no configuration.
class filter final : public transformation {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.Filter";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>&) override {}
    const config_def& config() const override { return definition(); }
    bool apply(connect_record&) override { return false; }
};

}  // namespace copycat::transforms
