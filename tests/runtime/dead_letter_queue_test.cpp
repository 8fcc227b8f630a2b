// dead_letter_queue_reporter without a broker: the record it writes (original bytes and headers,
// Kafka's context headers with exact names and values), its counters, flush and close.
#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "runtime/dead_letter_queue_reporter.hpp"
#include "runtime/fake_dlq_output.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

const task_id task{"my-sink", 2};
const std::string json_converter = "org.apache.kafka.connect.json.JsonConverter";

template <class E>
std::exception_ptr thrown(E e) {
    return std::make_exception_ptr(std::move(e));
}

std::exception_ptr nested_error() {
    try {
        try {
            throw std::out_of_range("index 7");
        } catch (...) {
            std::throw_with_nested(data_error("Converting byte[] to Kafka Connect data failed"));
        }
    } catch (...) {
        return std::current_exception();
    }
}

struct consumed {
    std::vector<rdkafka::header_view> headers{{"trace", "t-1"}, {"empty", std::nullopt}};
    consumed_record record;
    consumed() {
        record.topic = "orders";
        record.partition = 3;
        record.offset = 42;
        record.key = "k-1";
        record.value = "not json";
        record.headers = headers;
        record.timestamp_ms = 1700000000123;
        record.ts_type = timestamp_type::create_time;
    }
};

std::string h(std::string_view name) { return "__connect.errors." + std::string(name); }

}  // namespace

TEST_CASE("dlq: the context headers are Kafka's, with string values") {
    consumed c;
    const auto headers = dead_letter_queue_reporter::context_headers(&c.record, task, error_stage::value_converter,
                                                                     json_converter, thrown(data_error("bad bytes")));
    const std::vector<dlq_header> expected{
        {h("topic"), "orders"},
        {h("partition"), "3"},
        {h("offset"), "42"},
        {h("connector.name"), "my-sink"},
        {h("task.id"), "2"},
        {h("stage"), "VALUE_CONVERTER"},
        {h("class.name"), json_converter},
        {h("exception.class.name"), "org.apache.kafka.connect.errors.DataException"},
        {h("exception.message"), "bad bytes"},
        {h("exception.stacktrace"), "org.apache.kafka.connect.errors.DataException: bad bytes"},
    };
    CHECK(headers == expected);
}

TEST_CASE("dlq: nested errors show in the stack trace header; no consumed record, no position headers") {
    const auto headers = dead_letter_queue_reporter::context_headers(
        nullptr, task, error_stage::transformation, "org.apache.kafka.connect.transforms.Cast$Value", nested_error());
    REQUIRE(headers.size() == 7);
    CHECK(headers[0] == dlq_header{h("connector.name"), "my-sink"});
    CHECK(headers[2] == dlq_header{h("stage"), "TRANSFORMATION"});
    CHECK(headers[4] == dlq_header{h("exception.class.name"), "org.apache.kafka.connect.errors.DataException"});
    CHECK(headers[5] == dlq_header{h("exception.message"), "Converting byte[] to Kafka Connect data failed"});
    CHECK(headers[6] == dlq_header{h("exception.stacktrace"),
                                   "org.apache.kafka.connect.errors.DataException: Converting byte[] to Kafka Connect "
                                   "data failed\nCaused by: std::out_of_range: index 7"});
}

TEST_CASE("dlq: exception class names follow Kafka's exception types") {
    CHECK(exception_class_name(thrown(connect_error("x"))) == "org.apache.kafka.connect.errors.ConnectException");
    CHECK(exception_class_name(thrown(retriable_error("x"))) == "org.apache.kafka.connect.errors.RetriableException");
    CHECK(exception_class_name(thrown(config_error("x"))) == "org.apache.kafka.common.config.ConfigException");
    CHECK(exception_class_name(thrown(schema_builder_error("x"))) ==
          "org.apache.kafka.connect.errors.SchemaBuilderException");
    CHECK(exception_class_name(thrown(std::invalid_argument("x"))) == "std::invalid_argument");
    CHECK(exception_class_name(std::make_exception_ptr(7)) == "unknown exception");
}

