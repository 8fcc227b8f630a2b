#pragma once
// What happens to a record that fails a conversion, a transformation or a produce (Kafka:
// RetryWithToleranceOperator). errors.tolerance=none fails the task with
// "Tolerance exceeded in error handler" (the original error nested); errors.tolerance=all
// skips the record and goes on. errors.log.enable logs every tolerated error;
// errors.log.include.messages adds the record to the log line.
//
// The seam for the later error-handling work: retries of retriable errors within
// errors.retry.timeout / errors.retry.delay.max.ms, and the dead-letter queue reporter for
// sink records, belong in handle() (tolerated records are reported there before being skipped).
//
// Owned by one task; used on its thread (handle() may also be called from the producer's
// delivery callbacks, which run on the same thread).

#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "copycat/data/records.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::runtime {

enum class error_stage {
  key_converter,
  value_converter,
  header_converter,
  transformation,
  kafka_produce,
  kafka_consume,
  task_put,
};

// Kafka's Stage names: "KEY_CONVERTER", ..., "TASK_PUT".
std::string_view error_stage_name(error_stage stage);

class record_error_handler {
 public:
  struct settings {
    bool tolerate_all = false;
    bool log_errors = false;
    bool include_messages = false;
  };

  // errors.tolerance / errors.log.enable / errors.log.include.messages of a connector config.
  static settings from_config(const string_map& connector_config);

  record_error_handler(settings s, std::string task_name) : settings_(s), task_name_(std::move(task_name)) {}

  bool tolerates_all() const { return settings_.tolerate_all; }

  // `error` happened at `stage` for `record` (may be null). Returns when the error is
  // tolerated (the caller skips the record); throws connect_error nesting `error` otherwise.
  void handle(error_stage stage, const connect_record* record, const std::exception_ptr& error);

  // Runs `op`; an exception from it goes to handle(). True when `op` completed.
  template <class F>
  bool execute(error_stage stage, const connect_record* record, F&& op) {
    try {
      op();
      return true;
    } catch (...) {
      handle(stage, record, std::current_exception());
      return false;
    }
  }

  std::uint64_t tolerated() const { return tolerated_; }

 private:
  settings settings_;
  std::string task_name_;
  std::uint64_t tolerated_ = 0;
};

}  // namespace copycat::runtime
