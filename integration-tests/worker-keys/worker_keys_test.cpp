// Every worker key of Kafka Connect 4.4.0, as its own DistributedConfig and StandaloneConfig define
// them (read through the JVM by WorkerKeys.java from the connect-runtime jars): Copycat defines each
// with Kafka's type and default, docs/migrating.md lists each, and a worker file that sets every key
// to Kafka's default starts a distributed and a standalone worker on the test broker up to a
// running REST API, with at most one warning per key, none about an unknown key and no librdkafka
// configuration warning.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "app/worker_properties.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace std::chrono_literals;
using namespace copycat;
using namespace copycat::itest;

namespace {

struct kafka_key {
    std::string name;
    std::string type;          // Kafka's ConfigDef.Type name: LIST, STRING, INT, ...
    std::string default_text;  // "<none>": required; "<null>": null
};

// WorkerKeys.java's lines: name, type, default, validator, tab-separated.
std::vector<kafka_key> kafka_keys(const std::string& mode) {
    const std::string command =
        std::string(COPYCAT_JAVA) + " -cp '" + COPYCAT_WORKER_KEYS_CLASSPATH + "' WorkerKeys " + mode + " 2>/dev/null";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
    REQUIRE(pipe);
    std::string out;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe.get())) > 0;) out.append(buffer, n);
    std::vector<kafka_key> keys;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> fields;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, '\t');) fields.push_back(cell);
        if (fields.size() < 3) fields.resize(3);  // an empty default ends the line early
        keys.push_back({fields[0], fields[1], fields[2]});
    }
    // Kafka's own worker keys, whatever else a release adds.
    REQUIRE(keys.size() > (mode == "distributed" ? 100u : 40u));
    return keys;
}

const config_def& copycat_def(const std::string& mode) {
    return mode == "distributed" ? app::distributed_config_def() : app::standalone_config_def();
}

// Keys a worker file for the test broker sets to real values, whatever Kafka's default.
bool set_by_the_test(const std::string& key) {
    static const std::set<std::string> own = {
        "bootstrap.servers",    "group.id",           "config.storage.topic",
        "offset.storage.topic", "status.storage.topic", "listeners",
        "key.converter",        "value.converter",    "offset.storage.file.filename",
        // One broker: Kafka's replication factor of 3 cannot be met.
        "config.storage.replication.factor", "offset.storage.replication.factor", "status.storage.replication.factor"};
    return own.contains(key);
}

// A worker file with every key of Kafka's list at Kafka's default (those with one), then the
// test broker's settings.
std::string every_key_at_default(const std::vector<kafka_key>& keys, const temp_dir& dir, const std::string& mode) {
    std::ostringstream p;
    for (const kafka_key& k : keys) {
        if (k.default_text == "<none>" || k.default_text == "<null>" || set_by_the_test(k.name)) continue;
        std::string value;
        for (char c : k.default_text) value += c == '\\' ? std::string("\\\\") : std::string(1, c);
        p << k.name << "=" << value << "\n";
    }
    p << "bootstrap.servers=" << bootstrap_servers() << "\n"
      << "key.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "value.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "listeners=http://127.0.0.1:0\n";
    if (mode == "distributed") {
        p << "group.id=" << unique_name("worker-keys") << "\n"
          << "config.storage.topic=" << unique_name("worker-keys-configs") << "\n"
          << "offset.storage.topic=" << unique_name("worker-keys-offsets") << "\n"
          << "status.storage.topic=" << unique_name("worker-keys-status") << "\n"
          << "config.storage.replication.factor=1\n"
          << "offset.storage.replication.factor=1\n"
          << "status.storage.replication.factor=1\n";
    } else {
        p << "offset.storage.file.filename=" << (dir.path() / "connect.offsets").string() << "\n";
    }
    return dir.write("worker.properties", p.str());
}

std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
    return n;
}

void starts_with_every_key_at_default(const std::string& mode) {
    const auto keys = kafka_keys(mode);
    temp_dir dir("worker-keys");
    const std::string properties = every_key_at_default(keys, dir, mode);
    copycat_process worker({mode, properties}, dir.path() / "worker.log");
    const auto port = worker.rest_port(60s);
    INFO(worker.log());
    REQUIRE(port);
    // Running: the herder answers (503 "still starting up" before).
    REQUIRE(poll_until(60s, [&] {
        rest::testing::test_client client(*port, 10s);
        return client.request("GET", "/connectors").status == 200;
    }));
    const std::string log = worker.log();
    CHECK(occurrences(log, "isn't a known config") == 0);
    CHECK(occurrences(log, "CONFWARN") == 0);  // librdkafka takes what it is given without complaint
    for (const kafka_key& k : keys) {
        INFO(k.name);
        CHECK(occurrences(log, "Ignoring worker configuration '" + k.name + "'") <= 1);
    }
    CHECK(worker.terminate(60s) == 0);
}

}  // namespace

TEST_CASE("Copycat defines every Kafka Connect 4.4 worker key with Kafka's type and default") {
    for (const std::string mode : {"distributed", "standalone"}) {
        const config_def& def = copycat_def(mode);
        for (const kafka_key& k : kafka_keys(mode)) {
            INFO(mode << ": " << k.name << " " << k.type << " default '" << k.default_text << "'");
            const config_key* mine = def.find(k.name);
            REQUIRE(mine != nullptr);
            CHECK(config_type_name(mine->type) == k.type);
            // Kafka 4.4 requires bootstrap.servers; Copycat keeps localhost:9092, its default before.
            if (k.name == "bootstrap.servers") continue;
            if (k.default_text == "<none>") {
                CHECK_FALSE(mine->default_value.has_value());
            } else if (k.default_text == "<null>") {
                REQUIRE(mine->default_value.has_value());
                CHECK(std::holds_alternative<std::monostate>(*mine->default_value));
            } else {
                REQUIRE(mine->default_value.has_value());
                CHECK(config_def::parse_type(k.name, k.default_text, mine->type) == *mine->default_value);
            }
        }
    }
}

TEST_CASE("docs/migrating.md lists every Kafka Connect 4.4 worker key") {
    std::ifstream in(COPYCAT_MIGRATING_DOC);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    for (const std::string mode : {"distributed", "standalone"}) {
        for (const kafka_key& k : kafka_keys(mode)) {
            INFO(k.name);
            CHECK(doc.find("| `" + k.name + "` |") != std::string::npos);
        }
    }
}

TEST_CASE("a distributed worker with every Kafka Connect 4.4 worker key at its default runs") {
    starts_with_every_key_at_default("distributed");
}

TEST_CASE("a standalone worker with every Kafka Connect 4.4 worker key at its default runs") {
    starts_with_every_key_at_default("standalone");
}
