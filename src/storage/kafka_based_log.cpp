#include "storage/kafka_based_log.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "common/logging.hpp"

namespace copycat::storage {
namespace {

using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

// Records handed to the handler per poll round before the thread looks at its other work.
constexpr int max_batch = 500;
// How often a read that has its end offsets looks at the consumer's position (poll_wait()).
constexpr std::chrono::milliseconds position_check_interval{5};

std::chrono::milliseconds left_until(clock::time_point deadline) {
    return std::max(0ms, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()));
}

result<void> set_all(rdkafka::client_config& config, const std::map<std::string, std::string>& properties) {
    for (const auto& [key, value] : properties) {
        COPYCAT_TRY_VOID(config.set(key, value));
    }
    return {};
}

}  // namespace

kafka_based_log::kafka_based_log(kafka_based_log_options options) : options_(std::move(options)) {}

kafka_based_log::~kafka_based_log() { stop(); }

result<void> kafka_based_log::create_clients() {
    // Java's clients wait at most 1 s between reconnects, librdkafka up to 10 s: a status written
    // when the broker came back stayed in the producer that long, and every worker showed the
    // statuses of before the outage meanwhile (integration-tests/faults, broker restart).
    // A reconnect.backoff.max.ms of the worker's own (its worker file's) is kept.
    std::map<std::string, std::string> common;
    if (!options_.client.contains("reconnect.backoff.max.ms")) common.emplace("reconnect.backoff.max.ms", "1000");
    if (!options_.client_id.empty()) common.emplace("client.id", options_.client_id);

    rdkafka::client_config producer_config = options_.client;
    std::map<std::string, std::string> producer_defaults = common;
    producer_defaults.insert(
        {{"acks", "all"}, {"max.in.flight.requests.per.connection", "1"}, {"enable.idempotence", "false"}});
    COPYCAT_TRY_VOID(set_all(producer_config, producer_defaults));
    COPYCAT_TRY_VOID(set_all(producer_config, options_.producer_settings));

    // retry.backoff.ms is a producer property in librdkafka 2.0: its consumers would warn about it.
    auto consumer_properties = options_.client.properties();
    consumer_properties.erase("retry.backoff.ms");
    COPYCAT_TRY(rdkafka::client_config consumer_config, rdkafka::client_config::from_map(consumer_properties));
    std::map<std::string, std::string> consumer_defaults = common;
    // read_committed: records of aborted or open transactions (exactly-once source tasks, a leader
    // that was fenced) are never applied (docs/exactly-once-source.md). Kafka Connect reads so in
    // exactly-once mode; without transactions on the topic both levels read the same records.
    consumer_defaults.insert(
        {{"auto.offset.reset", "earliest"}, {"enable.auto.commit", "false"}, {"isolation.level", "read_committed"}});
    COPYCAT_TRY_VOID(set_all(consumer_config, consumer_defaults));
    COPYCAT_TRY_VOID(set_all(consumer_config, options_.consumer_settings));

    admin_ = options_.admin;
    if (!admin_) {
        rdkafka::client_config admin_config = options_.client;
        COPYCAT_TRY_VOID(set_all(admin_config, common));
        COPYCAT_TRY(auto made_admin, rdkafka::admin_client::create(admin_config));
        admin_ = std::make_shared<rdkafka::admin_client>(std::move(made_admin));
    }
    COPYCAT_TRY(auto made_producer, rdkafka::producer::create(producer_config));
    COPYCAT_TRY(auto made_consumer, rdkafka::consumer::create(consumer_config));
    producer_.emplace(std::move(made_producer));
    consumer_.emplace(std::move(made_consumer));
    return {};
}

