#include "storage/config_record_reader.hpp"

#include <limits>

#include "common/logging.hpp"

namespace copycat::storage {
namespace {

std::string key_text(const log_record& r) { return r.key ? *r.key : std::string("<null>"); }

}  // namespace

std::optional<config_event> config_record_reader::apply(const log_record& record) {
    json::value value;  // null: a tombstone
    if (record.value) {
        auto parsed = json::parse(*record.value);
        if (!parsed) {
            log::error("Failed to convert config record {} at offset {}: {}", key_text(record), record.offset,
                       parsed.err().describe());
            return std::nullopt;
        }
        value = std::move(parsed).value();
    }
    state_.offset = record.offset + 1;

    if (!record.key) {
        log::error("Discarding config record with a null key at offset {}", record.offset);
        return std::nullopt;
    }
    config_key key = parse_config_key(*record.key);
    switch (key.kind) {
        case config_key_kind::target_state:
            return apply_target_state(key.name, value);
        case config_key_kind::connector:
            return apply_connector_config(key.name, value);
        case config_key_kind::task:
            apply_task_config(key.name, key.task, value);
            return std::nullopt;
        case config_key_kind::bad_task_key:
            log::error("Ignoring task configuration because {} couldn't be parsed as a task config key", *record.key);
            return std::nullopt;
        case config_key_kind::commit:
            return apply_commit(key.name, value);
        case config_key_kind::restart: {
            auto r = decode_restart_request(key.name, value);
            if (!r) {
                log::error("Ignoring restart request for connector '{}': {}", key.name, r.err().describe());
                return std::nullopt;
            }
            config_event e{config_event::kind::restart_request, key.name, std::move(r).value(), {}, {}};
            return e;
        }
        case config_key_kind::task_count:
            if (!apply_task_count(key.name, value)) return std::nullopt;
            return config_event{config_event::kind::task_count, key.name, {}, {}, {}};
        case config_key_kind::session_key: {
            auto k = decode_session_key(value);
            if (!k) {
                log::error("Ignoring session key: {}", value.is_null() ? "unexpectedly null" : k.err().describe());
                return std::nullopt;
            }
            state_.session_key = *k;
            return config_event{config_event::kind::session_key, {}, {}, std::move(k).value(), {}};
        }
        case config_key_kind::logger_level: {
            auto level = decode_logger_level(value);
            if (!level) {
                log::error("Ignoring logging level for namespace {}: {}", key.name,
                           value.is_null() ? "unexpectedly null" : level.err().describe());
                return std::nullopt;
            }
            return config_event{config_event::kind::logger_level, key.name, {}, {}, std::move(level).value()};
        }
        case config_key_kind::unknown:
            break;
    }
    log::error("Discarding config update record with invalid key: {}", *record.key);
    return std::nullopt;
}

std::optional<config_event> config_record_reader::apply_target_state(const std::string& c, const json::value& v) {
    if (v.is_null()) {
        // Deletion tombstones the target state too; the connector-config removal tells the listener.
        state_.target_states.erase(c);
        if (state_.contains(c)) state_.target_states[c] = target_state_value::started;
        return std::nullopt;
    }
    auto s = decode_target_state(v);
    if (!s) {
        log::error("Ignoring target state for connector '{}': {}", c, s.err().describe());
        return std::nullopt;
    }
    auto it = state_.target_states.find(c);
    const bool changed = it == state_.target_states.end() || it->second != *s;
    state_.target_states[c] = *s;
    // No event for a connector without config: a create writes its initial state first.
    if (!changed || !state_.contains(c)) return std::nullopt;
    return config_event{config_event::kind::target_state, c, {}, {}, {}};
}

std::optional<config_event> config_record_reader::apply_connector_config(const std::string& c, const json::value& v) {
    if (v.is_null()) {
        remove_connector(c);
        log::info("Processed removal of connector '{}'", c);
        return config_event{config_event::kind::connector_config, c, {}, {}, {}};
    }
    auto props = decode_properties(v);
    if (!props) {
        log::error("Ignoring configuration for connector '{}': {}", c, props.err().describe());
        return std::nullopt;
    }
    state_.connector_configs[c] = std::move(props).value();
    state_.target_states.try_emplace(c, target_state_value::started);
    return config_event{config_event::kind::connector_config, c, {}, {}, {}};
}

void config_record_reader::apply_task_config(const std::string& c, std::int32_t task, const json::value& v) {
    if (v.is_null()) {
        log::error("Ignoring task configuration for task {}-{} because it is unexpectedly null", c, task);
        return;
    }
    auto props = decode_properties(v);
    if (!props) {
        log::error("Ignoring configuration for task {}-{}: {}", c, task, props.err().describe());
        return;
    }
    deferred_[c][task] = std::move(props).value();
}

std::optional<config_event> config_record_reader::apply_commit(const std::string& c, const json::value& v) {
    if (!state_.contains(c)) {
        // Deleted, then compacted away: drop whatever is left for it.
        remove_connector(c);
        log::debug("Ignoring task configs for connector {}; it appears to have been deleted", c);
        return std::nullopt;
    }
    auto count = decode_commit(v);
    if (!count) {
        log::error("Ignoring task configuration commit for connector '{}': {}", c, count.err().describe());
        return std::nullopt;
    }
    auto deferred = deferred_.find(c);
    bool complete = true;
    for (std::int32_t i = 0; i < *count; ++i) {
        if (deferred == deferred_.end() || deferred->second.count(i) == 0) {
            complete = false;
            break;
        }
    }
    if (!complete) {
        log::debug("Incomplete set of task configs for connector '{}' (probably compaction); not applying them", c);
        state_.inconsistent.insert(c);
    } else {
        if (deferred != deferred_.end()) {
            for (auto& [task, config] : deferred->second) state_.task_configs[{c, task}] = std::move(config);
            auto [gen, fresh] = state_.task_config_generations.try_emplace(c, 0);
            if (!fresh) ++gen->second;
        }
        state_.inconsistent.erase(c);
    }
    if (deferred != deferred_.end()) deferred->second.clear();
    state_.task_counts[c] = *count;
    state_.pending_fencing.insert(c);
    return config_event{config_event::kind::task_configs, c, {}, {}, {}};
}

bool config_record_reader::apply_task_count(const std::string& c, const json::value& v) {
    auto count = decode_task_count(v);
    if (!count) {
        log::error("Ignoring task count record for connector '{}': {}", c, count.err().describe());
        return false;
    }
    state_.task_count_records[c] = *count;
    state_.pending_fencing.erase(c);
    return true;
}

void config_record_reader::remove_connector(const std::string& c) {
    state_.connector_configs.erase(c);
    state_.task_counts.erase(c);
    auto first = state_.task_configs.lower_bound({c, std::numeric_limits<std::int32_t>::min()});
    auto last = first;
    while (last != state_.task_configs.end() && last->first.first == c) ++last;
    state_.task_configs.erase(first, last);
    deferred_.erase(c);
}

}  // namespace copycat::storage
