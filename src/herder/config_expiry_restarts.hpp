#pragma once
// config_expiry_restarts: restarts a connector when a value a config provider gave its config
// expires (Kafka: WorkerConfigTransformer.scheduleReload, for config.action.reload=restart;
// docs/security.md#config-providers). The worker reports the earliest ttl when it starts the
// connector (runtime::status_listener::on_connector_config_expiry); the restart resolves the
// config again, which schedules the next one. A later report for the same connector replaces the
// earlier one, as Kafka cancels the stale request.
//
// Owned by a herder, on its loop: schedule() may be called from any thread; the restart is the
// herder's restart_connector, asked from a job of the loop. A connector that no longer runs on
// this worker then is left alone (the worker that runs it schedules its own restarts).

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

#include "herder_api/herder.hpp"
#include "herder/herder_loop.hpp"

namespace copycat::herder {

class config_expiry_restarts {
public:
    config_expiry_restarts(herder_loop& loop, herder& owner) : loop_(loop), owner_(owner) {}

    void schedule(const std::string& connector, std::chrono::milliseconds delay);

private:
    herder_loop& loop_;
    herder& owner_;
    std::map<std::string, std::uint64_t> generations_;  // touched on the loop thread only
};

}  // namespace copycat::herder
