#include "kafka/rdkafka/producer.hpp"

#include <librdkafka/rdkafka.h>

#include <exception>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "common/logging.hpp"
#include "kafka/rdkafka/detail/client_factory.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"

namespace copycat::rdkafka {
namespace {

// Bounds how long destruction waits for the failure reports of purged records.
constexpr int purge_wait_ms = 5000;

// A non-null pointer for empty-but-present keys and values: librdkafka treats a null pointer
// as a null key/value.
constexpr char empty_bytes[] = "";

const void* bytes_of(const std::optional<std::string_view>& bytes) {
    if (!bytes) return nullptr;
    return bytes->data() != nullptr ? bytes->data() : empty_bytes;
}

size_t size_of(const std::optional<std::string_view>& bytes) { return bytes ? bytes->size() : 0; }

// librdkafka's delivery report callback (dr_msg_cb); runs on the thread serving the handle.
// The message's opaque is the heap-allocated delivery_callback from produce(), freed here.
void on_delivery_report(rd_kafka_t* /*handle*/, const rd_kafka_message_t* message, void* /*opaque*/) {
    std::unique_ptr<delivery_callback> callback(static_cast<delivery_callback*>(message->_private));
    std::string_view topic = rd_kafka_topic_name(message->rkt);
    if (!callback) {
        if (message->err) {
            log::warn("rdkafka: record to {}[{}] not delivered: {}", topic, message->partition,
                      rd_kafka_err2str(message->err));
        }
        return;
    }
    delivery_report report{
        .topic = topic,
        .partition = message->partition,
        .offset = message->err ? -1 : message->offset,
        .status = message->err ? result<void>(detail::kafka_error(message->err,
                                                                  fmt::format("deliver record to topic '{}'", topic)))
                               : result<void>(),
    };
    run_delivery_callback(*callback, report);
}

void install_delivery_callback(rd_kafka_conf_t* conf) { rd_kafka_conf_set_dr_msg_cb(conf, on_delivery_report); }

rd_kafka_headers_t* make_headers(std::span<const header_view> headers) {
    if (headers.empty()) return nullptr;
    rd_kafka_headers_t* out = rd_kafka_headers_new(headers.size());
    for (const auto& h : headers) {
        rd_kafka_header_add(out, h.key.data(), static_cast<ssize_t>(h.key.size()), bytes_of(h.value),
                            static_cast<ssize_t>(size_of(h.value)));
    }
    return out;
}

}  // namespace

void run_delivery_callback(const delivery_callback& callback, const delivery_report& report) noexcept {
    try {
        callback(report);
    } catch (const std::exception& e) {
        log::error("rdkafka: delivery callback for {}[{}] threw: {}", report.topic, report.partition, e.what());
    } catch (...) {
        log::error("rdkafka: delivery callback for {}[{}] threw", report.topic, report.partition);
    }
}

result<producer> producer::create(const client_config& config) {
    detail::client_options options;
    options.type = RD_KAFKA_PRODUCER;
    options.role = "producer";
    options.defaults = {{std::string(partitioner_key), std::string(java_partitioner)}};
    options.customize = install_delivery_callback;
    COPYCAT_TRY(auto handle, detail::create_client(config, options));
    return producer(std::move(handle));
}

producer& producer::operator=(producer&& other) noexcept {
    if (this != &other) {
        fail_outstanding();
        handle_ = std::move(other.handle_);
        ready_ = std::move(other.ready_);
        fatal_ = other.fatal_;
    }
    return *this;
}

producer::~producer() { fail_outstanding(); }

void producer::fail_outstanding() noexcept {
    ready_.stop();
    if (!handle_) return;
    rd_kafka_t* handle = handle_.get();
    if (rd_kafka_outq_len(handle) > 0) {
        rd_kafka_purge(handle, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_INFLIGHT);
        if (rd_kafka_flush(handle, purge_wait_ms) != RD_KAFKA_RESP_ERR_NO_ERROR) {
            log::warn("rdkafka {}: {} events still queued at destruction", name(), rd_kafka_outq_len(handle));
        }
    }
    handle_.reset();
}

result<void> producer::produce(const outgoing_record& record, delivery_callback on_delivery) {
    std::string topic(record.topic);  // librdkafka wants a NUL-terminated name
    rd_kafka_headers_t* headers = make_headers(record.headers);
    auto callback = on_delivery ? std::make_unique<delivery_callback>(std::move(on_delivery))
                                : std::unique_ptr<delivery_callback>();
    rd_kafka_resp_err_t err = rd_kafka_producev(
        handle_.get(), RD_KAFKA_V_TOPIC(topic.c_str()), RD_KAFKA_V_PARTITION(record.partition),
        RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_KEY(bytes_of(record.key), size_of(record.key)),
        RD_KAFKA_V_VALUE(const_cast<void*>(bytes_of(record.value)), size_of(record.value)), RD_KAFKA_V_HEADERS(headers),
        RD_KAFKA_V_TIMESTAMP(record.timestamp_ms), RD_KAFKA_V_OPAQUE(callback.get()), RD_KAFKA_V_END);
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        if (headers != nullptr) rd_kafka_headers_destroy(headers);  // not taken on failure
        return detail::kafka_error(err, fmt::format("produce to topic '{}'", topic));
    }
    callback.release();  // owned by the message now; freed in on_delivery_report
    return {};
}

