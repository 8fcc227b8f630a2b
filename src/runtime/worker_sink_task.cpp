#include "runtime/worker_sink_task.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <utility>

#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {
namespace {

using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

// The longest single consumer poll, so that state changes and stops are seen promptly.
constexpr auto max_poll_wait = 100ms;
// A task on the task pool: the wait before the next turn after polls that brought nothing
// (the consumer's on_ready() signal ends it early).
constexpr auto idle_backoff_first = 10ms;
constexpr auto idle_backoff_cap = 1000ms;

std::optional<bytes_view> as_bytes(const std::optional<std::string_view>& s) {
    if (!s) return std::nullopt;
    return bytes_view(reinterpret_cast<const std::uint8_t*>(s->data()), s->size());
}

std::string describe(const topic_partition_offsets& offsets) {
    std::string out = "{";
    for (const auto& [tp, o] : offsets)
        out += (out.size() > 1 ? ", " : "") + tp.to_string() + "=" + std::to_string(o.offset);
    return out + "}";
}

std::string describe(const std::vector<topic_partition>& partitions) {
    std::string out = "[";
    for (const auto& tp : partitions) out += (out.size() > 1 ? ", " : "") + tp.to_string();
    return out + "]";
}

}  // namespace

worker_sink_task::worker_sink_task(task_id id, target_state initial, status_listener& listener, parts p, settings s)
    : worker_task(std::move(id), initial, listener, p.task ? version_of(*p.task) : std::string()),
      parts_(std::move(p)),
      settings_(s),
      nonblocking_put_(parts_.task && parts_.task->nonblocking_put()),
      idle_backoff_({idle_backoff_first, idle_backoff_cap}) {
    // Retry waits end when the task is asked to stop.
    auto retry_waits = stop_aware_retry_clock([this] { return is_stopping(); },
                                              [this](std::chrono::milliseconds t) { wait_for_change(t); });
    errors_ = std::make_unique<record_error_handler>(parts_.errors, this->id(), std::move(retry_waits));
    metrics_ = task_metrics(settings_.metrics, task_metrics::kind::sink, this->id(), errors_->counters());
}

worker_sink_task::~worker_sink_task() = default;

void worker_sink_task::initialize_and_start() {
    if (parts_.dead_letter_queue) {
        auto dlq = parts_.dead_letter_queue(errors_->counters());
        if (!dlq) throw connect_error(dlq.err().describe());
        errors_->set_dead_letter_queue(std::move(*dlq));
    }
    context_ = std::make_unique<worker_sink_task_context>(
        std::map<std::string, std::string>(parts_.task_config.begin(), parts_.task_config.end()), *parts_.consumer,
        [this] { return should_pause(); });
    if (parts_.dead_letter_queue || parts_.errors.log_errors) {
        errant_reporter_ = std::make_unique<worker_errant_record_reporter>(*errors_, parts_.converters);
        context_->set_errant_record_reporter(errant_reporter_.get());
    }
    parts_.task->initialize(*context_);
    parts_.task->start({parts_.task_config.begin(), parts_.task_config.end()});
    started_ = true;
    if (auto subscribed = parts_.consumer->subscribe(parts_.subscription, *this); !subscribed) {
        throw connect_error("Failed to subscribe the consumer: " + subscribed.err().describe());
    }
    log::info("Task {}: sink task finished initialization and start", id().to_string());
}

void worker_sink_task::execute() {
    next_commit_ = clock::now() + settings_.offset_flush_interval;
    guarded([this] {
        while (!is_stopping()) iteration(false);
    });
    close_all_partitions();
}

// On the task pool: one pass of the loop per turn; instead of waiting in the consumer's poll,
// the time until the next turn (docs/scale.md "Tasks").
std::chrono::milliseconds worker_sink_task::execute_step() {
    if (!std::exchange(execute_began_, true)) {
        next_commit_ = clock::now() + settings_.offset_flush_interval;
        // Weak: a task destroyed without its last turn (a pool dropped at a worker's destruction)
        // must not be revived from librdkafka's thread before its consumer is gone.
        parts_.consumer->on_ready([weak = weak_from_this()] {
            if (auto self = weak.lock()) std::static_pointer_cast<worker_sink_task>(self)->wake();
        });
    }
    pass done;
    guarded([&] { done = iteration(true); });
    if (done.records > 0 || context_->commit_requested()) {
        idle_backoff_.reset();
        return 0ms;
    }
    if (paused_for_redelivery_) return done.wait;  // the pace at which the threaded loop offers the batch again
    const auto until_commit = std::chrono::duration_cast<std::chrono::milliseconds>(next_commit_ - clock::now());
    return std::clamp(idle_backoff_.next(), 0ms, std::max(until_commit, 0ms));
}

