#include "runtime/worker_connector.hpp"

#include <future>

#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "runtime/connector_config.hpp"
#include "runtime/error_trace.hpp"
#include "runtime/store_offset_reader.hpp"

namespace copycat::runtime {

// The context handed to the connector: a source_connector_context for both kinds (a sink
// connector sees only the connector_context part).
class worker_connector::context final : public source_connector_context {
public:
    context(worker_connector& owner, const storage::offset_store& offsets)
        : owner_(owner), reader_(owner.name_, offsets) {}

    void request_task_reconfiguration() override {
        try {
            owner_.listener_.on_task_reconfiguration_requested(owner_.name_);
        } catch (...) {
            log::error("Connector {}: the status listener failed: {}", owner_.name_,
                       error_trace(std::current_exception()));
        }
    }
    void raise_error(std::string message) override {
        owner_.post([this, m = std::move(message)] { owner_.raise_error(m); });
    }
    copycat::offset_storage_reader& offset_storage_reader() override { return reader_; }

private:
    worker_connector& owner_;
    store_offset_reader reader_;
};

worker_connector::worker_connector(std::string name, string_map config, std::unique_ptr<connector> instance,
                                   bool is_source, const storage::offset_store& offsets, status_listener& listener,
                                   thread_pool& pool, std::unique_ptr<storage::connector_offset_store> own_offsets)
    : name_(std::move(name)),
      config_(std::move(config)),
      is_source_(is_source),
      instance_(std::move(instance)),
      version_(version_of(*instance_)),
      own_offsets_(std::move(own_offsets)),
      listener_(listener),
      queue_(pool) {
    context_ = std::make_unique<context>(*this, own_offsets_ ? *own_offsets_ : offsets);
}

worker_connector::~worker_connector() {
    shutdown();
    std::unique_lock lock(mutex_);
    shut_down_changed_.wait(lock, [&] { return shut_down_ || !started_; });
}

result<void> worker_connector::start(target_state initial) {
    {
        std::lock_guard lock(mutex_);
        started_ = true;
    }
    return call<result<void>>([this, initial]() -> result<void> {
        COPYCAT_TRY_VOID(do_initialize());
        return do_transition(initial);
    });
}

result<void> worker_connector::transition_to(target_state target) {
    return call<result<void>>([this, target] { return do_transition(target); });
}

result<std::vector<string_map>> worker_connector::task_configs(int max_tasks, bool enforce) {
    using out_t = result<std::vector<string_map>>;
    return call<out_t>([this, max_tasks, enforce]() -> out_t {
        if (state_ != state::started) {
            return make_error(errc::conflict, "Connector " + name_ + " is not running; it has no task configs");
        }
        std::vector<std::map<std::string, std::string>> configs;
        try {
            configs = instance_->task_configs(max_tasks);
        } catch (...) {
            const auto trace = error_trace(std::current_exception());
            on_failure(trace);
            return make_error(errc::internal, trace);
        }
        if (static_cast<int>(configs.size()) > max_tasks) {
            const std::string message =
                "The connector " + name_ + " has generated " + std::to_string(configs.size()) +
                " tasks, which is greater than " + std::to_string(max_tasks) +
                ", the maximum number of tasks it is configured to create. This behaviour should "
                "be considered a bug and is disallowed. If necessary, it can be permitted by "
                "reconfiguring the connector with 'tasks.max.enforce' set to false; however, this "
                "option will be removed in a future release of Kafka Connect.";
            if (enforce) {
                on_failure("copycat::connect_error: " + message);
                return make_error(errc::invalid_argument, message);
            }
            log::warn("{}", message);
        }
        std::vector<string_map> out;
        for (auto& c : configs) {
            string_map task_config(c.begin(), c.end());
            if (!is_source_) {
                for (auto key : {connector_keys::topics, connector_keys::topics_regex}) {
                    if (auto it = config_.find(key); it != config_.end())
                        task_config.insert_or_assign(std::string(key), it->second);
                }
            }
            out.push_back(std::move(task_config));
        }
        return out;
    });
}

bool worker_connector::is_running() const {
    std::lock_guard lock(mutex_);
    return state_ == state::started;
}

void worker_connector::shutdown() {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    if (!started_) return;
    queue_.post([this] {
        const log::context_scope logging_context(log::context_scope::of_connector(name_));
        do_shutdown();
        std::lock_guard done(mutex_);
        shut_down_ = true;
        shut_down_changed_.notify_all();
    });
}

void worker_connector::post(std::function<void()> job) {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.post([this, job = std::move(job)] {
        const log::context_scope logging_context(log::context_scope::of_connector(name_));
        job();
    });
}

template <class T>
T worker_connector::call(std::function<T()> job) {
    auto promise = std::make_shared<std::promise<T>>();
    auto future = promise->get_future();
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || !started_) return make_error(errc::unavailable, "Connector " + name_ + " is shutting down");
        queue_.post([this, promise, job = std::move(job)] {
            const log::context_scope logging_context(log::context_scope::of_connector(name_));
            promise->set_value(job());
        });
    }
    return future.get();
}

