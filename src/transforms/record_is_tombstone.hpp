// org.apache.kafka.connect.transforms.predicates.RecordIsTombstone.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/transform/predicate.hpp"

namespace copycat::transforms {

/// True for records whose value is null (tombstones). Takes no configuration.
class record_is_tombstone final : public predicate {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.predicates.RecordIsTombstone";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>&) override {}
    const config_def& config() const override { return definition(); }
    bool test(const connect_record& record) override { return record.val.is_null(); }
};

}  // namespace copycat::transforms
