// The distributed herder's topic tracking (KIP-558), offsets (KIP-875) and
// cluster log levels (KIP-976); see distributed_herder.hpp.
#include <memory>
#include <utility>

#include "common/logging.hpp"
#include "herder/distributed_herder.hpp"
#include "herder/distributed_herder_submit.hpp"

namespace copycat::herder {

namespace {

error herder_stopping() { return make_error(errc::unavailable, "The herder is stopping"); }

}  // namespace

// Topics: from the status topic's cache, on any worker (Kafka reads the status store directly).
void distributed_herder::connector_active_topics(const std::string& name, callback<std::vector<std::string>> cb) {
    cb(statuses_.topics(name));
}

void distributed_herder::reset_connector_active_topics(const std::string& name, callback<void> cb) {
    statuses_.remove_topics(name);
    cb({});
}

// Offsets: any worker reads (its offset store tails the offsets topic; sink offsets come from the
// broker); changes run on the leader (Kafka: DistributedHerder.modifyConnectorOffsets).
void distributed_herder::connector_offsets(const std::string& name, callback<std::vector<connector_offset>> cb) {
    auto shared = std::make_shared<callback<std::vector<connector_offset>>>(std::move(cb));
    const bool posted = loop_.post([this, name, shared] {
        if (!snapshot_->contains(name)) return (*shared)(connector_not_found(name));
        if (!offsets_loop_.post([this, name, config = snapshot_->connector_configs.at(name), shared] {
                (*shared)(worker_.connector_offsets(name, config));
            }))
            (*shared)(herder_stopping());
    });
    if (!posted) (*shared)(herder_stopping());
}

void distributed_herder::alter_connector_offsets(const std::string& name, std::vector<connector_offset> offsets,
                                                 callback<std::string> cb) {
    if (offsets.empty()) return cb(make_error(errc::internal, "The offsets to be altered may not be null or empty"));
    modify_offsets(name, std::move(offsets), std::move(cb));
}

void distributed_herder::reset_connector_offsets(const std::string& name, callback<std::string> cb) {
    modify_offsets(name, std::nullopt, std::move(cb));
}

void distributed_herder::modify_offsets(const std::string& name, std::optional<std::vector<connector_offset>> offsets,
                                        callback<std::string> cb) {
    auto shared = std::make_shared<callback<std::string>>(std::move(cb));
    // On the leader, with no rebalance under way: the checks, then the change off the loop.
    callback<string_map> checked = [this, name, offsets = std::move(offsets), shared](outcome<string_map> config) {
        if (const forward_to* target = config.forwarded()) return (*shared)(*target);
        if (!config) return (*shared)(config.err());
        if (!offsets_loop_.post([this, name, config = std::move(*config), offsets, shared] {
                (*shared)(worker_.modify_connector_offsets(name, config, offsets));
            }))
            (*shared)(herder_stopping());
    };
    submit_to_leader(std::move(checked), [this, name]() -> result<string_map> {
        if (auto read = configs_.read_to_end(options_.worker_sync_timeout); !read)
            return make_error(errc::internal,
                              "Failed to read to end of config topic before modifying connector offsets");
        refresh_snapshot();
        if (!snapshot_->contains(name)) return connector_not_found(name);
        // STOPPED with no tasks: every task was at least asked to stop; a sink task that still
        // runs makes the broker refuse the change (the group is not empty).
        if (snapshot_->target(name) != storage::target_state_value::stopped || !snapshot_->tasks(name).empty())
            return offsets_need_stopped_connector(name);
        return snapshot_->connector_configs.at(name).get();
    });
}

// Log levels: any worker writes the record; every worker (this one too) applies it when it reads
// it back (on_logger_level_update).
void distributed_herder::set_cluster_logger_level(const std::string& ns, const std::string& level, callback<void> cb) {
    submit(std::move(cb), [this, ns, level]() -> result<void> {
        if (auto written = configs_.put_logger_level(ns, level); !written)
            return make_error(errc::internal, "Failed to write the log level of " + ns +
                                                  " to the config topic: " + written.err().describe());
        log::info("Wrote the cluster-wide log level {} of namespace {}", level, ns);
        return {};
    });
}

void distributed_herder::on_logger_level_update(const std::string& ns, const std::string& level) {
    log::level parsed{};
    if (!log::parse_level(level, parsed)) {
        log::warn("Ignoring request to set invalid level '{}' for namespace {}", level, ns);
        return;
    }
    log::info("Setting the level of namespace {} and its children to {} (cluster-wide request)", ns, level);
    log::set_logger_level(ns, parsed);
}

}  // namespace copycat::herder
