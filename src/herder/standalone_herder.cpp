#include "herder/standalone_herder.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "common/logging.hpp"
#include "herder/plugin_listing.hpp"
#include "loader/plugin_registry.hpp"

namespace copycat::herder {

standalone_herder::standalone_herder(connector_worker& worker, const loader::plugin_registry& plugins,
                                     memory_status_store& statuses, standalone_herder_options options)
    : worker_(worker),
      plugins_(plugins),
      statuses_(statuses),
      options_(std::move(options)),
      validator_(plugins, options_.client_overrides, std::nullopt, options_.config_providers),
      lifecycle_(configs_, worker_, statuses_) {}

standalone_herder::~standalone_herder() { stop(); }

void standalone_herder::start() {
    log::info("Herder starting (worker id {})", statuses_.worker_id());
    loop_.start();
    offsets_loop_.start();
    log::info("Herder started");
}

void standalone_herder::stop() {
    if (stopped_.exchange(true)) return;
    log::info("Herder stopping");
    ready_ = false;
    offsets_loop_.stop();  // lets a running offsets change finish
    bool stopped_work = false;
    loop_.post([this, &stopped_work] {
        lifecycle_.stop_all();
        stopped_work = true;
    });
    loop_.stop();  // runs the job above unless the loop never started (joining orders the write)
    if (!stopped_work) lifecycle_.stop_all();  // no loop thread: nothing else touches the state now
    worker_.stop();
    log::info("Herder stopped");
}

template <class T, class F>
void standalone_herder::submit(callback<T> cb, F&& job) {
    auto shared_cb = std::make_shared<callback<T>>(std::move(cb));
    const bool posted = loop_.post([this, shared_cb, job = std::forward<F>(job)]() mutable {
        auto answer = job();
        publish_listing();  // before the answer: a client that created a connector then lists it
        (*shared_cb)(std::move(answer));
    });
    if (!posted) (*shared_cb)(make_error(errc::unavailable, "The herder is stopping"));
}

void standalone_herder::publish_listing() {
    if (configs_.generation() == listed_generation_) return;
    listed_generation_ = configs_.generation();
    std::vector<copycat::herder::connector_info> connectors;
    for (const std::string& name : configs_.names()) connectors.push_back(info_of(name));
    listing_.publish(std::move(connectors));
}

void standalone_herder::request_task_reconfiguration(const std::string& connector) {
    loop_.post([this, connector] {
        if (!configs_.contains(connector) || !worker_.is_connector_running(connector)) {
            log::error("Task that requested reconfiguration does not exist: {}", connector);
            return;
        }
        lifecycle_.update_tasks(connector);
        publish_listing();
    });
}

void standalone_herder::connectors(callback<std::vector<std::string>> cb) {
    submit(std::move(cb), [this]() -> result<std::vector<std::string>> { return configs_.names(); });
}

copycat::herder::connector_info standalone_herder::info_of(const std::string& name) const {
    const connector_entry* entry = configs_.find(name);
    return {name, entry->config, configs_.tasks(name), validator_.type_of(entry->config)};
}

void standalone_herder::connector_info(const std::string& name, callback<copycat::herder::connector_info> cb) {
    submit(std::move(cb), [this, name]() -> result<copycat::herder::connector_info> {
        if (!configs_.contains(name)) return connector_not_found(name);
        return info_of(name);
    });
}

void standalone_herder::connector_config(const std::string& name, callback<string_map> cb) {
    submit(std::move(cb), [this, name]() -> result<string_map> {
        const connector_entry* entry = configs_.find(name);
        if (entry == nullptr) return connector_not_found(name);
        return entry->config;
    });
}

result<created_connector> standalone_herder::put_config(const std::string& name, string_map config,
                                                        std::optional<target_state> initial_state, bool allow_replace) {
    COPYCAT_TRY(auto validation, validator_.validate(config));
    if (auto message = connector_validator::invalid_config_message(validation))
        return make_error(errc::invalid_argument, *message);

    const bool exists = configs_.contains(name);
    if (exists && !allow_replace) return make_error(errc::already_exists, "Connector " + name + " already exists");
    if (exists) {
        log::info("Reconfiguring connector {}", name);
        worker_.stop_connector(name);
    }
    configs_.put_config(name, std::move(config), initial_state);
    if (auto started = lifecycle_.start_connector(name); !started)
        return make_error(errc::internal, started.err().describe());
    lifecycle_.update_tasks(name);
    log::info("{} connector {}", exists ? "Updated" : "Created", name);
    return created_connector{!exists, info_of(name)};
}

void standalone_herder::put_connector_config(const std::string& name, string_map config,
                                             std::optional<target_state> initial_state, bool allow_replace,
                                             callback<created_connector> cb) {
    submit(std::move(cb), [this, name, config = std::move(config), initial_state, allow_replace]() mutable {
        return put_config(name, std::move(config), initial_state, allow_replace);
    });
}

void standalone_herder::patch_connector_config(const std::string& name,
                                               std::map<std::string, std::optional<std::string>> patch,
                                               callback<created_connector> cb) {
    submit(std::move(cb), [this, name, patch = std::move(patch)]() -> result<created_connector> {
        const connector_entry* entry = configs_.find(name);
        if (entry == nullptr) return connector_not_found(name);
        return put_config(name, apply_config_patch(entry->config, patch), std::nullopt, true);
    });
}

void standalone_herder::delete_connector_config(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name]() -> result<void> {
        if (!configs_.contains(name)) return connector_not_found(name);
        lifecycle_.remove_connector(name);
        log::info("Deleted connector {}", name);
        return {};
    });
}

