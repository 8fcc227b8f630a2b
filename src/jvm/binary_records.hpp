#pragma once
// Records crossing between Copycat and Java in the bridge's binary format (docs/jvm-bridge.md
// "The binary record format"): one buffer per batch, each distinct schema sent once per batch,
// values written against their schema. copycat.bridge.BinaryRecords is the Java half. It
// replaced JsonConverter envelopes on the per-record paths (poll(), put(), commitRecord, the
// Java transformation chain, errant records), where the JSON took a third of a Debezium
// pipeline's CPU.
//
// Not thread-safe (the decoder keeps the schemas it built): one instance per user, on its thread.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "copycat/data/records.hpp"

namespace copycat::jvm {

class binary_records {
public:
    // Records as one batch; each record keeps its kind (source or sink fields).
    std::string encode(const std::vector<const connect_record*>& records);
    std::string encode(const connect_record& record) { return encode(std::vector<const connect_record*>{&record}); }
    // A source record's identity alone (topic, partition, source partition and offset; no key,
    // value, headers or timestamp), for Java to find the record it polled.
    std::string encode_reference(const source_record& record);

    // A batch of source records (a Java poll()). Throws data_error when `batch` is not one.
    std::vector<source_record> decode_source_records(std::string_view batch);
    // A batch of one record into `record` (which keeps its kind: the fields of the other kind
    // are read and dropped).
    void decode_into(std::string_view batch, connect_record& record);

private:
    struct schema_hash {
        std::size_t operator()(const schema_ptr& s) const noexcept { return s->hash(); }
    };
    struct schema_equal {
        bool operator()(const schema_ptr& a, const schema_ptr& b) const noexcept { return schemas_equal(a, b); }
    };
    class reader;

    // The schema equal to `built` that an earlier batch produced, so that equal schemas are one
    // object across batches (the worker's converters then find them by address).
    schema_ptr canonical(schema_ptr built);

    std::unordered_set<schema_ptr, schema_hash, schema_equal> schemas_;
};

}  // namespace copycat::jvm
