#include "copycat/connector/task.hpp"

#include "copycat/connector/sink_task.hpp"
#include "copycat/connector/source_task.hpp"
#include "copycat/errors.hpp"

namespace copycat {

task::~task() = default;

void source_task::initialize(source_task_context& context) { context_ = &context; }

void source_task::commit() {}

bool source_task::nonblocking_poll() const { return false; }

void source_task::commit_record(const source_record& /*record*/, const std::optional<record_metadata>& /*metadata*/) {}

source_task_context& source_task::context() const {
    if (context_ == nullptr) throw connect_error("The source task has not been initialized");
    return *context_;
}

void sink_task::initialize(sink_task_context& context) { context_ = &context; }

bool sink_task::nonblocking_put() const { return false; }

void sink_task::flush(const topic_partition_offsets& /*current_offsets*/) {}

topic_partition_offsets sink_task::pre_commit(const topic_partition_offsets& current_offsets) {
    flush(current_offsets);
    return current_offsets;
}

void sink_task::open(const std::vector<topic_partition>& /*partitions*/) {}

void sink_task::close(const std::vector<topic_partition>& /*partitions*/) {}

sink_task_context& sink_task::context() const {
    if (context_ == nullptr) throw connect_error("The sink task has not been initialized");
    return *context_;
}

}  // namespace copycat
