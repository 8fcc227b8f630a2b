#pragma once
// completion_latch: waits, with a deadline, for N record_log completions; keeps the first failure.
// Held in a shared_ptr by the waiter and the callbacks, which may run after the waiter gave up.
// Used by kafka_config_store and kafka_status_store; thread-safe.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>

#include "common/result.hpp"

namespace copycat::storage {

class completion_latch {
public:
    explicit completion_latch(std::size_t count) : remaining_(count) {}

    void complete(result<void> r) {
        std::lock_guard lock(mutex_);
        if (!r && !failure_) failure_ = r.err();
        if (remaining_ > 0) --remaining_;
        cv_.notify_all();
    }

    // The first failure so far, or success.
    result<void> outcome() {
        std::lock_guard lock(mutex_);
        if (failure_) return *failure_;
        return {};
    }

    // Done when every completion arrived or one failed; errc::timeout at the deadline.
    result<void> wait_until(std::chrono::steady_clock::time_point deadline, const std::string& what) {
        std::unique_lock lock(mutex_);
        if (!cv_.wait_until(lock, deadline, [&] { return remaining_ == 0 || failure_.has_value(); }))
            return make_error(errc::timeout, "timed out waiting for " + what);
        if (failure_) return *failure_;
        return {};
    }

private:
    std::mutex mutex_;  // guards remaining_, failure_
    std::condition_variable cv_;
    std::size_t remaining_;
    std::optional<error> failure_;
};

}  // namespace copycat::storage
