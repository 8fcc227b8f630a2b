#include "runtime/worker_source_task.hpp"

#include <algorithm>
#include <functional>
#include <future>
#include <utility>

#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {
namespace {

using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

// How long the loop waits for delivery reports when it cannot send (Kafka:
// SEND_FAILED_BACKOFF_MS), and how often a paused task looks at its state.
constexpr auto send_backoff = 100ms;
constexpr auto pause_check = 100ms;
// On the task pool, the wait before the next poll() while poll() returns nothing: doubling from
// the first to the cap (Kafka's FileStreamSourceTask waits 1 s on a thread).
constexpr auto idle_backoff_first = 10ms;
constexpr auto idle_backoff_cap = 1000ms;
// On the task pool, how long a starting task waits for the offset store's read to its end
// (before_start()) before it reads the offsets itself, blocking, as a task on a thread does.
constexpr auto offsets_read_wait = 30s;

std::string_view as_chars(const bytes& b) { return {reinterpret_cast<const char*>(b.data()), b.size()}; }

// Kafka: ConnectUtils.checkAndConvertTimestamp.
std::int64_t producer_timestamp(const std::optional<std::int64_t>& ts) {
    if (!ts || *ts == -1) return 0;
    if (*ts < 0) throw data_error("Invalid record timestamp " + std::to_string(*ts));
    return *ts;
}

}  // namespace

// The source_task_context given to the plugin.
class worker_source_task::context final : public source_task_context {
public:
    context(const string_map& config, std::string connector, const storage::offset_store& store, bool caught_up,
            copycat::transaction_context* transactions, std::function<void()> wake)
        : config_(config.begin(), config.end()),
          reader_(std::move(connector), store, caught_up),
          transactions_(transactions),
          wake_(std::move(wake)) {}
    const std::map<std::string, std::string>& configs() const override { return config_; }
    copycat::offset_storage_reader& offset_storage_reader() override { return reader_; }
    copycat::transaction_context* transaction_context() override { return transactions_; }
    void request_poll() override { wake_(); }

private:
    std::map<std::string, std::string> config_;
    store_offset_reader reader_;
    copycat::transaction_context* transactions_;
    std::function<void()> wake_;
};

// A record handed to the producer: the record as polled (for commit_record) and its place in
// submitted_records.
struct worker_source_task::in_flight {
    source_record original;
    submitted_records::handle handle;
};

worker_source_task::worker_source_task(task_id id, target_state initial, status_listener& listener, parts p,
                                       storage::offset_store& offsets, settings s)
    : worker_task(std::move(id), initial, listener, p.task ? version_of(*p.task) : std::string()),
      parts_(std::move(p)),
      offsets_(parts_.own_offsets ? parts_.own_offsets.get() : &offsets),
      settings_(s),
      nonblocking_poll_(parts_.task && parts_.task->nonblocking_poll()),
      idle_backoff_({idle_backoff_first, idle_backoff_cap}) {
    // Retry waits end when the task is asked to stop.
    auto retry_waits = stop_aware_retry_clock([this] { return is_stopping(); },
                                              [this](std::chrono::milliseconds t) { wait_for_change(t); });
    errors_ = std::make_unique<record_error_handler>(parts_.errors, this->id(), std::move(retry_waits));
    metrics_ = task_metrics(settings_.metrics, task_metrics::kind::source, this->id(), errors_->counters(),
                            settings_.exactly_once.has_value());
    if (settings_.exactly_once && settings_.exactly_once->connector_defined)
        transaction_context_ = std::make_unique<worker_transaction_context>();
}

worker_source_task::~worker_source_task() = default;

void worker_source_task::stop() {
    worker_task::stop();
    if (started_.load()) call_task_stop();
}

void worker_source_task::call_task_stop() {
    if (task_stop_called_.exchange(true)) return;
    try {
        parts_.task->stop();
    } catch (...) {
        log::warn("Task {}: stop() threw: {}", id().to_string(), error_trace(std::current_exception()));
    }
}

