// The JVM bridge's discovery against the real JVM and real jars (tests/jvm/CMakeLists.txt). One
// JVM per process: only the first test case starts one; each test case runs in a process of its
// own (catch_discover_tests).
#include "jvm/java_plugins.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>
#include <fstream>
#include <iterator>
#include <string>

#include "app/builtin_plugins.hpp"
#include "common/captured_stderr.hpp"
#include "common/logging.hpp"
#include "common/secret_values.hpp"
#include "converters/json_converter.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/connector/source_task_context.hpp"
#include "copycat/errors.hpp"
#include "runtime/worker_transaction_context.hpp"

using namespace copycat;

namespace {

const std::string java_plugins = COPYCAT_TEST_JAVA_PLUGIN_DIR;

jvm::java_bridge_settings settings(std::vector<std::string> preferred = {}) {
    return jvm::bridge_settings_from_environment("-Xmx128m", std::move(preferred));
}

bool any_contains(const std::vector<std::string>& lines, const std::string& a, const std::string& b = "") {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.find(a) != std::string::npos && l.find(b) != std::string::npos;
    });
}

// The worker's offset store for one task: what a source task's OffsetStorageReader reads.
struct stored_offsets final : offset_storage_reader {
    explicit stored_offsets(std::vector<std::pair<source_map, source_map>> stored) : stored_(std::move(stored)) {}
    std::optional<source_map> offset(const source_map& partition) override {
        for (const auto& [p, o] : stored_)
            if (p == partition) return o;
        return std::nullopt;
    }
    std::vector<std::pair<source_map, source_map>> offsets(const std::vector<source_map>& partitions) override {
        std::vector<std::pair<source_map, source_map>> out;
        for (const source_map& p : partitions)
            if (auto o = offset(p)) out.emplace_back(p, *o);
        return out;
    }
    std::vector<std::pair<source_map, source_map>> stored_;
};

struct fixed_context final : source_task_context {
    fixed_context(std::map<std::string, std::string> configs, stored_offsets& offsets,
                  copycat::transaction_context* transactions = nullptr)
        : configs_(std::move(configs)), offsets_(offsets), transactions_(transactions) {}
    const std::map<std::string, std::string>& configs() const override { return configs_; }
    copycat::offset_storage_reader& offset_storage_reader() override { return offsets_; }
    copycat::transaction_context* transaction_context() override { return transactions_; }
    std::map<std::string, std::string> configs_;
    stored_offsets& offsets_;
    copycat::transaction_context* transactions_;
};

// A connector context that records what the connector asks for (from any thread).
struct recording_context final : connector_context {
    void request_task_reconfiguration() override {
        std::lock_guard lock(mutex_);
        ++reconfigurations_;
    }
    void raise_error(std::string message) override {
        std::lock_guard lock(mutex_);
        errors_.push_back(std::move(message));
    }
    // Polls until at least that many requests arrived, with a deadline.
    bool wait_for(int reconfigurations, std::size_t errors) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (std::chrono::steady_clock::now() < deadline) {
            {
                std::lock_guard lock(mutex_);
                if (reconfigurations_ >= reconfigurations && errors_.size() >= errors) return true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }
    std::string raised() {
        std::lock_guard lock(mutex_);
        return errors_.empty() ? "" : errors_.front();
    }
    std::mutex mutex_;
    int reconfigurations_ = 0;
    std::vector<std::string> errors_;
};

bool libjvm_loaded() {
    std::ifstream maps("/proc/self/maps");
    const std::string text((std::istreambuf_iterator<char>(maps)), std::istreambuf_iterator<char>());
    return text.find("libjvm.so") != std::string::npos;
}

}  // namespace