TEST_CASE("dlq: settings come from the errors.deadletterqueue.* keys") {
    auto s = dead_letter_queue_settings::from_config({});
    CHECK_FALSE(s.enabled());
    CHECK(s.replication_factor == 3);
    CHECK_FALSE(s.context_headers);
    s = dead_letter_queue_settings::from_config({{"errors.deadletterqueue.topic.name", " dlq-orders "},
                                                 {"errors.deadletterqueue.topic.replication.factor", "1"},
                                                 {"errors.deadletterqueue.context.headers.enable", "true"}});
    CHECK(s.topic == "dlq-orders");
    CHECK(s.replication_factor == 1);
    CHECK(s.context_headers);
    CHECK_THROWS_AS(dead_letter_queue_settings::from_config({{"errors.deadletterqueue.topic.replication.factor", "x"}}),
                    config_error);
}

TEST_CASE("dlq: the original record is written with its headers, then the context headers") {
    consumed c;
    auto out = std::make_unique<testing::fake_dlq_output>();
    auto* fake = out.get();
    auto counters = std::make_shared<error_handling_counters>();
    dead_letter_queue_reporter reporter({"dlq", 1, true}, task, std::move(out), counters);
    reporter.report(&c.record, error_stage::value_converter, json_converter, thrown(data_error("bad bytes")));
    REQUIRE(fake->records().size() == 1);
    const auto r = fake->records().front();
    CHECK(r.topic == "dlq");
    CHECK(r.partition == rdkafka::any_partition);
    CHECK(r.key == std::optional<std::string>("k-1"));
    CHECK(r.value == std::optional<std::string>("not json"));
    CHECK(r.timestamp_ms == 1700000000123);
    REQUIRE(r.headers.size() == 12);
    CHECK(r.headers[0] == dlq_header{"trace", "t-1"});
    CHECK(r.headers[1] == dlq_header{"empty", std::nullopt});
    CHECK(r.headers[2] == dlq_header{h("topic"), "orders"});
    CHECK(r.headers[11].first == h("exception.stacktrace"));
    CHECK(reporter.pending() == 1);
    CHECK(counters->snapshot().dlq_produce_requests == 1);

    // Not acknowledged yet: flush says so without waiting for ever.
    CHECK_FALSE(reporter.flush(10ms));
    fake->acknowledge_all();
    CHECK(reporter.flush(10ms));
    CHECK(reporter.pending() == 0);
    CHECK(counters->snapshot().dlq_produce_failures == 0);
}

TEST_CASE("dlq: without context headers only the original headers go; null key and value stay null") {
    consumed c;
    c.record.key.reset();
    c.record.value.reset();
    c.record.timestamp_ms = -1;
    auto out = std::make_unique<testing::fake_dlq_output>();
    auto* fake = out.get();
    dead_letter_queue_reporter reporter({"dlq", 3, false}, task, std::move(out),
                                        std::make_shared<error_handling_counters>());
    reporter.report(&c.record, error_stage::key_converter, "", thrown(data_error("x")));
    const auto r = fake->records().at(0);
    CHECK(r.headers.size() == 2);
    CHECK_FALSE(r.key.has_value());
    CHECK_FALSE(r.value.has_value());
    CHECK(r.timestamp_ms == 0);  // none: the producer's clock
}

TEST_CASE("dlq: failed writes and reports without a record are counted as failures") {
    consumed c;
    auto out = std::make_unique<testing::fake_dlq_output>();
    auto* fake = out.get();
    auto counters = std::make_shared<error_handling_counters>();
    dead_letter_queue_reporter reporter({"dlq", 3, false}, task, std::move(out), counters);
    reporter.report(nullptr, error_stage::value_converter, "", thrown(data_error("x")));
    reporter.report(&c.record, error_stage::value_converter, "", thrown(data_error("x")));
    fake->fail_all("topic authorization failed");
    reporter.poll();
    auto counts = counters->snapshot();
    CHECK(counts.dlq_produce_requests == 2);
    CHECK(counts.dlq_produce_failures == 2);
    CHECK(reporter.pending() == 0);

    // Writes still pending at close fail there (their callbacks run) and are counted.
    reporter.report(&c.record, error_stage::value_converter, "", thrown(data_error("x")));
    reporter.close(0ms);
    CHECK(counters->snapshot().dlq_produce_failures == 3);
    reporter.report(&c.record, error_stage::value_converter, "", thrown(data_error("x")));  // closed: ignored
    CHECK(counters->snapshot().dlq_produce_requests == 3);
}