void worker_sink_task::finish_execute() { close_all_partitions(); }

void worker_sink_task::guarded(const std::function<void()>& body) {
    try {
        body();
    } catch (const retry_interrupted&) {
        log::info("Task {}: stopped while retrying a failed operation: {}", id().to_string(),
                  error_trace(std::current_exception()));
    } catch (...) {
        try {
            close_all_partitions();
        } catch (...) {
            log::error("Task {}: closing partitions of a failing task failed: {}", id().to_string(),
                       error_trace(std::current_exception()));
        }
        throw;
    }
}

worker_sink_task::pass worker_sink_task::iteration(bool nonblocking) {
    follow_target_state();
    errors_->poll_reports();
    const auto now = clock::now();
    if (context_->commit_requested() || now >= next_commit_) {
        commit_offsets(false, {});
        next_commit_ = now + settings_.offset_flush_interval;
        context_->clear_commit_request();
    }
    const auto until_commit = std::chrono::duration_cast<std::chrono::milliseconds>(next_commit_ - clock::now());
    pass done;
    done.wait = std::clamp(until_commit, 0ms, std::chrono::milliseconds(max_poll_wait));
    if (auto retry = context_->take_timeout(); retry && retry->count() > 0) done.wait = std::min(done.wait, *retry);
    done.records = poll(nonblocking ? 0ms : done.wait);
    update_lag(clock::now());
    return done;
}

void worker_sink_task::update_lag(clock::time_point now) {
    if (now < next_lag_update_) return;
    next_lag_update_ = now + 1s;
    std::vector<kafka_task_metrics::partition_lag> lags;
    for (const auto& tp : parts_.consumer->assignment()) {
        const auto position = parts_.consumer->position(tp);
        const auto end = parts_.consumer->end_offset(tp);
        if (position && end) lags.push_back({tp.topic, tp.partition, std::max<std::int64_t>(*end - *position, 0)});
    }
    metrics_.record_lag(std::move(lags));
    metrics_.record_partitions(opened_.size());
    std::int64_t uncommitted = 0;
    for (const auto& [tp, committed] : last_committed_) {
        if (auto it = current_offsets_.find(tp); it != current_offsets_.end())
            uncommitted += std::max<std::int64_t>(it->second.offset - committed.offset, 0);
    }
    metrics_.record_uncommitted(uncommitted);
}

// Kafka wakes the consumer up on a target state change; here the loop looks every poll.
void worker_sink_task::follow_target_state() {
    const bool pause = should_pause();
    if (pause == paused_) return;
    paused_ = pause;
    if (pause) {
        pause_all();
        on_pause();
        context_->request_commit();
    } else if (!paused_for_redelivery_) {
        resume_all();
        on_resume();
    } else {
        on_resume();
    }
}

std::size_t worker_sink_task::poll(std::chrono::milliseconds timeout) {
    rewind();
    auto polled = parts_.consumer->poll(timeout, settings_.max_poll_records);
    if (rebalance_failure_) {
        auto failure = std::exchange(rebalance_failure_, nullptr);
        std::rethrow_exception(failure);
    }
    if (!polled) {
        // Consumer errors are mostly transient (an unknown topic, a broker away); log each kind
        // once in a while rather than every poll.
        const auto text = polled.err().describe();
        const auto now = clock::now();
        if (text != last_consumer_error_ || now - last_consumer_error_logged_ > 30s) {
            log::warn("Task {}: consumer: {}", id().to_string(), text);
            last_consumer_error_ = text;
            last_consumer_error_logged_ = now;
        }
        if (!message_batch_.empty()) deliver_messages();
        return 0;
    }
    const std::size_t records = polled->size();
    metrics_.record_read(records);
    convert_messages(*polled);
    deliver_messages();
    return records;
}

// Applies the offsets the task asked for with context.offset(): the consumer seeks there,
// backwards or forwards (inside on_partitions_assigned this sets where the partition starts).
void worker_sink_task::rewind() {
    for (const auto& [tp, offset] : context_->take_offsets()) {
        log::trace("Task {}: rewinding {} to offset {}", id().to_string(), tp.to_string(), offset);
        if (auto sought = parts_.consumer->seek(tp, offset); !sought) {
            log::warn("Task {}: cannot move {} to offset {}: {}", id().to_string(), tp.to_string(), offset,
                      sought.err().describe());
            continue;
        }
        last_committed_.insert_or_assign(tp, offset_and_metadata{offset, {}, std::nullopt});
        current_offsets_.insert_or_assign(tp, offset_and_metadata{offset, {}, std::nullopt});
    }
}

