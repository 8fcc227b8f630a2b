// record_error_handler: errors.tolerance, retries, counters, the error log line, and the
// transformation chain retried stage by stage.
#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "runtime/error_trace.hpp"
#include "runtime/record_error_handler.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

const task_id task{"my-sink", 3};

std::exception_ptr thrown_data_error() {
    try {
        throw data_error("bad bytes");
    } catch (...) {
        return std::current_exception();
    }
}

// Retry waits that take no time.
retry_clock instant_clock() {
    retry_clock c;
    c.wait = [](std::chrono::milliseconds) { return true; };
    return c;
}

record_error_handler::settings tolerate_all(bool log = false) {
    return record_error_handler::from_config(
        {{"errors.tolerance", "all"}, {"errors.log.enable", log ? "true" : "false"}});
}

// Appends its tag to a string value; throws retriable_error (after changing the record) the
// first `failures` times.
class tagging : public transformation {
public:
    tagging(std::string tag, int failures) : tag_(std::move(tag)), failures_(failures) {}
    void configure(const std::map<std::string, std::string>&) override {}
    const config_def& config() const override {
        static const config_def def;
        return def;
    }
    bool apply(connect_record& record) override {
        record.val.as_string() += tag_;
        if (failures_-- > 0) throw retriable_error("flaky " + tag_);
        return true;
    }

private:
    std::string tag_;
    int failures_;
};

transformation_chain chain_of(int first_failures, int second_failures) {
    std::vector<transformation_chain::stage> stages;
    stages.push_back({"a", std::make_unique<tagging>("A", first_failures), nullptr, false});
    stages.push_back({"b", std::make_unique<tagging>("B", second_failures), nullptr, false});
    return transformation_chain(std::move(stages));
}

sink_record sink_value(const std::string& v) {
    return sink_record("t", 0, nullptr, value(), nullptr, value(v), 0, std::nullopt, timestamp_type::no_timestamp_type,
                       headers());
}

}  // namespace

TEST_CASE("a trace names the exception type, its message and its causes") {
    CHECK(error_trace(thrown_data_error()) == "copycat::data_error: bad bytes");
    try {
        try {
            throw data_error("inner");
        } catch (...) {
            std::throw_with_nested(connect_error("outer"));
        }
    } catch (...) {
        CHECK(error_trace(std::current_exception()) ==
              "copycat::connect_error: outer\nCaused by: copycat::data_error: inner");
        CHECK(error_message(std::current_exception()) == "outer");
    }
    try {
        throw 42;
    } catch (...) {
        CHECK(error_trace(std::current_exception()) == "unknown exception");
    }
}

TEST_CASE("errors.tolerance=none turns a record error into a task failure, counted") {
    record_error_handler handler(record_error_handler::from_config({}), task);
    CHECK_FALSE(handler.tolerates_all());
    try {
        handler.execute(error_stage::value_converter, {}, [] { throw data_error("bad bytes"); });
        FAIL("not thrown");
    } catch (...) {
        CHECK(error_trace(std::current_exception()) ==
              "copycat::connect_error: Tolerance exceeded in error handler\nCaused by: copycat::data_error: bad bytes");
    }
    const auto counts = handler.counts();
    CHECK(counts.record_failures == 1);
    CHECK(counts.record_errors == 1);
    CHECK(counts.records_skipped == 0);
    CHECK(counts.last_error_timestamp_ms > 0);
}

TEST_CASE("errors.tolerance=all skips the record and counts it") {
    record_error_handler handler(
        record_error_handler::from_config(
            {{"errors.tolerance", " ALL "}, {"errors.log.enable", "true"}, {"errors.log.include.messages", "true"}}),
        task);
    CHECK(handler.tolerates_all());
    source_record r({}, {}, "topic", std::nullopt, nullptr, value("v"));
    const error_origin origin{nullptr, &r};
    CHECK_FALSE(handler.execute(error_stage::transformation, origin, [] { throw data_error("nope"); }));
    CHECK(handler.execute(error_stage::transformation, origin, [] {}));
    CHECK_FALSE(handler.execute(error_stage::key_converter, origin, [] { throw std::runtime_error("any"); }));
    const auto counts = handler.counts();
    CHECK(counts.record_errors == 2);
    CHECK(counts.records_skipped == 2);
    CHECK(counts.errors_logged == 2);
    CHECK(counts.retries == 0);
    CHECK(error_stage_name(error_stage::kafka_produce) == "KAFKA_PRODUCE");
}

TEST_CASE("a non-retriable error outside converters and transformations is never tolerated") {
    record_error_handler handler(tolerate_all(), task);
    try {
        handler.execute(error_stage::task_put, {}, [] { throw data_error("bad bytes"); });
        FAIL("not thrown");
    } catch (...) {
        CHECK(
            error_trace(std::current_exception()) ==
            "copycat::connect_error: Unhandled exception in error handler\nCaused by: copycat::data_error: bad bytes");
    }
    // A failure reported from outside (a refused produce) follows errors.tolerance alone.
    handler.handle(error_stage::kafka_produce, "org.apache.kafka.connect.runtime.WorkerSourceTask", {},
                   thrown_data_error());
    CHECK(handler.counts().records_skipped == 1);
    record_error_handler strict(record_error_handler::from_config({}), task);
    CHECK_THROWS_WITH(strict.handle(error_stage::kafka_produce, "", {}, thrown_data_error()),
                      "Tolerance exceeded in error handler");
}

