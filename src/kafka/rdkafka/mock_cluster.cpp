#include "kafka/rdkafka/mock_cluster.hpp"

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <utility>
#include <vector>

#include <fmt/format.h>

#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/detail/client_factory.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"

namespace copycat::rdkafka {

result<mock_cluster> mock_cluster::create(int brokers) {
    detail::client_options options;
    options.type = RD_KAFKA_PRODUCER;
    options.role = "mock cluster host";
    COPYCAT_TRY(auto host, detail::create_client(client_config(), options));
    rd_kafka_mock_cluster_t* cluster = rd_kafka_mock_cluster_new(host.get(), brokers);
    if (cluster == nullptr) {
        return make_error(errc::internal, fmt::format("cannot start a mock Kafka cluster of {} brokers", brokers));
    }
    return mock_cluster(std::move(host), cluster);
}

mock_cluster::mock_cluster(detail::handle_ptr host, rd_kafka_mock_cluster_s* cluster)
    : host_(std::move(host)), cluster_(cluster), bootstrap_(rd_kafka_mock_cluster_bootstraps(cluster)) {}

mock_cluster::mock_cluster(mock_cluster&& other) noexcept
    : host_(std::move(other.host_)),
      cluster_(std::exchange(other.cluster_, nullptr)),
      bootstrap_(std::move(other.bootstrap_)) {}

mock_cluster::~mock_cluster() {
    if (cluster_ != nullptr) rd_kafka_mock_cluster_destroy(cluster_);
}

result<void> mock_cluster::create_topic(std::string_view topic, std::int32_t partitions,
                                        std::int32_t replication_factor) {
    std::string name(topic);
    if (rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(cluster_, name.c_str(), partitions, replication_factor)) {
        return detail::kafka_error(err, fmt::format("create mock topic '{}'", name));
    }
    return {};
}

result<void> mock_cluster::set_round_trip_time(std::chrono::milliseconds rtt) {
    if (rd_kafka_resp_err_t err = rd_kafka_mock_broker_set_rtt(cluster_, -1, static_cast<int>(rtt.count()))) {
        return detail::kafka_error(err, "set the mock brokers' round-trip time");
    }
    return {};
}

void mock_cluster::fail_next_produce_requests(int count) {
    const std::vector<rd_kafka_resp_err_t> errors(static_cast<std::size_t>(count),
                                                  RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE);
    constexpr std::int16_t produce_api_key = 0;
    rd_kafka_mock_push_request_errors_array(cluster_, produce_api_key, errors.size(), errors.data());
}

}  // namespace copycat::rdkafka