void standalone_herder::connector_status(const std::string& name, callback<connector_state_info> cb) {
    submit(std::move(cb), [this, name]() -> result<connector_state_info> {
        auto status = statuses_.get(name);
        if (!status) return make_error(errc::not_found, "No status found for connector " + name);
        const connector_entry* entry = configs_.find(name);
        return connector_state_info{name, *status, statuses_.tasks(name),
                                    entry == nullptr ? connector_type::unknown : validator_.type_of(entry->config)};
    });
}

void standalone_herder::task_status(const task_id& id, callback<task_state> cb) {
    submit(std::move(cb), [this, id]() -> result<task_state> {
        auto status = statuses_.get(id);
        if (!status) return make_error(errc::not_found, "No status found for task " + id.to_string());
        return task_state{id.task, *status};
    });
}

void standalone_herder::task_configs(const std::string& name, callback<std::vector<task_info>> cb) {
    submit(std::move(cb), [this, name]() -> result<std::vector<task_info>> {
        const connector_entry* entry = configs_.find(name);
        if (entry == nullptr) return connector_not_found(name);
        std::vector<task_info> out;
        for (std::size_t i = 0; i < entry->task_configs.size(); ++i)
            out.push_back({task_id{name, static_cast<int>(i)}, entry->task_configs[i]});
        return out;
    });
}

result<void> standalone_herder::set_target(const std::string& name, target_state target) {
    if (!configs_.contains(name)) return unknown_connector(name);
    if (target == target_state::stopped) lifecycle_.remove_tasks(name);
    configs_.set_target_state(name, target);
    lifecycle_.apply_target_state(name);
    return {};
}

void standalone_herder::pause_connector(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name] { return set_target(name, target_state::paused); });
}

void standalone_herder::resume_connector(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name] { return set_target(name, target_state::started); });
}

void standalone_herder::stop_connector(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name] { return set_target(name, target_state::stopped); });
}

void standalone_herder::restart_connector(const std::string& name, callback<void> cb) {
    submit(std::move(cb), [this, name]() -> result<void> {
        if (!configs_.contains(name)) return connector_not_found(name);
        log::info("Restarting connector {}", name);
        worker_.stop_connector(name);
        if (auto started = lifecycle_.start_connector(name); !started)
            return make_error(errc::internal, started.err().describe());
        if (configs_.find(name)->target == target_state::started) lifecycle_.update_tasks(name);
        return {};
    });
}

connector_state_info standalone_herder::restart_plan(const restart_request& request, const status_entry& connector) {
    connector_state_info plan{request.connector, connector, statuses_.tasks(request.connector),
                              validator_.type_of(configs_.find(request.connector)->config)};
    if (request.should_restart_connector(connector)) plan.connector.state = run_state::restarting;
    for (task_state& task : plan.tasks) {
        if (request.should_restart_task(task.status)) task.status.state = run_state::restarting;
    }
    return plan;
}

void standalone_herder::restart_connector_and_tasks(const restart_request& request, callback<connector_state_info> cb) {
    submit(std::move(cb), [this, request]() -> result<connector_state_info> {
        const std::string& name = request.connector;
        if (!configs_.contains(name)) return make_error(errc::not_found, "Unknown connector: " + name);
        auto status = statuses_.get(name);
        if (!status) return make_error(errc::not_found, "Status for connector " + name + " not found");

        connector_state_info plan = restart_plan(request, *status);
        const bool restart_connector = plan.connector.state == run_state::restarting;
        std::vector<task_id> tasks;
        for (const task_state& task : plan.tasks)
            if (task.status.state == run_state::restarting) tasks.push_back({name, task.id});
        log::info("Restarting connector {}{} and {} task(s) (onlyFailed={}, includeTasks={})", name,
                  restart_connector ? "" : " (not the instance)", tasks.size(), request.only_failed,
                  request.include_tasks);

        if (restart_connector) {
            worker_.stop_connector(name);
            statuses_.put(name, run_state::restarting);
        }
        if (!tasks.empty()) {
            worker_.stop_tasks(tasks);
            for (const task_id& id : tasks) statuses_.put(id, run_state::restarting);
        }
        if (restart_connector) (void)lifecycle_.start_connector(name);  // a failure shows in the status
        if (!tasks.empty()) lifecycle_.start_tasks(name, tasks);
        return plan;
    });
}