TEST_CASE("a retriable error that then succeeds is retried, counted and not reported") {
    auto settings =
        record_error_handler::from_config({{"errors.retry.timeout", "60000"}, {"errors.retry.delay.max.ms", "1"}});
    CHECK(settings.retry.timeout == 60000ms);
    CHECK(settings.retry.max_delay == 1ms);
    record_error_handler handler(settings, task, instant_clock());
    int calls = 0;
    CHECK(handler.execute(error_stage::value_converter, {}, [&] {
        if (++calls < 3) throw retriable_error("schema registry away");
    }));
    CHECK(calls == 3);
    const auto counts = handler.counts();
    CHECK(counts.record_failures == 2);
    CHECK(counts.retries == 2);
    CHECK(counts.record_errors == 0);
    CHECK(counts.last_error_timestamp_ms == 0);
}

TEST_CASE("a retriable error that outlasts errors.retry.timeout fails the task under errors.tolerance=none") {
    // Kafka before KAFKA-18073 dropped such records silently; they now follow errors.tolerance.
    record_error_handler handler(record_error_handler::from_config({}), task);
    CHECK_THROWS_WITH(handler.execute(error_stage::value_converter, {}, [] { throw retriable_error("away"); }),
                      "Tolerance exceeded in error handler");
    record_error_handler tolerant(tolerate_all(), task);
    CHECK_FALSE(tolerant.execute(error_stage::value_converter, {}, [] { throw retriable_error("away"); }));
    CHECK(tolerant.counts().records_skipped == 1);
    CHECK(tolerant.counts().record_failures == 1);
}

TEST_CASE("errors.retry.* values that do not parse are refused") {
    CHECK_THROWS_AS(record_error_handler::from_config({{"errors.retry.timeout", "soon"}}), config_error);
    CHECK(record_error_handler::from_config({{"errors.retry.timeout", "-1"}}).retry.timeout == -1ms);
    CHECK(record_error_handler::from_config({}).retry.max_delay == 60000ms);
}

TEST_CASE("the error log line follows Kafka's LogReporter") {
    consumed_record m;
    m.topic = "orders";
    m.partition = 2;
    m.offset = 17;
    m.timestamp_ms = 1700000000000;
    m.ts_type = timestamp_type::create_time;
    const std::string cls = "org.apache.kafka.connect.json.JsonConverter";
    CHECK(record_error_handler::log_message(task, error_stage::value_converter, cls, {&m, nullptr}, false) ==
          "Error encountered in task my-sink-3. Executing stage 'VALUE_CONVERTER' with class "
          "'org.apache.kafka.connect.json.JsonConverter'.");
    CHECK(record_error_handler::log_message(task, error_stage::value_converter, cls, {&m, nullptr}, true) ==
          "Error encountered in task my-sink-3. Executing stage 'VALUE_CONVERTER' with class "
          "'org.apache.kafka.connect.json.JsonConverter', where consumed record is {topic='orders', partition=2, "
          "offset=17, timestamp=1700000000000, timestampType=CreateTime}.");
    m.ts_type = timestamp_type::no_timestamp_type;
    CHECK(record_error_handler::log_message(task, error_stage::transformation, "", {&m, nullptr}, true) ==
          "Error encountered in task my-sink-3. Executing stage 'TRANSFORMATION' with class 'null', where consumed "
          "record is {topic='orders', partition=2, offset=17}.");
    source_record r({}, {}, "out", std::nullopt, nullptr, value("v"));
    CHECK(record_error_handler::log_message(task, error_stage::key_converter, "K", {nullptr, &r}, true) ==
          "Error encountered in task my-sink-3. Executing stage 'KEY_CONVERTER' with class 'K', where source record "
          "is = " +
              r.to_string() + ".");
}

TEST_CASE("transformations are retried stage by stage from their own input") {
    auto settings = record_error_handler::from_config({{"errors.retry.timeout", "-1"}});
    settings.classes.transformations = {"x.A", "x.B"};
    record_error_handler handler(settings, task, instant_clock());
    auto chain = chain_of(1, 2);
    auto record = sink_value("v");
    CHECK(handler.transform(chain, record, {}));
    // Each stage ran once on its input as far as the result is concerned.
    CHECK(record.val.as_string() == "vAB");
    CHECK(handler.counts().retries == 3);
}

TEST_CASE("a transformation that fails for good skips the record under errors.tolerance=all") {
    record_error_handler handler(tolerate_all(), task);
    auto chain = chain_of(0, 1);
    auto record = sink_value("v");
    CHECK_FALSE(handler.transform(chain, record, {}));
    CHECK(handler.counts().records_skipped == 1);
    auto next = sink_value("w");
    CHECK(handler.transform(chain, next, {}));  // the second stage works from now on
    CHECK(next.val.as_string() == "wAB");
}
