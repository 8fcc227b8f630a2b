#pragma once
// fake_record_log: a scriptable record_log for the config/status store tests. One partition,
// synchronous delivery on the writing thread (like memory_record_log), plus the failure modes
// those tests need: failing the next N sends, holding acknowledgements until released, and
// stalling read_to_end() until released. Every send is recorded in order (`sends()`), including
// failed ones. Thread-safe.

#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/record_log.hpp"

namespace copycat::storage::testing {

class fake_record_log : public record_log {
public:
    struct sent {
        std::string key;
        std::optional<std::string> value;
    };

    result<void> start(record_handler handler) override {
        {
            std::lock_guard lock(mutex_);
            if (start_failure_) return *start_failure_;
            handler_ = std::move(handler);
            started_ = true;
        }
        deliver();
        return {};
    }

    void stop() override {
        std::vector<completion> pending;
        {
            std::lock_guard lock(mutex_);
            started_ = false;
            for (auto& h : held_) pending.push_back(std::move(h.done));
            held_.clear();
            for (auto& r : stalled_reads_) pending.push_back(std::move(r));
            stalled_reads_.clear();
        }
        for (auto& done : pending)
            if (done) done(make_error(errc::unavailable, "log stopped"));
    }

    void send(std::string key, std::optional<std::string> value, completion done = {}) override {
        std::optional<error> failure;
        {
            std::lock_guard lock(mutex_);
            sends_.push_back({key, value});
            if (!started_) {
                failure = make_error(errc::unavailable, "log not started");
            } else if (failures_left_ > 0) {
                --failures_left_;
                failure = make_error(errc::unavailable, "injected send failure");
            } else if (hold_acks_) {
                held_.push_back({std::move(key), std::move(value), std::move(done)});
                return;
            }
        }
        if (failure) {
            if (done) done(*failure);
            return;
        }
        write(std::move(key), std::move(value), std::move(done));
    }

    void read_to_end(completion done) override {
        {
            std::lock_guard lock(mutex_);
            if (stall_reads_) {
                stalled_reads_.push_back(std::move(done));
                return;
            }
        }
        if (done) done({});
    }

    // --- test controls ---

    // A record written by another writer (any key, any bytes); delivered at once when started.
    void inject(std::optional<std::string> key, std::optional<std::string> value) {
        {
            std::lock_guard lock(mutex_);
            append(std::move(key), std::move(value));
        }
        deliver();
    }
    void fail_next_sends(int n) {
        std::lock_guard lock(mutex_);
        failures_left_ = n;
    }
    void fail_start(std::optional<error> e) {
        std::lock_guard lock(mutex_);
        start_failure_ = std::move(e);
    }
    void hold_acks(bool on) {
        std::lock_guard lock(mutex_);
        hold_acks_ = on;
    }
    // Writes the held sends (delivering them) and acknowledges them.
    void release_acks() {
        std::deque<held> pending;
        {
            std::lock_guard lock(mutex_);
            pending.swap(held_);
        }
        for (auto& h : pending) write(std::move(h.key), std::move(h.value), std::move(h.done));
    }
    void stall_reads(bool on) {
        std::vector<completion> pending;
        {
            std::lock_guard lock(mutex_);
            stall_reads_ = on;
            if (!on) pending.swap(stalled_reads_);
        }
        for (auto& done : pending)
            if (done) done({});
    }

    std::vector<sent> sends() const {
        std::lock_guard lock(mutex_);
        return sends_;
    }
    std::vector<log_record> records() const {
        std::lock_guard lock(mutex_);
        return records_;
    }
    std::size_t held_count() const {
        std::lock_guard lock(mutex_);
        return held_.size();
    }

private:
    struct held {
        std::string key;
        std::optional<std::string> value;
        completion done;
    };

    void append(std::optional<std::string> key, std::optional<std::string> value) {
        log_record r;
        r.key = std::move(key);
        r.value = std::move(value);
        r.offset = static_cast<std::int64_t>(records_.size());
        records_.push_back(std::move(r));
    }

    void write(std::string key, std::optional<std::string> value, completion done) {
        {
            std::lock_guard lock(mutex_);
            append(std::move(key), std::move(value));
        }
        deliver();
        if (done) done({});
    }

    // Hands undelivered records to the handler in offset order, one thread at a time.
    void deliver() {
        std::lock_guard delivering(deliver_mutex_);
        while (true) {
            log_record next;
            record_handler handler;
            {
                std::lock_guard lock(mutex_);
                if (!started_ || delivered_ >= records_.size()) return;
                next = records_[delivered_++];
                handler = handler_;
            }
            handler(next);
        }
    }

    mutable std::mutex mutex_;
    std::mutex deliver_mutex_;
    record_handler handler_;
    bool started_ = false;
    std::vector<log_record> records_;
    std::size_t delivered_ = 0;
    std::vector<sent> sends_;
    int failures_left_ = 0;
    std::optional<error> start_failure_;
    bool hold_acks_ = false;
    std::deque<held> held_;
    bool stall_reads_ = false;
    std::vector<completion> stalled_reads_;
};

}  // namespace copycat::storage::testing
