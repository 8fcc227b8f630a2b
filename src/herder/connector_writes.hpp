#pragma once
// connector_writes: the leader's config-topic writes in flight, per connector (docs/scale.md
// "Creating connectors at scale").
//
// The leader writes connector and task configs without blocking its loop, so the writes of many
// connectors share their round trips to the broker (a write is acknowledged and read back before
// it counts as done, as before). One connector's writes stay in order, as Kafka Connect's herder,
// which writes one thing at a time, makes them: a job about to write for a connector that has a
// write in flight waits until that write is read back, then runs (and looks at the configs again).
//
// Used on the herder's loop thread only; the writes' completions are posted back onto it.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "herder/herder_loop.hpp"

namespace copycat::herder {

class connector_writes {
public:
    using completion = std::function<void(result<void>)>;

    // `timeout`: how long write() waits for a write before it reports a timeout.
    connector_writes(herder_loop& loop, std::chrono::milliseconds timeout) : loop_(loop), timeout_(timeout) {}
    // A write that ends later (a config log stopped after the herder) is dropped.
    ~connector_writes();
    connector_writes(const connector_writes&) = delete;
    connector_writes& operator=(const connector_writes&) = delete;

    // True when `connector` has no write in flight; else false, and `job` is posted to the loop
    // once the writes in flight for it are done.
    bool idle_or_defer(const std::string& connector, std::function<void()> job);

    // Starts a write for `connector` (which must be idle): `start` sends it and calls its
    // completion once (on any thread). `then` runs on the loop once, with the write's outcome,
    // or with errc::timeout after the timeout; the connector stays busy until the write is done.
    void write(const std::string& connector, std::function<void(completion)> start, completion then);

private:
    void finish(const std::string& connector);

    // Whether this object still lives, for completions on other threads; guarded by its mutex.
    struct liveness {
        std::mutex mutex;
        bool alive = true;
    };

    herder_loop& loop_;
    const std::chrono::milliseconds timeout_;
    const std::shared_ptr<liveness> liveness_ = std::make_shared<liveness>();
    std::map<std::string, std::vector<std::function<void()>>> in_flight_;  // connector -> jobs waiting
};

}  // namespace copycat::herder