// Kafka's task reads its offsets on a thread of its own, so the reads of 1,000 tasks starting at
// once wait side by side and share the offset log's reads to the end. On the pool, a read that
// blocks would hold one of its few threads: the read is asked for here, without waiting, and the
// task's first offset read answers from it (docs/scale.md "Start-up at scale"). A task with an
// offsets topic of its own reads it when it starts (initialize_and_start()).
std::optional<std::chrono::milliseconds> worker_source_task::before_start() {
    if (parts_.own_offsets || std::exchange(offsets_read_requested_, true)) return std::nullopt;
    // Not keeping the task: a read that never completes (no broker) outlives it until the store stops.
    offsets_->read_to_end([task = weak_from_this(), this](bool read) {
        if (const auto alive = task.lock()) {
            offsets_read_.store(read);
            wake();
        }
    });
    return offsets_read_wait;
}

void worker_source_task::initialize_and_start() {
    if (parts_.own_offsets) {
        // Kafka starts a task's offset store on the task's thread too (it reads the topic).
        if (auto started = parts_.own_offsets->start(); !started)
            throw connect_error("Failed to start the offset store of task " + id().to_string() + ": " +
                                started.err().describe());
        own_offsets_started_ = true;
    }
    if (settings_.exactly_once) {
        // Kafka's checks around initTransactions (prepareToInitializeTask and
        // verifyTaskGenerationAndOwnership): a task the herder stopped meanwhile — revoked, or its
        // connector has a newer generation of task configs — does not fence anyone, nor start.
        const auto unless_stopped = [this] {
            if (is_stopping())
                throw connect_error("Not starting source task " + id().to_string() +
                                    " with exactly-once support: it was stopped (revoked from this worker, or its "
                                    "connector generated new task configs)");
        };
        unless_stopped();
        // Fences the previous producer of this task (a zombie) and aborts its open transaction.
        if (auto ready = parts_.producer->own().init_transactions(settings_.exactly_once->timeout); !ready) {
            stop_reporting_if_fenced();
            throw connect_error("Failed to initialize the transactional producer of task " + id().to_string() + ": " +
                                ready.err().describe());
        }
        unless_stopped();
    }
    context_ = std::make_unique<context>(parts_.task_config, id().connector, *offsets_, offsets_read_.load(),
                                         transaction_context_.get(), [this] { wake(); });
    parts_.task->initialize(*context_);
    parts_.task->start({parts_.task_config.begin(), parts_.task_config.end()});
    started_.store(true);
    log::info("Task {}: source task finished initialization and start", id().to_string());
}

void worker_source_task::execute() {
    begin_execute();
    guarded([this] { run_loop(); });
    final_offset_commit();
}

bool worker_source_task::runs_on_pool() const { return nonblocking_poll_ && !settings_.exactly_once; }

void worker_source_task::begin_execute() {
    next_flush_ = clock::now() + settings_.offset_flush_interval;
    if (settings_.exactly_once) next_transaction_commit_ = clock::now() + settings_.exactly_once->interval;
}

// On the task pool: one iteration of run_loop() per turn; instead of waiting, the time until
// the next turn (docs/scale.md "Tasks").
std::chrono::milliseconds worker_source_task::execute_step() {
    if (!execute_began_) {
        execute_began_ = true;
        begin_execute();
    }
    std::chrono::milliseconds next{0};
    guarded([&] {
        if (should_pause()) {
            if (!std::exchange(pause_reported_, true)) on_pause();
            paused_iteration();
            next = idle_backoff_cap;  // a resume wakes the task earlier
            return;
        }
        if (std::exchange(pause_reported_, false)) on_resume();
        switch (run_iteration()) {
            case step::idle:
                next = idle_backoff_.next();
                return;
            case step::blocked:
                next = send_backoff;
                break;
            case step::paused:
            case step::more:
                break;
        }
        idle_backoff_.reset();
    });
    return next;
}

void worker_source_task::finish_execute() { final_offset_commit(); }

