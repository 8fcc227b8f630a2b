#include "storage/kafka_config_store.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/logging.hpp"
#include "storage/completion_latch.hpp"

namespace copycat::storage {

kafka_config_store::kafka_config_store(std::unique_ptr<record_log> log, config_store_listener& listener,
                                       std::chrono::milliseconds timeout, std::size_t max_record_bytes)
    : log_(std::move(log)), listener_(listener), timeout_(timeout), max_record_bytes_(max_record_bytes) {}

kafka_config_store::~kafka_config_store() { stop(); }

std::map<std::string, std::string> kafka_config_store::producer_settings() {
    // linger.ms=0: a config write is a single record the leader waits for (librdkafka lingers 5 ms).
    return {{"delivery.timeout.ms", "2147483647"}, {"linger.ms", "0"}};
}

result<void> kafka_config_store::start() {
    log::info("Starting the config store");
    auto r = log_->start([this](const log_record& record) { on_record(record); });
    if (!r) {
        log::error("Failed to start the config store: {}", r.err().describe());
        return r;
    }
    started_ = true;
    log::info("Started the config store at offset {}", offset());
    return {};
}

void kafka_config_store::stop() {
    if (!log_) return;
    const bool was_started = started_.exchange(false);
    log_->stop();
    if (was_started) log::info("Stopped the config store");
}

std::shared_ptr<const cluster_config> kafka_config_store::snapshot() const {
    std::lock_guard lock(mutex_);
    return std::make_shared<const cluster_config>(reader_.state());
}

std::int64_t kafka_config_store::offset() const {
    std::lock_guard lock(mutex_);
    return reader_.state().offset;
}

void kafka_config_store::on_record(const log_record& record) {
    std::optional<config_event> event;
    {
        std::lock_guard lock(mutex_);
        event = reader_.apply(record);
    }
    if (event && started_) notify(*event);
}

void kafka_config_store::notify(const config_event& e) {
    switch (e.what) {
        case config_event::kind::connector_config:
            listener_.on_connector_config_update(e.name);
            break;
        case config_event::kind::task_configs:
            listener_.on_task_configs_update(e.name);
            break;
        case config_event::kind::target_state:
            listener_.on_target_state_change(e.name);
            break;
        case config_event::kind::restart_request:
            listener_.on_restart_request(e.restart);
            break;
        case config_event::kind::session_key:
            listener_.on_session_key_update(e.key);
            break;
        case config_event::kind::logger_level:
            listener_.on_logger_level_update(e.name, e.level);
            break;
        case config_event::kind::task_count:
            listener_.on_task_count_record(e.name);
            break;
    }
}

result<void> kafka_config_store::check_started() const {
    if (!started_) return make_error(errc::unavailable, "the config store is not started");
    return {};
}

result<void> kafka_config_store::send_all(std::vector<keyed_value> records, clock::time_point deadline) {
    if (records.empty()) return {};
    auto latch = std::make_shared<completion_latch>(records.size());
    for (auto& [key, value] : records)
        log_->send(std::move(key), std::move(value), [latch](result<void> r) { latch->complete(std::move(r)); });
    return latch->wait_until(deadline, "config topic writes to be acknowledged");
}

result<std::int64_t> kafka_config_store::send_privileged(std::vector<keyed_value> records,
                                                         clock::time_point deadline) {
    if (!writer_) {
        COPYCAT_TRY_VOID(send_all(std::move(records), deadline));
        return -1;
    }
    if (records.empty()) return -1;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
    const bool claimed = writer_->claimed();
    auto written = writer_->write(records, std::max(left, std::chrono::milliseconds(1)));
    if (!written && claimed) listener_.on_write_privileges_lost();
    return written;
}

result<void> kafka_config_store::claim_write_privileges() {
    if (!writer_) return {};
    return writer_->claim(timeout_);
}

result<void> kafka_config_store::read_to_end_until(clock::time_point deadline, std::int64_t at_least) {
    result<void> r;
    do {
        auto latch = std::make_shared<completion_latch>(1);
        log_->read_to_end([latch](result<void> done) { latch->complete(std::move(done)); });
        r = latch->wait_until(deadline, "the config topic to be read to its end");
    } while (r && offset() < at_least);
    return r;
}

result<void> kafka_config_store::write_and_read(std::vector<keyed_value> records, const char* what, writer who) {
    COPYCAT_TRY_VOID(check_started());
    const auto deadline = clock::now() + timeout_;
    std::int64_t written_to = -1;
    result<void> r;
    if (who == writer::leader) {
        auto sent = send_privileged(std::move(records), deadline);
        if (sent) written_to = *sent; else r = sent.err();
    } else {
        r = send_all(std::move(records), deadline);
    }
    if (r) r = read_to_end_until(deadline, written_to);
    if (!r) log::error("Failed to write {} to the config topic: {}", what, r.err().describe());
    return r;
}

namespace {

// The name is left out of the message: an oversized name is one way to get here.
error too_large(std::string_view what, const std::string& bytes, std::size_t limit) {
    return make_error(errc::invalid_argument,
                      fmt::format("The {} would be a config topic record of {} bytes, larger than the {} bytes the "
                                  "config topic accepts (its producer's message.max.bytes, or its max.message.bytes "
                                  "when that is lower); nothing was written",
                                  what, bytes, limit));
}

}  // namespace

result<void> kafka_config_store::check_size(const std::string& key, const std::optional<std::string>& value,
                                            const char* what) const {
    const std::size_t bytes = key.size() + (value ? value->size() : 0);
    if (bytes <= max_record_bytes_) return {};
    return too_large(what, std::to_string(bytes), max_record_bytes_);
}

result<void> kafka_config_store::check_connector_config(const std::string& c, const string_map& config) const {
    // The encoded record holds every name and value at least once: when they alone are too many
    // bytes, the record is too, and a config of megabytes is refused without encoding a copy of it.
    std::size_t at_least = config_keys::connector(c).size();
    for (const auto& [key, value] : config) at_least += key.size() + value.size();
    if (at_least > max_record_bytes_)
        return too_large("connector configuration", "more than " + std::to_string(at_least), max_record_bytes_);
    return check_size(config_keys::connector(c), encode_connector_config(config), "connector configuration");
}

result<std::vector<kafka_config_store::keyed_value>> kafka_config_store::connector_config_records(
    const std::string& c, const string_map& config, std::optional<target_state_value> target) const {
    std::vector<keyed_value> records;
    if (target) records.emplace_back(config_keys::target_state(c), encode_target_state(*target));
    records.emplace_back(config_keys::connector(c), encode_connector_config(config));
    for (const auto& [key, value] : records) COPYCAT_TRY_VOID(check_size(key, value, "connector configuration"));
    return records;
}

result<void> kafka_config_store::put_connector_config(const std::string& c, const string_map& config,
                                                      std::optional<target_state_value> target) {
    COPYCAT_TRY(auto records, connector_config_records(c, config, target));
    return write_and_read(std::move(records), "a connector configuration");
}

void kafka_config_store::put_connector_config(const std::string& c, const string_map& config,
                                              std::optional<target_state_value> target, completion done) {
    auto records = connector_config_records(c, config, target);
    if (!records) return done(records.err());
    write_and_read(std::move(*records), "a connector configuration", std::move(done));
}

void kafka_config_store::write_and_read(std::vector<keyed_value> records, const char* what, completion done) {
    if (auto started = check_started(); !started) return done(started);
    if (writer_) return done(write_and_read(std::move(records), what));
    // The read's barrier covers the sends before it: it completes once they are acknowledged
    // and read back (kafka_based_log). A failed send is reported instead of the read's success.
    auto sends = std::make_shared<completion_latch>(records.size());
    for (auto& [key, value] : records)
        log_->send(std::move(key), std::move(value), [sends](result<void> r) { sends->complete(std::move(r)); });
    log_->read_to_end([sends, what, done = std::move(done)](result<void> r) {
        if (r) r = sends->outcome();
        if (!r) log::error("Failed to write {} to the config topic: {}", what, r.err().describe());
        done(std::move(r));
    });
}

result<void> kafka_config_store::remove_connector_config(const std::string& c) {
    std::vector<keyed_value> records;
    records.emplace_back(config_keys::connector(c), std::nullopt);
    records.emplace_back(config_keys::target_state(c), std::nullopt);
    return write_and_read(std::move(records), "a connector removal");
}

result<std::vector<kafka_config_store::keyed_value>> kafka_config_store::task_config_records(
    const std::string& c, const std::vector<string_map>& configs) const {
    std::vector<keyed_value> tasks;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        tasks.emplace_back(config_keys::task(c, static_cast<std::int32_t>(i)), encode_task_config(configs[i]));
        COPYCAT_TRY_VOID(check_size(tasks.back().first, tasks.back().second, "task configuration"));
    }
    return tasks;
}