void worker_sink_task::convert_messages(std::vector<consumed_record>& records) {
    std::string_view last_topic;  // KIP-558: each topic is reported once per batch
    for (auto& record : records) {
        if (record.topic != last_topic) {
            last_topic = record.topic;
            listener().on_topic_used(id(), last_topic);
        }
        topic_partition tp{std::string(record.topic), record.partition};
        if (!current_offsets_.contains(tp)) {
            // The position was unknown at assignment (no committed offset): the first record's
            // offset is where consumption started.
            last_committed_.insert_or_assign(tp, offset_and_metadata{record.offset, {}, std::nullopt});
            current_offsets_.insert_or_assign(tp, offset_and_metadata{record.offset, {}, std::nullopt});
        }
        orig_offsets_.insert_or_assign(std::move(tp), offset_and_metadata{record.offset + 1, {}, std::nullopt});
        if (auto converted = convert_and_transform(record)) message_batch_.push_back(std::move(*converted));
    }
    records.clear();  // releases the consumer's buffers
}

std::optional<sink_record> worker_sink_task::convert_and_transform(const consumed_record& m) {
    auto& conv = parts_.converters;
    const error_origin origin{&m, nullptr};
    headers hdrs;
    schema_and_value key;
    schema_and_value val;
    const auto convert_headers = [&] {
        hdrs = headers();
        for (const auto& h : m.headers) {
            hdrs.add(std::string(h.key), conv.header->to_connect_header(m.topic, h.key, as_bytes(h.value)));
        }
    };
    const auto convert_key = [&] { key = conv.key->to_connect_data(m.topic, hdrs, as_bytes(m.key)); };
    const auto convert_value = [&] { val = conv.value->to_connect_data(m.topic, hdrs, as_bytes(m.value)); };
    const bool converted = errors_->execute(error_stage::header_converter, origin, convert_headers) &&
                           errors_->execute(error_stage::key_converter, origin, convert_key) &&
                           errors_->execute(error_stage::value_converter, origin, convert_value);
    if (!converted) return std::nullopt;
    std::optional<std::int64_t> ts;
    if (m.timestamp_ms >= 0) ts = m.timestamp_ms;
    sink_record record(std::string(m.topic), m.partition, std::move(key.schema), std::move(key.val),
                       std::move(val.schema), std::move(val.val), m.offset, ts, m.ts_type, std::move(hdrs));
    if (!errors_->transform(parts_.transforms, record, origin)) return std::nullopt;
    return record;
}

void worker_sink_task::deliver_messages() {
    try {
        std::vector<sink_record> batch = message_batch_;  // put() may move from it; a retry needs the records
        const auto started = clock::now();
        parts_.task->put(batch);
        metrics_.record_put(message_batch_.size(), clock::now() - started);
    } catch (const retriable_error& e) {
        log::error("Task {}: retriable error from put(); the batch will be offered again: {}", id().to_string(),
                   e.what());
        if (!paused_for_redelivery_) {
            paused_for_redelivery_ = true;
            pause_all();
        }
        return;
    } catch (...) {
        std::throw_with_nested(connect_error("Exiting WorkerSinkTask due to unrecoverable exception."));
    }
    for (auto& [tp, o] : orig_offsets_) current_offsets_.insert_or_assign(tp, o);
    orig_offsets_.clear();
    message_batch_.clear();
    if (paused_for_redelivery_) {
        if (!should_pause()) resume_all();
        paused_for_redelivery_ = false;
    }
}

// Commits the offsets of `partitions` (all when empty). When closing (revocation, stop) the
// partitions are closed afterwards, whether or not the commit worked.
void worker_sink_task::commit_offsets(bool closing, const std::vector<topic_partition>& partitions) {
    metrics_.record_commit_sequence(++commit_seq_no_);
    const auto wanted = [&](const topic_partition& tp) {
        return partitions.empty() || std::find(partitions.begin(), partitions.end(), tp) != partitions.end();
    };
    topic_partition_offsets to_commit;
    for (const auto& [tp, o] : current_offsets_)
        if (wanted(tp)) to_commit.emplace(tp, o);
    topic_partition_offsets last;
    for (const auto& [tp, o] : last_committed_)
        if (to_commit.count(tp)) last.emplace(tp, o);
    // Kafka waits for the dead-letter queue writes first: the offset of a dead-lettered record
    // must not be committed before its copy is safe. Not acknowledged in time: no commit now.
    if (errors_->flush_reports(settings_.offset_flush_timeout)) pre_commit_and_commit(closing, to_commit, last);
    if (closing)
        close_partitions(partitions.empty() ? std::vector<topic_partition>(opened_.begin(), opened_.end())
                                            : partitions);
}

