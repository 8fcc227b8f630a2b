#include "app/kafka_cluster_id.hpp"

#include <algorithm>
#include <array>

#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/client_config.hpp"

namespace copycat::app {
namespace {

// Worker settings librdkafka understands under the same name.
constexpr std::array<const char*, 6> shared_keys = {"security.protocol", "sasl.mechanism",  "sasl.username",
                                                    "sasl.password",     "ssl.ca.location", "client.id"};

}  // namespace

result<std::string> lookup_kafka_cluster_id(const runtime::worker_config& config, std::chrono::milliseconds timeout,
                                            const std::function<bool()>& cancelled) {
    rdkafka::client_config::property_map props{{"bootstrap.servers", config.bootstrap_servers}};
    for (const char* key : shared_keys) {
        if (auto it = config.originals.find(key); it != config.originals.end() && !it->second.empty())
            props[key] = it->second;
    }
    auto client_config = rdkafka::client_config::from_map(props);
    if (!client_config)
        return make_error(errc::invalid_argument, "Invalid worker configuration: " + client_config.err().message);
    auto admin = rdkafka::admin_client::create(*client_config);
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
