// Committed file names: Confluent's HDFS layout, zero-padded offsets, and what recovery accepts.
#include <catch2/catch.hpp>

#include "storage/file_names.hpp"

using namespace copycat::storage;

TEST_CASE("committed file names carry topic, partition and zero-padded first and last offsets") {
    CHECK(committed_file_name("orders", 3, {0, 999}, 10, ".json") == "orders+3+0000000000+0000000999.json");
    CHECK(committed_file_name("a.b-c", 12, {12345678901, 12345678950}, 10, ".bin") ==
          "a.b-c+12+12345678901+12345678950.bin");
    CHECK(committed_file_name("t", 0, {5, 7}, 0, ".txt") == "t+0+5+7.txt");
}

TEST_CASE("a committed file name parses back to its offsets, for its own topic and partition only") {
    const auto name = committed_file_name("orders", 3, {42, 99}, 10, ".json");
    CHECK(parse_committed_file_name(name, "orders", 3) == offset_range{42, 99});
    CHECK_FALSE(parse_committed_file_name(name, "orders", 31).has_value());
    CHECK_FALSE(parse_committed_file_name(name, "order", 3).has_value());
    CHECK_FALSE(parse_committed_file_name(name, "orders", 4).has_value());
    // Another padding or extension is still a committed file of the partition.
    CHECK(parse_committed_file_name("orders+3+42+99.txt", "orders", 3) == offset_range{42, 99});
}

TEST_CASE("names that are not committed files are not mistaken for them") {
    for (const char* name : {"orders+3+0000000042.json", "orders+3+42+99", "orders+3+42+x.json", "orders+3++99.json",
                             "orders+3+99+42.json", "orders+3+-1+5.json", "0-0.tmp", "commit", "lock"}) {
        INFO(name);
        CHECK_FALSE(parse_committed_file_name(name, "orders", 3).has_value());
    }
}
