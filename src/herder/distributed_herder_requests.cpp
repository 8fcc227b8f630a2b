// The REST operations of the distributed herder (see distributed_herder.hpp): reads from this
// worker's snapshot and the status topic; writes through the leader.
#include <algorithm>
#include <utility>

#include "common/logging.hpp"
#include "herder/distributed_herder.hpp"
#include "herder/distributed_herder_submit.hpp"
#include "herder/plugin_listing.hpp"

namespace copycat::herder {

void distributed_herder::run_waiting_writes() {
    std::vector<waiting_write> writes;
    writes.swap(waiting_writes_);
    for (auto& w : writes) w.run();
}

void distributed_herder::expire_waiting_writes() {
    const auto now = std::chrono::steady_clock::now();
    std::vector<waiting_write> keep;
    std::vector<waiting_write> expired;
    for (auto& w : waiting_writes_) (w.deadline <= now ? expired : keep).push_back(std::move(w));
    waiting_writes_ = std::move(keep);
    for (auto& w : expired) w.fail();
}

copycat::herder::connector_info distributed_herder::info_of(const std::string& name) const {
    return info_of(*snapshot_, name, validator_);
}

copycat::herder::connector_info distributed_herder::info_of(const storage::cluster_config& config,
                                                            const std::string& name,
                                                            const connector_validator& validator) {
    std::vector<task_id> tasks;
    for (std::int32_t t : config.tasks(name)) tasks.push_back(task_id{name, t});
    const string_map& connector_config = config.connector_configs.at(name);
    return {name, connector_config, std::move(tasks), validator.type_of(connector_config)};
}

std::optional<std::string> distributed_herder::owner_url(const std::optional<status_entry>& status) const {
    if (!status || status->worker_id.empty() || status->worker_id == statuses_.worker_id()) return std::nullopt;
    return "http://" + status->worker_id + "/";
}

// ---- reads ------------------------------------------------------------------------------------

void distributed_herder::connectors(callback<std::vector<std::string>> cb) {
    submit(std::move(cb), [this]() -> result<std::vector<std::string>> { return snapshot_->connectors(); });
}

void distributed_herder::connector_info(const std::string& name, callback<copycat::herder::connector_info> cb) {
    submit(std::move(cb), [this, name]() -> result<copycat::herder::connector_info> {
        if (!snapshot_->contains(name)) return connector_not_found(name);
        return info_of(name);
    });
}

void distributed_herder::connector_config(const std::string& name, callback<string_map> cb) {
    submit(std::move(cb), [this, name]() -> result<string_map> {
        if (!snapshot_->contains(name)) return connector_not_found(name);
        return snapshot_->connector_configs.at(name).get();
    });
}

void distributed_herder::connector_status(const std::string& name, callback<connector_state_info> cb) {
    submit(std::move(cb), [this, name]() -> result<connector_state_info> {
        auto status = statuses_.get(name);
        if (!status) return make_error(errc::not_found, "No status found for connector " + name);
        auto config = snapshot_->connector_configs.find(name);
        return connector_state_info{name, *status, statuses_.tasks(name),
                                    config == snapshot_->connector_configs.end() ? connector_type::unknown
                                                                                : validator_.type_of(config->second)};
    });
}

void distributed_herder::task_status(const task_id& id, callback<task_state> cb) {
    submit(std::move(cb), [this, id]() -> result<task_state> {
        auto status = statuses_.get(id);
        if (!status) return make_error(errc::not_found, "No status found for task " + id.to_string());
        return task_state{id.task, *status};
    });
}

void distributed_herder::task_configs(const std::string& name, callback<std::vector<task_info>> cb) {
    submit(std::move(cb), [this, name]() -> result<std::vector<task_info>> {
        if (!snapshot_->contains(name)) return connector_not_found(name);
        std::vector<task_info> out;
        for (std::int32_t t : snapshot_->tasks(name)) {
            if (const string_map* c = snapshot_->task_config(name, t)) out.push_back({task_id{name, t}, *c});
        }
        return out;
    });
}

std::vector<plugin_info> distributed_herder::connector_plugins(bool connectors_only) const {
    return list_plugins(plugins_, connectors_only);
}

void distributed_herder::connector_plugin_config(const std::string& plugin,
                                                 callback<std::vector<config_key_info>> cb) {
    submit(std::move(cb), [this, plugin] { return validator_.plugin_config(plugin); });
}

void distributed_herder::validate_connector_config(string_map config, callback<config_infos> cb) {
    submit(std::move(cb), [this, config = std::move(config)] { return validator_.validate(config); });
}

void distributed_herder::health_check(callback<void> cb) {
    submit(std::move(cb), []() -> result<void> { return {}; });
}

// ---- writes -----------------------------------------------------------------------------------

void distributed_herder::put_config(const std::string& name, string_map config,
                                    std::optional<target_state> initial_state, bool allow_replace,
                                    callback<created_connector> cb) {
    // A job that waited for the connector's writes is submitted again: leadership may have moved.
    if (!writes_.idle_or_defer(name, [this, name, config, initial_state, allow_replace, cb] {
            submit_to_leader(cb, [this, name, config, initial_state, allow_replace](callback<created_connector> again) {
                put_config(name, config, initial_state, allow_replace, std::move(again));
            });
        }))
        return;
    if (auto fits = configs_.check_connector_config(name, config); !fits) return cb(fits.err());  // before validating
    auto validation = validator_.validate(config);
    if (!validation) return cb(validation.err());
    if (auto message = connector_validator::invalid_config_message(*validation))
        return cb(make_error(errc::invalid_argument, *message));
    refresh_snapshot();
    const bool exists = snapshot_->contains(name);
    if (exists && !allow_replace) return cb(make_error(errc::already_exists, "Connector " + name + " already exists"));
    std::optional<storage::target_state_value> target;
    if (initial_state && !exists) target = to_storage(*initial_state);
    writes_.write(
        name,
        [this, name, config, target](connector_writes::completion done) {
            configs_.put_connector_config(name, config, target, std::move(done));
        },
        [this, name, exists, config, cb](result<void> written) {
            if (!written) {
                if (written.err().code == make_error_code(errc::invalid_argument)) return cb(written.err());  // too large
                return cb(make_error(errc::internal, "Failed to write the config of connector " + name + ": " +
                                                         written.err().describe()));
            }
            // A snapshot that shows the config written answers as well as a fresh copy would.
            if (const string_map* now = snapshot_->connector_config(name); now == nullptr || *now != config)
                refresh_snapshot();
            if (!snapshot_->contains(name))
                return cb(make_error(errc::internal, "Connector " + name + " vanished after writing"));
            log::info("{} connector {}", exists ? "Updated" : "Created", name);
            cb(created_connector{!exists, info_of(name)});
        });
}

void distributed_herder::put_connector_config(const std::string& name, string_map config,
                                              std::optional<target_state> initial_state, bool allow_replace,
                                              callback<created_connector> cb) {
    // Checked here too, so that a follower refuses an oversized config without forwarding it.
    if (auto fits = configs_.check_connector_config(name, config); !fits) return cb(fits.err());
    submit_to_leader(std::move(cb), [this, name, config = std::move(config), initial_state,
                                      allow_replace](callback<created_connector> answer) mutable {
        put_config(name, std::move(config), initial_state, allow_replace, std::move(answer));
    });
}

void distributed_herder::patch_connector_config(const std::string& name,
                                                std::map<std::string, std::optional<std::string>> patch,
                                                callback<created_connector> cb) {
    submit_to_leader(std::move(cb), [this, name, patch = std::move(patch)](callback<created_connector> answer) {
        patch_config(name, patch, std::move(answer));
    });
}

void distributed_herder::patch_config(const std::string& name,
                                      const std::map<std::string, std::optional<std::string>>& patch,
                                      callback<created_connector> cb) {
    // Patched onto what the config topic holds once the connector's writes in flight are read back.
    if (!writes_.idle_or_defer(name, [this, name, patch, cb] {
            submit_to_leader(cb, [this, name, patch](callback<created_connector> again) {
                patch_config(name, patch, std::move(again));
            });
        }))
        return;
    refresh_snapshot();
    if (!snapshot_->contains(name)) return cb(connector_not_found(name));
    put_config(name, apply_config_patch(snapshot_->connector_configs.at(name), patch), std::nullopt, true,
               std::move(cb));
}

void distributed_herder::delete_connector_config(const std::string& name, callback<void> cb) {
    submit_to_leader(std::move(cb), [this, name](callback<void> answer) { delete_config(name, std::move(answer)); });
}

void distributed_herder::delete_config(const std::string& name, callback<void> cb) {
    if (!writes_.idle_or_defer(name, [this, name, cb] {
            submit_to_leader(cb, [this, name](callback<void> again) { delete_config(name, std::move(again)); });
        }))
        return;
    refresh_snapshot();
    if (!snapshot_->contains(name)) return cb(connector_not_found(name));
    if (auto removed = configs_.remove_connector_config(name); !removed)
        return cb(make_error(errc::internal, "Failed to delete connector " + name + ": " + removed.err().describe()));
    refresh_snapshot();
    log::info("Deleted connector {}", name);
    cb({});
}

void distributed_herder::put_task_configs(const std::string& name, std::vector<string_map> configs,
                                          std::optional<request_signature> signature, callback<void> cb) {
    submit_to_leader(std::move(cb), [this, name, configs = std::move(configs),
                                      signature = std::move(signature)](callback<void> answer) mutable {
        write_task_configs(name, std::move(configs), std::move(signature), std::move(answer));
    });
}

void distributed_herder::write_task_configs(const std::string& name, std::vector<string_map> configs,
                                            std::optional<request_signature> signature, callback<void> cb) {
    if (!writes_.idle_or_defer(name, [this, name, configs, signature, cb] {
            submit_to_leader(cb, [this, name, configs, signature](callback<void> again) {
                write_task_configs(name, configs, signature, std::move(again));
            });
        }))
        return;
    refresh_snapshot();
    if (auto verified = verify_internal_request(signature); !verified) return cb(verified.err());
    if (!snapshot_->contains(name)) return cb(connector_not_found(name));
    if (task_config_publisher::current_task_configs(*snapshot_, name) == configs &&
        !snapshot_->inconsistent.contains(name) && snapshot_->task_counts.contains(name))
        return cb({});
    writes_.write(
        name,
        [this, name, configs = std::move(configs)](connector_writes::completion done) {
            configs_.put_task_configs(name, configs, std::move(done));
        },
        [this, name, cb](result<void> written) {
            if (!written)
                return cb(make_error(errc::internal, "Failed to write the task configs of connector " + name + ": " +
                                                         written.err().describe()));
            refresh_snapshot();
            cb({});
        });
}

void distributed_herder::note_departure(const std::string& worker_url, std::optional<request_signature> signature,
                                        callback<void> cb) {
    submit(std::move(cb), [this, worker_url, signature = std::move(signature)]() -> result<void> {
        refresh_snapshot();
        COPYCAT_TRY_VOID(verify_internal_request(signature));
        log::info("Worker {} is leaving the group gracefully: its work moves at the next rebalance", worker_url);
        if (coordinator_) coordinator_->note_graceful_departure(worker_url);
        return {};
    });
}

void distributed_herder::pause_connector(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name]() -> result<void> {
        refresh_snapshot();
        if (!snapshot_->contains(name)) return unknown_connector(name);
        return configs_.put_target_state(name, storage::target_state_value::paused);
    });
}

