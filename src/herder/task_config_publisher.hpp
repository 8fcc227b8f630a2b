#pragma once
// task_config_publisher: brings a connector's task configs in the config topic up to date with what
// the running connector generates (Kafka: DistributedHerder.reconfigureConnector). The worker that
// runs the connector asks it for taskConfigs(tasks.max); when they differ from the snapshot's, the
// leader writes them (task-X-n records and a commit; without blocking the loop, one write per
// connector at a time: connector_writes), and a follower sends them to the leader's
// internal endpoint POST /connectors/{c}/tasks, signed with the session key when there is one
// (request_signing.hpp). A failed hand-over is retried with a backoff; after a 403 (the leader has
// a newer key) the config topic is read to its end first, so the retry signs with that key.
// Retries of one connector back off exponentially, 250 ms doubling up to 60 s, as Kafka's
// DistributedHerder does; a success starts over.
//
// Used on the distributed herder's loop thread; the HTTP call to the leader is asynchronous on the
// loop's io_context, so its answer (and any retry) is handled on the loop thread too.

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/backoff.hpp"
#include "common/properties.hpp"
#include "herder/connector_worker.hpp"
#include "herder/connector_writes.hpp"
#include "herder/herder_loop.hpp"
#include "storage/cluster_config.hpp"
#include "storage/kafka_config_store.hpp"

namespace copycat::herder {

class task_config_publisher {
public:
    // `signature_algorithm`: inter.worker.signature.algorithm.
    task_config_publisher(connector_worker& worker, storage::kafka_config_store& configs, herder_loop& loop,
                          connector_writes& writes, std::string signature_algorithm)
        : worker_(worker),
          configs_(configs),
          loop_(loop),
          writes_(writes),
          signature_algorithm_(std::move(signature_algorithm)) {}

    struct leadership {
        bool is_leader = false;
        std::string leader_url;  // empty while unknown
    };

    // Regenerates the task configs of `connector` (running here, target STARTED) and publishes them
    // when they changed. `retry` is posted to the loop after a backoff when publishing failed.
    void reconfigure(const std::string& connector, const storage::cluster_config& config, const leadership& leader,
                     std::function<void()> retry);

    // The task configs of a connector in a snapshot, in task order (empty when inconsistent).
    static std::vector<string_map> current_task_configs(const storage::cluster_config& config,
                                                        const std::string& connector);

private:
    void send_to_leader(const std::string& connector, std::vector<string_map> configs, const std::string& leader_url,
                        const std::optional<storage::session_key_record>& key, std::function<void()> retry);

    // Posts `retry` after the connector's next backoff delay.
    void retry_later(const std::string& connector, std::function<void()> retry);

    static constexpr backoff_policy retry_policy{.initial = std::chrono::milliseconds(250),
                                                 .max = std::chrono::milliseconds(60'000)};
    static constexpr std::chrono::milliseconds configs_read_timeout{3'000};

    connector_worker& worker_;
    storage::kafka_config_store& configs_;
    herder_loop& loop_;
    connector_writes& writes_;
    const std::string signature_algorithm_;
    std::map<std::string, exponential_backoff> backoffs_;  // connectors whose last hand-over failed
};

}  // namespace copycat::herder
