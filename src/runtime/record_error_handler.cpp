#include "runtime/record_error_handler.hpp"

#include <algorithm>
#include <cctype>

#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {
namespace {

std::string lower_trimmed(const string_map& config, std::string_view key, std::string fallback) {
  auto it = config.find(key);
  std::string v = it == config.end() ? fallback : it->second;
  auto b = v.find_first_not_of(" \t");
  v = b == std::string::npos ? std::string() : v.substr(b, v.find_last_not_of(" \t") - b + 1);
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
  return v;
}

}  // namespace

std::string_view error_stage_name(error_stage stage) {
  switch (stage) {
    case error_stage::key_converter: return "KEY_CONVERTER";
    case error_stage::value_converter: return "VALUE_CONVERTER";
    case error_stage::header_converter: return "HEADER_CONVERTER";
    case error_stage::transformation: return "TRANSFORMATION";
    case error_stage::kafka_produce: return "KAFKA_PRODUCE";
    case error_stage::kafka_consume: return "KAFKA_CONSUME";
    case error_stage::task_put: return "TASK_PUT";
  }
  return "UNKNOWN";
}

record_error_handler::settings record_error_handler::from_config(const string_map& connector_config) {
  settings s;
  s.tolerate_all = lower_trimmed(connector_config, "errors.tolerance", "none") == "all";
  s.log_errors = lower_trimmed(connector_config, "errors.log.enable", "false") == "true";
  s.include_messages = lower_trimmed(connector_config, "errors.log.include.messages", "false") == "true";
  return s;
}

void record_error_handler::handle(error_stage stage, const connect_record* record, const std::exception_ptr& error) {
  if (!settings_.tolerate_all) {
    try {
      std::rethrow_exception(error);
    } catch (...) {
      std::throw_with_nested(connect_error("Tolerance exceeded in error handler"));
    }
  }
  ++tolerated_;
  if (!settings_.log_errors) return;
  std::string where;
  if (record != nullptr) {
    if (settings_.include_messages) {
      where = ", where the record is " + record->to_string();
    } else {
      where = ", where the record's topic is '" + record->topic + "'";
    }
  }
  log::error("Error encountered in task {}. Executing stage '{}'{}: {}", task_name_, error_stage_name(stage), where,
             error_trace(error));
}

}  // namespace copycat::runtime
