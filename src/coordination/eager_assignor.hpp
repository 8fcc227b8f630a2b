#pragma once
// assign_eager: Kafka's EagerAssignor (docs/group-protocol.md#eager-assignor) as a pure
// function. Every member receives its complete set of work, computed from scratch: connectors in
// name order, then every task (connector name, then task number), all dealt from ONE circular
// iterator over the member ids in sorted order, so connectors and tasks do not pile up on
// alternate members. The config-offset check
// (docs/group-protocol.md#the-leader-and-the-config-offset) is the caller's (connect_leader); the
// blobs carry input.config.offset and input.version (0 for the "default" protocol). Thread-safe.

#include <map>
#include <string>

#include "coordination/assignor_input.hpp"
#include "coordination/connect_protocol.hpp"

namespace copycat::coordination {

// member id -> its assignment; empty when there are no members.
std::map<std::string, connect_assignment> assign_eager(const assignor_input& input);

}  // namespace copycat::coordination