result<void> kafka_based_log::find_partitions(clock::time_point deadline) {
    exponential_backoff backoff(query_backoff);
    for (;;) {
        auto count = consumer_->partition_count(options_.topic, std::max(left_until(deadline), 1ms));
        if (count && *count > 0) {
            partitions_.clear();
            for (std::int32_t p = 0; p < *count; ++p) partitions_.push_back({options_.topic, p});
            positions_.assign(static_cast<std::size_t>(*count), -1);
            partition_count_ = *count;
            return {};
        }
        const auto delay = backoff.next();
        if (clock::now() + delay >= deadline) {
            const std::string reason = count ? "it has no partitions" : count.err().describe();
            return error(count ? make_error_code(errc::not_found) : count.err().code,
                         fmt::format("cannot find the partitions of topic '{}' within {} ms ({}); does the "
                                     "topic exist?",
                                     options_.topic, options_.start_timeout.count(), reason));
        }
        log::debug("log of topic '{}': no partitions yet ({}); retrying", options_.topic,
                   count ? "none" : count.err().describe());
        std::this_thread::sleep_for(delay);
    }
}

result<std::vector<rdkafka::watermarks>> kafka_based_log::query_end_offsets() {
    std::vector<std::int32_t> numbers;
    for (const auto& tp : partitions_) numbers.push_back(tp.partition);
    return admin_->query_watermarks(options_.topic, numbers, options_.request_timeout);
}

bool kafka_based_log::reached(const std::vector<rdkafka::watermarks>& ends) {
    // librdkafka's position also moves past records the consumer never returns (transaction
    // markers), so it completes a read our own count would wait on for ever.
    if (auto positions = consumer_->position(partitions_)) {
        for (std::size_t i = 0; i < positions->size() && i < positions_.size(); ++i) {
            positions_[i] = std::max(positions_[i], (*positions)[i].offset);
        }
    }
    for (std::size_t i = 0; i < ends.size(); ++i) {
        const bool empty = ends[i].high <= ends[i].low;
        if (!empty && positions_[i] < ends[i].high) return false;
    }
    return true;
}

int kafka_based_log::poll_records(std::chrono::milliseconds wait) {
    int handled = 0;
    while (handled < max_batch) {
        auto polled = consumer_->poll(handled == 0 ? wait : 0ms);
        if (!polled) {
            log::warn("log of topic '{}': {}", options_.topic, polled.err().describe());
            break;
        }
        if (!polled->has_value()) break;
        const rdkafka::message& m = **polled;
        log_record record;
        if (auto key = m.key()) record.key.emplace(*key);
        if (auto value = m.value()) record.value.emplace(*value);
        record.partition = m.partition();
        record.offset = m.offset();
        if (record.partition >= 0 && static_cast<std::size_t>(record.partition) < positions_.size()) {
            positions_[static_cast<std::size_t>(record.partition)] = record.offset + 1;
        }
        handler_(record);
        ++handled;
    }
    return handled;
}

result<void> kafka_based_log::read_to_end_now(clock::time_point deadline) {
    exponential_backoff backoff(query_backoff);
    auto ends = query_end_offsets();
    while (!ends) {
        const auto delay = backoff.next();
        if (clock::now() + delay >= deadline) return ends.err();
        log::debug("log of topic '{}': cannot read the end offsets yet ({}); retrying", options_.topic,
                   ends.err().describe());
        std::this_thread::sleep_for(delay);
        ends = query_end_offsets();
    }
    std::size_t records = 0;
    while (!reached(*ends)) {
        if (clock::now() >= deadline) {
            return make_error(errc::timeout, fmt::format("cannot read topic '{}' to its end within {} ms",
                                                         options_.topic, options_.start_timeout.count()));
        }
        records += static_cast<std::size_t>(poll_records(std::min(left_until(deadline), 100ms)));
    }
    log::info("read {} records from topic '{}' ({} partitions) to its end", records, options_.topic,
              partitions_.size());
    return {};
}