void standalone_herder::restart_task(const task_id& id, callback<void> cb) {
    submit(std::move(cb), [this, id]() -> result<void> {
        log::info("Restarting task {}", id.to_string());
        return lifecycle_.restart_task(id);
    });
}

void standalone_herder::put_task_configs(const std::string&, std::vector<string_map>, std::optional<request_signature>,
                                         callback<void> cb) {
    cb(make_error(errc::unsupported,
                  "Kafka Connect in standalone mode does not support externally setting task configurations."));
}

void standalone_herder::note_departure(const std::string&, std::optional<request_signature>, callback<void> cb) {
    cb(make_error(errc::unsupported, "A standalone worker has no group"));
}

void standalone_herder::fence_zombies(const std::string&, std::optional<request_signature>, callback<void> cb) {
    cb(make_error(errc::unsupported, "Kafka Connect in standalone mode does not support exactly-once source connectors."));
}

std::vector<plugin_info> standalone_herder::connector_plugins(bool connectors_only) const {
    return list_plugins(plugins_, connectors_only);
}

void standalone_herder::connector_plugin_config(const std::string& plugin, callback<std::vector<config_key_info>> cb) {
    submit(std::move(cb), [this, plugin] { return validator_.plugin_config(plugin); });
}

void standalone_herder::validate_connector_config(string_map config, callback<config_infos> cb) {
    submit(std::move(cb), [this, config = std::move(config)] { return validator_.validate(config); });
}

void standalone_herder::health_check(callback<void> cb) {
    submit(std::move(cb), []() -> result<void> { return {}; });
}

// ---- topics (KIP-558), offsets (KIP-875), log levels (KIP-976) ----------------------

void standalone_herder::connector_active_topics(const std::string& name, callback<std::vector<std::string>> cb) {
    cb(statuses_.topics(name));
}

void standalone_herder::reset_connector_active_topics(const std::string& name, callback<void> cb) {
    statuses_.remove_topics(name);
    cb({});
}

void standalone_herder::connector_offsets(const std::string& name, callback<std::vector<connector_offset>> cb) {
    auto shared = std::make_shared<callback<std::vector<connector_offset>>>(std::move(cb));
    const bool posted = loop_.post([this, name, shared] {
        const connector_entry* entry = configs_.find(name);
        if (entry == nullptr) return (*shared)(connector_not_found(name));
        if (!offsets_loop_.post(
                [this, name, config = entry->config, shared] { (*shared)(worker_.connector_offsets(name, config)); }))
            (*shared)(make_error(errc::unavailable, "The herder is stopping"));
    });
    if (!posted) (*shared)(make_error(errc::unavailable, "The herder is stopping"));
}

void standalone_herder::alter_connector_offsets(const std::string& name, std::vector<connector_offset> offsets,
                                                callback<std::string> cb) {
    if (offsets.empty()) return cb(make_error(errc::internal, "The offsets to be altered may not be null or empty"));
    modify_offsets(name, std::move(offsets), std::move(cb));
}

void standalone_herder::reset_connector_offsets(const std::string& name, callback<std::string> cb) {
    modify_offsets(name, std::nullopt, std::move(cb));
}

void standalone_herder::modify_offsets(const std::string& name, std::optional<std::vector<connector_offset>> offsets,
                                       callback<std::string> cb) {
    auto shared = std::make_shared<callback<std::string>>(std::move(cb));
    const bool posted = loop_.post([this, name, offsets = std::move(offsets), shared]() mutable {
        const connector_entry* entry = configs_.find(name);
        if (entry == nullptr) return (*shared)(connector_not_found(name));
        if (entry->target != target_state::stopped || !entry->task_configs.empty())
            return (*shared)(offsets_need_stopped_connector(name));
        if (!offsets_loop_.post([this, name, config = entry->config, offsets = std::move(offsets), shared] {
                (*shared)(worker_.modify_connector_offsets(name, config, offsets));
            }))
            (*shared)(make_error(errc::unavailable, "The herder is stopping"));
    });
    if (!posted) (*shared)(make_error(errc::unavailable, "The herder is stopping"));
}

void standalone_herder::set_cluster_logger_level(const std::string& ns, const std::string& level, callback<void> cb) {
    // A standalone worker is the whole cluster (Kafka: StandaloneHerder.setClusterLoggerLevel).
    log::level parsed{};
    if (!log::parse_level(level, parsed)) return cb(make_error(errc::not_found, "invalid log level '" + level + "'."));
    log::set_logger_level(ns, parsed);
    cb({});
}

}  // namespace copycat::herder
