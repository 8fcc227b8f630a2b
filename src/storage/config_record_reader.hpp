#pragma once
// config_record_reader: applies config-topic records to a cluster_config, following Kafka's read
// rules (KafkaConfigBackingStore.ConsumeCallback):
//   - offset = the record's offset + 1 once its value parses as JSON (a value that does not parse
//     is logged and skipped without moving the offset, as Kafka's converter failure does);
//   - keys matched in Kafka's order; task configs deferred per connector until commit-<c>, which
//     applies them only when ids 0..n-1 are all present (else: inconsistent), drops everything
//     for a connector without config, and always clears the deferred set and sets the count;
//   - a connector config without target state gets STARTED; target state prefers state.v2;
//   - malformed records are logged and skipped, never fatal.
// Not thread-safe: kafka_config_store serialises calls under its mutex (the log's thread).

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "storage/cluster_config.hpp"
#include "storage/config_records.hpp"
#include "storage/record_log.hpp"

namespace copycat::storage {

// What one applied record means to a listener (kafka_config_store forwards it after start-up).
struct config_event {
    enum class kind {
        connector_config,  // created, changed or removed
        task_configs,      // a commit for an existing connector (consistent or not)
        target_state,      // changed, for a connector that has a config
        restart_request,
        session_key,
        logger_level,
        task_count,  // a tasks-fencing-<c> record (KIP-618)
    };
    kind what = kind::connector_config;
    std::string name;  // connector (logger namespace for logger_level)
    restart_request_record restart;
    session_key_record key;
    std::string level;
};

class config_record_reader {
public:
    // Applies one record; the event a listener must hear about, if any.
    std::optional<config_event> apply(const log_record& record);

    const cluster_config& state() const { return state_; }
    // Task configs read but not yet committed, per connector (for tests and diagnostics).
    const std::map<std::string, std::map<std::int32_t, string_map>>& deferred() const { return deferred_; }

private:
    std::optional<config_event> apply_target_state(const std::string& c, const json::value& v);
    std::optional<config_event> apply_connector_config(const std::string& c, const json::value& v);
    void apply_task_config(const std::string& c, std::int32_t task, const json::value& v);
    std::optional<config_event> apply_commit(const std::string& c, const json::value& v);
    bool apply_task_count(const std::string& c, const json::value& v);
    void remove_connector(const std::string& c);

    cluster_config state_;
    std::map<std::string, std::map<std::int32_t, string_map>> deferred_;
};

}  // namespace copycat::storage
