#pragma once
// The exactly-once checks a distributed worker adds to a source connector's validation (Kafka:
// DistributedHerder.validateSourceConnectorExactlyOnceSupport and
// validateSourceConnectorTransactionBoundary), with Kafka's messages word for word
// (docs/exactly-once-source.md#validation). A standalone worker makes neither check, as Kafka's
// StandaloneHerder does not.
//
// Pure function; runs on whichever thread validates (the connector plugin is called there).

#include <functional>
#include <map>
#include <string>

#include "copycat/config/config_value.hpp"
#include "runtime/exactly_once_source.hpp"

namespace copycat {
class source_connector;
}

namespace copycat::herder {

// Adds errors to validated["exactly.once.support"] (when "required": the worker must have
// exactly.once.source.support=enabled and the connector must declare SUPPORTED) and to
// validated["transaction.boundary"] (when "connector": the connector must declare it can define
// boundaries). Keys that already carry an error are left alone, as Kafka does. A connector method
// that throws gives Kafka's "An unexpected error occurred during validation: <message>".
void validate_exactly_once_source(runtime::exactly_once_source_support worker_support, source_connector& connector,
                                  const std::map<std::string, std::string>& connector_config,
                                  std::map<std::string, config_value, std::less<>>& validated);

}  // namespace copycat::herder
