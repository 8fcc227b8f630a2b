// Out-of-line destructors and defaults of the context interfaces (they anchor the vtables).
#include "copycat/connector/connector_context.hpp"
#include "copycat/connector/errant_record_reporter.hpp"
#include "copycat/connector/offset_storage_reader.hpp"
#include "copycat/connector/sink_task_context.hpp"
#include "copycat/connector/source_task_context.hpp"
#include "copycat/connector/transaction_context.hpp"

namespace copycat {

connector_context::~connector_context() = default;
offset_storage_reader::~offset_storage_reader() = default;
transaction_context::~transaction_context() = default;
errant_record_reporter::~errant_record_reporter() = default;

source_task_context::~source_task_context() = default;

transaction_context* source_task_context::transaction_context() { return nullptr; }

void source_task_context::request_poll() {}

sink_task_context::~sink_task_context() = default;

errant_record_reporter* sink_task_context::errant_record_reporter() { return nullptr; }

}  // namespace copycat