TEST_CASE("Java plugins are found through their ServiceLoader manifests, bad ones are skipped with the reason") {
    loader::plugin_registry registry;
    app::register_builtin_plugins(registry);
    const auto report = jvm::register_java_plugins(
        {java_plugins},
        settings({"org.apache.kafka.connect.transforms.Filter", "org.apache.kafka.connect.transforms.HoistField$Value",
                  "org.apache.kafka.connect.transforms.InsertField$Value",
                  "org.apache.kafka.connect.transforms.predicates.TopicNameMatches",
                  "org.apache.kafka.connect.json.JsonConverter"}),
        registry);
    REQUIRE(report.jvm_started);
    CHECK(libjvm_loaded());
    CHECK(report.locations.size() == 5);

    // The usable classes, with Kafka's type names and versions ("undefined" when none).
    const loader::plugin_entry* source = registry.find("copycat.test.good.GoodSourceConnector");
    REQUIRE(source != nullptr);
    CHECK(source->kind() == plugin_kind::source_connector);
    CHECK(source->version == "1.2.3");
    CHECK(source->location() == java_plugins + "/good");
    CHECK(registry.find("GoodSource") == source);  // Kafka's aliases
    CHECK(registry.find("GoodSourceConnector") == source);
    const loader::plugin_entry* smt = registry.find("copycat.test.good.UpperCase");
    REQUIRE(smt != nullptr);
    CHECK(smt->kind() == plugin_kind::transformation);
    CHECK(smt->version == "undefined");
    const loader::plugin_entry* header = registry.find("copycat.test.bad.FineHeaderConverter");
    REQUIRE(header != nullptr);
    CHECK(header->kind() == plugin_kind::header_converter);

    // A throwing constructor, a failing static initializer, a missing dependency: skipped, each
    // with its cause; a jar with no manifest is not a plugin.
    CHECK(registry.find("copycat.test.bad.ThrowingConverter") == nullptr);
    CHECK(any_contains(report.refused, "ThrowingConverter refuses to be built"));
    CHECK(registry.find("copycat.test.bad.BrokenInitPredicate") == nullptr);
    CHECK(any_contains(report.refused, "ExceptionInInitializerError", "NumberFormatException"));
    CHECK(registry.find("copycat.test.bad.NeedsMissingSinkConnector") == nullptr);
    CHECK(any_contains(report.refused, "NoClassDefFoundError", "copycat/test/missing/MissingBase"));
    CHECK(any_contains(report.refused, java_plugins + "/not-a-plugin.jar", "no Kafka Connect plugin found"));

    // Same class name as a built-in: the native one stays, unless java.bridge.preferred.classes
    // names the class.
    const loader::plugin_entry* insert_key = registry.find("org.apache.kafka.connect.transforms.InsertField$Key");
    REQUIRE(insert_key != nullptr);
    CHECK(insert_key->location() == "builtin");
    const loader::plugin_entry* filter = registry.find("org.apache.kafka.connect.transforms.Filter");
    REQUIRE(filter != nullptr);
    CHECK(filter->location() == java_plugins + "/kafka-transforms");
    CHECK(filter->version == COPYCAT_TEST_KAFKA_API_VERSION);  // Kafka's SMTs report their release
    // Copycat has every SMT of connect-transforms built in: only the preferred ones came from Java.
    CHECK(std::count_if(report.registered.begin(), report.registered.end(), [](const std::string& line) {
              return line.find("/kafka-transforms") != std::string::npos;
          }) == 4);

    // A Java connector behind Copycat's interface: its ConfigDef, validate(), and life cycle.
    auto connector = source->create<source_connector>();
    CHECK(connector->version() == "1.2.3");
    const config_def& def = connector->config();
    REQUIRE(def.config_keys().size() == 2);
    const config_key& topic = def.config_keys()[0];
    CHECK(topic.name == "topic");
    CHECK_FALSE(topic.has_default());
    CHECK(topic.importance == importance::high);
    const config_key& batch = def.config_keys()[1];
    CHECK(batch.type == config_type::int_);
    CHECK(batch.default_value == parsed_value{std::int32_t{2000}});
    CHECK(batch.group == "Tuning");
    CHECK(batch.width == width::short_);
    CHECK(batch.display_name == "Batch size");
    // Java's validate() answers in hash order; the REST answer orders by the ConfigDef.
    auto validated = connector->validate({{"batch.size", "0"}});
    std::sort(validated.begin(), validated.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    REQUIRE(validated.size() == 2);
    CHECK(validated[0].name == "batch.size");
    CHECK(validated[0].value == parsed_value{std::string("0")});
    CHECK(validated[0].errors ==
          std::vector<std::string>{"Invalid value 0 for configuration batch.size: Value must be at least 1"});
    CHECK(validated[1].name == "topic");
    CHECK(validated[1].errors == std::vector<std::string>{
                                     "Missing required configuration \"topic\" which has no default value."});
    // Requests from the connector's own threads reach the worker's context on a Copycat thread.
    recording_context requests;
    connector->initialize(requests);
    connector->start({{"topic", "t1"}, {"request.reconfiguration", "true"}, {"raise.error", "raised by Java"}});
    CHECK(requests.wait_for(1, 1));
    CHECK_THAT(requests.raised(), Catch::Contains("org.apache.kafka.connect.errors.ConnectException: raised by Java") &&
                                      Catch::Contains("at copycat.test.good.GoodSourceConnector.lambda$start$"));
    connector->stop();
    connector->start({{"topic", "t1"}});
    CHECK(connector->task_configs(2) == std::vector<std::map<std::string, std::string>>{
                                            {{"task", "0"}, {"topic", "t1"}}, {{"task", "1"}, {"topic", "t1"}}});
    connector->stop();
    // A Java exception fails the call with Java's stack trace.
    CHECK_THROWS_WITH(connector->start({{"topic", "boom"}}),
                      Catch::Contains("java.lang.IllegalStateException: GoodSourceConnector cannot start on topic boom") &&
                          Catch::Contains("at copycat.test.good.GoodSourceConnector.start("));
    // Its task: poll() batches cross once each; the offset reader reads what the worker stored.
    connector->start({{"topic", "t1"}, {"count", "5"}});
    const auto task_config = connector->task_configs(1).at(0);
    auto task = connector->create_task();
    REQUIRE(task != nullptr);
    CHECK(task->version() == "1.2.3");
    stored_offsets offsets({{source_map{{"source", value("good")}}, source_map{{"position", value(std::int64_t{1})}}}});
    fixed_context context(task_config, offsets);
    task->initialize(context);
    task->start(task_config);
    std::vector<source_record> polled;
    for (int i = 0; i < 3; ++i)
        for (auto& r : task->poll()) polled.push_back(std::move(r));
    REQUIRE(polled.size() == 3);  // positions 2, 3, 4: resumed after the stored offset
    CHECK(polled[0].topic == "t1");
    CHECK(polled[0].key == value("key-2"));
    REQUIRE(polled[0].val.is_struct());
    CHECK(polled[0].val.as_struct().get("n") == value(std::int64_t{2}));
    CHECK(polled[0].val.as_struct().get("text") == value("record 2"));
    CHECK(polled[0].value_schema->name() == "good.Value");
    CHECK(polled[2].source_offset == source_map{{"position", value(std::int64_t{4})}});
    CHECK(polled[2].source_partition == source_map{{"source", value("good")}});
    REQUIRE(polled[2].hdrs.size() == 1);
    CHECK(polled[2].hdrs[0].val == value(std::int64_t{4}));
    CHECK(task->poll().empty());  // Java's null: no data now
    task->commit();
    task->commit_record(polled[0], record_metadata{"t1", 0, 7, std::nullopt});
    task->stop();
    // A Java exception in poll() carries Java's stack trace.
    auto failing = connector->create_task();
    auto failing_config = task_config;
    failing_config["fail.at"] = "4";  // the first batch is 2 and 3
    failing->initialize(context);
    failing->start(failing_config);
    CHECK_NOTHROW(failing->poll());
    CHECK_THROWS_WITH(failing->poll(), Catch::Contains("org.apache.kafka.connect.errors.ConnectException: "
                                                       "GoodSourceTask fails at 4") &&
                                           Catch::Contains("at copycat.test.good.GoodSourceTask.poll("));
    connector->stop();
    // Kafka's own JsonConverter, preferred over Copycat's: the same bytes both ways.
    const loader::plugin_entry* json_entry = registry.find("org.apache.kafka.connect.json.JsonConverter");
    REQUIRE(json_entry != nullptr);
    CHECK(json_entry->location() == java_plugins + "/kafka-json");
    auto java_json = json_entry->create<converter>();
    java_json->configure({{"schemas.enable", "true"}}, false);
    converters::json_converter native_json;
    native_json.configure({{"schemas.enable", "true"}}, false);
    const schema_ptr point = schema_builder::struct_()
                                 .name("Point")
                                 .field("x", schema::int32())
                                 .field("label", schema::optional_string())
                                 .build();
    struct_value p(point);
    p.put("x", value(std::int32_t{7})).put("label", value("s\u00fcd"));
    headers none;
    const auto java_bytes = java_json->from_connect_data("t", none, point, value(std::make_shared<struct_value>(p)));
    const auto native_bytes = native_json.from_connect_data("t", none, point, value(std::make_shared<struct_value>(p)));
    REQUIRE(java_bytes);
    CHECK(*java_bytes == *native_bytes);
    const schema_and_value back = java_json->to_connect_data("t", none, bytes_view(*java_bytes));
    CHECK(back.val.as_struct().get("x") == value(std::int32_t{7}));
    CHECK(back.val.as_struct().get("label") == value("s\u00fcd"));
    CHECK(java_json->to_connect_data("t", none, std::nullopt).val.is_null());
    auto java_header = json_entry->create<header_converter>();
    java_header->configure({{"schemas.enable", "false"}});
    const auto header_bytes = java_header->from_connect_header("t", "h", schema::string(), value("v"));
    REQUIRE(header_bytes);
    CHECK(std::string(header_bytes->begin(), header_bytes->end()) == "\"v\"");
    CHECK(java_header->to_connect_header("t", "h", bytes_view(*header_bytes)).val == value("v"));
    java_json->close();

    // A record crosses to Java SMTs and back: Java-only UpperCase, then Kafka's own HoistField and
    // InsertField (Struct with a schema), keeping headers, source partition and offset.
    auto upper = smt->create<transformation>();
    upper->configure({});
    CHECK(upper->config().config_keys().empty());
    source_record record({{"file", value("/in.txt")}}, {{"position", value(std::int64_t{42})}}, "lines", std::nullopt,
                         nullptr, value(), schema::string(), value("h\u00e9llo \U0001F600"), 1700000000000);
    record.hdrs.add_string("origin", "test");
    REQUIRE(upper->apply(record));
    CHECK(record.val == value("H\u00c9LLO \U0001F600"));
    auto hoist = registry.find("org.apache.kafka.connect.transforms.HoistField$Value")->create<transformation>();
    hoist->configure({{"field", "line"}});
    auto insert = registry.find("org.apache.kafka.connect.transforms.InsertField$Value")->create<transformation>();
    insert->configure({{"static.field", "via"}, {"static.value", "java"}});
    REQUIRE(hoist->apply(record));
    REQUIRE(insert->apply(record));
    REQUIRE(record.value_schema != nullptr);
    REQUIRE(record.val.is_struct());
    CHECK(record.val.as_struct().get("line") == value("H\u00c9LLO \U0001F600"));
    CHECK(record.val.as_struct().get("via") == value("java"));
    CHECK(record.value_schema->fields().size() == 2);
    CHECK(record.topic == "lines");
    CHECK(record.timestamp == 1700000000000);
    REQUIRE(record.hdrs.size() == 1);
    CHECK(record.hdrs[0].key == "origin");
    CHECK(record.hdrs[0].val == value("test"));
    CHECK(record.source_partition == source_map{{"file", value("/in.txt")}});
    CHECK(record.source_offset == source_map{{"position", value(std::int64_t{42})}});
    // A Java transformation that returns null drops the record.
    source_record dropped({}, {}, "lines", std::nullopt, nullptr, value(), schema::string(), value("drop"));
    CHECK_FALSE(upper->apply(dropped));
    // A Java predicate.
    auto matches = registry.find("org.apache.kafka.connect.transforms.predicates.TopicNameMatches")->create<predicate>();
    matches->configure({{"pattern", "li.*"}});
    CHECK(matches->test(record));
    record.topic = "other";
    CHECK_FALSE(matches->test(record));
    // A Java exception in apply() carries Java's stack trace.
    auto bad_insert = registry.find("org.apache.kafka.connect.transforms.InsertField$Value")->create<transformation>();
    bad_insert->configure({{"static.field", "via"}, {"static.value", "java"}});
    source_record not_a_struct({}, {}, "lines", std::nullopt, nullptr, value(), schema::int64(), value(std::int64_t{1}));
    CHECK_THROWS_WITH(bad_insert->apply(not_a_struct),
                      Catch::Contains("org.apache.kafka.connect.errors.DataException") &&
                          Catch::Contains("at org.apache.kafka.connect.transforms.InsertField"));
    upper->close();
}

TEST_CASE("A Java plugin's SLF4J logger is the worker's logger of its name: listed, set by namespace, secrets hidden") {
    loader::plugin_registry registry;
    const auto report = jvm::register_java_plugins({java_plugins}, settings(), registry);
    REQUIRE(report.vm != nullptr);
    const loader::plugin_entry* source = registry.find("GoodSource");
    REQUIRE(source != nullptr);
    auto connector = source->create<source_connector>();
    connector->start({{"topic", "t1"}, {"count", "1"}});
    stored_offsets offsets({});
    const auto start_task = [&](const std::string& topic) {
        auto task = connector->create_task();
        const std::map<std::string, std::string> config{{"topic", topic}, {"count", "1"}};
        fixed_context context(config, offsets);
        task->initialize(context);
        testing::captured_stderr err;
        task->start(config);
        task->stop();
        return err.text();
    };
    const std::string info = start_task("plain-topic");
    CHECK(info.find(" INFO [copycat.test.good.GoodSourceTask] GoodSourceTask starts at 0 of 1\n") != std::string::npos);
    CHECK(info.find("writes to topic") == std::string::npos);
    CHECK(log::logger_levels().contains("copycat.test.good.GoodSourceTask"));

    log::set_logger_level("copycat.test", log::level::debug);  // PUT /admin/loggers/copycat.test
    const std::string debug = start_task("plain-topic");
    CHECK(debug.find(" DEBUG [copycat.test.good.GoodSourceTask] GoodSourceTask writes to topic plain-topic\n") !=
          std::string::npos);

    secret_values::process().set("task good-0", {"topic-hunter2"});
    const std::string hidden = start_task("topic-hunter2");
    CHECK(hidden.find("GoodSourceTask writes to topic [hidden]") != std::string::npos);
    CHECK(hidden.find("hunter2") == std::string::npos);

    log::set_logger_level("copycat.test.good.GoodSourceTask", log::level::warn);
    CHECK(start_task("plain-topic").find("GoodSourceTask") == std::string::npos);
    connector->stop();
}

TEST_CASE("A Java source connector's exactly-once answers and its task's transaction requests cross the bridge") {
    loader::plugin_registry registry;
    const auto report = jvm::register_java_plugins({java_plugins}, settings(), registry);
    REQUIRE(report.jvm_started);
    const loader::plugin_entry* entry = registry.find("TransactionalSourceConnector");
    REQUIRE(entry != nullptr);
    auto connector = entry->create<source_connector>();

    // exactlyOnceSupport: Java's null (SourceConnector's default) is "does not say".
    CHECK(connector->exactly_once_support({}) == std::nullopt);
    CHECK(connector->exactly_once_support({{"exactly.once.answer", "null"}}) == std::nullopt);
    CHECK(connector->exactly_once_support({{"exactly.once.answer", "SUPPORTED"}}) == exactly_once_support::supported);
    CHECK(connector->exactly_once_support({{"exactly.once.answer", "UNSUPPORTED"}}) ==
          exactly_once_support::unsupported);
    // An exception's message alone (Kafka's validation quotes getMessage()), untrimmed, or empty.
    CHECK_THROWS_MATCHES(connector->exactly_once_support({{"exactly.once.answer", "throw"}}), connect_error,
                         Catch::Message("  exactlyOnceSupport cannot tell  "));
    CHECK_THROWS_MATCHES(connector->exactly_once_support({{"exactly.once.answer", "throw-empty"}}), connect_error,
                         Catch::Message(""));
    // canDefineTransactionBoundaries: SourceConnector's default is UNSUPPORTED; null counts as that.
    CHECK(connector->can_define_transaction_boundaries({}) == connector_transaction_boundaries::unsupported);
    CHECK(connector->can_define_transaction_boundaries({{"boundaries.answer", "SUPPORTED"}}) ==
          connector_transaction_boundaries::supported);
    CHECK(connector->can_define_transaction_boundaries({{"boundaries.answer", "null"}}) ==
          connector_transaction_boundaries::unsupported);
    CHECK_THROWS_MATCHES(connector->can_define_transaction_boundaries({{"boundaries.answer", "throw"}}),
                         connect_error, Catch::Message("  canDefineTransactionBoundaries cannot tell  "));

    // A task with a transaction context: its requests reach Copycat's context with the batch they
    // were made in; records are compared by value, as the worker's task loop compares them.
    const std::map<std::string, std::string> config = {{"topic", "t"},         {"count", "10"},
                                                       {"batch.size", "5"},    {"commit.record", "1"},
                                                       {"abort.record", "3"},  {"commit.batch", "2"},
                                                       {"abort.batch", "7"}};
    connector->start(config);
    stored_offsets offsets({});
    runtime::worker_transaction_context transactions;
    fixed_context context(config, offsets, &transactions);
    auto task = connector->create_task();
    task->initialize(context);
    task->start(config);
    const auto first = task->poll();
    REQUIRE(first.size() == 5);
    CHECK(first[0].val == value("0"));  // a task with a transaction context
    CHECK(transactions.should_commit_batch());
    CHECK_FALSE(transactions.should_abort_batch());
    CHECK_FALSE(transactions.should_commit_on(first[0]));
    CHECK(transactions.should_commit_on(first[1]));
    CHECK(transactions.should_abort_on(first[3]));
    CHECK_FALSE(transactions.should_abort_on(first[3]));  // each request is answered once
    const auto second = task->poll();
    REQUIRE(second.size() == 5);
    CHECK(transactions.should_abort_batch());
    CHECK_FALSE(transactions.should_commit_batch());
    CHECK(task->poll().empty());  // Java's null: nothing more, and no requests
    CHECK_FALSE(transactions.should_abort_batch());
    task->stop();

    // Without one (any other transaction.boundary), the Java task's transactionContext() is null.
    fixed_context plain(config, offsets);
    auto without = connector->create_task();
    without->initialize(plain);
    without->start(config);
    const auto polled = without->poll();
    REQUIRE(polled.size() == 5);
    CHECK(polled[0].val == value("0 no-context"));
    without->stop();
    connector->stop();
}

TEST_CASE("Each plugin directory has its own class loader: two versions of one library coexist") {
    loader::plugin_registry registry;
    const auto report = jvm::register_java_plugins({COPYCAT_TEST_JAVA_ISOLATED_DIR}, settings(), registry);
    REQUIRE(report.jvm_started);
    CHECK(report.locations.size() == 2);
    const loader::plugin_entry* a = registry.find("copycat.test.isoa.IsoAConverter");
    const loader::plugin_entry* b = registry.find("copycat.test.isob.IsoBConverter");
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    CHECK(a->version == "library-1");
    CHECK(b->version == "library-2");
}

TEST_CASE("A JVM that cannot start: the Java plugins are skipped with the reason, the native ones stay") {
    loader::plugin_registry registry;
    app::register_builtin_plugins(registry);
    const std::size_t builtins = registry.entries().size();
    auto wrong = settings();
    wrong.java_home = "/nonexistent-java-home";
    const auto report = jvm::register_java_plugins({java_plugins}, wrong, registry);
    CHECK_FALSE(report.jvm_started);
    REQUIRE(report.refused.size() == 1);
    CHECK_THAT(report.refused.front(),
               Catch::Contains("The JVM did not start") && Catch::Contains("/nonexistent-java-home"));
    CHECK(registry.entries().size() == builtins);
    CHECK_FALSE(libjvm_loaded());
}

TEST_CASE("A JVM option it refuses: the Java plugins are skipped, the worker goes on") {
    loader::plugin_registry registry;
    auto bad = jvm::bridge_settings_from_environment("-XX:+NoSuchJvmOption", {});
    const auto report = jvm::register_java_plugins({java_plugins}, bad, registry);
    CHECK_FALSE(report.jvm_started);
    REQUIRE(report.refused.size() == 1);
    CHECK_THAT(report.refused.front(), Catch::Contains("did not start"));
    CHECK(registry.entries().empty());
}

TEST_CASE("A plugin.path without jars loads no JVM") {
    loader::plugin_registry registry;
    const auto report = jvm::register_java_plugins({COPYCAT_TEST_NATIVE_PLUGIN_DIR}, settings(), registry);
    CHECK(report.locations.empty());
    CHECK_FALSE(report.jvm_started);
    CHECK(report.refused.empty());
    CHECK_FALSE(libjvm_loaded());
}