// Runs (part of) the loop: a failure aborts the open transaction or commits what was acked, then
// escapes; a retry ended by a stop only ends the loop.
void worker_source_task::guarded(const std::function<void()>& body) {
    try {
        body();
    } catch (const retry_interrupted&) {
        log::info("Task {}: stopped while retrying a failed operation: {}", id().to_string(),
                  error_trace(std::current_exception()));
    } catch (...) {
        if (!is_cancelled()) {
            try {
                if (settings_.exactly_once) {
                    abort_transaction();
                } else {
                    final_offset_commit();
                }
            } catch (...) {
                log::error("Task {}: failed to commit offsets for an already failing task: {}", id().to_string(),
                           error_trace(std::current_exception()));
            }
        }
        throw;
    }
}

void worker_source_task::run_loop() {
    while (!is_stopping()) {
        switch (run_iteration()) {
            case step::paused:
                wait_while_paused();
                break;
            case step::blocked:
                serve_producer(send_backoff);
                break;
            case step::idle:
                // A non-blocking poll() on a thread of its own (exactly-once): wait here instead.
                if (nonblocking_poll_) wait_for_change(idle_backoff_.next());
                break;
            case step::more:
                idle_backoff_.reset();
                break;
        }
    }
}

worker_source_task::step worker_source_task::run_iteration() {
    maybe_throw_producer_failure();
    serve_producer(0ms);
    if (settings_.exactly_once) {
        maybe_commit_transaction(false);
    } else {
        maybe_commit_offsets();
    }
    if (should_pause()) return step::paused;
    if (next_to_send_ >= to_send_.size()) {
        to_send_ = poll_task();
        next_to_send_ = 0;
        last_active_topic_.clear();  // KIP-558: topics are reported again after each poll
        if (to_send_.empty()) return step::idle;
    }
    if (!send_records()) {
        return step::blocked;
    } else if (settings_.exactly_once) {
        maybe_commit_transaction(true);
    }
    return step::more;
}

void worker_source_task::wait_while_paused() {
    on_pause();
    while (should_pause() && !is_stopping()) {
        wait_for_change(pause_check);
        paused_iteration();
    }
    if (!is_stopping()) on_resume();
}

void worker_source_task::paused_iteration() {
    serve_producer(0ms);
    if (settings_.exactly_once) {
        maybe_commit_transaction(true);  // a paused task has no batch under way
    } else {
        maybe_commit_offsets();
    }
}

std::vector<source_record> worker_source_task::poll_task() {
    try {
        const auto started = clock::now();
        auto batch = parts_.task->poll();
        metrics_.record_poll(batch.size(), clock::now() - started);
        if (!batch.empty()) metrics_.record_active(to_send_.size() - next_to_send_ + batch.size() + submitted_.unacked());
        return batch;
    } catch (const retriable_error& e) {
        log::warn("Task {}: poll() failed with a retriable error; polling again: {}", id().to_string(), e.what());
        return {};
    }
}

bool worker_source_task::send_records() {
    while (next_to_send_ < to_send_.size()) {
        maybe_throw_producer_failure();
        if (submitted_.unacked() >= settings_.max_unacked_records || !send_one(to_send_[next_to_send_])) {
            metrics_.record_write(std::exchange(unreported_written_, 0));
            return false;
        }
        ++next_to_send_;
    }
    metrics_.record_write(std::exchange(unreported_written_, 0));
    to_send_.clear();
    next_to_send_ = 0;
    return true;
}

// The bytes of one record as the producer takes them; views point into the owned buffers.
struct worker_source_task::converted_record {
    std::optional<bytes> key;
    std::optional<bytes> val;
    std::vector<std::optional<bytes>> header_bytes;
    std::vector<rdkafka::header_view> header_views;
};

bool worker_source_task::convert(source_record& record, const source_record& original, converted_record& out) {
    auto& conv = parts_.converters;
    const error_origin origin{nullptr, &original};
    const auto convert_headers = [&] {
        out.header_bytes.clear();
        out.header_bytes.reserve(record.hdrs.size());
        for (const auto& h : record.hdrs) {
            out.header_bytes.push_back(conv.header->from_connect_header(record.topic, h.key, h.schema, h.val));
        }
    };
    const auto convert_key = [&] {
        out.key = conv.key->from_connect_data(record.topic, record.hdrs, record.key_schema, record.key);
    };
    const auto convert_value = [&] {
        out.val = conv.value->from_connect_data(record.topic, record.hdrs, record.value_schema, record.val);
    };
    const bool converted = errors_->execute(error_stage::header_converter, origin, convert_headers) &&
                           errors_->execute(error_stage::key_converter, origin, convert_key) &&
                           errors_->execute(error_stage::value_converter, origin, convert_value);
    if (!converted) return false;
    std::size_t i = 0;
    for (const auto& h : record.hdrs) {
        const auto& b = out.header_bytes[i++];
        out.header_views.push_back({h.key, b ? std::optional<std::string_view>(as_chars(*b)) : std::nullopt});
    }
    return true;
}

