#pragma once
// committed_reader: a read_committed consumer of partition 0 of a topic that counts how often it
// saw each value, for the exactly-once tests (every line once). Used from the test thread only.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "kafka/rdkafka/consumer.hpp"

namespace copycat::itest {

class committed_reader {
public:
    explicit committed_reader(const std::string& topic);

    // Reads what is there now, for up to `wait`.
    void drain(std::chrono::milliseconds wait);
    // Reads up to the last stable offset (the end a read_committed consumer can reach).
    bool read_to_end(std::chrono::milliseconds limit);

    // Of the `expected` values: how many were never seen, and how many extra copies were seen.
    struct tally {
        std::size_t missing = 0;
        std::size_t duplicated = 0;
    };
    tally count(const std::vector<std::string>& expected) const;

    std::size_t records() const { return records_; }
    const std::unordered_map<std::string, int>& copies() const { return copies_; }

private:
    std::string topic_;
    std::optional<rdkafka::consumer> consumer_;
    std::unordered_map<std::string, int> copies_;
    std::size_t records_ = 0;
};

}  // namespace copycat::itest
