#pragma once
// librdkafka error codes -> copycat::error. Internal to copycat::rdkafka (includes rdkafka.h).

#include <librdkafka/rdkafka.h>

#include <string_view>

#include "common/result.hpp"

namespace copycat::rdkafka::detail {

// The copycat::errc for a librdkafka/Kafka error code:
//   TOPIC_ALREADY_EXISTS -> already_exists; unknown topic/partition -> not_found;
//   timeouts -> timeout; transport, leader and coordinator churn, full queues -> unavailable
//   (retriable); bad requests, configs and sizes -> invalid_argument; unsupported versions and
//   features -> unsupported; anything else -> io_error.
errc classify(rd_kafka_resp_err_t code);

// "<context>: <ERROR_NAME>: <detail or librdkafka's description>", classified as above.
error kafka_error(rd_kafka_resp_err_t code, std::string_view context, std::string_view detail = {});

// Same for an rd_kafka_error_t; takes ownership and destroys it.
error take_kafka_error(rd_kafka_error_t* err, std::string_view context);

}  // namespace copycat::rdkafka::detail
