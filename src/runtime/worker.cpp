#include "runtime/worker.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "common/logging.hpp"
#include "common/properties.hpp"
#include "common/secret_values.hpp"
#include "common/strings.hpp"
#include "common/thread_pool.hpp"
#include "copycat/errors.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/config_transformer.hpp"
#include "runtime/connector_config.hpp"
#include "runtime/connector_offsets_topic.hpp"
#include "runtime/error_trace.hpp"
#include "runtime/secret_configs.hpp"
#include "runtime/task_factory.hpp"
#include "runtime/topic_creation_config.hpp"
#include "runtime/worker_connector.hpp"
#include "runtime/worker_task.hpp"

namespace copycat::runtime {
namespace {

// The connector pool's size. Connector calls are short (start, stop, task_configs) and the herder
// makes them one at a time; two threads keep one slow call from holding up the others.
constexpr std::size_t connector_threads = 2;

// task.threads; 0: one per core.
std::size_t task_pool_size(std::size_t configured) {
    if (configured > 0) return configured;
    return std::max(1u, std::thread::hardware_concurrency());
}

std::string secrets_owner(const std::string& connector) { return "connector " + connector; }
std::string secrets_owner(const task_id& id) { return "task " + id.to_string(); }

// Passes every state change on, with the secrets the worker holds hidden in the traces
// (common/secret_values.hpp): a connector's exception may quote its password.
class hiding_status_listener final : public status_listener {
public:
    explicit hiding_status_listener(status_listener& target) : target_(target) {}

    void on_connector_state(const std::string& connector, run_state state, const std::string& trace,
                            const std::string& version = {}) override {
        target_.on_connector_state(connector, state, secret_values::process().hide(trace), version);
    }
    void on_task_state(const task_id& id, run_state state, const std::string& trace,
                       const std::string& version = {}) override {
        target_.on_task_state(id, state, secret_values::process().hide(trace), version);
    }
    void on_task_reconfiguration_requested(const std::string& connector) override {
        target_.on_task_reconfiguration_requested(connector);
    }
    void on_topic_used(const task_id& id, std::string_view topic) override { target_.on_topic_used(id, topic); }
    void on_connector_config_expiry(const std::string& connector, std::chrono::milliseconds ttl) override {
        target_.on_connector_config_expiry(connector, ttl);
    }

private:
    status_listener& target_;
};

}  // namespace

// State: the running connectors and tasks. `mutex` guards the maps; it is never held while
// waiting for a connector's or task's thread.
struct worker::impl {
    impl(worker_config c, const loader::plugin_registry& p, storage::offset_store& o, status_listener& l)
        : config(std::move(c)),
          plugins(p),
          offsets(o),
          listener(l),
          tasks_factory(config, plugins, offsets, listener),
          connector_pool(connector_threads, "connector-pool"),
          task_pool(task_pool_size(config.task_threads), "task-pool") {}

    worker_config config;
    const loader::plugin_registry& plugins;
    storage::offset_store& offsets;
    hiding_status_listener listener;
    task_factory tasks_factory;
    // Every call into a connector plugin runs here (each connector on its serial_queue). Declared
    // before the maps: it outlives the connectors and tasks, and goes before the task factory.
    thread_pool connector_pool;
    // The source tasks with a non-blocking poll() run here, in turns (task.threads threads).
    thread_pool task_pool;

    mutable std::mutex mutex;  // guards connectors, raw_configs, tasks
    std::map<std::string, std::shared_ptr<worker_connector>> connectors;
    // The configs, placeholders unresolved, of the running connectors that have placeholders: their
    // task configs get the placeholders back (restore_placeholders).
    std::map<std::string, string_map> raw_configs;
    std::map<task_id, std::shared_ptr<worker_task>> tasks;
    // Tasks abandoned while their thread still ran: kept until their thread is joined (stop(), or
    // the destructor for those stop() gave up on).
    std::vector<std::shared_ptr<worker_task>> abandoned;
    // The definition of each connector class started here, for its PASSWORD keys; nullopt when
    // the class could not be created.
    std::mutex definitions_mutex;  // guards definitions
    std::map<std::string, std::optional<config_def>> definitions;

    std::shared_ptr<worker_connector> find_connector(const std::string& name) const {
        std::lock_guard lock(mutex);
        auto it = connectors.find(name);
        return it == connectors.end() ? nullptr : it->second;
    }

    result<void> fail_connector(const std::string& name, const std::string& trace, error e) {
        log::error("Failed to start connector {}: {}", name, trace);
        listener.on_connector_state(name, run_state::failed, trace);
        secret_values::process().erase(secrets_owner(name));
        return e;
    }

