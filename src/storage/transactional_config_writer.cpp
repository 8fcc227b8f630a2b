#include "storage/transactional_config_writer.hpp"

#include <algorithm>
#include <memory>

#include "common/logging.hpp"
#include "storage/completion_latch.hpp"

namespace copycat::storage {

transactional_config_writer::transactional_config_writer(transactional_config_writer_options options)
    : options_(std::move(options)) {}

result<void> transactional_config_writer::claim(std::chrono::milliseconds timeout) {
    if (producer_) return {};
    rdkafka::client_config config = options_.client;
    // Kafka's settings for this producer: durable, idempotent, transactional.
    COPYCAT_TRY_VOID(config.set("acks", "all"));
    COPYCAT_TRY_VOID(config.set("enable.idempotence", "true"));
    COPYCAT_TRY_VOID(config.set("max.in.flight.requests.per.connection", "5"));
    COPYCAT_TRY_VOID(config.set("transactional.id", options_.transactional_id));
    if (!options_.client_id.empty()) COPYCAT_TRY_VOID(config.set("client.id", options_.client_id));
    COPYCAT_TRY(auto producer, rdkafka::producer::create(config));
    if (auto initialized = producer.init_transactions(timeout); !initialized)
        return error(initialized.err().code, "Failed to create and initialize the transactional producer " +
                                                 options_.transactional_id + " for the config topic: " +
                                                 initialized.err().describe());
    producer_.emplace(std::move(producer));
    log::info("Claimed write privileges on the config topic {} (transactional id {})", options_.topic,
              options_.transactional_id);
    return {};
}

result<std::int64_t> transactional_config_writer::write(const std::vector<keyed_value>& records,
                                                        std::chrono::milliseconds timeout) {
    if (!producer_)
        return make_error(errc::unavailable,
                          "This worker holds no write privileges on the config topic (it is not the leader, or a "
                          "newer leader fenced it)");
    auto failed = [this, timeout](const error& e) -> result<std::int64_t> {
        if (!producer_->fatal()) (void)producer_->abort_transaction(timeout);
        producer_.reset();  // relinquished: the next claim() starts over
        log::warn("Failed to write to the config topic in a transaction ({}); write privileges relinquished",
                  e.describe());
        return error(e.code, "Failed to perform a transactional write to the config topic: " + e.describe());
    };
    if (auto begun = producer_->begin_transaction(); !begun) return failed(begun.err());
    auto latch = std::make_shared<completion_latch>(records.size());
    // The delivery reports run inside commit_transaction(), on this thread.
    auto written_to = std::make_shared<std::int64_t>(-1);
    for (const auto& [key, value] : records) {
        rdkafka::outgoing_record record{.topic = options_.topic, .key = key};
        if (value) record.value = *value;
        if (auto produced = producer_->produce(record, [latch, written_to](const rdkafka::delivery_report& report) {
                *written_to = std::max(*written_to, report.offset + 1);
                latch->complete(report.status);
            });
            !produced)
            return failed(produced.err());
    }
    if (auto committed = producer_->commit_transaction(timeout); !committed) return failed(committed.err());
    // Every record was delivered (commit flushes): a record the broker refused fails the commit,
    // and is reported here too.
    if (auto delivered = latch->wait_until(std::chrono::steady_clock::now(), "config records to be acknowledged");
        !delivered)
        return failed(delivered.err());
    return *written_to;
}

}  // namespace copycat::storage
