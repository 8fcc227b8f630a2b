#pragma once
// A Java SinkTask behind Copycat's sink_task (docs/jvm-bridge.md "Crossing records and
// configs"): called from the task's thread by Copycat's sink task loop; one JNI call per put()
// batch, records in the binary format of binary_records. Its SinkTaskContext calls back into Copycat's sink_task_context through native methods,
// only on the task's own thread.

#include <memory>

#include "copycat/connector/sink_task.hpp"
#include "jvm/binary_records.hpp"
#include "jvm/plugin_calls.hpp"

namespace copycat::jvm {

class java_sink_task final : public sink_task {
public:
    // `instance`: a new_task_instance() of the Java connector.
    explicit java_sink_task(std::unique_ptr<java_object> instance) : instance_(std::move(instance)) {}

    std::string version() const override;
    void initialize(sink_task_context& context) override;
    void start(const std::map<std::string, std::string>& props) override;
    void put(std::vector<sink_record>& records) override;
    void flush(const topic_partition_offsets& current_offsets) override;
    topic_partition_offsets pre_commit(const topic_partition_offsets& current_offsets) override;
    void open(const std::vector<topic_partition>& partitions) override;
    void close(const std::vector<topic_partition>& partitions) override;
    void stop() override;

private:
    std::unique_ptr<java_object> instance_;
    binary_records records_;
};

}  // namespace copycat::jvm
