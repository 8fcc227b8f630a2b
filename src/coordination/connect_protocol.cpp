#include "coordination/connect_protocol.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <utility>

#include "common/logging.hpp"
#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::coordination {

namespace kp = kafka_protocol;

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
               return lower(x) == lower(y);
           });
}

constexpr connect_protocol all_protocols[] = {connect_protocol::eager, connect_protocol::compatible,
                                              connect_protocol::sessioned};

// ConnectorAssignment entries: one per connector name, task ids ascending, -1 (the connector)
// first.
std::map<std::string, std::vector<std::int32_t>> connector_entries(const work_set& work) {
    std::map<std::string, std::vector<std::int32_t>> entries;
    for (const auto& c : work.connectors) entries[c].push_back(connector_task_id);
    for (const auto& t : work.tasks) entries[t.connector].push_back(t.task);
    for (auto& [name, ids] : entries) {
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    }
    return entries;
}

void write_connector_assignments(kp::writer& w, std::string_view field, const work_set& work, bool nullable) {
    const auto entries = connector_entries(work);
    if (nullable) {
        w.write_nullable_array_count(field, entries.size(), false);
    } else {
        w.write_array_count(field, entries.size(), false);
    }
    for (const auto& [name, ids] : entries) {
        w.write_string("connector", name);
        w.write_array_count("tasks", ids.size(), false);
        for (auto id : ids) w.write_int32(id);
    }
}

void read_connector_assignments(kp::reader& r, std::size_t count, work_set& out) {
    for (std::size_t i = 0; i < count && r.ok(); ++i) {
        std::string connector = r.read_string("connector");
        const std::size_t tasks = r.read_array_count("tasks", false);
        for (std::size_t j = 0; j < tasks && r.ok(); ++j) {
            const std::int32_t id = r.read_int32("tasks");
            if (!r.ok()) break;
            if (id == connector_task_id) {
                out.connectors.push_back(connector);
            } else if (id < 0) {
                r.fail("tasks", "negative task id");
            } else {
                out.tasks.push_back(task_ref{connector, id});
            }
        }
    }
}

// A version header; protocol_error when absent or negative.
result<std::int16_t> read_version(kp::reader& r, std::string_view what) {
    const std::int16_t version = r.read_int16("version");
    if (!r.ok()) return make_error(errc::protocol_error, std::string(what) + ": " + r.error_message());
    if (version < 0) {
        return make_error(errc::protocol_error, std::string(what) + ": unsupported version " + std::to_string(version));
    }
    return version;
}

template <class T>
T or_abort(result<T> r, std::string_view what) {
    if (!r) {
        log::error("cannot encode the {}: {}", what, r.err().describe());
        std::abort();
    }
    return std::move(r).value();
}

}  // namespace

result<connect_protocol> parse_connect_protocol(std::string_view text) {
    for (auto p : all_protocols) {
        if (iequals(text, config_name(p))) return p;
    }
    return make_error(errc::invalid_argument, "Unknown Connect protocol compatibility mode: " + std::string(text));
}

std::string_view config_name(connect_protocol protocol) {
    switch (protocol) {
        case connect_protocol::eager:
            return "eager";
        case connect_protocol::compatible:
            return "compatible";
        case connect_protocol::sessioned:
            return "sessioned";
    }
    return "sessioned";
}

std::string_view protocol_name(connect_protocol protocol) {
    return protocol == connect_protocol::eager ? "default" : config_name(protocol);
}

std::int16_t protocol_version(connect_protocol protocol) {
    switch (protocol) {
        case connect_protocol::eager:
            return 0;
        case connect_protocol::compatible:
            return 1;
        case connect_protocol::sessioned:
            return 2;
    }
    return 2;
}

result<connect_protocol> protocol_from_name(std::string_view wire_name) {
    for (auto p : all_protocols) {
        if (iequals(wire_name, protocol_name(p))) return p;
    }
    return make_error(errc::invalid_argument,
                      "Not found Connect protocol compatibility mode for protocol: " + std::string(wire_name));
}

result<kp::bytes> try_encode(const connect_assignment& a) {
    kp::writer w;
    w.write_int16(a.version);
    w.write_int16(a.error);
    w.write_string("leader", a.leader);
    w.write_string("leader-url", a.leader_url);
    w.write_int64(a.config_offset);
    if (a.version <= 0) {
        write_connector_assignments(w, "assignment", a.assigned, false);
    } else {
        write_connector_assignments(w, "assignment", a.assigned, true);
        write_connector_assignments(w, "revoked", a.revoked, true);
        w.write_int32(a.delay_ms);
    }
    return std::move(w).finish("connect assignment", a.version);
}

kp::bytes encode(const connect_assignment& assignment) { return or_abort(try_encode(assignment), "assignment"); }

