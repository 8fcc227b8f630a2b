// org.apache.kafka.connect.transforms.InsertHeader.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/data/schema_and_value.hpp"
#include "copycat/transform/transformation.hpp"

namespace copycat::transforms {

/// Adds the header "header" to every record (after any existing ones of the same name), with
/// the typed value of "value.literal" (see parse_literal_value(): "1" is an INT8, "true" a
/// BOOLEAN, other text a STRING). Both keys are required.
class insert_header final : public transformation {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.InsertHeader";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;

private:
    std::string header_;
    schema_and_value literal_;
};

}  // namespace copycat::transforms
