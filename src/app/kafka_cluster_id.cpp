#include "app/kafka_cluster_id.hpp"

#include <algorithm>

#include "app/worker_clients.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/client_config.hpp"

namespace copycat::app {

result<std::string> lookup_kafka_cluster_id(const runtime::worker_config& config, std::chrono::milliseconds timeout,
                                            const std::function<bool()>& cancelled) {
    COPYCAT_TRY(auto client_config, shared_client_config(config));
    auto admin = rdkafka::admin_client::create(client_config);
    if (!admin) return make_error(errc::invalid_argument, "Cannot create a Kafka client: " + admin.err().message);

    // Ask in slices of at most a second so that a shutdown request is noticed promptly.
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!cancelled() && std::chrono::steady_clock::now() < deadline) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        auto id = admin->cluster_id(std::clamp(left, std::chrono::milliseconds(1), std::chrono::milliseconds(1000)));
        if (id) return id;
    }
    if (cancelled()) return make_error(errc::unavailable, "Start-up interrupted");
    return make_error(errc::unavailable, "Failed to connect to and describe Kafka cluster at " +
                                             config.bootstrap_servers +
                                             ". Check worker's broker connection and security properties.");
}

}  // namespace copycat::app
