// Loads the test plugin library the way the worker does: dlopen, look up the entry point,
// check the manifest, create and use instances across the library boundary.
#include <catch2/catch.hpp>

#include <dlfcn.h>

#include "fake_plugins.hpp"

using namespace copycat;

namespace {

class empty_offsets final : public offset_storage_reader, public source_task_context {
public:
    std::map<std::string, std::string> props;
    std::optional<source_map> offset(const source_map&) override { return std::nullopt; }
    std::vector<std::pair<source_map, source_map>> offsets(const std::vector<source_map>&) override { return {}; }
    const std::map<std::string, std::string>& configs() const override { return props; }
    copycat::offset_storage_reader& offset_storage_reader() override { return *this; }
};

}  // namespace

TEST_CASE("a plugin library exports its manifest and works across the boundary") {
    void* handle = dlopen(COPYCAT_TEST_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
    INFO((handle == nullptr ? dlerror() : ""));
    REQUIRE(handle != nullptr);

    auto entry = reinterpret_cast<copycat_plugin_entry_fn>(dlsym(handle, COPYCAT_PLUGIN_ENTRY_SYMBOL));
    REQUIRE(entry != nullptr);
    const copycat_plugin_manifest* manifest = entry();
    CHECK(check_plugin_manifest(manifest) == std::nullopt);
    REQUIRE(manifest->plugin_count == 2);
    CHECK(std::string(manifest->plugins[0].class_name) == "org.example.FakeSourceConnector");
    {
        auto connector = manifest->plugins[0].create<source_connector>();
        CHECK(connector->version() == "1.2.3");
        auto report = connector->validate({});
        REQUIRE(report.size() == 1);
        CHECK(report[0].errors ==
              std::vector<std::string>{"Missing required configuration \"topic\" which has no default value."});

        empty_offsets ctx;
        auto task = connector->create_task();
        task->initialize(ctx);
        task->start({{"topic", "t"}, {"fail", ""}});
        // The exception type thrown inside the library is caught by type here.
        CHECK_THROWS_AS(task->poll(), retriable_error);
        auto transform = manifest->plugins[1].create<transformation>();
        CHECK_NOTHROW(transform->configure({{"drop.topic", "x"}}));
        // Configuration errors raised inside the library are config_errors here.
        CHECK_THROWS_AS(connector->start({}), config_error);
        CHECK_THROWS_WITH(connector->start({{"topic", ""}}),
                          "Invalid value  for configuration topic: String must be non-empty");
    }
    dlclose(handle);
}
