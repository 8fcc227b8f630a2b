#pragma once
// What `-o table` shows for each REST answer: pure functions from the JSON Kafka Connect returns
// to text (render_table), so that every view is testable without a worker. `-o json` prints the
// answers themselves instead.

#include <string>

#include "common/json.hpp"

namespace copycat::cli {

// Lenient readers, so that a view never fails on an odd answer: the text at `key` of an object
// (a string as is, anything else as compact JSON, "" when absent or null), and the array at `key`
// (empty when absent).
std::string text_at(const json::value& v, std::string_view key);
const json::array& array_at(const json::value& v, std::string_view key);

// GET /connectors?expand=info&expand=status: NAME TYPE STATE TASKS (running/total) CLASS.
std::string connectors_view(const json::value& expanded);
// GET /connectors/{c}/status: one row for the connector and one per task, the first line of a
// FAILED one's trace in the last column.
std::string status_view(const json::value& status);
// GET /connectors/{c}: name, type and task count, then the config as KEY VALUE rows.
std::string connector_view(const json::value& info);
// GET /connector-plugins: CLASS TYPE VERSION.
std::string plugins_view(const json::value& plugins);
// PUT /connector-plugins/{p}/config/validate: the error count, then KEY ERROR rows.
std::string validation_view(const json::value& validation);
// GET /connectors/{c}/offsets: PARTITION OFFSET rows, each as compact JSON.
std::string offsets_view(const json::value& offsets);

// `cluster info`: GET / (version, commit, kafka_cluster_id) and, from the statuses of
// GET /connectors?expand=status, every worker that runs something, with its connectors and tasks
// ({"id":..., "connectors":[...], "tasks":["c-0", ...]}, sorted by id) — Kafka's REST API has no
// list of the group's members, so a worker without work does not appear.
json::value cluster_info(const json::value& root, const json::value& statuses);
std::string cluster_view(const json::value& info);

}  // namespace copycat::cli