// pre_commit(), then a synchronous consumer commit of what it returned.
void worker_sink_task::pre_commit_and_commit(bool closing, const topic_partition_offsets& to_commit,
                                             const topic_partition_offsets& last) {
    topic_partition_offsets task_offsets;
    try {
        if (!to_commit.empty()) task_offsets = parts_.task->pre_commit(to_commit);
    } catch (...) {
        const auto trace = error_trace(std::current_exception());
        if (closing) {
            log::warn("Task {}: offset commit failed during close: {}", id().to_string(), trace);
        } else {
            log::error("Task {}: offset commit failed, rewinding to last committed offsets: {}", id().to_string(),
                       trace);
            for (const auto& [tp, o] : last) {
                if (auto sought = parts_.consumer->seek(tp, o.offset); !sought) {
                    log::warn("Task {}: cannot rewind {}: {}", id().to_string(), tp.to_string(),
                              sought.err().describe());
                }
                current_offsets_.insert_or_assign(tp, o);
            }
        }
        return;
    }
    // Kafka counts a cycle with nothing to commit as a successful commit (connector-task-metrics).
    if (task_offsets.empty()) return metrics_.record_offset_commit(true, {}, true);

    const auto committable = filter_committable(task_offsets, last);
    if (committable == last) {
        log::debug("Task {}: skipping offset commit, no change since last commit", id().to_string());
        return metrics_.record_offset_commit(true, {}, true);
    }
    const auto commit_started = clock::now();
    const auto committed = parts_.consumer->commit(committable);
    metrics_.record_offset_commit(committed.ok(), clock::now() - commit_started);
    if (!committed) {
        log::error("Task {}: commit of offsets {} failed: {}", id().to_string(), describe(committable),
                   committed.err().describe());
        return;
    }
    log::debug("Task {}: committed offsets {}", id().to_string(), describe(committable));
    for (const auto& [tp, o] : committable) last_committed_.insert_or_assign(tp, o);
}

// Kafka's rule: only offsets of requested (assigned) partitions that do not go beyond what was
// consumed.
topic_partition_offsets worker_sink_task::filter_committable(const topic_partition_offsets& task_offsets,
                                                             const topic_partition_offsets& last_committed) const {
    topic_partition_offsets committable = last_committed;
    const auto assigned = parts_.consumer->assignment();
    for (const auto& [tp, o] : task_offsets) {
        auto current = current_offsets_.find(tp);
        if (committable.count(tp) && current != current_offsets_.end()) {
            if (o.offset <= current->second.offset) {
                committable.insert_or_assign(tp, o);
            } else {
                log::warn(
                    "Task {}: ignoring invalid task provided offset {}/{} -- not yet consumed, taskOffset={} "
                    "currentOffset={}",
                    id().to_string(), tp.topic, tp.partition, o.offset, current->second.offset);
            }
        } else if (!assigned.count(tp)) {
            log::warn("Task {}: ignoring invalid task provided offset {}/{} -- partition not assigned",
                      id().to_string(), tp.topic, tp.partition);
        } else {
            log::debug("Task {}: ignoring task provided offset {}/{} -- partition not requested", id().to_string(),
                       tp.topic, tp.partition);
        }
    }
    return committable;
}

void worker_sink_task::pause_all() {
    auto assigned = parts_.consumer->assignment();
    pause_partitions({assigned.begin(), assigned.end()});
}

void worker_sink_task::pause_partitions(const std::vector<topic_partition>& partitions) {
    if (auto paused = parts_.consumer->pause(partitions); !paused) {
        log::warn("Task {}: cannot pause the consumer: {}", id().to_string(), paused.err().describe());
    }
}

void worker_sink_task::resume_all() {
    std::vector<topic_partition> resumed;
    for (const auto& tp : parts_.consumer->assignment()) {
        if (!context_->paused_partitions().count(tp)) resumed.push_back(tp);
    }
    if (auto done = parts_.consumer->resume(resumed); !done) {
        log::warn("Task {}: cannot resume the consumer: {}", id().to_string(), done.err().describe());
    }
}