int producer::poll(std::chrono::milliseconds timeout) {
    return rd_kafka_poll(handle_.get(), static_cast<int>(timeout.count()));
}

void producer::on_ready(std::function<void()> ready) {
    ready_.start(detail::queue_ptr(rd_kafka_queue_get_main(handle_.get())), std::move(ready));
}

result<void> producer::flush(std::chrono::milliseconds timeout) {
    if (rd_kafka_flush(handle_.get(), static_cast<int>(timeout.count())) == RD_KAFKA_RESP_ERR_NO_ERROR) {
        return {};
    }
    return make_error(errc::timeout, fmt::format("flush: {} records or requests still outstanding after {} ms",
                                                 outstanding(), timeout.count()));
}

result<std::int32_t> producer::warm_up(std::string_view topic, std::chrono::milliseconds timeout) {
    const std::string name(topic);
    const std::string context = fmt::format("read metadata of topic '{}'", name);
    struct topic_deleter {
        void operator()(rd_kafka_topic_t* t) const { rd_kafka_topic_destroy(t); }
    };
    std::unique_ptr<rd_kafka_topic_t, topic_deleter> handle(rd_kafka_topic_new(handle_.get(), name.c_str(), nullptr));
    if (!handle) return detail::kafka_error(rd_kafka_last_error(), context);
    const rd_kafka_metadata_t* metadata = nullptr;
    if (rd_kafka_resp_err_t err =
            rd_kafka_metadata(handle_.get(), 0, handle.get(), &metadata, static_cast<int>(timeout.count())))
        return detail::kafka_error(err, context);
    std::unique_ptr<const rd_kafka_metadata_t, void (*)(const rd_kafka_metadata_t*)> owned(metadata,
                                                                                           rd_kafka_metadata_destroy);
    if (metadata->topic_cnt != 1 || metadata->topics[0].err != RD_KAFKA_RESP_ERR_NO_ERROR)
        return make_error(errc::not_found, context + ": the topic is unknown");
    return metadata->topics[0].partition_cnt;
}

result<void> producer::transaction_outcome(void* rd_error, std::string_view call) {
    auto* err = static_cast<rd_kafka_error_t*>(rd_error);
    if (err == nullptr) return {};
    if (rd_kafka_error_is_fatal(err)) fatal_ = true;
    return detail::take_kafka_error(err, fmt::format("{} of producer {}", call, name()));
}

bool producer::fenced() const {
    const rd_kafka_resp_err_t fatal = rd_kafka_fatal_error(handle_.get(), nullptr, 0);
    return fatal == RD_KAFKA_RESP_ERR__FENCED || fatal == RD_KAFKA_RESP_ERR_PRODUCER_FENCED;
}

result<void> producer::init_transactions(std::chrono::milliseconds timeout) {
    return transaction_outcome(rd_kafka_init_transactions(handle_.get(), static_cast<int>(timeout.count())),
                               "init_transactions");
}

result<void> producer::begin_transaction() {
    return transaction_outcome(rd_kafka_begin_transaction(handle_.get()), "begin_transaction");
}

result<void> producer::commit_transaction(std::chrono::milliseconds timeout) {
    return transaction_outcome(rd_kafka_commit_transaction(handle_.get(), static_cast<int>(timeout.count())),
                               "commit_transaction");
}

result<void> producer::abort_transaction(std::chrono::milliseconds timeout) {
    return transaction_outcome(rd_kafka_abort_transaction(handle_.get(), static_cast<int>(timeout.count())),
                               "abort_transaction");
}

int producer::outstanding() const { return rd_kafka_outq_len(handle_.get()); }

std::string_view producer::name() const { return detail::client_name(handle_.get()); }

}  // namespace copycat::rdkafka
