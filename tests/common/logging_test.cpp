// Named loggers and their levels (KIP-495 semantics of Kafka's Loggers over Copycat's modules).
// The logger registry is process-wide: every test ends by setting the root back to INFO, which
// gives every logger INFO.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "common/captured_stderr.hpp"
#include "common/logging.hpp"

using namespace copycat;
using log::detail::enabled;
using log::detail::module_of;
using log::detail::source_module;

namespace {

struct restore_levels {
    ~restore_levels() { log::set_logger_level("root", log::level::info); }
};

}  // namespace

TEST_CASE("a source file belongs to the module of its directory under src/") {
    static_assert(module_of("/work/main/src/rest/router.cpp") == source_module::rest);
    static_assert(module_of("/x/src/kafka/rdkafka/consumer.cpp") == source_module::kafka);
    static_assert(module_of("../src/herder/herder.hpp") == source_module::herder);
    static_assert(module_of("src/runtime/worker.cpp") == source_module::runtime);
    static_assert(module_of("/work/main/tests/common/logging_test.cpp") == source_module::other);
    static_assert(module_of("/work/main/src/main.cpp") == source_module::other);
    static_assert(module_of("/a/mysrc/rest/x.cpp") == source_module::other);
    CHECK(module_of(__FILE__) == source_module::other);
}

TEST_CASE("levels are parsed as log4j names") {
    log::level l{};
    CHECK((log::parse_level("debug", l) && l == log::level::debug));
    CHECK((log::parse_level("WARNING", l) && l == log::level::warn));
    CHECK((log::parse_level("FATAL", l) && l == log::level::error));
    CHECK((log::parse_level("ALL", l) && l == log::level::trace));
    CHECK_FALSE(log::parse_level("LOUD", l));
}

TEST_CASE("setting a namespace sets it and every logger under it") {
    restore_levels restore;
    log::set_logger_level("root", log::level::info);
    CHECK_FALSE(enabled(log::level::debug, source_module::runtime));

    auto affected = log::set_logger_level("org.apache.kafka.connect.runtime", log::level::debug);
    CHECK(affected == std::vector<std::string>{
                          "org.apache.kafka.connect.runtime", "org.apache.kafka.connect.runtime.distributed",
                          "org.apache.kafka.connect.runtime.isolation", "org.apache.kafka.connect.runtime.rest"});
    CHECK(enabled(log::level::debug, source_module::runtime));
    CHECK(enabled(log::level::debug, source_module::rest));
    CHECK(enabled(log::level::debug, source_module::net));  // shares the rest logger
    CHECK(enabled(log::level::debug, source_module::herder));
    CHECK_FALSE(enabled(log::level::debug, source_module::storage));
    CHECK_FALSE(enabled(log::level::debug, source_module::other));

    auto runtime = log::logger_level_of("org.apache.kafka.connect.runtime");
    REQUIRE(runtime);
    CHECK(runtime->lvl == log::level::debug);
    CHECK(runtime->last_modified.has_value());
    auto storage = log::logger_level_of("org.apache.kafka.connect.storage");
    REQUIRE(storage);
    CHECK(storage->lvl == log::level::info);
    CHECK_FALSE(storage->last_modified.has_value());
    CHECK_FALSE(log::logger_level_of("no.such.logger"));

    const auto listed = log::logger_levels();
    CHECK(listed.contains("root"));
    CHECK(listed.contains("org.apache.kafka.connect.runtime.rest"));
    REQUIRE(listed.contains("org.apache.kafka.connect.storage"));  // listed with the level it inherits
    CHECK(listed.at("org.apache.kafka.connect.storage").lvl == log::level::info);
    CHECK_FALSE(listed.at("org.apache.kafka.connect.storage").last_modified.has_value());
}

TEST_CASE("an unknown namespace is created; its known descendants inherit from it") {
    restore_levels restore;
    log::set_logger_level("root", log::level::info);
    auto affected = log::set_logger_level("org.apache.kafka", log::level::warn);
    CHECK(std::find(affected.begin(), affected.end(), "org.apache.kafka") != affected.end());
    CHECK(std::find(affected.begin(), affected.end(), "org.apache.kafka.clients") != affected.end());
    CHECK(log::logger_level_of("org.apache.kafka")->lvl == log::level::warn);
    CHECK_FALSE(enabled(log::level::info, source_module::kafka));
    CHECK(enabled(log::level::warn, source_module::storage));
    CHECK(enabled(log::level::info, source_module::other));  // the root is unchanged
}

TEST_CASE("the root level covers every logger and the code outside the modules") {
    restore_levels restore;
    auto affected = log::set_logger_level("ROOT", log::level::error);
    CHECK(affected.back() == "root");
    CHECK(log::current_level() == log::level::error);
    CHECK_FALSE(enabled(log::level::warn, source_module::other));
    CHECK_FALSE(enabled(log::level::warn, source_module::rest));
    CHECK(log::logger_level_of("root")->lvl == log::level::error);
    log::set_level(log::level::info);  // the root alone: explicit levels stay
    CHECK(enabled(log::level::info, source_module::other));
    CHECK_FALSE(enabled(log::level::info, source_module::rest));
}

TEST_CASE("a line written in a connector or task context carries it after the level, as Kafka's pattern") {
    restore_levels restore;
    const log::named_logger& plugin = log::logger_named("com.example.Plugin");
    testing::captured_stderr err;
    {
        const log::context_scope task(log::context_scope::of_task("orders", 3));
        log::info("polled {} records", 5);
        plugin.write(log::level::info, "from the plugin");
        {
            const log::context_scope connector(log::context_scope::of_connector("orders"));
            log::warn("the connector says");
        }
        log::info("back in the task");
    }
    log::info("outside");
    const std::string text = err.text();
    CHECK(text.find(" INFO [orders|task-3] polled 5 records\n") != std::string::npos);
    CHECK(text.find(" INFO [orders|task-3] [com.example.Plugin] from the plugin\n") != std::string::npos);
    CHECK(text.find(" WARN [orders|worker] the connector says\n") != std::string::npos);
    CHECK(text.find(" INFO [orders|task-3] back in the task\n") != std::string::npos);
    CHECK(text.find(" INFO outside\n") != std::string::npos);
}
