// The error code table: one row per code Kafka defines, with Kafka's names and retriable flags.

#include <catch2/catch.hpp>

#include <cctype>
#include <cstddef>
#include <iterator>
#include <set>
#include <string_view>

#include "kafka/protocol/error_code.hpp"

using namespace copycat::kafka_protocol;

namespace {
int number(error_code code) { return static_cast<int>(code); }

bool is_upper_snake(std::string_view name) {
    if (name.empty() || name.front() == '_' || name.back() == '_') return false;
    for (char c : name) {
        if (!std::isupper(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) && c != '_')
            return false;
    }
    return true;
}
}  // namespace

TEST_CASE("error_code_table has one row per code, in numeric order") {
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < std::size(error_code_table); ++i) {
        const error_code_info& row = error_code_table[i];
        if (i > 0) CHECK(number(error_code_table[i - 1].code) < number(row.code));
        CHECK(find_error_code_info(row.code) == &row);
        CHECK(error_name(row.code) == row.name);
        CHECK(is_upper_snake(row.name));
        CHECK(names.insert(row.name).second);
    }
    // Kafka's codes run from -1 to 128 with 99 unused; the enum names every one of them.
    CHECK(number(error_code_table[0].code) == -1);
    CHECK(number(error_code_table[std::size(error_code_table) - 1].code) == 128);
    for (int n = -1; n <= 128; ++n) {
        const bool known = find_error_code_info(static_cast<error_code>(n)) != nullptr;
        CHECK(known == (n != 99));
    }
    CHECK(find_error_code_info(static_cast<error_code>(-2)) == nullptr);
    CHECK(find_error_code_info(static_cast<error_code>(129)) == nullptr);
}

TEST_CASE("the table's names are Kafka's") {
    CHECK(error_name(error_code::none) == "NONE");
    CHECK(error_name(error_code::unknown_server_error) == "UNKNOWN_SERVER_ERROR");
    CHECK(error_name(error_code::not_coordinator) == "NOT_COORDINATOR");
    CHECK(error_name(error_code::not_leader_or_follower) == "NOT_LEADER_OR_FOLLOWER");
    CHECK(error_name(error_code::invalid_topic_exception) == "INVALID_TOPIC_EXCEPTION");
    CHECK(error_name(error_code::kafka_storage_error) == "KAFKA_STORAGE_ERROR");
    CHECK(error_name(error_code::fetch_session_topic_id_error) == "FETCH_SESSION_TOPIC_ID_ERROR");
    CHECK(error_name(error_code::offset_moved_to_tiered_storage) == "OFFSET_MOVED_TO_TIERED_STORAGE");
    CHECK(number(error_code::unknown_topic_id) == 100);
    CHECK(error_name(error_code::unknown_topic_id) == "UNKNOWN_TOPIC_ID");
}

TEST_CASE("exactly Kafka's RetriableException codes are retriable") {
    const std::set<error_code> retriable = {
        error_code::corrupt_message,
        error_code::unknown_topic_or_partition,
        error_code::leader_not_available,
        error_code::not_leader_or_follower,
        error_code::request_timed_out,
        error_code::replica_not_available,
        error_code::network_exception,
        error_code::coordinator_load_in_progress,
        error_code::coordinator_not_available,
        error_code::not_coordinator,
        error_code::not_enough_replicas,
        error_code::not_enough_replicas_after_append,
        error_code::not_controller,
        error_code::concurrent_transactions,
        error_code::kafka_storage_error,
        error_code::fetch_session_id_not_found,
        error_code::invalid_fetch_session_epoch,
        error_code::listener_not_found,
        error_code::fenced_leader_epoch,
        error_code::unknown_leader_epoch,
        error_code::offset_not_available,
        error_code::preferred_leader_not_available,
        error_code::eligible_leaders_not_available,
        error_code::election_not_needed,
        error_code::unstable_offset_commit,
        error_code::throttling_quota_exceeded,
        error_code::unknown_topic_id,
        error_code::inconsistent_topic_id,
        error_code::fetch_session_topic_id_error,
        error_code::share_session_not_found,
        error_code::invalid_share_session_epoch,
    };
    for (const error_code_info& row : error_code_table) {
        INFO(row.name);
        CHECK(row.retriable == retriable.contains(row.code));
        CHECK(is_retriable(row.code) == row.retriable);
    }
}