const std::string& worker_source_task::partition_key(const source_record& record) {
    static const std::string none;
    if (record.source_partition.empty() || record.source_offset.empty()) return none;
    if (record.source_partition != last_partition_) {
        last_partition_ = record.source_partition;
        const auto encoded = codec_.encode_key(id().connector, record.source_partition);
        last_partition_key_.assign(encoded.begin(), encoded.end());
    }
    return last_partition_key_;
}

bool worker_source_task::send_one(source_record& original) {
    source_record record = original;
    converted_record bytes_out;
    if (!errors_->transform(parts_.transforms, record, error_origin{nullptr, &original}) ||
        !convert(record, original, bytes_out)) {
        drop_record(original);
        return true;
    }
    rdkafka::outgoing_record out;
    out.topic = record.topic;
    out.partition = record.kafka_partition.value_or(rdkafka::any_partition);
    if (bytes_out.key) out.key = as_chars(*bytes_out.key);
    if (bytes_out.val) out.value = as_chars(*bytes_out.val);
    out.headers = bytes_out.header_views;
    out.timestamp_ms = producer_timestamp(record.timestamp);
    if (parts_.topics) {
        try {
            parts_.topics->maybe_create(record.topic);
        } catch (const retriable_error& e) {
            log::warn("Task {}: failed to send record to topic '{}' and partition '{}'. Backing off before retrying: {}",
                      id().to_string(), record.topic, out.partition, e.what());
            return false;  // stays in to_send_ for the retry
        }
    }

    begin_transaction_if_needed();
    auto flight = std::make_shared<in_flight>();
    flight->handle = submitted_.submit(partition_key(original), original.source_partition, original.source_offset);
    flight->original = std::move(original);
    auto produced = parts_.producer->produce(
        out, [this, flight](const rdkafka::delivery_report& report) { on_delivery(flight, report); });
    if (!produced) {
        submitted_.drop(flight->handle);
        original = std::move(flight->original);                      // stays in to_send_ for the retry
        if (produced.err().code == errc::unavailable) return false;  // queue full: serve reports, retry
        throw connect_error("Unrecoverable exception trying to send: " + produced.err().describe());
    }
    ++unreported_written_;
    if (settings_.exactly_once) {
        ++transaction_records_;
        note_transaction_offset(flight->original);
    }
    return true;
}

void worker_source_task::note_transaction_offset(const source_record& record) {
    const auto& key = partition_key(record);
    if (!key.empty()) transaction_offsets_.insert_or_assign(key, submitted_records::partition_offset{
                                                                     record.source_partition, record.source_offset});
    if (transaction_context_ && connector_ends_on(record)) commit_transaction();
}

void worker_source_task::on_delivery(const std::shared_ptr<in_flight>& record, const rdkafka::delivery_report& report) {
    if (producer_closed_) return;
    if (report.status.ok()) {
        if (report.topic != last_active_topic_) {
            last_active_topic_ = report.topic;
            listener().on_topic_used(id(), last_active_topic_);
        }
        commit_task_record(record->original,
                           record_metadata{std::string(report.topic), report.partition, report.offset, std::nullopt});
        submitted_.ack(record->handle);
        acked_count_.fetch_add(1);
        ++unreported_produced_;
        return;
    }
    log::error("Task {}: failed to send record to {}: {}", id().to_string(), report.topic,
               report.status.err().describe());
    // In a transaction a failed record fails the commit: the task fails and the transaction is
    // aborted, whatever errors.tolerance says (docs/exactly-once-source.md).
    if (errors_->tolerates_all() && !settings_.exactly_once) {
        try {
            throw connect_error(report.status.err().describe());
        } catch (...) {
            errors_->handle(error_stage::kafka_produce, "org.apache.kafka.connect.runtime.WorkerSourceTask",
                            error_origin{nullptr, &record->original}, std::current_exception());
        }
        commit_task_record(record->original, std::nullopt);
        submitted_.ack(record->handle);
    } else if (!producer_failure_) {
        try {
            throw connect_error(report.status.err().describe());
        } catch (...) {
            producer_failure_ = std::current_exception();
        }
    }
}

