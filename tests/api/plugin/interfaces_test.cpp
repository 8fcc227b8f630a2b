// Default behaviour of the plugin interfaces and their contexts.
#include <catch2/catch.hpp>

#include <unordered_set>

#include "fake_plugins.hpp"

using namespace copycat;

namespace {

class memory_offset_reader final : public offset_storage_reader {
public:
    std::vector<std::pair<source_map, source_map>> stored;

    std::optional<source_map> offset(const source_map& partition) override {
        for (const auto& [p, o] : stored) {
            if (p == partition) return o;
        }
        return std::nullopt;
    }
    std::vector<std::pair<source_map, source_map>> offsets(const std::vector<source_map>& partitions) override {
        std::vector<std::pair<source_map, source_map>> out;
        for (const auto& partition : partitions) {
            if (auto o = offset(partition)) out.emplace_back(partition, *o);
        }
        return out;
    }
};

class test_source_context final : public source_connector_context, public source_task_context {
public:
    int reconfigurations = 0;
    std::vector<std::string> errors;
    memory_offset_reader reader;
    std::map<std::string, std::string> task_props;

    void request_task_reconfiguration() override { ++reconfigurations; }
    void raise_error(std::string message) override { errors.push_back(std::move(message)); }
    copycat::offset_storage_reader& offset_storage_reader() override { return reader; }
    const std::map<std::string, std::string>& configs() const override { return task_props; }
};

class plain_context final : public connector_context {
public:
    void request_task_reconfiguration() override {}
    void raise_error(std::string) override {}
};

class test_sink_context final : public sink_task_context {
public:
    std::map<std::string, std::string> props;
    std::set<topic_partition> assigned{{"t", 0}, {"t", 1}};
    std::set<topic_partition> paused;
    std::chrono::milliseconds retry_after{0};

    const std::map<std::string, std::string>& configs() const override { return props; }
    void offset(const std::map<topic_partition, std::int64_t>&) override {}
    void offset(const topic_partition&, std::int64_t) override {}
    void timeout(std::chrono::milliseconds t) override { retry_after = t; }
    std::set<topic_partition> assignment() const override { return assigned; }
    void pause(const std::vector<topic_partition>& tps) override { paused.insert(tps.begin(), tps.end()); }
    void resume(const std::vector<topic_partition>& tps) override {
        for (const auto& tp : tps) paused.erase(tp);
    }
    void request_commit() override {}
};

// Exposes the protected accessors.
class probe_source_connector final : public source_connector {
public:
    std::vector<std::string> calls;
    std::string version() const override { return "0"; }
    void start(const std::map<std::string, std::string>& p) override { calls.push_back("start " + p.at("k")); }
    std::vector<std::map<std::string, std::string>> task_configs(int) override { return {}; }
    void stop() override { calls.push_back("stop"); }
    const config_def& config() const override {
        static const config_def def = [] {
            config_def d;
            d.define("k", config_type::int_, importance::high, "K");
            return d;
        }();
        return def;
    }
    std::unique_ptr<copycat::source_task> create_task() const override { return nullptr; }

    using source_connector::context;
    using source_connector::source_context;
};

}  // namespace

TEST_CASE("connector defaults: validate, reconfigure, contexts and KIP-875/KIP-618 answers") {
    probe_source_connector c;
    CHECK_THROWS_WITH(c.context(), "The connector has not been initialized");

    auto report = c.validate({{"k", "x"}});
    REQUIRE(report.size() == 1);
    CHECK(report[0].errors ==
          std::vector<std::string>{"Invalid value x for configuration k: Not a number of type INT"});

    test_source_context ctx;
    c.initialize(ctx);
    c.context().request_task_reconfiguration();
    c.context().raise_error("boom");
    CHECK(ctx.reconfigurations == 1);
    CHECK(ctx.errors == std::vector<std::string>{"boom"});
    CHECK(&c.source_context().offset_storage_reader() == &ctx.reader);

    c.reconfigure({{"k", "2"}});
    CHECK(c.calls == std::vector<std::string>{"stop", "start 2"});

    CHECK(c.exactly_once_support({}) == std::nullopt);
    CHECK(c.can_define_transaction_boundaries({}) == connector_transaction_boundaries::unsupported);
    CHECK_FALSE(c.alter_offsets({}, {{{{"file", value("f")}}, std::nullopt}}));

    probe_source_connector plain;
    plain_context pc;
    plain.initialize(pc);
    CHECK_THROWS_WITH(plain.source_context(), "The connector was not given a source connector context");

    fake::sink_connector sink;
    CHECK_FALSE(sink.alter_offsets({}, {{topic_partition{"t", 0}, 5}}));
    CHECK(sink_connector::topics_config == "topics");
}

