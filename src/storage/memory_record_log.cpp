#include "storage/memory_record_log.hpp"

#include <utility>

namespace copycat::storage {
namespace {

error not_running() { return make_error(errc::unavailable, "the memory record log is not running"); }

}  // namespace

memory_record_log::memory_record_log(const std::vector<log_record>& existing) {
    for (const auto& record : existing) append(record.key, record.value);
}

memory_record_log::~memory_record_log() { stop(); }

result<void> memory_record_log::start(record_handler handler) {
    {
        std::lock_guard lock(mutex_);
        if (state_ != state::created) {
            return make_error(errc::invalid_argument, "the memory record log was started before");
        }
        handler_ = std::move(handler);
        state_ = state::started;
    }
    deliver();
    return {};
}

void memory_record_log::stop() {
    std::vector<pending_read> abandoned;
    {
        std::unique_lock lock(mutex_);
        if (state_ == state::stopped) return;
        state_ = state::stopped;
        if (deliverer_ != std::this_thread::get_id()) idle_.wait(lock, [&] { return !delivering_; });
        abandoned = std::exchange(pending_reads_, {});
    }
    for (auto& read : abandoned) read.done(not_running());
}

void memory_record_log::send(std::string key, std::optional<std::string> value, completion done) {
    std::optional<error> refused;
    {
        std::lock_guard lock(mutex_);
        if (state_ != state::started) {
            refused = not_running();
        } else if (send_failure_) {
            refused = *send_failure_;
        } else {
            records_.push_back({std::move(key), std::move(value), 0, static_cast<std::int64_t>(records_.size())});
        }
    }
    if (refused) {
        if (done) done(std::move(*refused));
        return;
    }
    deliver();
    if (done) done({});
}

void memory_record_log::read_to_end(completion done) {
    if (!done) done = [](result<void>) {};
    {
        std::lock_guard lock(mutex_);
        if (state_ == state::started && delivering_ && deliverer_ == std::this_thread::get_id()) {
            // From inside the handler: complete once the outer delivery loop got this far.
            pending_reads_.push_back({records_.size(), std::move(done)});
            return;
        }
    }
    deliver();
    bool running = false;
    {
        std::lock_guard lock(mutex_);
        running = state_ == state::started;
    }
    if (running) {
        done({});
    } else {
        done(not_running());
    }
}

std::int64_t memory_record_log::inject(std::optional<std::string> key, std::optional<std::string> value) {
    std::int64_t offset = append(std::move(key), std::move(value));
    deliver();
    return offset;
}

void memory_record_log::fail_sends(std::optional<error> failure) {
    std::lock_guard lock(mutex_);
    send_failure_ = std::move(failure);
}

std::vector<log_record> memory_record_log::records() const {
    std::lock_guard lock(mutex_);
    return records_;
}

std::size_t memory_record_log::delivered() const {
    std::lock_guard lock(mutex_);
    return delivered_;
}

std::int64_t memory_record_log::append(std::optional<std::string> key, std::optional<std::string> value) {
    std::lock_guard lock(mutex_);
    auto offset = static_cast<std::int64_t>(records_.size());
    records_.push_back({std::move(key), std::move(value), 0, offset});
    return offset;
}

void memory_record_log::deliver() {
    std::unique_lock lock(mutex_);
    if (delivering_) {
        // Called from inside the handler: the loop below picks the new record up.
        if (deliverer_ == std::this_thread::get_id()) return;
        // Another thread delivers; it leaves only when it has delivered everything, ours included.
        idle_.wait(lock, [&] { return !delivering_; });
        return;
    }
    if (state_ != state::started) return;
    delivering_ = true;
    deliverer_ = std::this_thread::get_id();
    for (;;) {
        std::vector<completion> ready;
        std::erase_if(pending_reads_, [&](pending_read& read) {
            if (state_ == state::started && read.mark > delivered_) return false;
            ready.push_back(std::move(read.done));
            return true;
        });
        if (!ready.empty()) {
            const bool running = state_ == state::started;
            lock.unlock();
            for (auto& done : ready) running ? done({}) : done(not_running());
            lock.lock();
            continue;
        }
        if (state_ != state::started || delivered_ >= records_.size()) break;
        log_record record = records_[delivered_];
        lock.unlock();
        handler_(record);
        lock.lock();
        ++delivered_;
    }
    delivering_ = false;
    deliverer_ = {};
    idle_.notify_all();
}

}  // namespace copycat::storage
