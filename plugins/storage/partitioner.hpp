// partitioner.class: the directory below <topics.dir>/<topic>/ that a record's file goes to
// (Confluent's "encoded partition"), the way Confluent's storage partitioners name it:
//
//   DefaultPartitioner    partition=<kafkaPartition>
//   FieldPartitioner      <field>=<value>[/<field2>=<value2>...] from the record value's fields
//   TimeBasedPartitioner  path.format of the record's time, floored to partition.duration.ms in
//                         the configured time zone (Hourly- and DailyPartitioner are presets)
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "copycat/data/records.hpp"
#include "storage/storage_configs.hpp"
#include "storage/time_path_format.hpp"

namespace copycat::storage {

class partitioner {
public:
    explicit partitioner(const storage_settings& settings);

    /// The directory of `record`, relative to its topic's directory; `now_ms` is the wall
    /// clock for the Wallclock extractor. Throws data_error when the record lacks what the
    /// partitioner needs (a field, a timestamp).
    std::string encode(const sink_record& record, std::int64_t now_ms) const;

    /// The record's time as the timestamp extractor sees it, for time-based partitioners (and
    /// rotate.interval.ms); nullopt for the others.
    std::optional<std::int64_t> record_time(const sink_record& record, std::int64_t now_ms) const;

private:
    storage_settings settings_;
    std::optional<time_path_format> path_format_;
};

}  // namespace copycat::storage