result<void> kafka_based_log::start(record_handler handler) {
    {
        std::lock_guard lock(mutex_);
        if (state_ != state::created) {
            return make_error(errc::invalid_argument,
                              fmt::format("the log of topic '{}' was started before", options_.topic));
        }
        state_ = state::starting;
    }
    const auto deadline = clock::now() + options_.start_timeout;
    auto started = create_clients();
    if (started) started = find_partitions(deadline);
    if (started) {
        // Only now that the topic is known to exist (a metadata request could create it). Not
        // fatal: without it the first write only waits longer.
        if (auto warmed = producer_->warm_up(options_.topic, options_.request_timeout); !warmed)
            log::debug("Could not fetch the metadata of topic '{}' for the producer: {}", options_.topic,
                       warmed.err().describe());
        std::vector<rdkafka::topic_partition_offset> from_beginning;
        for (const auto& tp : partitions_)
            from_beginning.push_back({tp.topic, tp.partition, rdkafka::offsets::beginning});
        started = consumer_->assign(from_beginning);
    }
    if (started) {
        handler_ = std::move(handler);
        started = read_to_end_now(deadline);
    }

    std::lock_guard lock(mutex_);
    if (started && state_ == state::stopped) {
        started = make_error(errc::unavailable, fmt::format("the log of topic '{}' was stopped", options_.topic));
    }
    if (!started) {
        producer_.reset();
        consumer_.reset();
        admin_.reset();
        if (state_ == state::starting) state_ = state::created;
        return error(started.err().code,
                     fmt::format("cannot start the log of topic '{}': {}", options_.topic, started.err().message));
    }
    state_ = state::running;
    // Delivery reports wake the log thread, which serves them (and the callbacks waiting on them).
    producer_->on_ready([this] { consumer_->wake(); });
    thread_ = std::thread([this] { run(); });
    return {};
}

void kafka_based_log::stop() {
    {
        std::lock_guard lock(mutex_);
        if (state_ == state::stopped) return;
        const bool running = state_ == state::running;
        state_ = state::stopped;
        if (!running) return;  // never started, or start() is running and cleans up
    }
    stopping_ = true;
    consumer_->wake();
    if (thread_.joinable()) thread_.join();
    if (auto flushed = producer_->flush(options_.close_timeout); !flushed) {
        log::warn("log of topic '{}': {}; failing them", options_.topic, flushed.err().describe());
    }
    producer_.reset();  // fails what is still in flight
    consumer_.reset();
    admin_.reset();
    std::vector<pending_read> abandoned;
    {
        std::lock_guard lock(mutex_);
        abandoned = std::exchange(reads_, {});
    }
    for (auto& read : abandoned) {
        read.done(make_error(errc::unavailable, fmt::format("the log of topic '{}' stopped", options_.topic)));
    }
    log::info("stopped the log of topic '{}'", options_.topic);
}

void kafka_based_log::send(std::string key, std::optional<std::string> value, completion done) {
    std::unique_lock lock(mutex_);
    if (state_ != state::running) {
        lock.unlock();
        if (done) {
            done(make_error(errc::unavailable, fmt::format("the log of topic '{}' is not running", options_.topic)));
        }
        return;
    }
    const std::uint64_t id = next_send_id_++;
    unacked_.insert(id);
    rdkafka::outgoing_record record{.topic = options_.topic, .key = key};
    if (value) record.value = *value;
    auto produced = producer_->produce(record, [this, id, done](const rdkafka::delivery_report& report) {
        on_delivered(id);
        if (done) done(report.status);
    });
    if (!produced) {
        unacked_.erase(id);
        lock.unlock();
        if (done) done(produced.err());
        return;
    }
}

void kafka_based_log::on_delivered(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    unacked_.erase(id);
}

bool kafka_based_log::flushed(std::uint64_t barrier) const { return unacked_.empty() || *unacked_.begin() >= barrier; }

void kafka_based_log::read_to_end(completion done) {
    if (!done) done = [](result<void>) {};
    std::unique_lock lock(mutex_);
    if (state_ != state::running) {
        lock.unlock();
        done(make_error(errc::unavailable, fmt::format("the log of topic '{}' is not running", options_.topic)));
        return;
    }
    reads_.push_back({.id = next_read_id_++, .barrier = next_send_id_, .done = std::move(done), .ends = {}});
    consumer_->wake();  // served now, not after the log thread's current poll interval
}