void distributed_herder::resume_connector(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name]() -> result<void> {
        refresh_snapshot();
        if (!snapshot_->contains(name)) return unknown_connector(name);
        return configs_.put_target_state(name, storage::target_state_value::started);
    });
}

void distributed_herder::stop_connector(const std::string& name, callback<void> cb) {
    submit_to_leader(std::move(cb), [this, name]() -> result<void> {
        refresh_snapshot();
        if (!snapshot_->contains(name)) return unknown_connector(name);
        // Kafka's order (KIP-875): an empty task set first, then the STOPPED target state.
        if (auto emptied = configs_.put_task_configs(name, {}); !emptied) return emptied.err();
        return configs_.put_target_state(name, storage::target_state_value::stopped);
    });
}

void distributed_herder::restart_connector(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name]() -> outcome<void> {
        refresh_snapshot();
        // Kafka: DistributedHerder.restartConnector's messages.
        if (!snapshot_->contains(name)) return make_error(errc::not_found, "Unknown connector: " + name);
        if (work_.runs(name)) {
            work_.restart_connector(name, *snapshot_);
            reconfigure(name);
            return {};
        }
        if (auto owner = owner_url(statuses_.get(name))) return forward_to{*owner};
        return rebalance_conflict();
    });
}

void distributed_herder::restart_task(const task_id& id, callback<void> cb) {
    submit(std::move(cb), [this, id]() -> outcome<void> {
        refresh_snapshot();
        // Kafka: DistributedHerder.restartTask's messages.
        if (!snapshot_->contains(id.connector)) return make_error(errc::not_found, "Unknown connector: " + id.connector);
        if (snapshot_->task_config(id.connector, id.task) == nullptr)
            return make_error(errc::not_found, "Unknown task: " + id.to_string());
        if (work_.runs(id)) {
            restart_task_or_await_fencing(id);
            return {};
        }
        if (auto owner = owner_url(statuses_.get(id))) return forward_to{*owner};
        return rebalance_conflict();
    });
}

void distributed_herder::restart_connector_and_tasks(const restart_request& request,
                                                     callback<connector_state_info> cb) {
    submit_to_leader(std::move(cb), [this, request]() -> result<connector_state_info> {
        const std::string& name = request.connector;
        refresh_snapshot();
        if (!snapshot_->contains(name)) return make_error(errc::not_found, "Unknown connector: " + name);
        auto status = statuses_.get(name);
        if (!status) return make_error(errc::not_found, "Status for connector " + name + " not found");
        connector_state_info plan{name, *status, statuses_.tasks(name),
                                  validator_.type_of(snapshot_->connector_configs.at(name))};
        if (request.should_restart_connector(*status)) plan.connector.state = run_state::restarting;
        for (task_state& task : plan.tasks)
            if (request.should_restart_task(task.status)) task.status.state = run_state::restarting;
        if (auto written = configs_.put_restart_request({name, request.include_tasks, request.only_failed}); !written)
            return make_error(errc::internal, "Failed to request the restart of connector " + name + ": " +
                                                  written.err().describe());
        log::info("Requested the restart of connector {} (onlyFailed={}, includeTasks={})", name,
                  request.only_failed, request.include_tasks);
        return plan;
    });
}

}  // namespace copycat::herder
