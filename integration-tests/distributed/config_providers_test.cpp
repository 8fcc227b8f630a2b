// Config providers on a two-worker cluster (docs/security.md#config-providers): a FileStreamSource
// whose topic and an extra password come from `${file:...}` placeholders. Data arriving in the
// resolved topic proves that the task got the resolved values; every REST answer shows the
// placeholders, and the config topic, read back from the broker, holds no resolved value.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "distributed/distributed_workers.hpp"
#include "distributed/topic_reader.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

TEST_CASE("connector configs with file placeholders run resolved and are stored and shown as given", "[cluster]") {
    // The secrets live outside the cluster's directory, which allowed.paths does not cover.
    const fs::path secrets_dir = fs::temp_directory_path() / unique_name("copycat-secrets");
    fs::create_directories(secrets_dir);
    struct remove_at_exit {
        fs::path dir;
        ~remove_at_exit() {
            std::error_code ignored;
            fs::remove_all(dir, ignored);
        }
    } cleanup{secrets_dir};
    const std::string topic = unique_name("provided-topic");
    const std::string password = unique_name("s3cret-password");
    const fs::path secrets = secrets_dir / "connector.properties";
    std::ofstream(secrets) << "topic=" << topic << "\npw=" << password << "\n";

    distributed_workers cluster(
        {.workers = 2,
         .extra_properties = "config.providers=file\n"
                             "config.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider\n"
                             "config.providers.file.param.allowed.paths=" +
                             secrets_dir.string() + "\n"});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    append_to_file(input, numbered_lines("provided", 1, 20));
    const std::string topic_placeholder = "${file:" + secrets.string() + ":topic}";
    const std::string password_placeholder = "${file:" + secrets.string() + ":pw}";
    const std::string config = R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" + input.string() +
                               R"(","topic":")" + topic_placeholder + R"(","connection.password":")" +
                               password_placeholder + R"("})";

    // A provider the workers lack is refused before anything is stored.
    const auto refused = cluster.call(0, "PUT", "/connectors/vaulted/config",
                                      R"({"connector.class":"FileStreamSource","file":")" + input.string() +
                                          R"(","topic":"${vault:secret/data:topic}"})");
    CHECK(refused.status == 400);
    CHECK(refused.body.find("config provider 'vault' is not configured on this worker") != std::string::npos);

    REQUIRE(cluster.call(1, "PUT", "/connectors/provided/config", config).status == 201);
    REQUIRE(poll_until(60s, [&] {
        const auto tasks = cluster.tasks(0, "provided");
        return cluster.connector_state(0, "provided") == "RUNNING" && tasks.size() == 1 && tasks[0].state == "RUNNING";
    }));
    // The task produced to the topic the provider named.
    REQUIRE(poll_until(60s, [&] {
        return cluster.call(0, "GET", "/connectors/provided/topics").body.find(topic) != std::string::npos;
    }));
    REQUIRE(poll_until(60s, [&] { return read_topic(topic).size() == 20; }));

    // Every REST answer, on both workers, shows the placeholders and no resolved value.
    for (int i = 0; i < 2; ++i) {
        for (const char* target : {"/connectors/provided", "/connectors/provided/config", "/connectors/provided/tasks",
                                   "/connectors?expand=info", "/connectors?expand=info&expand=status"}) {
            const auto reply = cluster.call(i, "GET", target);
            INFO("worker " << i << " GET " << target << ": " << reply.body);
            REQUIRE(reply.status == 200);
            CHECK(reply.body.find(topic_placeholder) != std::string::npos);
            CHECK(reply.body.find(topic) == std::string::npos);
            CHECK(reply.body.find(password) == std::string::npos);
        }
    }

    // The config topic holds the connector and task configs with the placeholders only.
    bool saw_task_config = false;
    for (const topic_record& r : read_topic(cluster.config_topic())) {
        if (!r.value) continue;
        INFO("config topic record " << r.key << ": " << *r.value);
        CHECK(r.value->find(topic) == std::string::npos);
        CHECK(r.value->find(password) == std::string::npos);
        if (r.key.starts_with("task-provided-")) {
            saw_task_config = true;
            CHECK(r.value->find(topic_placeholder) != std::string::npos);
        }
    }
    CHECK(saw_task_config);
}