result<void> worker_connector::do_initialize() {
    if (own_offsets_) {
        // Kafka starts a connector's offset store before the connector too (it reads the topic).
        if (auto started = own_offsets_->start(); !started) {
            const std::string message = "Failed to start the offset store of connector " + name_ + ": " +
                                        started.err().describe();
            log::error("{}", message);
            on_failure("copycat::connect_error: " + message);
            return make_error(errc::internal, message);
        }
    }
    try {
        if (!is_source_) ensure_valid_sink_topics({config_.begin(), config_.end()});
        instance_->initialize(*context_);
        return {};
    } catch (...) {
        const auto trace = error_trace(std::current_exception());
        log::error("Connector {}: error initializing connector: {}", name_, trace);
        on_failure(trace);
        return make_error(errc::invalid_argument, error_message(std::current_exception()));
    }
}

result<void> worker_connector::do_transition(target_state target) {
    if (state_ == state::failed && target != target_state::stopped) {
        return make_error(errc::conflict, "Cannot transition connector " + name_ + " to " +
                                              std::string(target_state_name(target)) + " since it has failed");
    }
    switch (target) {
        case target_state::started:
            return do_start(state_ != state::init);
        case target_state::paused:
            do_suspend(true);
            return {};
        case target_state::stopped:
            do_suspend(false);
            return {};
    }
    return {};
}

result<void> worker_connector::do_start(bool resuming) {
    if (state_ == state::started) return {};
    try {
        instance_->start({config_.begin(), config_.end()});
    } catch (...) {
        const auto trace = error_trace(std::current_exception());
        log::error("Connector {}: error while starting connector: {}", name_, trace);
        on_failure(trace);
        return make_error(errc::invalid_argument, error_message(std::current_exception()));
    }
    {
        std::lock_guard lock(mutex_);
        state_ = state::started;
    }
    log::info("Connector {} {}", name_, resuming ? "resumed" : "started");
    listener_.on_connector_state(name_, run_state::running, {}, version_);
    return {};
}

void worker_connector::do_suspend(bool paused) {
    const state target = paused ? state::paused : state::stopped;
    if (state_ == target) return;
    try {
        if (state_ == state::started) instance_->stop();
    } catch (...) {
        const auto trace = error_trace(std::current_exception());
        log::error("Connector {}: error while {} connector: {}", name_, paused ? "pausing" : "stopping", trace);
        if (paused) {
            on_failure(trace);
            return;
        }
    }
    {
        std::lock_guard lock(mutex_);
        state_ = target;
    }
    listener_.on_connector_state(name_, paused ? run_state::paused : run_state::stopped, {}, version_);
}

void worker_connector::do_shutdown() {
    try {
        if (state_ == state::started) instance_->stop();
        {
            std::lock_guard lock(mutex_);
            state_ = state::stopped;
        }
        listener_.on_connector_state(name_, run_state::unassigned, {}, version_);
        log::info("Completed shutdown for connector {}", name_);
    } catch (...) {
        const auto trace = error_trace(std::current_exception());
        log::error("Connector {}: error while shutting down connector: {}", name_, trace);
        {
            std::lock_guard lock(mutex_);
            state_ = state::failed;
        }
        listener_.on_connector_state(name_, run_state::failed, trace, version_);
    }
}

void worker_connector::on_failure(const std::string& trace) {
    {
        std::lock_guard lock(mutex_);
        if (state_ == state::failed) return;
        state_ = state::failed;
    }
    try {
        listener_.on_connector_state(name_, run_state::failed, trace, version_);
    } catch (...) {
        log::error("Connector {}: the status listener failed: {}", name_, error_trace(std::current_exception()));
    }
}

// context.raise_error(): the connector failed on a thread of its own; stop it and report (a job).
void worker_connector::raise_error(const std::string& message) {
    log::error("Connector {} has failed: {}", name_, message);
    if (state_ == state::started) {
        try {
            instance_->stop();
        } catch (...) {
            log::warn("Connector {}: stop() after a raised error threw: {}", name_,
                      error_trace(std::current_exception()));
        }
    }
    on_failure("copycat::connect_error: " + message);
}

}  // namespace copycat::runtime
