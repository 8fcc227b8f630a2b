#include "kafka/rdkafka/detail/kafka_error.hpp"

#include <string>

#include <fmt/format.h>

namespace copycat::rdkafka::detail {

errc classify(rd_kafka_resp_err_t code) {
    switch (code) {
        case RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS:
            return errc::already_exists;
        case RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART:
        case RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC:
        case RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION:
        case RD_KAFKA_RESP_ERR__NOENT:
            return errc::not_found;
        case RD_KAFKA_RESP_ERR__TIMED_OUT:
        case RD_KAFKA_RESP_ERR__TIMED_OUT_QUEUE:
        case RD_KAFKA_RESP_ERR__MSG_TIMED_OUT:
        case RD_KAFKA_RESP_ERR_REQUEST_TIMED_OUT:
            return errc::timeout;
        case RD_KAFKA_RESP_ERR__TRANSPORT:
        case RD_KAFKA_RESP_ERR__RESOLVE:
        case RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN:
        case RD_KAFKA_RESP_ERR__QUEUE_FULL:
        case RD_KAFKA_RESP_ERR_LEADER_NOT_AVAILABLE:
        case RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION:
        case RD_KAFKA_RESP_ERR_NETWORK_EXCEPTION:
        case RD_KAFKA_RESP_ERR_COORDINATOR_LOAD_IN_PROGRESS:
        case RD_KAFKA_RESP_ERR_COORDINATOR_NOT_AVAILABLE:
        case RD_KAFKA_RESP_ERR_NOT_COORDINATOR:
        case RD_KAFKA_RESP_ERR_NOT_CONTROLLER:
        case RD_KAFKA_RESP_ERR_NOT_ENOUGH_REPLICAS:
        case RD_KAFKA_RESP_ERR_NOT_ENOUGH_REPLICAS_AFTER_APPEND:
        case RD_KAFKA_RESP_ERR_REBALANCE_IN_PROGRESS:
        case RD_KAFKA_RESP_ERR_THROTTLING_QUOTA_EXCEEDED:
            return errc::unavailable;
        case RD_KAFKA_RESP_ERR__INVALID_ARG:
        case RD_KAFKA_RESP_ERR_INVALID_MSG_SIZE:
        case RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE:
        case RD_KAFKA_RESP_ERR_INVALID_PARTITIONS:
        case RD_KAFKA_RESP_ERR_INVALID_REPLICATION_FACTOR:
        case RD_KAFKA_RESP_ERR_INVALID_REPLICA_ASSIGNMENT:
        case RD_KAFKA_RESP_ERR_INVALID_CONFIG:
        case RD_KAFKA_RESP_ERR_INVALID_REQUEST:
        case RD_KAFKA_RESP_ERR_TOPIC_EXCEPTION:
        case RD_KAFKA_RESP_ERR_INVALID_TIMESTAMP:
        case RD_KAFKA_RESP_ERR_INVALID_RECORD:
        case RD_KAFKA_RESP_ERR_POLICY_VIOLATION:
        case RD_KAFKA_RESP_ERR_INVALID_GROUP_ID:
        case RD_KAFKA_RESP_ERR_INVALID_SESSION_TIMEOUT:
        case RD_KAFKA_RESP_ERR_INVALID_COMMIT_OFFSET_SIZE:
            return errc::invalid_argument;
        case RD_KAFKA_RESP_ERR_UNSUPPORTED_VERSION:
        case RD_KAFKA_RESP_ERR__UNSUPPORTED_FEATURE:
        case RD_KAFKA_RESP_ERR_UNSUPPORTED_FOR_MESSAGE_FORMAT:
        case RD_KAFKA_RESP_ERR_UNSUPPORTED_COMPRESSION_TYPE:
            return errc::unsupported;
        default:
            return errc::io_error;
    }
}

error kafka_error(rd_kafka_resp_err_t code, std::string_view context, std::string_view detail) {
    std::string_view description = detail.empty() ? rd_kafka_err2str(code) : detail;
    return make_error(classify(code), fmt::format("{}: {}: {}", context, rd_kafka_err2name(code), description));
}

error take_kafka_error(rd_kafka_error_t* err, std::string_view context) {
    error converted = kafka_error(rd_kafka_error_code(err), context, rd_kafka_error_string(err));
    rd_kafka_error_destroy(err);
    return converted;
}

}  // namespace copycat::rdkafka::detail
