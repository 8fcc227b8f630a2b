// org.apache.kafka.connect.transforms.TimestampRouter.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"
#include "transforms/simple_date_format.hpp"

namespace copycat::transforms {

/// Sets the topic from "topic.format" (default "${topic}-${timestamp}"), where ${topic} is the
/// record's topic and ${timestamp} its timestamp formatted in UTC with "timestamp.format" (a
/// SimpleDateFormat pattern, default "yyyyMMdd"). A record without a timestamp fails with
/// "Timestamp missing on record: <record>". Unlike Kafka, which fails on the first record, an
/// invalid "timestamp.format" is rejected by configure().
class timestamp_router final : public transformation {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.TimestampRouter";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;

private:
    std::string topic_format_;
    std::optional<simple_date_format> timestamp_format_;
};

}  // namespace copycat::transforms