std::chrono::milliseconds kafka_based_log::poll_wait() {
    using namespace std::chrono_literals;
    const auto now = clock::now();
    const auto until = [&](clock::time_point t) {
        return std::chrono::ceil<std::chrono::milliseconds>(std::max(t - now, clock::duration::zero()));
    };
    std::lock_guard lock(mutex_);
    // Until the next piece of timed work: a stall check, a retried end-offset query, or a look at
    // the position of a read that has its end offsets: a transaction marker at the end moves the
    // position without a record that would end the poll. Records, delivery reports (they flush a
    // read's barrier) and new reads end the wait anyway.
    auto wait = std::min(options_.poll_interval, until(next_stall_check_));
    for (const auto& read : reads_) {
        if (read.ends) {
            wait = std::min(wait, position_check_interval);
        } else if (flushed(read.barrier)) {
            wait = std::min(wait, until(next_end_query_));
        }
    }
    return wait;
}

void kafka_based_log::run() {
    while (!stopping_.load()) {
        poll_records(poll_wait());
        producer_->poll(0ms);
        serve_reads();
        check_progress();
    }
}

void kafka_based_log::check_progress() {
    if (clock::now() < next_stall_check_) return;
    auto ends = query_end_offsets();
    // From the answer: a query that waits for an absent broker leaves the thread a whole interval.
    next_stall_check_ = clock::now() + options_.stall_check_interval;
    if (!ends) return;  // the broker is away: nothing to compare with
    const bool behind = !reached(*ends);  // also brings positions_ up to the consumer's
    // Stalled: behind at the previous check already (records to read were there then) and not
    // one record further since.
    const std::vector<std::int64_t> previous =
        std::exchange(checked_positions_, behind ? positions_ : std::vector<std::int64_t>{});
    if (!behind || previous != positions_) return;
    std::vector<rdkafka::topic_partition_offset> from_positions;
    std::string lagging;
    for (std::size_t i = 0; i < partitions_.size(); ++i) {
        const std::int64_t at = positions_[i] < 0 ? rdkafka::offsets::beginning : positions_[i];
        from_positions.push_back({partitions_[i].topic, partitions_[i].partition, at});
        if (i < ends->size() && (*ends)[i].high > (*ends)[i].low && positions_[i] < (*ends)[i].high)
            lagging += fmt::format(" {} (at {}, end {})", partitions_[i].partition, positions_[i], (*ends)[i].high);
    }
    log::warn("log of topic '{}': no record read for {} ms although partitions{} have more; assigning them again "
              "from there",
              options_.topic, options_.stall_check_interval.count(), lagging);
    if (auto assigned = consumer_->assign(from_positions); !assigned)
        log::warn("log of topic '{}': assigning again failed: {}", options_.topic, assigned.err().describe());
}

void kafka_based_log::serve_reads() {
    std::vector<std::uint64_t> need_ends;
    bool waiting = false;
    {
        std::lock_guard lock(mutex_);
        for (const auto& read : reads_) {
            if (read.ends) {
                waiting = true;
            } else if (flushed(read.barrier)) {
                need_ends.push_back(read.id);
            }
        }
    }
    if (!need_ends.empty() && clock::now() >= next_end_query_) {
        // Taken after those requests were made, so these ends cover what was written before them.
        auto ends = query_end_offsets();
        if (!ends) {
            log::warn("log of topic '{}': cannot read the end offsets (will retry): {}", options_.topic,
                      ends.err().describe());
            next_end_query_ = clock::now() + end_query_backoff_.next();
        } else {
            end_query_backoff_.reset();
            std::lock_guard lock(mutex_);
            for (auto& read : reads_) {
                if (std::find(need_ends.begin(), need_ends.end(), read.id) != need_ends.end()) read.ends = *ends;
            }
            waiting = true;
        }
    }
    if (!waiting) return;
    std::vector<completion> complete;
    {
        std::lock_guard lock(mutex_);
        std::erase_if(reads_, [&](pending_read& read) {
            if (!read.ends || !reached(*read.ends)) return false;
            complete.push_back(std::move(read.done));
            return true;
        });
    }
    for (auto& done : complete) done({});
}

}  // namespace copycat::storage