// The steps of the blocking form, each started from the previous one's completion.
void kafka_config_store::put_task_configs(const std::string& c, const std::vector<string_map>& configs,
                                          completion done) {
    if (auto started = check_started(); !started) return done(started);
    if (writer_) return done(put_task_configs(c, configs));
    auto tasks = task_config_records(c, configs);
    if (!tasks) return done(tasks.err());
    std::vector<keyed_value> commit;
    commit.emplace_back(config_keys::commit(c), encode_commit(static_cast<std::int32_t>(configs.size())));
    auto write_commit = [this, commit = std::move(commit)](completion finish) mutable {
        write_and_read(std::move(commit), "task configurations", std::move(finish));
    };
    // Be at the end of the log before writing: there may be lagging data to consume.
    log_->read_to_end([this, c, tasks = std::move(*tasks), write_commit = std::move(write_commit),
                       done = std::move(done)](result<void> r) mutable {
        if (!r) {
            log::error("Failed to write task configurations of {} to the config topic: {}", c, r.err().describe());
            return done(std::move(r));
        }
        if (tasks.empty()) return write_commit(std::move(done));
        write_and_read(std::move(tasks), "task configurations",
                       [write_commit = std::move(write_commit), done = std::move(done)](result<void> w) mutable {
                           if (!w) return done(std::move(w));
                           write_commit(std::move(done));
                       });
    });
}

