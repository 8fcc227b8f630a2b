#include "test_plugins.hpp"

#include <optional>
#include <stdexcept>

#include "copycat/plugin.hpp"

namespace copycat::herder::testing {
namespace {

class nop_source_task : public source_task {
public:
    std::string version() const override { return "1.0"; }
    void start(const std::map<std::string, std::string>&) override {}
    std::vector<source_record> poll() override { return {}; }
    void stop() override {}
};

class nop_sink_task : public sink_task {
public:
    std::string version() const override { return "1.0"; }
    void start(const std::map<std::string, std::string>&) override {}
    void put(std::vector<sink_record>&) override {}
    void stop() override {}
};

class test_source_connector : public source_connector {
public:
    test_source_connector() {
        def_.define("topic", config_type::string, importance::high, "The topic to write to", "Test", 1, width::long_,
                    "Topic");
    }
    std::string version() const override { return "1.0"; }
    void start(const std::map<std::string, std::string>&) override {}
    std::vector<std::map<std::string, std::string>> task_configs(int) override { return {{}}; }
    void stop() override {}
    const config_def& config() const override { return def_; }
    std::vector<config_value> validate(const std::map<std::string, std::string>& props) override {
        auto values = connector::validate(props);
        for (auto& v : values) {
            if (v.name == "topic" && props.contains("topic") && props.at("topic") == "bad")
                v.add_error("topic must not be bad");
        }
        return values;
    }
    std::unique_ptr<source_task> create_task() const override { return std::make_unique<nop_source_task>(); }

    std::optional<copycat::exactly_once_support> exactly_once_support(
        const std::map<std::string, std::string>& props) override {
        const auto declared = declaration(props);
        if (!declared) return std::nullopt;
        return *declared ? copycat::exactly_once_support::supported : copycat::exactly_once_support::unsupported;
    }
    connector_transaction_boundaries can_define_transaction_boundaries(
        const std::map<std::string, std::string>& props) override {
        return declaration(props).value_or(false) ? connector_transaction_boundaries::supported
                                                  : connector_transaction_boundaries::unsupported;
    }

private:
    // The "declare" key: supported (true), unsupported (false), absent (nullopt); "throw" throws.
    static std::optional<bool> declaration(const std::map<std::string, std::string>& props) {
        auto it = props.find("declare");
        if (it == props.end()) return std::nullopt;
        if (it->second == "throw") throw std::runtime_error("  cannot tell  ");
        return it->second == "supported";
    }

    config_def def_;
};

class test_sink_connector : public sink_connector {
public:
    std::string version() const override { return "1.0"; }
    void start(const std::map<std::string, std::string>&) override {}
    std::vector<std::map<std::string, std::string>> task_configs(int) override { return {{}}; }
    void stop() override {}
    const config_def& config() const override { return def_; }
    std::unique_ptr<sink_task> create_task() const override { return std::make_unique<nop_sink_task>(); }

private:
    config_def def_;
};

}  // namespace

void register_test_plugins(loader::plugin_registry& registry) {
    static const plugin_descriptor source = describe_plugin<test_source_connector>("test.TestSourceConnector", "1.0");
    static const plugin_descriptor sink = describe_plugin<test_sink_connector>("test.TestSinkConnector");
    registry.add_builtin(source);
    registry.add_builtin(sink);
}

const loader::plugin_registry& test_plugin_registry() {
    static const loader::plugin_registry plugins = [] {
        loader::plugin_registry r;
        register_test_plugins(r);
        return r;
    }();
    return plugins;
}

string_map test_source_config(string_map extra) {
    string_map config{{"name", "c"}, {"connector.class", "TestSource"}, {"tasks.max", "1"}, {"topic", "events"}};
    for (auto& [k, v] : extra) config[k] = v;
    return config;
}

}  // namespace copycat::herder::testing
