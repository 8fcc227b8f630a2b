#pragma once
// The errant_record_reporter a sink task gets from its context (Kafka: WorkerErrantRecordReporter).
//
// report() serializes the record again with the task's key, value and header converters (Kafka
// does the same for a record that is not the one it consumed; Copycat's sink records never keep
// the consumed bytes) and hands it to the task's record_error_handler as a failure of the
// TASK_PUT stage with class org.apache.kafka.connect.sink.SinkTask: logged when errors.log.enable,
// written to the dead-letter queue with Kafka's error context headers when
// errors.deadletterqueue.topic.name is set, then errors.tolerance decides: none throws
// connect_error "Tolerance exceeded in error handler" (the task fails), all returns.
//
// The returned future is ready at once: the worker_sink_task waits for every dead-letter queue
// write before each offset commit (record_error_handler::flush_reports), which is what Kafka's
// futures guard, so a reported record's offset is never committed before its report is durable.
//
// Like Kafka, a task gets one only when the connector sets errors.deadletterqueue.topic.name or
// errors.log.enable=true; otherwise its context answers nullptr.
//
// Owned by the worker_sink_task, beside the handler and converters it refers to; called on the
// task thread, from inside put() and the calls around it.

#include <exception>
#include <future>

#include "copycat/connector/errant_record_reporter.hpp"
#include "runtime/record_error_handler.hpp"
#include "runtime/task_converters.hpp"

namespace copycat::runtime {

class worker_errant_record_reporter final : public errant_record_reporter {
public:
    worker_errant_record_reporter(record_error_handler& errors, task_converters& converters)
        : errors_(errors), converters_(converters) {}

    std::future<void> report(const sink_record& record, std::exception_ptr error) override;

private:
    record_error_handler& errors_;
    task_converters& converters_;
};

}  // namespace copycat::runtime