// A record dropped by a transformation or skipped by errors.tolerance=all: commit_record(null),
// and its offset counts as done (Kafka's exactly-once path does the same; its at-least-once
// path forgets dropped offsets, so a task whose records are all filtered never advances).
void worker_source_task::drop_record(const source_record& original) {
    commit_task_record(original, std::nullopt);
    const auto& key = partition_key(original);
    if (key.empty()) return;
    if (settings_.exactly_once) {  // its offset commits with the transaction
        begin_transaction_if_needed();
        note_transaction_offset(original);
        return;
    }
    submitted_.ack(submitted_.submit(key, original.source_partition, original.source_offset));
}

void worker_source_task::commit_task_record(const source_record& record,
                                            const std::optional<record_metadata>& metadata) {
    try {
        parts_.task->commit_record(record, metadata);
    } catch (...) {
        log::error("Task {}: exception thrown while calling commit_record(): {}", id().to_string(),
                   error_trace(std::current_exception()));
    }
}

void worker_source_task::serve_producer(std::chrono::milliseconds timeout) {
    if (!producer_closed_) parts_.producer->serve(timeout);
    if (unreported_produced_ > 0) {
        metrics_.record_produced(std::exchange(unreported_produced_, 0));
        metrics_.record_active(to_send_.size() - next_to_send_ + submitted_.unacked());
    }
}

void worker_source_task::maybe_throw_producer_failure() {
    if (!producer_failure_) return;
    try {
        std::rethrow_exception(producer_failure_);
    } catch (...) {
        std::throw_with_nested(connect_error("Unrecoverable exception from producer send callback"));
    }
}

void worker_source_task::maybe_commit_offsets() {
    if (clock::now() < next_flush_) return;
    commit_offsets();
    next_flush_ = clock::now() + settings_.offset_flush_interval;
}

bool worker_source_task::commit_offsets() {
    if (is_cancelled()) return false;
    metrics_.record_produced(std::exchange(unreported_produced_, 0));  // acknowledged during a final flush
    auto committable = submitted_.committable();
    for (auto& [key, po] : committable.offsets) pending_offsets_.insert_or_assign(key, std::move(po));
    if (committable.pending_records > 0) {
        log::debug("Task {}: {} records wait for earlier records before their offsets commit (largest backlog {})",
                   id().to_string(), committable.pending_records, committable.largest_partition_backlog);
    }
    if (!pending_offsets_.empty()) {
        std::map<storage::offset_bytes, std::optional<storage::offset_bytes>> entries;
        for (const auto& [key, po] : pending_offsets_) {
            entries.emplace(storage::offset_bytes(key.begin(), key.end()), codec_.encode_value(po.offset));
        }
        auto done = std::make_shared<std::promise<result<void>>>();
        auto written = done->get_future();
        const auto commit_started = clock::now();
        offsets_->set(std::move(entries), [done](result<void> r) { done->set_value(std::move(r)); });
        if (written.wait_for(settings_.offset_flush_timeout) != std::future_status::ready) {
            log::error("Task {}: offset commit timed out after {} ms; the offsets are kept for the next commit",
                       id().to_string(), settings_.offset_flush_timeout.count());
            metrics_.record_offset_commit(false, clock::now() - commit_started);
            return false;
        }
        const auto r = written.get();
        metrics_.record_offset_commit(r.ok(), clock::now() - commit_started);
        if (!r) {
            log::error("Task {}: offset commit failed; the offsets are kept for the next commit: {}", id().to_string(),
                       r.err().describe());
            return false;
        }
        log::debug("Task {}: committed offsets of {} source partitions", id().to_string(), pending_offsets_.size());
        pending_offsets_.clear();
    }
    try {
        parts_.task->commit();
    } catch (...) {
        log::error("Task {}: exception thrown while calling commit(): {}", id().to_string(),
                   error_trace(std::current_exception()));
    }
    return true;
}

