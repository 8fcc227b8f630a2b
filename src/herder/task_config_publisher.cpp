#include "herder/task_config_publisher.hpp"

#include <utility>

#include "common/json.hpp"
#include "common/logging.hpp"
#include "herder/request_signing.hpp"
#include "net/http_client.hpp"

namespace copycat::herder {

std::vector<string_map> task_config_publisher::current_task_configs(const storage::cluster_config& config,
                                                                     const std::string& connector) {
    std::vector<string_map> out;
    for (std::int32_t task : config.tasks(connector)) {
        if (const string_map* c = config.task_config(connector, task)) out.push_back(*c);
    }
    return out;
}

void task_config_publisher::reconfigure(const std::string& connector, const storage::cluster_config& config,
                                        const leadership& leader, std::function<void()> retry) {
    if (!config.contains(connector) || config.target(connector) != storage::target_state_value::started) {
        backoffs_.erase(connector);
        return;
    }
    if (!worker_.is_connector_running(connector)) {
        backoffs_.erase(connector);
        log::info("Skipping update of tasks for connector {} since it is not running", connector);
        return;
    }
    // The snapshot does not show a write in flight: compare once it is read back.
    if (leader.is_leader && !writes_.idle_or_defer(connector, retry)) return;
    auto generated = worker_.connector_task_configs(connector);
    if (!generated) {
        // Retried while the connector runs (Kafka retries with a backoff too); a connector whose
        // taskConfigs() threw is FAILED and no longer running, which ends the retries.
        log::error("Failed to get task configs of connector {}: {}", connector, generated.err().describe());
        retry_later(connector, std::move(retry));
        return;
    }
    const bool consistent = !config.inconsistent.contains(connector);
    if (consistent && config.task_counts.contains(connector) &&
        *generated == current_task_configs(config, connector)) {
        log::debug("Task configs of connector {} are unchanged", connector);
        backoffs_.erase(connector);
        return;
    }
    log::info("Connector {} generated {} task config(s)", connector, generated->size());
    if (leader.is_leader) {
        writes_.write(
            connector,
            [this, connector, configs = std::move(*generated)](connector_writes::completion done) {
                configs_.put_task_configs(connector, configs, std::move(done));
            },
            [this, connector, retry = std::move(retry)](result<void> written) mutable {
                if (!written) {
                    log::error("Failed to write the task configs of connector {}: {}", connector,
                               written.err().describe());
                    retry_later(connector, std::move(retry));
                } else {
                    backoffs_.erase(connector);
                }
            });
        return;
    }
    if (leader.leader_url.empty()) {  // a rebalance is under way: no failure, check again soon
        loop_.post_after(retry_policy.initial, std::move(retry));
        return;
    }
    send_to_leader(connector, std::move(*generated), leader.leader_url, config.session_key, std::move(retry));
}

void task_config_publisher::send_to_leader(const std::string& connector, std::vector<string_map> configs,
                                           const std::string& leader_url,
                                           const std::optional<storage::session_key_record>& key,
                                           std::function<void()> retry) {
    json::value body = json::value::make_array();
    for (const string_map& c : configs) {
        json::value item = json::value::make_object();
        for (const auto& [k, v] : c) item.set(k, v);
        body.push_back(std::move(item));
    }
    net::http_call call;
    call.method = "POST";
    call.url = net::join_url(leader_url, "/connectors/" + net::encode_path_segment(connector) + "/tasks?forward=false");
    call.body = json::dump(body);
    if (key) {
        // Java signs whenever it holds a key, whatever the protocol; a leader that does not check ignores it.
        if (auto headers = sign_request(call.body, *key, signature_algorithm_)) {
            call.headers = std::move(*headers);
        } else {
            log::warn("Cannot sign the task configs of connector {}: {}", connector, headers.err().describe());
        }
    }
    const std::string url = call.url;
    // Answered on the loop thread; a loop that stops first abandons the call and its retry.
    net::async_http_request(loop_.executor(), std::move(call),
                            [this, connector, url, retry = std::move(retry)](result<net::http_reply> reply) mutable {
                                if (reply && reply->status / 100 == 2) {
                                    log::info("Sent the task configs of connector {} to the leader", connector);
                                    backoffs_.erase(connector);
                                    return;
                                }
                                log::warn("Failed to send the task configs of connector {} to the leader at {}: {}; "
                                          "retrying",
                                          connector, url,
                                          reply ? "HTTP " + std::to_string(reply->status) + " " + reply->body
                                                : reply.err().describe());
                                if (reply && reply->status == 403) {
                                    // Signed with a key the leader no longer takes: read the newer one.
                                    if (auto read = configs_.read_to_end(configs_read_timeout); !read)
                                        log::warn("Reading the config topic failed: {}", read.err().describe());
                                }
                                retry_later(connector, std::move(retry));
                            });
}

void task_config_publisher::retry_later(const std::string& connector, std::function<void()> retry) {
    auto it = backoffs_.try_emplace(connector, retry_policy).first;
    loop_.post_after(it->second.next(), std::move(retry));
}

}  // namespace copycat::herder