result<void> kafka_config_store::put_task_configs(const std::string& c, const std::vector<string_map>& configs) {
    COPYCAT_TRY_VOID(check_started());
    const auto deadline = clock::now() + timeout_;
    // Be at the end of the log before writing: there may be lagging data to consume.
    COPYCAT_TRY(auto tasks, task_config_records(c, configs));
    // send_privileged, then read past what it wrote.
    auto send_and_read = [&](std::vector<keyed_value> records) -> result<void> {
        COPYCAT_TRY(const std::int64_t written_to, send_privileged(std::move(records), deadline));
        return read_to_end_until(deadline, written_to);
    };
    auto r = read_to_end_until(deadline);
    if (r && !configs.empty()) r = send_and_read(std::move(tasks));
    if (r) {
        std::vector<keyed_value> commit;
        commit.emplace_back(config_keys::commit(c), encode_commit(static_cast<std::int32_t>(configs.size())));
        r = send_and_read(std::move(commit));
    }
    if (!r) log::error("Failed to write task configurations of {} to the config topic: {}", c, r.err().describe());
    return r;
}

result<void> kafka_config_store::put_target_state(const std::string& c, target_state_value s) {
    return write_and_read({{config_keys::target_state(c), encode_target_state(s)}}, "a target state",
                          writer::any_worker);
}

result<void> kafka_config_store::put_restart_request(const restart_request_record& r) {
    return write_and_read({{config_keys::restart(r.connector), encode_restart_request(r)}}, "a restart request");
}

result<void> kafka_config_store::put_task_count_record(const std::string& c, std::int32_t task_count) {
    return write_and_read({{config_keys::task_count(c), encode_task_count(task_count)}}, "a task count record");
}

result<void> kafka_config_store::put_session_key(const session_key_record& k) {
    return write_and_read({{std::string(config_keys::session_key), encode_session_key(k)}}, "a session key");
}

result<void> kafka_config_store::put_logger_level(const std::string& ns, const std::string& level) {
    return write_and_read({{config_keys::logger_cluster(ns), encode_logger_level(level)}}, "a logger level",
                          writer::any_worker);
}

result<void> kafka_config_store::read_to_end(std::chrono::milliseconds timeout) {
    COPYCAT_TRY_VOID(check_started());
    return read_to_end_until(clock::now() + timeout);
}

}  // namespace copycat::storage