void worker_source_task::begin_transaction_if_needed() {
    if (!settings_.exactly_once || in_transaction_) return;
    if (auto begun = parts_.producer->own().begin_transaction(); !begun)
        throw connect_error("Failed to begin a transaction: " + begun.err().describe());
    in_transaction_ = true;
}

void worker_source_task::maybe_commit_transaction(bool batch_done) {
    const auto& eos = *settings_.exactly_once;
    if (transaction_context_) {
        if (batch_done && connector_ends_batch()) commit_transaction();
        return;
    }
    const bool due = eos.commit_per_poll ? batch_done : clock::now() >= next_transaction_commit_;
    if (!due) return;
    commit_transaction();
    if (!eos.commit_per_poll) next_transaction_commit_ = clock::now() + eos.interval;
}

// Kafka: ExactlyOnceWorkerSourceTask.commitTransaction: the offsets of every record handed to
// the producer in the transaction are produced behind those records, and the commit flushes both
// (librdkafka's commit_transaction waits for every delivery, serving the delivery reports here):
// one round of produce requests per transaction. A record that fails makes the commit fail, so
// the offsets are committed only with all of their records.
void worker_source_task::commit_transaction() {
    if (!in_transaction_) return;
    const auto& eos = *settings_.exactly_once;
    auto& producer = parts_.producer->own();
    const auto started = clock::now();
    maybe_throw_producer_failure();
    // A connector's own offsets topic: the committed offsets also go to the worker's store (Kafka's
    // secondary write; here after the commit, so the worker's topic never holds offsets of a
    // transaction that did not commit).
    std::map<storage::offset_bytes, std::optional<storage::offset_bytes>> worker_copy;
    for (const auto& [key, po] : transaction_offsets_) {
        const auto value = codec_.encode_value(po.offset);
        if (parts_.own_offsets) worker_copy.emplace(storage::offset_bytes(key.begin(), key.end()), value);
        rdkafka::outgoing_record out;
        out.topic = eos.offsets_topic;
        out.key = key;
        out.value = std::string_view(reinterpret_cast<const char*>(value.data()), value.size());
        if (auto produced = producer.produce(out); !produced)
            throw connect_error("Failed to write the offsets of the transaction to topic " + eos.offsets_topic + ": " +
                                produced.err().describe());
    }
    if (auto committed = producer.commit_transaction(eos.timeout); !committed) {
        metrics_.record_offset_commit(false, clock::now() - started);
        stop_reporting_if_fenced();
        throw connect_error("Failed to commit the transaction of task " + id().to_string() + ": " +
                            committed.err().describe());
    }
    in_transaction_ = false;
    metrics_.record_offset_commit(true, clock::now() - started);
    metrics_.record_transaction_commit(std::exchange(transaction_records_, 0));
    metrics_.record_produced(std::exchange(unreported_produced_, 0));
    submitted_.committable();  // every record of the transaction is acknowledged: forget them
    log::debug("Task {}: committed a transaction with the offsets of {} source partitions", id().to_string(),
               transaction_offsets_.size());
    if (!worker_copy.empty()) parts_.own_offsets->copy_to_worker_store(worker_copy);
    transaction_offsets_.clear();
    try {
        parts_.task->commit();
    } catch (...) {
        log::error("Task {}: exception thrown while calling commit(): {}", id().to_string(),
                   error_trace(std::current_exception()));
    }
}

void worker_source_task::abort_transaction() {
    if (producer_closed_) return;
    stop_reporting_if_fenced();  // a failed record of a fenced producer ends up here
    if (!in_transaction_) return;
    in_transaction_ = false;
    transaction_records_ = 0;
    transaction_offsets_.clear();
    metrics_.record_transaction_abort();
    if (parts_.producer->own().fatal()) return;  // nothing to abort with; the coordinator ends it
    if (auto aborted = parts_.producer->own().abort_transaction(settings_.exactly_once->timeout); !aborted) {
        log::warn("Task {}: {}", id().to_string(), aborted.err().describe());
    } else {
        log::info("Task {}: aborted the open transaction", id().to_string());
    }
}

