#pragma once
// mock_cluster: librdkafka's in-process mock Kafka cluster, for brokerless unit tests of code
// built on the producer and consumer wrappers. It speaks enough of the protocol for produce,
// fetch, offsets, metadata and groups; it is never a substitute for a real broker in
// integration tests.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "kafka/rdkafka/handle.hpp"

struct rd_kafka_mock_cluster_s;

namespace copycat::rdkafka {

// Owns the mock cluster and the client handle that hosts it; its brokers listen on loopback
// ports chosen by the OS. Clients pointed at bootstrap_servers() must be destroyed before it.
// Methods may be called from any thread. Not movable while clients use it (it is usually a
// local in a test).
class mock_cluster {
public:
    static result<mock_cluster> create(int brokers = 1);

    mock_cluster(mock_cluster&& other) noexcept;
    mock_cluster& operator=(mock_cluster&&) = delete;
    ~mock_cluster();

    // "127.0.0.1:port,..." for bootstrap.servers.
    const std::string& bootstrap_servers() const { return bootstrap_; }

    // Topics are also created on first use with the mock's defaults; this sets the layout.
    result<void> create_topic(std::string_view topic, std::int32_t partitions, std::int32_t replication_factor = 1);
    // Delays every broker's answers by `rtt` (records then wait that long for acknowledgement).
    result<void> set_round_trip_time(std::chrono::milliseconds rtt);
    // Answers the next `count` Produce requests with MESSAGE_TOO_LARGE, an error producers do
    // not retry: their records fail at once.
    void fail_next_produce_requests(int count);

private:
    mock_cluster(detail::handle_ptr host, rd_kafka_mock_cluster_s* cluster);

    detail::handle_ptr host_;
    rd_kafka_mock_cluster_s* cluster_ = nullptr;
    std::string bootstrap_;
};

}  // namespace copycat::rdkafka
