#include "runtime/offsets_admin.hpp"

#include <exception>
#include <future>
#include <map>
#include <memory>
#include <utility>

#include "common/logging.hpp"
#include "copycat/connector/sink_connector.hpp"
#include "copycat/connector/source_connector.hpp"
#include "copycat/errors.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/connector_config.hpp"
#include "runtime/connector_offsets_topic.hpp"
#include "runtime/sink_offsets.hpp"
#include "runtime/source_offset_codec.hpp"
#include "storage/offset_store.hpp"

namespace copycat::runtime {
namespace {

storage::offset_bytes to_bytes(std::string_view text) { return {text.begin(), text.end()}; }
std::string to_text(const storage::offset_bytes& bytes) { return {bytes.begin(), bytes.end()}; }

std::string connector_class(const string_map& config) {
    auto it = config.find(connector_keys::connector_class);
    return it == config.end() ? std::string() : it->second;
}

// Kafka: OffsetUtils.validateFormat — values must be primitives (the keys of a JSON object are
// strings already).
result<void> validate_format(const source_map& map) {
    for (const auto& [key, v] : map) {
        if (v.is_map() || v.is_array() || v.is_struct())
            return make_error(errc::internal, "Offsets may only contain primitive types as values, but field " + key +
                                                  " contains " + (v.is_array() ? "ARRAY" : "MAP"));
    }
    return {};
}

// A JSON object text through the internal JsonConverter (Kafka: normalizeSourceConnectorOffsets).
result<source_map> normalize(source_offset_codec& codec, const std::string& text, const char* what) {
    auto map = codec.decode_value(to_bytes(text));
    if (!map) return make_error(errc::invalid_argument, std::string("The ") + what + " must be a JSON object");
    COPYCAT_TRY_VOID(validate_format(*map));
    return std::move(*map);
}

// The connector's partitions in the store with their exact stored keys (first one wins when
// two stored keys name the same partition).
std::vector<std::pair<source_map, storage::offset_bytes>> stored_partitions(
    source_offset_codec& codec, const std::map<storage::offset_bytes, storage::offset_bytes>& all,
    const std::string& connector) {
    std::vector<std::pair<source_map, storage::offset_bytes>> out;
    for (const auto& [key, value] : all) {
        auto decoded = codec.decode_key(key);
        if (!decoded || decoded->first != connector) continue;
        bool seen = false;
        for (const auto& existing : out) seen = seen || existing.first == decoded->second;
        if (!seen) out.emplace_back(std::move(decoded->second), key);
    }
    return out;
}

}  // namespace

result<offsets_admin::connector_store> offsets_admin::store_for(const std::string& connector,
                                                                const string_map& config) const {
    connector_store out;
    COPYCAT_TRY(out.own, connector_offset_store_for(worker_, config, offsets_, "connector-offsets-" + connector));
    out.store = &offsets_;
    if (out.own) {
        if (auto started = out.own->start(); !started)
            return make_error(errc::internal, "Failed to read the offsets topic of source connector " + connector +
                                                  ": " + started.err().describe());
        out.store = out.own.get();
    }
    return out;
}

std::string offsets_modified_message(bool confirmed_by_connector, bool reset) {
    const std::string what = reset ? "reset" : "altered";
    if (confirmed_by_connector) return "The offsets for this connector have been " + what + " successfully";
    return "The Connect framework-managed offsets for this connector have been " + what +
           " successfully. However, if this connector manages offsets externally, they will need to be manually " +
           what + " in the system that the connector uses.";
}

result<std::vector<connector_offset>> offsets_admin::offsets(const std::string& connector,
                                                             const string_map& config) const {
    auto entry = plugins_.find(connector_class(config), {plugin_kind::source_connector, plugin_kind::sink_connector});
    if (!entry) return make_error(errc::internal, entry.err().message);
    if ((*entry)->kind() == plugin_kind::sink_connector) return read_sink_offsets(worker_, connector, config, timeout_);
    return source_offsets(connector, config);
}

result<std::vector<connector_offset>> offsets_admin::source_offsets(const std::string& connector,
                                                                    const string_map& config) const {
    COPYCAT_TRY(auto opened, store_for(connector, config));
    source_offset_codec codec;
    const auto all = opened.store->all();
    std::vector<connector_offset> out;
    for (const auto& [partition, key] : stored_partitions(codec, all, connector)) {
        auto value = codec.decode_value(all.at(key));
        if (!value) continue;  // not a JSON object: no usable offset
        out.push_back({to_text(codec.encode_value(partition)), to_text(codec.encode_value(*value))});
    }
    return out;
}

result<std::string> offsets_admin::modify(const std::string& connector, const string_map& config,
                                          const std::optional<std::vector<connector_offset>>& offsets) const {
    auto entry = plugins_.find(connector_class(config), {plugin_kind::source_connector, plugin_kind::sink_connector});
    if (!entry) return make_error(errc::internal, entry.err().message);
    if ((*entry)->kind() == plugin_kind::source_connector) return modify_source(connector, config, offsets);
    std::unique_ptr<sink_connector> instance;
    try {
        instance = (*entry)->create<sink_connector>();
    } catch (const std::exception& e) {
        return make_error(errc::internal, e.what());
    }
    return modify_sink_offsets(worker_, *instance, connector, config, offsets, timeout_);
}

result<std::string> offsets_admin::modify_source(const std::string& connector, const string_map& config,
                                                 const std::optional<std::vector<connector_offset>>& offsets) const {
    const bool reset = !offsets.has_value();
    COPYCAT_TRY(auto opened, store_for(connector, config));
    source_offset_codec codec;
    const auto stored = stored_partitions(codec, opened.store->all(), connector);

    std::vector<source_offset_change> changes;
    if (reset) {
        for (const auto& [partition, key] : stored) changes.push_back({partition, std::nullopt});
    } else {
        for (const connector_offset& o : *offsets) {
            COPYCAT_TRY(auto partition, normalize(codec, o.partition, "partition of a source connector offset"));
            std::optional<source_map> offset;
            if (o.offset && *o.offset != "null") {
                COPYCAT_TRY(auto parsed, normalize(codec, *o.offset, "offset of a source connector offset"));
                offset = std::move(parsed);
            }
            changes.push_back({std::move(partition), std::move(offset)});
        }
    }

    bool confirmed = false;
    try {
        auto entry = plugins_.find(connector_class(config), {plugin_kind::source_connector});
        if (!entry) return make_error(errc::internal, entry.err().message);
        std::unique_ptr<source_connector> instance = (*entry)->create<source_connector>();
        confirmed = instance->alter_offsets({config.begin(), config.end()}, changes);
    } catch (const connect_error& e) {
        return make_error(errc::internal, e.what());
    } catch (const std::exception& e) {
        return make_error(errc::internal,
                          "Failed to modify offsets for source connector " + connector + ": " + e.what());
    }
    if (changes.empty()) {
        log::info(
            "No offsets found for source connector {} - this can occur due to a prior attempt to reset offsets "
            "or if the source connector hasn't committed any offsets yet",
            connector);
        return offsets_modified_message(confirmed, reset);
    }

    std::map<storage::offset_bytes, std::optional<storage::offset_bytes>> writes;
    for (const source_offset_change& change : changes) {
        storage::offset_bytes key;
        for (const auto& [partition, stored_key] : stored)
            if (partition == change.partition) key = stored_key;
        if (key.empty()) key = codec.encode_key(connector, change.partition);
        std::optional<storage::offset_bytes> value;
        if (change.offset) value = codec.encode_value(*change.offset);
        writes.insert_or_assign(std::move(key), std::move(value));
    }
    auto written = std::make_shared<std::promise<result<void>>>();
    auto done = written->get_future();
    opened.store->set(std::move(writes), [written](result<void> r) { written->set_value(std::move(r)); });
    if (done.wait_for(timeout_) != std::future_status::ready)
        return make_error(errc::timeout,
                          "Timed out while attempting to modify offsets for source connector " + connector);
    if (auto r = done.get(); !r) {
        log::error("Failed to modify offsets for source connector {}: {}", connector, r.err().describe());
        return make_error(errc::internal, "Failed to modify offsets for source connector " + connector);
    }
    log::info("{} {} offset(s) of source connector {}", reset ? "Reset" : "Altered", changes.size(), connector);
    return offsets_modified_message(confirmed, reset);
}

}  // namespace copycat::runtime
