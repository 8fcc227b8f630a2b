#pragma once
// --wait: polls a connector's status (or its config) until it reaches what the verb asked for,
// or the deadline passes (exit code 5), or the connector or a task is FAILED (exit code 6).
// Polling is the only way: Kafka's REST API has no long-poll or event stream.

#include <chrono>
#include <string>

#include "cli/rest_client.hpp"
#include "common/json.hpp"
#include "common/properties.hpp"
#include "common/result.hpp"

namespace copycat::cli {

// The states --wait waits for. RUNNING and PAUSED mean the connector and every task, with at
// least one task (a connector has none for a moment after it starts); STOPPED means the connector
// (a stopped connector has no tasks); deleted means GET /connectors/{c} answers 404.
enum class wanted_state { running, paused, stopped, deleted };

enum class verdict { reached, pending, failed };

// How a GET /connectors/{c}/status answer stands against `wanted` (never `deleted`).
verdict judge_status(const json::value& status, wanted_state wanted);

// Polls until `name` reaches `wanted`; returns the last status (null for deleted). A 404 while
// waiting for a state is taken as "not yet visible" (a follower learns of a new connector late).
result<json::value> wait_for_state(const rest_client& rest, const std::string& name, wanted_state wanted,
                                   std::chrono::milliseconds timeout);

// Polls GET /connectors/{c}/config until it holds every key of `expected` with its value (the
// worker asked has read the new config), then waits for RUNNING; both within `timeout`.
result<json::value> wait_for_config_running(const rest_client& rest, const std::string& name,
                                            const string_map& expected, std::chrono::milliseconds timeout);

}  // namespace copycat::cli
