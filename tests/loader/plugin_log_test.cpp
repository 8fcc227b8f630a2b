// A native plugin's log lines go through the worker's logging (copycat/plugin_log.hpp): its
// logger is listed and set like the worker's own, and the worker's secrets are hidden in its lines.
#include <catch2/catch.hpp>

#include <string>

#include "common/captured_stderr.hpp"
#include "common/logging.hpp"
#include "common/secret_values.hpp"
#include "loader/plugin_library.hpp"
#include "loader/plugin_registry.hpp"

using namespace copycat;
using namespace copycat::loader;
using copycat::testing::captured_stderr;

namespace {

struct restore_levels {
    ~restore_levels() {
        log::set_logger_level("root", log::level::info);
        secret_values::process().erase("connector echo");
    }
};

std::unique_ptr<source_connector> echo_connector() {
    auto lib = plugin_library::open(std::string(COPYCAT_TEST_PLUGIN_DIR) + "/test_source_plugin.so");
    REQUIRE(lib.ok());
    plugin_registry registry;
    registry.add_library(*lib);
    return registry.find("EchoSource")->descriptor.create<source_connector>();
}

}  // namespace

TEST_CASE("a plugin's lines are the worker's, under the plugin's logger, which /admin/loggers sets") {
    restore_levels restore;
    auto connector = echo_connector();
    {
        captured_stderr err;
        connector->start({{"log", "first"}});
        const std::string text = err.text();
        CHECK(text.find(" INFO [com.example.EchoSourceConnector] info: first\n") != std::string::npos);
        CHECK(text.find("debug: first") == std::string::npos);
        CHECK(text.find("debug is off") != std::string::npos);
    }
    CHECK(log::logger_levels().contains("com.example.EchoSourceConnector"));

    log::set_logger_level("com.example", log::level::debug);
    {
        captured_stderr err;
        connector->start({{"log", "second"}});
        const std::string text = err.text();
        CHECK(text.find(" DEBUG [com.example.EchoSourceConnector] debug: second\n") != std::string::npos);
        CHECK(text.find("debug is on") != std::string::npos);
    }

    log::set_logger_level("com.example.EchoSourceConnector", log::level::warn);
    {
        captured_stderr err;
        connector->start({{"log", "third"}});
        CHECK(err.text().find("third") == std::string::npos);
    }
}

TEST_CASE("the worker's secrets are hidden in a plugin's lines") {
    restore_levels restore;
    auto connector = echo_connector();
    secret_values::process().set("connector echo", {"hunter2-secret"});
    captured_stderr err;
    connector->start({{"log", "password=hunter2-secret"}});
    const std::string text = err.text();
    CHECK(text.find("info: password=[hidden]") != std::string::npos);
    CHECK(text.find("hunter2-secret") == std::string::npos);
}
