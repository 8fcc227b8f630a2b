#include "runtime/sink_offsets.hpp"

#include <algorithm>
#include <charconv>
#include <exception>

#include "common/json.hpp"
#include "common/logging.hpp"
#include "copycat/connector/sink_connector.hpp"
#include "copycat/errors.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "runtime/client_configs.hpp"

namespace copycat::runtime {
namespace {

using clock_type = std::chrono::steady_clock;

constexpr std::string_view topic_key = "kafka_topic";
constexpr std::string_view partition_key = "kafka_partition";
constexpr std::string_view offset_key = "kafka_offset";

error bad_request(std::string message) { return make_error(errc::invalid_argument, std::move(message)); }

// Java's String.valueOf of a JSON value as Jackson reads it: a string is its text.
std::string java_text(const json::value& v) { return v.is_string() ? v.as_string() : json::dump(v); }

// Java's Integer.parseInt / Long.parseLong: an optional sign and decimal digits, in range.
template <class T>
std::optional<T> parse_integer(const std::string& text) {
    std::string_view digits = text;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    if (digits.empty() || digits.front() == '+') return std::nullopt;
    T out{};
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return out;
}

std::chrono::milliseconds remaining(clock_type::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
    return std::max(left, std::chrono::milliseconds(1));
}

result<rdkafka::admin_client> admin_for(const worker_config& worker, const std::string& connector,
                                        const string_map& config) {
    COPYCAT_TRY(auto settings, admin_settings(worker, config, "connector-worker-adminclient-" + connector));
    COPYCAT_TRY(auto client, to_client_config(settings, "the offsets admin client of connector " + connector));
    return rdkafka::admin_client::create(client);
}

json::value partition_json(const topic_partition& tp) {
    json::value partition = json::value::make_object();
    partition.set(topic_key, tp.topic);
    partition.set(partition_key, tp.partition);
    return partition;
}

// The connector's alter_offsets(); a throw refuses the change.
result<bool> ask_connector(sink_connector& instance, const std::string& connector, const string_map& config,
                           const sink_offset_changes& changes) {
    try {
        return instance.alter_offsets({config.begin(), config.end()}, changes);
    } catch (const connect_error& e) {
        return make_error(errc::internal, e.what());
    } catch (const std::exception& e) {
        return make_error(errc::internal, "Failed to modify offsets for sink connector " + connector + ": " + e.what());
    }
}

std::string zombie_message(const std::string& what, const std::string& connector) {
    return "Failed to " + what + " consumer group offsets for connector " + connector +
           " either because its tasks haven't stopped completely yet or the connector was resumed before the request "
           "to " +
           what +
           " its offsets could be successfully completed. If the connector is in a stopped state, this operation can "
           "be safely retried. If it doesn't eventually succeed, the Connect cluster may need to be restarted to get "
           "rid of the zombie sink tasks.";
}

}  // namespace

result<sink_offset_changes> parse_sink_offsets(const std::vector<connector_offset>& offsets) {
    sink_offset_changes out;
    for (const connector_offset& entry : offsets) {
        auto partition = json::parse(entry.partition);
        if (!partition || partition->is_null())
            return bad_request("The partition for a sink connector offset cannot be null or missing");
        const json::value* topic = partition->find(topic_key);
        const json::value* number = partition->find(partition_key);
        if (topic == nullptr || number == nullptr)
            return bad_request(
                "The partition for a sink connector offset must contain the keys 'kafka_topic' and "
                "'kafka_partition'");
        if (topic->is_null()) return bad_request("Kafka topic names must be valid strings and may not be null");
        if (number->is_null()) return bad_request("Kafka partitions must be valid numbers and may not be null");
        auto parsed_partition = parse_integer<std::int32_t>(java_text(*number));
        if (!parsed_partition)
            return bad_request("Failed to parse the following Kafka partition value in the provided offsets: '" +
                               java_text(*number) + "'. Partition values for sink connectors need to be integers.");
        topic_partition tp{java_text(*topic), *parsed_partition};

        if (!entry.offset) {
            out.insert_or_assign(std::move(tp), std::nullopt);
            continue;
        }
        auto offset = json::parse(*entry.offset);
        if (!offset || offset->is_null()) {
            out.insert_or_assign(std::move(tp), std::nullopt);
            continue;
        }
        const json::value* value = offset->find(offset_key);
        if (value == nullptr)
            return bad_request(
                "The offset for a sink connector should either be null or contain the key "
                "'kafka_offset'");
        auto parsed_offset = parse_integer<std::int64_t>(java_text(*value));
        if (!parsed_offset)
            return bad_request("Failed to parse the following Kafka offset value in the provided offsets: '" +
                               java_text(*value) + "'. Offset values for sink connectors need to be integers.");
        out.insert_or_assign(std::move(tp), *parsed_offset);
    }
    return out;
}

std::string sink_group_id(const worker_config& worker, const std::string& connector, const string_map& config) {
    auto settings = consumer_settings(worker, config, task_id{connector, 0});
    if (settings) {
        if (auto it = settings->find("group.id"); it != settings->end()) return it->second;
    }
    return "connect-" + connector;
}

result<std::vector<connector_offset>> read_sink_offsets(const worker_config& worker, const std::string& connector,
                                                        const string_map& config, std::chrono::milliseconds timeout) {
    const std::string group = sink_group_id(worker, connector, config);
    COPYCAT_TRY(auto admin, admin_for(worker, connector, config));
    auto listed = admin.list_group_offsets(group, timeout);
    if (!listed) {
        log::error("Failed to retrieve consumer group offsets for sink connector {}: {}", connector,
                   listed.err().describe());
        return make_error(errc::internal, "Failed to retrieve consumer group offsets for sink connector " + connector);
    }
    std::map<topic_partition, std::int64_t> by_partition;
    for (const auto& p : *listed) by_partition.insert_or_assign(topic_partition{p.topic, p.partition}, p.offset);
    std::vector<connector_offset> out;
    for (const auto& [tp, offset] : by_partition) {
        json::value value = json::value::make_object();
        value.set(offset_key, static_cast<long long>(offset));
        out.push_back({json::dump(partition_json(tp)), json::dump(value)});
    }
    return out;
}

result<std::string> modify_sink_offsets(const worker_config& worker, sink_connector& instance,
                                        const std::string& connector, const string_map& config,
                                        const std::optional<std::vector<connector_offset>>& offsets,
                                        std::chrono::milliseconds timeout) {
    const auto deadline = clock_type::now() + timeout;
    const bool reset = !offsets.has_value();
    const std::string group = sink_group_id(worker, connector, config);
    COPYCAT_TRY(auto admin, admin_for(worker, connector, config));

    sink_offset_changes changes;
    if (reset) {
        auto listed = admin.list_group_offsets(group, remaining(deadline));
        if (!listed) {
            log::error("Failed to list offsets prior to resetting offsets for sink connector {}: {}", connector,
                       listed.err().describe());
            return make_error(errc::internal,
                              "Failed to list offsets prior to resetting offsets for sink connector " + connector);
        }
        for (const auto& p : *listed) changes.insert_or_assign(topic_partition{p.topic, p.partition}, std::nullopt);
    } else {
        COPYCAT_TRY(auto parsed, parse_sink_offsets(*offsets));
        changes = std::move(parsed);
    }

    COPYCAT_TRY(auto confirmed, ask_connector(instance, connector, config, changes));
    if (clock_type::now() >= deadline)
        return make_error(errc::timeout,
                          "Timed out while calling the 'alterOffsets' method for sink connector " + connector);

    if (reset) {
        auto deleted = admin.delete_group(group, remaining(deadline));
        if (!deleted && deleted.err().code != make_error_code(errc::not_found)) {
            log::error("Failed to reset consumer group offsets for sink connector {}: {}", connector,
                       deleted.err().describe());
            if (deleted.err().code == make_error_code(errc::conflict))
                return make_error(errc::internal, zombie_message("reset", connector));
            return make_error(errc::internal, "Failed to reset consumer group offsets for sink connector " + connector);
        }
        log::info("Reset the offsets of sink connector {} (deleted consumer group {})", connector, group);
        return offsets_modified_message(confirmed, true);
    }

    std::vector<rdkafka::topic_partition_offset> to_alter;
    std::vector<rdkafka::topic_partition> to_delete;
    for (const auto& [tp, offset] : changes) {
        if (offset) {
            to_alter.push_back({tp.topic, tp.partition, *offset});
        } else {
            to_delete.push_back({tp.topic, tp.partition});
        }
    }
    auto altered = admin.alter_group_offsets(group, to_alter, remaining(deadline));
    result<void> deleted_offsets =
        altered ? admin.delete_group_offsets(group, to_delete, remaining(deadline)) : result<void>(altered.err());
    if (!deleted_offsets) {
        log::error("Failed to alter consumer group offsets for connector {}: {}", connector,
                   deleted_offsets.err().describe());
        if (deleted_offsets.err().code == make_error_code(errc::conflict))
            return make_error(errc::internal, zombie_message("alter", connector));
        return make_error(errc::internal, "Failed to alter consumer group offsets for connector " + connector);
    }
    log::info("Altered the offsets of sink connector {} in consumer group {}: {} committed, {} deleted", connector,
              group, to_alter.size(), to_delete.size());
    return offsets_modified_message(confirmed, false);
}

}  // namespace copycat::runtime