    // The connector class's config definition (created once per class), or nullptr.
    const config_def* definition_of(const std::string& class_name) {
        std::lock_guard lock(definitions_mutex);
        auto it = definitions.find(class_name);
        if (it == definitions.end()) {
            std::optional<config_def> def;
            try {
                auto entry = plugins.find(class_name, {plugin_kind::source_connector, plugin_kind::sink_connector});
                if (entry) {
                    std::unique_ptr<connector> instance;
                    if ((*entry)->kind() == plugin_kind::source_connector) {
                        instance = (*entry)->create<source_connector>();
                    } else {
                        instance = (*entry)->create<sink_connector>();
                    }
                    if (instance) def = instance->config();
                }
            } catch (...) {
                def.reset();
            }
            it = definitions.emplace(class_name, std::move(def)).first;
        }
        return it->second ? &*it->second : nullptr;
    }

    // Records the secrets of a connector's config, and of a task's config beside it
    // (runtime/secret_configs.hpp).
    void record_secrets(const std::string& owner, const string_map& raw, const string_map& resolved,
                        const string_map& raw_task = {}, const string_map& resolved_task = {}) {
        const config_def* def = definition_of(trimmed_value(resolved, connector_keys::connector_class));
        auto values = secret_values_of(raw, resolved, def);
        for (std::string& v : secret_values_of(raw_task, resolved_task, def)) values.push_back(std::move(v));
        secret_values::process().set(owner, std::move(values));
    }