TEST_CASE("a source task resumes from the offset reader and polls records") {
    test_source_context ctx;
    ctx.reader.stored.push_back({{{"file", value("f")}}, {{"position", value(std::int64_t{41})}}});
    fake::source_connector connector;
    auto task = connector.create_task();
    task->initialize(ctx);
    task->start({{"topic", "lines"}});
    auto records = task->poll();
    REQUIRE(records.size() == 1);
    CHECK(records[0].topic == "lines");
    CHECK(records[0].val == value("line 41"));
    CHECK(records[0].source_offset.at("position") == value(std::int64_t{42}));
    task->commit();
    task->commit_record(records[0], record_metadata{"lines", 0, 7, std::nullopt});
    task->commit_record(records[0], std::nullopt);
    CHECK(ctx.transaction_context() == nullptr);

    auto failing = connector.create_task();
    failing->initialize(ctx);
    failing->start({{"topic", "lines"}, {"fail", ""}});
    CHECK_THROWS_AS(failing->poll(), retriable_error);

    CHECK(ctx.reader.offsets({{{"file", value("f")}}, {{"file", value("g")}}}).size() == 1);
    CHECK(source_task::transaction_boundary_config == "transaction.boundary");
}

TEST_CASE("sink task defaults: pre_commit flushes and returns the offsets") {
    test_sink_context ctx;
    fake::sink_task task;
    task.initialize(ctx);
    task.start({});
    task.open({{"t", 0}});

    std::vector<sink_record> batch;
    batch.emplace_back("t", 0, nullptr, value(), nullptr, value("a"), 10);
    task.put(batch);
    CHECK(task.written.size() == 1);

    topic_partition_offsets offsets{{{"t", 0}, {11, "", std::nullopt}}};
    CHECK(task.pre_commit(offsets) == offsets);
    REQUIRE(task.flushed.size() == 1);
    CHECK(task.flushed[0] == offsets);
    task.close({{"t", 0}});

    ctx.pause({{"t", 1}});
    CHECK(ctx.paused == std::set<topic_partition>{{"t", 1}});
    ctx.timeout(std::chrono::seconds(2));
    CHECK(ctx.retry_after == std::chrono::milliseconds(2000));
    CHECK(ctx.errant_record_reporter() == nullptr);
    CHECK(sink_task::topics_regex_config == "topics.regex");
}

TEST_CASE("topic_partition is ordered, hashable and prints like Kafka") {
    topic_partition a{"a", 2};
    topic_partition b{"a", 10};
    topic_partition c{"b", 0};
    CHECK(a < b);
    CHECK(b < c);
    CHECK(a == topic_partition{"a", 2});
    CHECK(a.to_string() == "a-2");
    std::unordered_set<topic_partition> set{a, b, c, a};
    CHECK(set.size() == 3);
}

TEST_CASE("converters and transformations have harmless defaults") {
    fake::string_converter conv;
    conv.configure({}, true);
    headers hdrs;
    CHECK(conv.from_connect_data("t", hdrs, nullptr, value()) == std::nullopt);
    CHECK(conv.to_connect_data("t", hdrs, std::nullopt) == schema_and_value{});
    conv.close();

    fake::route_transformation transform;
    CHECK_NOTHROW(transform.configure({{"drop.topic", "x"}, {"unrelated", "y"}}));
    transform.close();
    fake::topic_prefix_predicate pred;
    pred.close();
}
