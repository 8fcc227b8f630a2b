#pragma once
// An internal topic read back with a plain consumer, for tests that check what the workers wrote
// (record formats, and who wrote what when).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace copycat::itest {

struct topic_record {
    std::int32_t partition = 0;
    std::int64_t offset = 0;
    std::string key;                   // a null key reads as ""
    std::optional<std::string> value;  // nullopt: a tombstone
    std::int64_t timestamp_ms = -1;    // the record's timestamp (the producer's create time by default)
};

// Every record of every partition of `topic`, from the beginning to the high watermarks taken at
// the call; per partition in offset order (a key always lives in one partition, so the records of
// one key are in the order they were written). A failed REQUIRE on a broker error.
std::vector<topic_record> read_topic(const std::string& topic, std::int32_t* partitions = nullptr);

}  // namespace copycat::itest