    // The config with its placeholders resolved; the error names the key and the provider.
    // `ttl`, when given, gets the earliest expiry of a value a provider gave.
    result<string_map> resolve(const string_map& raw, std::optional<std::chrono::milliseconds>* ttl = nullptr) const {
        if (!config.config_providers) return raw;
        auto t = config.config_providers->transform(raw);
        if (!t.problems.empty()) return make_error(errc::invalid_argument, t.first_problem());
        if (ttl != nullptr)
            for (const auto& [path, ms] : t.ttls)
                if (!*ttl || std::chrono::milliseconds(ms) < **ttl) *ttl = std::chrono::milliseconds(ms);
        return std::move(t.data);
    }
};

worker::worker(worker_config config, const loader::plugin_registry& plugins, storage::offset_store& offsets,
               status_listener& listener)
    : impl_(std::make_unique<impl>(std::move(config), plugins, offsets, listener)) {}

worker::~worker() {
    stop();
    // Threads stop() gave up on are joined however long it takes: an application that must not
    // wait for them ends the process instead of destroying the worker (worker_bootstrap::shut_down).
    for (auto& task : impl_->abandoned) task->join();
}

const worker_config& worker::config() const { return impl_->config; }

result<string_map> worker::resolve_config(const string_map& config) const { return impl_->resolve(config); }

std::string worker::connector_type(const string_map& connector_config) const {
    const auto* entry = impl_->plugins.find(trimmed_value(connector_config, connector_keys::connector_class));
    if (entry == nullptr) return "unknown";
    if (entry->kind() == plugin_kind::source_connector) return "source";
    if (entry->kind() == plugin_kind::sink_connector) return "sink";
    return "unknown";
}

result<void> worker::start_connector(const std::string& name, const string_map& raw_config,
                                     target_state initial) {
    if (impl_->find_connector(name)) {
        return make_error(errc::already_exists, "Connector with name " + name + " already exists");
    }
    std::optional<std::chrono::milliseconds> expiry;
    auto resolved = impl_->resolve(raw_config, &expiry);
    if (!resolved) return impl_->fail_connector(name, "copycat::connect_error: " + resolved.err().message, resolved.err());
    const string_map& connector_config = *resolved;
    impl_->record_secrets(secrets_owner(name), raw_config, connector_config);
    const std::string class_name = trimmed_value(connector_config, connector_keys::connector_class);
    auto entry = impl_->plugins.find(class_name, {plugin_kind::source_connector, plugin_kind::sink_connector});
    if (!entry) return impl_->fail_connector(name, "copycat::connect_error: " + entry.err().message, entry.err());
    const bool is_source = (*entry)->kind() == plugin_kind::source_connector;
    std::unique_ptr<connector> instance;
    try {
        const auto& def = is_source ? source_connector_config_def() : sink_connector_config_def();
        (void)def.parse({connector_config.begin(), connector_config.end()});
        // Kafka: SourceConnectorConfig with topic creation checks the topic.creation.* keys here.
        if (is_source && impl_->config.topic_creation_enable) (void)topic_creation_groups(connector_config);
        if (is_source) {
            instance = (*entry)->create<source_connector>();
        } else {
            instance = (*entry)->create<sink_connector>();
        }
    } catch (...) {
        return impl_->fail_connector(name, error_trace(std::current_exception()),
                                     make_error(errc::invalid_argument, error_message(std::current_exception())));
    }
    std::unique_ptr<storage::connector_offset_store> own_offsets;
    if (is_source) {
        auto store = connector_offset_store_for(impl_->config, connector_config, impl_->offsets,
                                                "connector-offsets-" + name);
        if (!store) return impl_->fail_connector(name, "copycat::connect_error: " + store.err().message, store.err());
        own_offsets = std::move(*store);
    }
    auto wc = std::make_shared<worker_connector>(name, connector_config, std::move(instance), is_source, impl_->offsets,
                                                 impl_->listener, impl_->connector_pool, std::move(own_offsets));
    {
        std::lock_guard lock(impl_->mutex);
        if (!impl_->connectors.emplace(name, wc).second) {
            return make_error(errc::already_exists, "Connector with name " + name + " already exists");
        }
        if (connector_config != raw_config)
            impl_->raw_configs.insert_or_assign(name, raw_config);
    }
    log::info("Creating connector {} of type {}", name, (*entry)->class_name);
    if (expiry && !iequals(trimmed_value(connector_config, connector_keys::config_action_reload), "none"))
        impl_->listener.on_connector_config_expiry(name, *expiry);
    return wc->start(initial);
}

void worker::stop_connector(const std::string& name) {
    std::shared_ptr<worker_connector> wc;
    {
        std::lock_guard lock(impl_->mutex);
        auto it = impl_->connectors.find(name);
        if (it == impl_->connectors.end()) return;
        wc = std::move(it->second);
        impl_->connectors.erase(it);
        impl_->raw_configs.erase(name);
    }
    log::info("Stopping connector {}", name);
    wc->shutdown();
    wc.reset();  // waits for the instance's stop (the last reference unless a call is in progress)
    secret_values::process().erase(secrets_owner(name));
}

bool worker::is_connector_running(const std::string& name) const {
    auto wc = impl_->find_connector(name);
    return wc && wc->is_running();
}

std::string task_class_name(std::string_view connector_class) {
    constexpr std::string_view suffix = "Connector";
    if (connector_class.ends_with(suffix))
        return std::string(connector_class.substr(0, connector_class.size() - suffix.size())) + "Task";
    return std::string(connector_class) + "Task";
}

result<std::vector<string_map>> worker::connector_task_configs(const std::string& name) {
    auto wc = impl_->find_connector(name);
    if (!wc) return make_error(errc::not_found, "Connector " + name + " is not running on this worker");
    int max_tasks = 1;
    bool enforce = true;
    try {
        auto values = connector_config_def().parse({wc->config().begin(), wc->config().end()});
        max_tasks = std::get<std::int32_t>(values.at(std::string(connector_keys::tasks_max)));
        enforce = std::get<bool>(values.at(std::string(connector_keys::tasks_max_enforce)));
    } catch (const std::exception& e) {
        return make_error(errc::invalid_argument, e.what());
    }
    COPYCAT_TRY(auto configs, wc->task_configs(max_tasks, enforce));
    {
        std::lock_guard lock(impl_->mutex);
        if (auto raw = impl_->raw_configs.find(name); raw != impl_->raw_configs.end())
            configs = restore_placeholders(raw->second, wc->config(), std::move(configs));
    }
    // Kafka's Worker.connectorTaskConfigs adds the task's class; Copycat plugins have no Java
    // class names, so it follows Kafka's naming (FileStreamSourceConnector -> FileStreamSourceTask),
    // which keeps the records readable by Kafka Connect workers sharing the config topic.
    const std::string class_name = trimmed_value(wc->config(), connector_keys::connector_class);
    auto entry = impl_->plugins.find(class_name, {plugin_kind::source_connector, plugin_kind::sink_connector});
    const std::string task_class = task_class_name(entry ? (*entry)->class_name : class_name);
    for (string_map& c : configs) c.insert_or_assign("task.class", task_class);
    return configs;
}

result<void> worker::start_task(const task_id& id, const string_map& connector_config, const string_map& task_config,
                                target_state initial) {
    {
        std::lock_guard lock(impl_->mutex);
        if (impl_->tasks.count(id)) {
            return make_error(errc::already_exists, "Task already exists in this worker: " + id.to_string());
        }
    }
    log::info("Creating task {}", id.to_string());
    auto resolved_connector = impl_->resolve(connector_config);
    auto resolved_task = resolved_connector ? impl_->resolve(task_config) : resolved_connector;
    if (resolved_task)
        impl_->record_secrets(secrets_owner(id), connector_config, *resolved_connector, task_config, *resolved_task);
    auto created = !resolved_task ? result<std::shared_ptr<worker_task>>(resolved_task.err())
                                  : impl_->tasks_factory.create(id, *resolved_connector, *resolved_task, initial);
    if (!created) {
        log::error("Failed to start task {}: {}", id.to_string(), created.err().describe());
        impl_->listener.on_task_state(id, run_state::failed, "copycat::connect_error: " + created.err().message);
        secret_values::process().erase(secrets_owner(id));
        return created.err();
    }
    {
        std::lock_guard lock(impl_->mutex);
        if (!impl_->tasks.emplace(id, *created).second) {
            return make_error(errc::already_exists, "Task already exists in this worker: " + id.to_string());
        }
    }
    if ((*created)->runs_on_pool()) {
        (*created)->start_on(impl_->task_pool);
    } else {
        (*created)->start();
    }
    return {};
}

void worker::stop_tasks(const std::vector<task_id>& ids) {
    std::vector<std::shared_ptr<worker_task>> stopping;
    {
        std::lock_guard lock(impl_->mutex);
        for (const auto& id : ids) {
            auto it = impl_->tasks.find(id);
            if (it == impl_->tasks.end()) continue;
            stopping.push_back(std::move(it->second));
            impl_->tasks.erase(it);
        }
    }
    for (auto& task : stopping) {
        log::info("Stopping task {}", task->id().to_string());
        task->stop();
    }
    const auto deadline = std::chrono::steady_clock::now() + impl_->config.task_shutdown_graceful_timeout;
    for (auto& task : stopping) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (!task->await_stop(std::max(left, std::chrono::milliseconds(0)))) {
            log::error("Graceful stop of task {} failed.", task->id().to_string());
            task->cancel();
        }
        secret_values::process().erase(secrets_owner(task->id()));
        if (!task->release_thread()) {
            std::lock_guard lock(impl_->mutex);
            impl_->abandoned.push_back(std::move(task));
        }
    }
}

