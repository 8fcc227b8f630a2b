#pragma once
// Builds a ready-to-start worker_source_task or worker_sink_task from a connector config and a
// task config (Kafka: Worker.startTask / buildWorkerTask): the task instance (through a
// connector instance's create_task()), its converters, transformation chain, error handling
// settings and its Kafka client (producer, or consumer in group connect-<connector>).
//
// Source tasks without exactly-once delivery and without producer.override.* settings share one
// producer, created with the first of them and kept until the factory goes
// (runtime/task_producer.hpp, docs/scale.md "One producer per worker").
//
// Owned by the worker; create() is thread-safe.

#include <memory>
#include <mutex>

#include "common/result.hpp"
#include "runtime/shared_producer.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"
#include "runtime/worker_task.hpp"
#include "storage/offset_store.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::runtime {

class task_factory {
public:
    task_factory(const worker_config& config, const loader::plugin_registry& plugins, storage::offset_store& offsets,
                 status_listener& listener)
        : config_(config), plugins_(plugins), offsets_(offsets), listener_(listener) {}

    // The task, not yet started. Errors describe what could not be built.
    result<std::shared_ptr<worker_task>> create(const task_id& id, const string_map& connector_config,
                                                const string_map& task_config, target_state initial) const;

private:
    // The worker's shared producer, created on first use.
    result<std::shared_ptr<shared_producer>> shared_task_producer(const task_id& first_user) const;

    const worker_config& config_;
    const loader::plugin_registry& plugins_;
    storage::offset_store& offsets_;
    status_listener& listener_;
    mutable std::mutex shared_mutex_;
    mutable std::shared_ptr<shared_producer> shared_;
};

// The consumer subscription of a sink connector config: the "topics" list, or "topics.regex"
// as a librdkafka pattern ("^(<regex>)$", so that the whole name must match, as in Kafka).
std::vector<std::string> sink_subscription(const string_map& connector_config);

}  // namespace copycat::runtime