void worker_sink_task::close_all_partitions() {
    if (!started_ || task_stopped_) return;
    commit_offsets(true, {});
}

void worker_sink_task::close_partitions(const std::vector<topic_partition>& partitions) {
    if (partitions.empty()) return;
    for (const auto& tp : partitions) opened_.erase(tp);
    parts_.task->close(partitions);
}

// Forgets everything about partitions that left: offsets, unsent records, pause and seek
// requests.
void worker_sink_task::drop_partitions(const std::vector<topic_partition>& partitions) {
    for (const auto& tp : partitions) {
        current_offsets_.erase(tp);
        last_committed_.erase(tp);
        orig_offsets_.erase(tp);
    }
    std::erase_if(message_batch_, [&](const sink_record& r) {
        return std::find(partitions.begin(), partitions.end(),
                         topic_partition{r.original_topic, r.original_kafka_partition}) != partitions.end();
    });
    context_->forget(partitions);
}

void worker_sink_task::on_partitions_assigned(const std::vector<topic_partition>& partitions) {
    if (task_stopped_ || partitions.empty()) return;
    try {
        for (const auto& tp : partitions) {
            // Unknown (nothing committed): the first record consumed tells, see convert_messages().
            if (const auto position = parts_.consumer->position(tp)) {
                last_committed_.insert_or_assign(tp, offset_and_metadata{*position, {}, std::nullopt});
                current_offsets_.insert_or_assign(tp, offset_and_metadata{*position, {}, std::nullopt});
            } else {
                last_committed_.erase(tp);
                current_offsets_.erase(tp);
            }
        }
        log::info("Task {}: partitions assigned: {}, known positions {}", id().to_string(), describe(partitions),
                  describe(current_offsets_));
        const bool was_paused_for_redelivery = paused_for_redelivery_;
        paused_for_redelivery_ = was_paused_for_redelivery && !message_batch_.empty();
        if (paused_ || paused_for_redelivery_) {
            pause_partitions(partitions);
        } else if (was_paused_for_redelivery) {
            resume_all();
        }
        opened_.insert(partitions.begin(), partitions.end());
        parts_.task->open(partitions);
        rewind();
    } catch (...) {
        if (!rebalance_failure_) rebalance_failure_ = std::current_exception();
    }
}

void worker_sink_task::on_partitions_revoked(const std::vector<topic_partition>& partitions) {
    if (task_stopped_ || partitions.empty()) return;
    log::info("Task {}: partitions revoked: {}", id().to_string(), describe(partitions));
    try {
        commit_offsets(true, partitions);
    } catch (...) {
        if (!rebalance_failure_) rebalance_failure_ = std::current_exception();
    }
    drop_partitions(partitions);
}

void worker_sink_task::on_partitions_lost(const std::vector<topic_partition>& partitions) {
    if (task_stopped_ || partitions.empty()) return;
    log::warn("Task {}: partitions lost to another member, closing them without a commit: {}", id().to_string(),
              describe(partitions));
    try {
        close_partitions(partitions);
    } catch (...) {
        if (!rebalance_failure_) rebalance_failure_ = std::current_exception();
    }
    drop_partitions(partitions);
}

void worker_sink_task::stop_plugin() {
    if (started_ && !task_stopped_) {
        try {
            parts_.task->stop();
        } catch (...) {
            log::warn("Task {}: could not stop task: {}", id().to_string(), error_trace(std::current_exception()));
        }
    }
    task_stopped_ = true;
}

std::optional<std::chrono::milliseconds> worker_sink_task::begin_close() {
    stop_plugin();
    if (!parts_.consumer) return std::nullopt;
    // Weak, as on_ready()'s: the wake may come from librdkafka's thread.
    parts_.consumer->begin_close([weak = weak_from_this()] {
        if (auto self = weak.lock()) std::static_pointer_cast<worker_sink_task>(self)->wake();
    });
    return continue_close();
}

std::optional<std::chrono::milliseconds> worker_sink_task::continue_close() {
    if (!parts_.consumer || parts_.consumer->close_finished()) return std::nullopt;
    return std::chrono::milliseconds(100);  // the progress signal comes first
}

void worker_sink_task::close() {
    stop_plugin();
    if (parts_.consumer) parts_.consumer->close();  // waits for a close begun in turns
    errors_->close_reports(settings_.offset_flush_timeout);
    parts_.transforms.close();
    parts_.converters.close();
}

}  // namespace copycat::runtime