// Kafka's TransactionBoundaryManager for CONNECTOR (ExactlyOnceWorkerSourceTask).
bool worker_source_task::connector_ends_batch() {
    if (!transaction_context_->should_abort_batch()) return transaction_context_->should_commit_batch();
    log::info("Task {}: aborting the transaction for the batch as requested by the connector", id().to_string());
    abort_for_connector();
    return true;
}

bool worker_source_task::connector_ends_on(const source_record& record) {
    if (!transaction_context_->should_abort_on(record)) return transaction_context_->should_commit_on(record);
    log::info("Task {}: aborting the transaction for a record on topic {} as requested by the connector",
              id().to_string(), record.topic);
    abort_for_connector();
    return true;
}

// The aborted records stay invisible to read_committed consumers, but their offsets still commit
// (the caller commits them in a transaction of their own), so that the task does not read the same
// records again, as in Kafka.
void worker_source_task::abort_for_connector() {
    if (!in_transaction_) {
        log::warn("Task {}: ignoring the connector's request to abort the transaction: the current transaction is "
                  "empty",
                  id().to_string());
        return;
    }
    // librdkafka fails the records still queued at an abort (purged); written, they are just aborted.
    if (auto flushed = parts_.producer->flush(settings_.exactly_once->timeout); !flushed)
        throw connect_error("Failed to abort the transaction of task " + id().to_string() + ": " +
                            flushed.err().describe());
    maybe_throw_producer_failure();
    auto offsets = std::move(transaction_offsets_);
    abort_transaction();
    if (parts_.producer->own().fatal())
        throw connect_error("Failed to abort the transaction of task " + id().to_string());
    transaction_offsets_ = std::move(offsets);
    if (!transaction_offsets_.empty()) begin_transaction_if_needed();
}

// Kafka writes a fenced task's FAILED status as any other (putSafe), which can land after the new
// owner's RUNNING when the zombie had not read that yet; Copycat's fenced task writes none.
void worker_source_task::stop_reporting_if_fenced() {
    if (fenced_ || !parts_.producer->own().fenced()) return;
    fenced_ = true;
    log::error("Task {}: its producer was fenced: another worker runs it now; it stops without writing a status",
               id().to_string());
    stop_reporting_as_fenced();
}

void worker_source_task::final_offset_commit() {
    if (settings_.exactly_once) {
        if (is_cancelled()) return;
        try {
            // Kafka commits a connector-defined transaction at the stop only when asked to; the
            // rest is aborted here rather than left open until the broker's transaction timeout.
            if (!transaction_context_ || connector_ends_batch()) {
                commit_transaction();
            } else {
                abort_transaction();
            }
        } catch (...) {
            abort_transaction();
            throw;
        }
        return;
    }
    if (!producer_closed_) await_acknowledgements();
    commit_offsets();
}

// Before the last offset commit: up to offset.flush.timeout.ms for the task's records to be
// acknowledged. A cancel ends the wait, as Kafka's cancel() closes the task's producer at once: a
// cancelled task commits nothing more, and would otherwise hold its thread (a pool thread for a
// pooled task) until the timeout.
void worker_source_task::await_acknowledgements() {
    constexpr auto cancel_check = 100ms;
    const auto deadline = clock::now() + settings_.offset_flush_timeout;
    while (parts_.producer->outstanding() > 0 && !is_cancelled()) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
        if (left.count() <= 0) {
            log::warn("Task {}: {} records still outstanding after {} ms; committing the offsets of acknowledged "
                      "records only",
                      id().to_string(), parts_.producer->outstanding(), settings_.offset_flush_timeout.count());
            return;
        }
        serve_producer(std::min(left, std::chrono::milliseconds(cancel_check)));
    }
}

void worker_source_task::close() {
    if (started_.load()) call_task_stop();
    if (own_offsets_started_) parts_.own_offsets->stop();
    producer_closed_ = true;  // records still queued fail silently when the producer goes
    parts_.producer.reset();
    parts_.transforms.close();
    parts_.converters.close();
}

}  // namespace copycat::runtime
