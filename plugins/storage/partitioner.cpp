#include "storage/partitioner.hpp"

#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"

namespace copycat::storage {
namespace {

// The value of field `name` of a struct or a string-keyed map; nullptr when absent.
const value* field_of(const value& v, const std::string& name) {
    if (v.is_struct()) {
        const auto& s = v.as_struct();
        if (s.schema()->find_field(name) == nullptr) return nullptr;
        return &s.get(name);
    }
    if (v.is_map()) {
        for (const auto& [key, entry] : v.as_map())
            if (key.is_string() && key.as_string() == name) return &entry;
    }
    return nullptr;
}

// A.b.c: nested fields, as Confluent's extractors allow.
const value* nested_field(const value& v, const std::string& path) {
    const value* at = &v;
    std::size_t begin = 0;
    while (at != nullptr) {
        const auto dot = path.find('.', begin);
        at = field_of(*at, path.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin));
        if (dot == std::string::npos) break;
        begin = dot + 1;
    }
    return at;
}

std::int64_t floor_to(std::int64_t t, std::int64_t step) {
    const std::int64_t q = t / step - ((t % step != 0) && (t < 0));
    return q * step;
}

}  // namespace

partitioner::partitioner(const storage_settings& settings) : settings_(settings) {
    if (settings_.partitioner == partitioner_kind::time_based) path_format_.emplace(settings_.path_format);
}

std::optional<std::int64_t> partitioner::record_time(const sink_record& record, std::int64_t now_ms) const {
    if (settings_.partitioner != partitioner_kind::time_based) return std::nullopt;
    switch (settings_.extractor) {
        case extractor_kind::wallclock:
            return now_ms;
        case extractor_kind::record:
            if (!record.timestamp)
                throw data_error("The record at offset " + std::to_string(record.kafka_offset) + " of " + record.topic +
                                 " has no timestamp for the Record timestamp extractor");
            return *record.timestamp;
        case extractor_kind::record_field: {
            const value* t = nested_field(record.val, settings_.timestamp_field);
            if (t != nullptr && t->is_timestamp()) return t->as_timestamp().millis;
            if (t != nullptr && t->is_date()) return std::int64_t{t->as_date().days} * 86'400'000;
            if (t != nullptr && (t->is_int64() || t->is_int32())) return t->to_int64();
            throw data_error("The value at offset " + std::to_string(record.kafka_offset) + " of " + record.topic +
                             " has no timestamp field '" + settings_.timestamp_field +
                             "' (int64 milliseconds, Timestamp or Date)");
        }
    }
    return now_ms;
}

std::string partitioner::encode(const sink_record& record, std::int64_t now_ms) const {
    switch (settings_.partitioner) {
        case partitioner_kind::kafka_partition:
            return "partition=" + std::to_string(record.kafka_partition.value_or(0));
        case partitioner_kind::field: {
            std::string path;
            for (const auto& name : settings_.partition_fields) {
                const value* v = field_of(record.val, name);
                if (v == nullptr || !(v->is_integer() || v->is_string() || v->is_bool()))
                    throw data_error("FieldPartitioner: the value at offset " + std::to_string(record.kafka_offset) +
                                     " of " + record.topic + " has no integer, string or boolean field '" + name + "'");
                if (!path.empty()) path += '/';
                path += name + "=";
                if (v->is_string()) {
                    // One directory per field: a '/' in the value must not make more (or climb),
                    // and control characters (tabs, newlines) have no place in a file name.
                    for (const char c : v->as_string())
                        path += (c == '/' || static_cast<unsigned char>(c) < 0x20) ? '_' : c;
                } else if (v->is_bool()) {
                    path += v->as_bool() ? "true" : "false";
                } else {
                    path += std::to_string(v->to_int64());
                }
            }
            return path;
        }
        case partitioner_kind::time_based: {
            const std::int64_t local = *record_time(record, now_ms) + settings_.utc_offset_ms;
            return path_format_->format(floor_to(local, settings_.partition_duration_ms));
        }
    }
    return {};
}

}  // namespace copycat::storage
