// The quickstarts of the datagen connector: "users", "pageviews", "orders" and "clickstream",
// with the field names, types, value shapes and keys of Confluent's kafka-connect-datagen
// quickstarts of those names.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "datagen/record_description.hpp"

namespace copycat::datagen {

struct quickstart {
    std::string_view name;
    /// The description, in the format of "schema.string".
    std::string_view description;
    /// The field that is the record key unless "schema.keyfield" says otherwise.
    std::string_view key_field;
};

/// Every quickstart, in the order the documentation lists them.
const std::vector<quickstart>& quickstarts();

/// The quickstart named `name` (ASCII case ignored, as Confluent's connector does), or nullopt.
std::optional<quickstart> find_quickstart(std::string_view name);

/// The parsed description of a quickstart, parsed once.
std::shared_ptr<const record_description> quickstart_description(const quickstart& q);

}  // namespace copycat::datagen
