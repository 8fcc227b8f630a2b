#include <catch2/catch.hpp>

#include "kafka/rdkafka/detail/kafka_error.hpp"

using namespace copycat;
using copycat::rdkafka::detail::classify;
using copycat::rdkafka::detail::kafka_error;

TEST_CASE("librdkafka errors map onto copycat error codes") {
    CHECK(classify(RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS) == errc::already_exists);
    CHECK(classify(RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART) == errc::not_found);
    CHECK(classify(RD_KAFKA_RESP_ERR__MSG_TIMED_OUT) == errc::timeout);
    CHECK(classify(RD_KAFKA_RESP_ERR__QUEUE_FULL) == errc::unavailable);
    CHECK(classify(RD_KAFKA_RESP_ERR_COORDINATOR_NOT_AVAILABLE) == errc::unavailable);
    CHECK(classify(RD_KAFKA_RESP_ERR_INVALID_CONFIG) == errc::invalid_argument);
    CHECK(classify(RD_KAFKA_RESP_ERR_UNSUPPORTED_VERSION) == errc::unsupported);
    CHECK(classify(RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED) == errc::io_error);
}

TEST_CASE("kafka_error message carries the context and the error's name") {
    error e = kafka_error(RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS, "create topic 'x'");
    CHECK(e.code == errc::already_exists);
    CHECK_THAT(e.message, Catch::StartsWith("create topic 'x': TOPIC_ALREADY_EXISTS: "));

    error detailed = kafka_error(RD_KAFKA_RESP_ERR_INVALID_CONFIG, "create topic 'y'", "bad policy");
    CHECK(detailed.message == "create topic 'y': INVALID_CONFIG: bad policy");
}
