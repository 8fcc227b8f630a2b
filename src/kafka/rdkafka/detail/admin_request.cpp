#include "kafka/rdkafka/detail/admin_request.hpp"

#include <array>

#include <fmt/format.h>

#include "common/logging.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"

namespace copycat::rdkafka::detail {
namespace {

// librdkafka reports its own timeout as an event; this margin makes that the usual path.
constexpr std::chrono::milliseconds wait_margin{1000};

void set_timeout(rd_kafka_resp_err_t (*setter)(rd_kafka_AdminOptions_t*, int, char*, size_t),
                 rd_kafka_AdminOptions_t* options, std::chrono::milliseconds timeout) {
    std::array<char, 256> reason{};
    if (setter(options, static_cast<int>(timeout.count()), reason.data(), reason.size()) !=
        RD_KAFKA_RESP_ERR_NO_ERROR) {
        log::warn("rdkafka admin: timeout {} ms not applied: {}", timeout.count(), reason.data());
    }
}

}  // namespace

admin_request::admin_request(rd_kafka_t* handle, rd_kafka_admin_op_t op, std::chrono::milliseconds timeout)
    : options_(rd_kafka_AdminOptions_new(handle, op)), queue_(rd_kafka_queue_new(handle)), timeout_(timeout) {
    set_timeout(rd_kafka_AdminOptions_set_request_timeout, options_, timeout);
    if (op == RD_KAFKA_ADMIN_OP_CREATETOPICS || op == RD_KAFKA_ADMIN_OP_DELETETOPICS ||
        op == RD_KAFKA_ADMIN_OP_CREATEPARTITIONS) {
        set_timeout(rd_kafka_AdminOptions_set_operation_timeout, options_, timeout);
    }
}

admin_request::~admin_request() {
    rd_kafka_queue_destroy(queue_);
    rd_kafka_AdminOptions_destroy(options_);
}

result<event_ptr> admin_request::wait(std::string_view context) {
    auto budget = timeout_ + wait_margin;
    event_ptr event(rd_kafka_queue_poll(queue_, static_cast<int>(budget.count())));
    if (!event) {
        return make_error(errc::timeout, fmt::format("{}: no answer within {} ms", context, budget.count()));
    }
    if (rd_kafka_resp_err_t err = rd_kafka_event_error(event.get())) {
        return kafka_error(err, context, rd_kafka_event_error_string(event.get()));
    }
    return event;
}

}  // namespace copycat::rdkafka::detail
