// offsets_admin without Kafka: source connector offsets in a memory offset store (read, altered,
// reset, the connector's alter_offsets() asked first), and the parsing of sink connector offsets
// with Kafka's messages. Sink offsets against a broker are covered by the cluster tests.
#include <catch2/catch.hpp>

#include <mutex>
#include <string>
#include <vector>

#include "copycat/connector/source_connector.hpp"
#include "copycat/errors.hpp"
#include "copycat/plugin.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/offsets_admin.hpp"
#include "runtime/sink_offsets.hpp"
#include "runtime/source_offset_codec.hpp"
#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

// What the last alter_offsets() call saw, and what the next one answers.
struct alter_calls {
    std::mutex mutex;
    std::vector<source_offset_change> last;
    int calls = 0;
    bool confirm = true;
    bool refuse = false;
};
alter_calls& seen() {
    static alter_calls c;
    return c;
}

class altering_source : public source_connector {
public:
    std::string version() const override { return "1"; }
    void start(const std::map<std::string, std::string>&) override {}
    std::vector<std::map<std::string, std::string>> task_configs(int) override { return {}; }
    void stop() override {}
    const config_def& config() const override { return def_; }
    std::unique_ptr<source_task> create_task() const override { return nullptr; }
    bool alter_offsets(const std::map<std::string, std::string>&,
                       const std::vector<source_offset_change>& offsets) override {
        std::lock_guard lock(seen().mutex);
        ++seen().calls;
        seen().last = offsets;
        if (seen().refuse) throw connect_error("offsets are read-only here");
        return seen().confirm;
    }

private:
    config_def def_;
};

storage::offset_bytes bytes_of(const std::string& s) { return {s.begin(), s.end()}; }
std::string text(const storage::offset_bytes& b) { return {b.begin(), b.end()}; }

void store(storage::offset_store& offsets, const std::string& key, const std::optional<std::string>& value) {
    std::map<storage::offset_bytes, std::optional<storage::offset_bytes>> entries;
    entries.emplace(bytes_of(key), value ? std::optional(bytes_of(*value)) : std::nullopt);
    offsets.set(std::move(entries), [](result<void>) {});
}

struct source_fixture {
    loader::plugin_registry plugins;
    storage::memory_offset_store offsets;
    worker_config worker;
    offsets_admin admin{worker, plugins, offsets};
    string_map config{{"name", "src"}, {"connector.class", "test.AlteringSource"}};

    source_fixture() {
        static const plugin_descriptor d = describe_plugin<altering_source>("test.AlteringSource", "1");
        plugins.add_builtin(d);
        REQUIRE(offsets.start().ok());
        std::lock_guard lock(seen().mutex);
        seen().calls = 0;
        seen().confirm = true;
        seen().refuse = false;
    }
};

}  // namespace

TEST_CASE_METHOD(source_fixture, "a source connector's offsets are the store entries keyed with its name") {
    store(offsets, R"(["src",{"filename":"/a"}])", R"({"position":30})");
    store(offsets, R"(["src",{"filename":"/b"}])", R"({"position":1})");
    store(offsets, R"(["other",{"filename":"/a"}])", R"({"position":99})");
    store(offsets, R"(not json)", R"({"position":5})");
    auto read = admin.offsets("src", config);
    REQUIRE(read.ok());
    CHECK(*read == std::vector<connector_offset>{{R"({"filename":"/a"})", R"({"position":30})"},
                                                 {R"({"filename":"/b"})", R"({"position":1})"}});
}

TEST_CASE_METHOD(source_fixture, "altering writes through the store, re-using the stored key bytes") {
    // A key written by Java with its members in another order than Copycat writes them.
    store(offsets, R"(["src",{"z":1,"a":"x"}])", R"({"position":30})");
    auto altered = admin.modify("src", config,
                                std::vector<connector_offset>{{R"({"a":"x","z":1})", std::nullopt},
                                                              {R"({"filename":"/new"})", R"({"position":5})"}});
    REQUIRE(altered.ok());
    CHECK(*altered == "The offsets for this connector have been altered successfully");
    {
        std::lock_guard lock(seen().mutex);
        CHECK(seen().calls == 1);
        REQUIRE(seen().last.size() == 2);
        CHECK(seen().last[0].partition.at("z").as_int64() == 1);  // integers arrive as int64, as in Kafka
        CHECK_FALSE(seen().last[0].offset.has_value());
        CHECK(seen().last[1].offset->at("position").as_int64() == 5);
    }
    const auto all = offsets.all();
    CHECK_FALSE(all.contains(bytes_of(R"(["src",{"z":1,"a":"x"}])")));  // tombstoned under its own bytes
    REQUIRE(all.contains(bytes_of(R"(["src",{"filename":"/new"}])")));
    CHECK(text(all.at(bytes_of(R"(["src",{"filename":"/new"}])"))) == R"({"position":5})");
}