result<connect_assignment> decode_connect_assignment(kp::bytes_view data) {
    kp::reader r(data);
    COPYCAT_TRY(auto version, read_version(r, "connect assignment"));
    connect_assignment a;
    a.version = version;
    a.error = r.read_int16("error");
    a.leader = r.read_string("leader");
    a.leader_url = r.read_string("leader-url");
    a.config_offset = r.read_int64("config-offset");
    // The V1 reader: every field after config-offset may be missing (a V0 blob, or a shorter
    // one); bytes after the known fields belong to a newer version and are ignored.
    if (r.ok() && r.remaining() > 0) {
        if (auto n = r.read_nullable_array_count("assignment", false)) read_connector_assignments(r, *n, a.assigned);
    }
    if (r.ok() && r.remaining() > 0) {
        if (auto n = r.read_nullable_array_count("revoked", false)) read_connector_assignments(r, *n, a.revoked);
    }
    if (r.ok() && r.remaining() > 0) a.delay_ms = r.read_int32("delay");
    if (!r.ok()) {
        return make_error(errc::protocol_error,
                          "connect assignment v" + std::to_string(a.version) + ": " + r.error_message());
    }
    a.assigned.normalize();
    a.revoked.normalize();
    return a;
}

result<connect_assignment> decode_connect_assignment(std::span<const std::uint8_t> data) {
    return decode_connect_assignment(std::as_bytes(data));
}

result<kp::bytes> try_encode(const worker_metadata& m) {
    kp::writer w;
    w.write_int16(m.version);
    w.write_string("url", m.url);
    w.write_int64(m.config_offset);
    if (m.version >= 1) {
        std::optional<kp::bytes> allocation;
        if (m.allocation) {
            connect_assignment blob;
            blob.version = m.version;
            blob.config_offset = m.config_offset;
            blob.assigned = *m.allocation;
            COPYCAT_TRY(auto encoded, try_encode(blob));
            allocation = std::move(encoded);
        }
        w.write_nullable_bytes("allocation", allocation);
    }
    return std::move(w).finish("connect worker metadata", m.version);
}

kp::bytes encode(const worker_metadata& metadata) { return or_abort(try_encode(metadata), "worker metadata"); }

result<worker_metadata> decode_worker_metadata(kp::bytes_view data) {
    kp::reader r(data);
    COPYCAT_TRY(auto version, read_version(r, "connect worker metadata"));
    worker_metadata m;
    m.version = version;
    m.url = r.read_string("url");
    m.config_offset = r.read_int64("config-offset");
    // As Java's IncrementalCooperativeConnectProtocol reader: the allocation may be missing.
    std::optional<kp::bytes> allocation;
    if (r.ok() && r.remaining() > 0) allocation = r.read_nullable_bytes("allocation");
    if (!r.ok()) {
        return make_error(errc::protocol_error,
                          "connect worker metadata v" + std::to_string(m.version) + ": " + r.error_message());
    }
    if (allocation) {
        auto blob = decode_connect_assignment(*allocation);
        if (!blob) return make_error(errc::protocol_error, "connect worker metadata allocation: " + blob.err().message);
        m.allocation = std::move(blob->assigned);
    }
    return m;
}

result<worker_metadata> decode_worker_metadata(std::span<const std::uint8_t> data) {
    return decode_worker_metadata(std::as_bytes(data));
}

result<std::vector<kafka_client::group_protocol>> try_join_protocols(connect_protocol protocol, const std::string& url,
                                                                     std::int64_t config_offset,
                                                                     const std::optional<work_set>& allocation) {
    std::vector<connect_protocol> offered;
    switch (protocol) {
        case connect_protocol::sessioned:
            offered = {connect_protocol::sessioned, connect_protocol::compatible, connect_protocol::eager};
            break;
        case connect_protocol::compatible:
            offered = {connect_protocol::compatible, connect_protocol::eager};
            break;
        case connect_protocol::eager:
            offered = {connect_protocol::eager};
            break;
    }
    std::vector<kafka_client::group_protocol> out;
    for (auto p : offered) {
        const std::int16_t version = protocol_version(p);
        COPYCAT_TRY(auto metadata,
                    try_encode(worker_metadata{version, url, config_offset, version >= 1 ? allocation : std::nullopt}));
        out.push_back({std::string(protocol_name(p)), std::move(metadata)});
    }
    return out;
}

std::vector<kafka_client::group_protocol> join_protocols(connect_protocol protocol, const std::string& url,
                                                         std::int64_t config_offset,
                                                         const std::optional<work_set>& allocation) {
    return or_abort(try_join_protocols(protocol, url, config_offset, allocation), "JoinGroup protocols");
}

}  // namespace copycat::coordination