std::vector<task_id> worker::tasks_of(const std::string& connector) const {
    std::vector<task_id> out;
    std::lock_guard lock(impl_->mutex);
    for (const auto& [id, task] : impl_->tasks)
        if (id.connector == connector) out.push_back(id);
    return out;
}

std::vector<std::string> worker::connector_names() const {
    std::vector<std::string> out;
    std::lock_guard lock(impl_->mutex);
    for (const auto& [name, wc] : impl_->connectors) out.push_back(name);
    return out;
}

std::vector<worker::held_connector> worker::held_connectors() const {
    std::vector<held_connector> out;
    std::lock_guard lock(impl_->mutex);
    for (const auto& [name, wc] : impl_->connectors)
        out.push_back({name, trimmed_value(wc->config(), connector_keys::connector_class), wc->is_source()});
    return out;
}

std::vector<task_id> worker::task_ids() const {
    std::vector<task_id> out;
    std::lock_guard lock(impl_->mutex);
    for (const auto& [id, task] : impl_->tasks) out.push_back(id);
    return out;
}

void worker::set_target_state(const std::string& connector, target_state state) {
    log::info("Setting connector {} state to {}", connector, target_state_name(state));
    if (auto wc = impl_->find_connector(connector)) {
        if (auto r = wc->transition_to(state); !r) {
            log::error("Connector {}: transition to {} failed: {}", connector, target_state_name(state),
                       r.err().describe());
        }
    }
    if (state == target_state::stopped) {
        stop_tasks(tasks_of(connector));
        return;
    }
    std::vector<std::shared_ptr<worker_task>> tasks;
    {
        std::lock_guard lock(impl_->mutex);
        for (const auto& [id, task] : impl_->tasks)
            if (id.connector == connector) tasks.push_back(task);
    }
    for (auto& task : tasks) task->transition_to(state);
}

void worker::stop() {
    std::vector<task_id> ids;
    std::vector<std::string> names;
    {
        std::lock_guard lock(impl_->mutex);
        for (const auto& [id, task] : impl_->tasks) ids.push_back(id);
        for (const auto& [name, wc] : impl_->connectors) names.push_back(name);
    }
    stop_tasks(ids);
    for (const auto& name : names) stop_connector(name);
    std::vector<std::shared_ptr<worker_task>> abandoned;
    {
        std::lock_guard lock(impl_->mutex);
        abandoned.swap(impl_->abandoned);
    }
    const auto deadline = std::chrono::steady_clock::now() + impl_->config.abandoned_task_join_timeout;
    std::vector<std::shared_ptr<worker_task>> stuck;
    for (auto& task : abandoned) {
        if (task->join_until(deadline)) continue;
        log::error("Task {} is still inside a plugin call {} ms after the worker stopped; giving up on it",
                   task->id().to_string(), impl_->config.abandoned_task_join_timeout.count());
        stuck.push_back(std::move(task));
    }
    std::lock_guard lock(impl_->mutex);
    impl_->abandoned.insert(impl_->abandoned.end(), stuck.begin(), stuck.end());
}

std::size_t worker::stuck_task_threads() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->abandoned.size();
}

}  // namespace copycat::runtime