TEST_CASE_METHOD(source_fixture, "a reset tombstones every partition of the connector and only those") {
    store(offsets, R"(["src",{"filename":"/a"}])", R"({"position":30})");
    store(offsets, R"(["other",{"filename":"/a"}])", R"({"position":99})");
    {
        std::lock_guard lock(seen().mutex);
        seen().confirm = false;
    }
    auto reset = admin.modify("src", config, std::nullopt);
    REQUIRE(reset.ok());
    CHECK(*reset ==
          "The Connect framework-managed offsets for this connector have been reset successfully. However, if this "
          "connector manages offsets externally, they will need to be manually reset in the system that the "
          "connector uses.");
    CHECK(admin.offsets("src", config)->empty());
    CHECK(admin.offsets("other", config)->size() == 1);
    // Nothing left: still a success, and the connector is still asked.
    CHECK(admin.modify("src", config, std::nullopt).ok());
    std::lock_guard lock(seen().mutex);
    CHECK(seen().calls == 2);
    CHECK(seen().last.empty());
}

TEST_CASE_METHOD(source_fixture, "a refused or malformed change writes nothing") {
    store(offsets, R"(["src",{"filename":"/a"}])", R"({"position":30})");
    {
        std::lock_guard lock(seen().mutex);
        seen().refuse = true;
    }
    auto refused = admin.modify("src", config, std::nullopt);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.err().message == "offsets are read-only here");
    CHECK(admin.offsets("src", config)->size() == 1);

    auto nested =
        admin.modify("src", config, std::vector<connector_offset>{{R"({"filename":"/a"})", R"({"position":{"x":1}})"}});
    REQUIRE_FALSE(nested.ok());
    CHECK(nested.err().message ==
          "Offsets may only contain primitive types as values, but field position contains MAP");
    auto null_partition = admin.modify("src", config, std::vector<connector_offset>{{"null", R"({"position":1})"}});
    REQUIRE_FALSE(null_partition.ok());
    CHECK(null_partition.err().code == make_error_code(errc::invalid_argument));
}

TEST_CASE("sink offsets parse as Kafka's SinkUtils does") {
    auto parsed = parse_sink_offsets({{R"({"kafka_topic":"t","kafka_partition":2})", R"({"kafka_offset":100})"},
                                      {R"({"kafka_topic":"t","kafka_partition":"3"})", R"({"kafka_offset":"7"})"},
                                      {R"({"kafka_topic":"u","kafka_partition":0})", std::nullopt}});
    REQUIRE(parsed.ok());
    CHECK(parsed->at(topic_partition{"t", 2}) == 100);
    CHECK(parsed->at(topic_partition{"t", 3}) == 7);
    CHECK_FALSE(parsed->at(topic_partition{"u", 0}).has_value());

    const auto message = [](connector_offset o) {
        auto r = parse_sink_offsets({std::move(o)});
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::invalid_argument));
        return r.err().message;
    };
    CHECK(message({"null", std::nullopt}) == "The partition for a sink connector offset cannot be null or missing");
    CHECK(message({R"({"kafka_topic":"t"})", std::nullopt}) ==
          "The partition for a sink connector offset must contain the keys 'kafka_topic' and 'kafka_partition'");
    CHECK(message({R"({"kafka_topic":null,"kafka_partition":1})", std::nullopt}) ==
          "Kafka topic names must be valid strings and may not be null");
    CHECK(message({R"({"kafka_topic":"t","kafka_partition":null})", std::nullopt}) ==
          "Kafka partitions must be valid numbers and may not be null");
    CHECK(message({R"({"kafka_topic":"t","kafka_partition":"x"})", std::nullopt}) ==
          "Failed to parse the following Kafka partition value in the provided offsets: 'x'. Partition values for "
          "sink connectors need to be integers.");
    CHECK(message({R"({"kafka_topic":"t","kafka_partition":1})", R"({"offset":1})"}) ==
          "The offset for a sink connector should either be null or contain the key 'kafka_offset'");
    CHECK(message({R"({"kafka_topic":"t","kafka_partition":1})", R"({"kafka_offset":1.5})"}) ==
          "Failed to parse the following Kafka offset value in the provided offsets: '1.5'. Offset values for sink "
          "connectors need to be integers.");
}

TEST_CASE("a sink connector's group is connect-<name> unless the consumer override names one") {
    worker_config worker;
    CHECK(sink_group_id(worker, "snk", {{"name", "snk"}}) == "connect-snk");
    CHECK(sink_group_id(worker, "snk", {{"consumer.override.group.id", "custom"}}) == "custom");
}
