#include <catch2/catch.hpp>

#include <sys/prctl.h>

#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "kafka/rdkafka/detail/client_factory.hpp"

using namespace copycat;
using namespace copycat::rdkafka;
using namespace std::chrono_literals;

namespace {

// The timer slack of every librdkafka thread that started, read on that thread.
std::mutex started_mutex;
std::vector<long> started_slack;

rd_kafka_resp_err_t on_thread_start(rd_kafka_t* /*rk*/, rd_kafka_thread_type_t /*type*/, const char* /*name*/,
                                    void* /*opaque*/) {
    const long slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
    std::lock_guard lock(started_mutex);
    started_slack.push_back(slack);
    return RD_KAFKA_RESP_ERR_NO_ERROR;
}

rd_kafka_resp_err_t on_new(rd_kafka_t* rk, const rd_kafka_conf_t* /*conf*/, void* /*opaque*/, char* /*errstr*/,
                           size_t /*errstr_size*/) {
    return rd_kafka_interceptor_add_on_thread_start(rk, "timer-slack-test", on_thread_start, nullptr);
}

void watch_thread_starts(rd_kafka_conf_t* conf) {
    rd_kafka_conf_interceptor_add_on_new(conf, "timer-slack-test", on_new, nullptr);
}

std::vector<long> slack_seen() {
    std::lock_guard lock(started_mutex);
    return started_slack;
}

}  // namespace

TEST_CASE("librdkafka's threads start with 1 ms of timer slack and the creating thread keeps its own") {
    const long own_slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
    REQUIRE(own_slack < 1'000'000);  // the default is 50 us
    auto config = client_config::from_map({});  // no broker: its threads start all the same
    REQUIRE(config.ok());
    detail::client_options options;
    options.type = RD_KAFKA_PRODUCER;
    options.role = "producer";
    options.customize = watch_thread_starts;
    auto handle = detail::create_client(*config, options);
    REQUIRE(handle.ok());
    CHECK(prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0) == own_slack);

    // librdkafka's main thread and its internal broker thread.
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (slack_seen().size() < 2 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
    const std::vector<long> seen = slack_seen();
    REQUIRE(seen.size() >= 2);
    for (long slack : seen) CHECK(slack == 1'000'000);
}
