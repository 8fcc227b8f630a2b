// admin_client: the consumer group offset operations (see admin_client.hpp).
#include <librdkafka/rdkafka.h>

#include <memory>
#include <string>

#include <fmt/format.h>

#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/detail/admin_request.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"
#include "kafka/rdkafka/detail/partition_list.hpp"

namespace copycat::rdkafka {
namespace {

// A group-level error: the group's state decides, so it gets its own errc.
error group_error(rd_kafka_resp_err_t code, std::string_view context, std::string_view detail) {
    error e = detail::kafka_error(code, context, detail);
    switch (code) {
        case RD_KAFKA_RESP_ERR_GROUP_ID_NOT_FOUND:
            e.code = make_error_code(errc::not_found);
            break;
        case RD_KAFKA_RESP_ERR_NON_EMPTY_GROUP:
        case RD_KAFKA_RESP_ERR_UNKNOWN_MEMBER_ID:
        case RD_KAFKA_RESP_ERR_GROUP_SUBSCRIBED_TO_TOPIC:
        case RD_KAFKA_RESP_ERR_ILLEGAL_GENERATION:
            e.code = make_error_code(errc::conflict);
            break;
        default:
            break;
    }
    return e;
}

// The outcome for the one group a request named: its group-level error, then the first
// per-partition error.
result<const rd_kafka_group_result_t*> one_group(const rd_kafka_group_result_t** groups, std::size_t count,
                                                 std::string_view context) {
    if (count != 1 || groups == nullptr || groups[0] == nullptr)
        return make_error(errc::protocol_error, fmt::format("{}: no result for the group", context));
    if (const rd_kafka_error_t* err = rd_kafka_group_result_error(groups[0]))
        return group_error(rd_kafka_error_code(err), context, rd_kafka_error_string(err));
    if (const rd_kafka_topic_partition_list_t* partitions = rd_kafka_group_result_partitions(groups[0])) {
        for (int i = 0; i < partitions->cnt; ++i) {
            const rd_kafka_topic_partition_t& p = partitions->elems[i];
            if (p.err != RD_KAFKA_RESP_ERR_NO_ERROR)
                return group_error(p.err, fmt::format("{} {}[{}]", context, p.topic, p.partition), {});
        }
    }
    return groups[0];
}

}  // namespace

result<std::vector<topic_partition_offset>> admin_client::list_group_offsets(std::string_view group,
                                                                             std::chrono::milliseconds timeout) {
    rd_kafka_poll(handle_.get(), 0);
    const std::string name(group);
    const std::string context = fmt::format("list the offsets of consumer group '{}'", name);
    rd_kafka_ListConsumerGroupOffsets_t* request_object = rd_kafka_ListConsumerGroupOffsets_new(name.c_str(), nullptr);
    detail::admin_request request(handle_.get(), RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS, timeout);
    rd_kafka_ListConsumerGroupOffsets(handle_.get(), &request_object, 1, request.options(), request.queue());
    rd_kafka_ListConsumerGroupOffsets_destroy(request_object);
    COPYCAT_TRY(auto event, request.wait(context));
    std::size_t count = 0;
    const rd_kafka_group_result_t** groups = rd_kafka_ListConsumerGroupOffsets_result_groups(
        rd_kafka_event_ListConsumerGroupOffsets_result(event.get()), &count);
    auto answer = one_group(groups, count, context);
    if (!answer) {
        if (answer.err().code == make_error_code(errc::not_found)) return std::vector<topic_partition_offset>();
        return answer.err();
    }
    std::vector<topic_partition_offset> out;
    if (const rd_kafka_topic_partition_list_t* partitions = rd_kafka_group_result_partitions(*answer)) {
        for (const topic_partition_offset& p : detail::offsets_of(partitions))
            if (p.offset >= 0) out.push_back(p);
    }
    return out;
}

result<void> admin_client::alter_group_offsets(std::string_view group,
                                               const std::vector<topic_partition_offset>& offsets,
                                               std::chrono::milliseconds timeout) {
    if (offsets.empty()) return {};
    rd_kafka_poll(handle_.get(), 0);
    const std::string name(group);
    const std::string context = fmt::format("alter the offsets of consumer group '{}'", name);
    auto list = detail::to_list(offsets);
    rd_kafka_AlterConsumerGroupOffsets_t* request_object =
        rd_kafka_AlterConsumerGroupOffsets_new(name.c_str(), list.get());
    detail::admin_request request(handle_.get(), RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS, timeout);
    rd_kafka_AlterConsumerGroupOffsets(handle_.get(), &request_object, 1, request.options(), request.queue());
    rd_kafka_AlterConsumerGroupOffsets_destroy(request_object);
    COPYCAT_TRY(auto event, request.wait(context));
    std::size_t count = 0;
    const rd_kafka_group_result_t** groups = rd_kafka_AlterConsumerGroupOffsets_result_groups(
        rd_kafka_event_AlterConsumerGroupOffsets_result(event.get()), &count);
    COPYCAT_TRY_VOID(one_group(groups, count, context));
    return {};
}

result<void> admin_client::delete_group_offsets(std::string_view group, const std::vector<topic_partition>& partitions,
                                                std::chrono::milliseconds timeout) {
    if (partitions.empty()) return {};
    rd_kafka_poll(handle_.get(), 0);
    const std::string name(group);
    const std::string context = fmt::format("delete offsets of consumer group '{}'", name);
    auto list = detail::to_list(partitions);
    rd_kafka_DeleteConsumerGroupOffsets_t* request_object =
        rd_kafka_DeleteConsumerGroupOffsets_new(name.c_str(), list.get());
    detail::admin_request request(handle_.get(), RD_KAFKA_ADMIN_OP_DELETECONSUMERGROUPOFFSETS, timeout);
    rd_kafka_DeleteConsumerGroupOffsets(handle_.get(), &request_object, 1, request.options(), request.queue());
    rd_kafka_DeleteConsumerGroupOffsets_destroy(request_object);
    COPYCAT_TRY(auto event, request.wait(context));
    std::size_t count = 0;
    const rd_kafka_group_result_t** groups = rd_kafka_DeleteConsumerGroupOffsets_result_groups(
        rd_kafka_event_DeleteConsumerGroupOffsets_result(event.get()), &count);
    COPYCAT_TRY_VOID(one_group(groups, count, context));
    return {};
}

result<void> admin_client::delete_group(std::string_view group, std::chrono::milliseconds timeout) {
    rd_kafka_poll(handle_.get(), 0);
    const std::string name(group);
    const std::string context = fmt::format("delete consumer group '{}'", name);
    rd_kafka_DeleteGroup_t* request_object = rd_kafka_DeleteGroup_new(name.c_str());
    detail::admin_request request(handle_.get(), RD_KAFKA_ADMIN_OP_DELETEGROUPS, timeout);
    rd_kafka_DeleteGroups(handle_.get(), &request_object, 1, request.options(), request.queue());
    rd_kafka_DeleteGroup_destroy(request_object);
    COPYCAT_TRY(auto event, request.wait(context));
    std::size_t count = 0;
    const rd_kafka_group_result_t** groups =
        rd_kafka_DeleteGroups_result_groups(rd_kafka_event_DeleteGroups_result(event.get()), &count);
    COPYCAT_TRY_VOID(one_group(groups, count, context));
    return {};
}

}  // namespace copycat::rdkafka
