#pragma once
// connect_protocol: Kafka Connect's group sub-protocol (Kafka's ConnectProtocol,
// IncrementalCooperativeConnectProtocol, ExtendedAssignment and ConnectProtocolCompatibility),
// byte-compatible with Java workers (docs/group-protocol.md#metadata-format and #assignment-format).
//
// Classic (non-flexible) types, big-endian: STRING = INT16 length, ARRAY = INT32 count (-1 =
// null where nullable), NULLABLE_BYTES = INT32 length. Every blob starts with an INT16 version;
// readers accept any version >= 0 and parse it with the newest schema they know, so a V1/V2
// reader tolerates missing trailing fields (assignment/revoked = empty, delay = 0) and ignores
// bytes after the fields it knows (appended by a newer version). A connector's entry lists its
// task ids with -1 (the connector instance itself) first. Decoding never trusts the wire: every
// length is bounds-checked and a malformed blob is an errc::protocol_error, never a crash.
//
// Pure functions over values; thread-safe.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "coordination/work_set.hpp"
#include "kafka/client/group_listener.hpp"
#include "kafka/protocol/types.hpp"

namespace copycat::coordination {

// The JoinGroup ProtocolType of every Connect worker.
inline constexpr std::string_view connect_protocol_type = "connect";
// Task id standing for the connector instance in a ConnectorAssignment (CONNECTOR_TASK).
inline constexpr std::int32_t connector_task_id = -1;

// connect.protocol values (ConnectProtocolCompatibility).
enum class connect_protocol { eager, compatible, sessioned };

// "eager" / "compatible" / "sessioned", any case; invalid_argument otherwise.
result<connect_protocol> parse_connect_protocol(std::string_view text);
// The worker config value: "eager" / "compatible" / "sessioned".
std::string_view config_name(connect_protocol protocol);
// The JoinGroup protocol name: "default" / "compatible" / "sessioned".
std::string_view protocol_name(connect_protocol protocol);
// The sub-protocol version: 0 / 1 / 2.
std::int16_t protocol_version(connect_protocol protocol);
// From a JoinGroup protocol name, any case (as Java's fromProtocol); invalid_argument otherwise.
result<connect_protocol> protocol_from_name(std::string_view wire_name);

// Member metadata (JoinGroup Protocols[].Metadata).
struct worker_metadata {
    std::int16_t version = 0;
    std::string url;                     // the advertised REST URL, "http://host:8083/"
    std::int64_t config_offset = -1;     // the worker's config snapshot offset
    std::optional<work_set> allocation;  // V1+: the worker's current full assignment; nullopt = null

    bool operator==(const worker_metadata&) const = default;
};

// Assignment error codes.
inline constexpr std::int16_t assignment_no_error = 0;
inline constexpr std::int16_t assignment_config_mismatch = 1;

// The leader's assignment for one member (SyncGroup Assignment bytes).
struct connect_assignment {
    std::int16_t version = 1;
    std::int16_t error = assignment_no_error;  // 1 = CONFIG_MISMATCH
    std::string leader;                        // the leader's member id
    std::string leader_url;
    std::int64_t config_offset = -1;
    work_set assigned;          // V0: the complete set; V1/V2: newly assigned (a delta)
    work_set revoked;           // V1/V2 only
    std::int32_t delay_ms = 0;  // V1/V2 only: rejoin after this long

    bool failed() const noexcept { return error != assignment_no_error; }
    bool operator==(const connect_assignment&) const = default;
};

// Encodes metadata at its version: V0 writes url and offset only; V1+ adds the allocation as
// an assignment blob of the same version (error 0, empty leader fields, the metadata's config
// offset, no revocations, delay 0), null when absent. Names longer than 32767 bytes cannot be
// written: try_encode reports it, encode aborts (callers with user-controlled names use
// try_encode).
result<kafka_protocol::bytes> try_encode(const worker_metadata& metadata);
kafka_protocol::bytes encode(const worker_metadata& metadata);
result<worker_metadata> decode_worker_metadata(kafka_protocol::bytes_view data);
result<worker_metadata> decode_worker_metadata(std::span<const std::uint8_t> data);

// Encodes an assignment at its version (V0: no revoked/delay; V1/V2: non-null arrays).
result<kafka_protocol::bytes> try_encode(const connect_assignment& assignment);
kafka_protocol::bytes encode(const connect_assignment& assignment);
// Decodes with the V1 reader whatever the version (a V0 blob has no revocations and delay 0).
result<connect_assignment> decode_connect_assignment(kafka_protocol::bytes_view data);
result<connect_assignment> decode_connect_assignment(std::span<const std::uint8_t> data);

// The protocols a worker offers in JoinGroup, in preference order, with metadata for each:
// sessioned -> sessioned (V2), compatible (V1), default (V0); compatible -> compatible, default;
// eager -> default. invalid_argument when a string is too long for the wire.
result<std::vector<kafka_client::group_protocol>> try_join_protocols(connect_protocol protocol, const std::string& url,
                                                                     std::int64_t config_offset,
                                                                     const std::optional<work_set>& allocation);
std::vector<kafka_client::group_protocol> join_protocols(connect_protocol protocol, const std::string& url,
                                                         std::int64_t config_offset,
                                                         const std::optional<work_set>& allocation);

}  // namespace copycat::coordination
