#include "postgres/source_query.hpp"

#include "copycat/errors.hpp"

namespace copycat::postgres {
namespace {

constexpr std::string_view incrementing_field = "incrementing";
constexpr std::string_view timestamp_field = "timestamp";
constexpr std::string_view timestamp_nanos_field = "timestamp_nanos";

// Confluent's first run starts after incrementing value -1 and after the epoch.
constexpr std::int64_t initial_incrementing = -1;
constexpr std::int64_t initial_timestamp_micros = 0;

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

std::optional<std::int64_t> integer_field(const source_map& offset, std::string_view name) {
    const auto found = offset.find(std::string(name));
    if (found == offset.end() || found->second.is_null()) return std::nullopt;
    if (!found->second.is_integer()) {
        throw data_error("The source offset field '" + std::string(name) +
                         "' is not an integer: " + found->second.to_string());
    }
    return found->second.to_int64();
}

// The timestamp parameter as PostgreSQL computes it, exactly: the epoch plus whole microseconds.
std::string timestamp_after(const std::string& column, int param) {
    return column + " > 'epoch'::timestamp + $" + std::to_string(param) + "::bigint * interval '1 microsecond'";
}

}  // namespace

source_mode parse_source_mode(std::string_view text) {
    if (text == "bulk") return source_mode::bulk;
    if (text == "incrementing") return source_mode::incrementing;
    if (text == "timestamp") return source_mode::timestamp;
    if (text == "timestamp+incrementing") return source_mode::timestamp_incrementing;
    throw config_error("Invalid mode " + std::string(text));
}

source_map source_position::to_offset() const {
    source_map out;
    if (incrementing) out[std::string(incrementing_field)] = *incrementing;
    if (timestamp_micros) {
        const std::int64_t seconds = floor_div(*timestamp_micros, 1'000'000);
        out[std::string(timestamp_field)] = floor_div(*timestamp_micros, 1000);
        out[std::string(timestamp_nanos_field)] = (*timestamp_micros - seconds * 1'000'000) * 1000;
    }
    return out;
}

source_position source_position::from_offset(const source_map& offset) {
    source_position p;
    p.incrementing = integer_field(offset, incrementing_field);
    if (const auto millis = integer_field(offset, timestamp_field)) {
        const std::int64_t nanos = integer_field(offset, timestamp_nanos_field).value_or(0);
        // java.sql.Timestamp: getTime() holds the milliseconds, getNanos() the whole fraction.
        p.timestamp_micros = floor_div(*millis, 1000) * 1'000'000 + nanos / 1000;
    }
    return p;
}

source_statement build_source_statement(source_mode mode, const std::string& from,
                                        const std::string& incrementing_column, const std::string& timestamp_column,
                                        const source_position& position) {
    source_statement s;
    s.sql = "SELECT * FROM " + from;
    const std::string inc = std::to_string(position.incrementing.value_or(initial_incrementing));
    const std::string ts = std::to_string(position.timestamp_micros.value_or(initial_timestamp_micros));
    switch (mode) {
        case source_mode::bulk:
            break;
        case source_mode::incrementing:
            s.sql += " WHERE " + incrementing_column + " > $1::bigint ORDER BY " + incrementing_column + " ASC";
            s.params = {inc};
            break;
        case source_mode::timestamp:
            s.sql += " WHERE " + timestamp_after(timestamp_column, 1) + " AND " + timestamp_column +
                     " < now() ORDER BY " + timestamp_column + " ASC";
            s.params = {ts};
            break;
        case source_mode::timestamp_incrementing:
            s.sql += " WHERE " + timestamp_column + " < now() AND (" + timestamp_after(timestamp_column, 1) + " OR (" +
                     timestamp_column + " = 'epoch'::timestamp + $1::bigint * interval '1 microsecond' AND " +
                     incrementing_column + " > $2::bigint)) ORDER BY " + timestamp_column + ", " + incrementing_column +
                     " ASC";
            s.params = {ts, inc};
            break;
    }
    return s;
}

}  // namespace copycat::postgres
