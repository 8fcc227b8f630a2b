#include "common/sensor.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <thread>

namespace copycat::metrics {
namespace {

constexpr auto relaxed = std::memory_order_relaxed;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

}  // namespace

sensor::sensor(window_config config, std::int64_t created_ms)
    : config_{std::max<std::int64_t>(config.window_ms, 1), std::max(config.samples, 1)},
      slots_count_(config_.samples + 1),  // Kafka keeps one more for the sample overlapping the window
      slots_(std::make_unique<slot[]>(static_cast<std::size_t>(slots_count_))) {
    for (int i = 0; i < slots_count_; ++i) reset(slots_[i], created_ms);
}

std::int64_t sensor::now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void sensor::reset(slot& s, std::int64_t now_ms) {
    s.start_ms.store(now_ms, relaxed);
    s.last_ms.store(now_ms, relaxed);
    s.events.store(0, relaxed);
    s.sum.store(0, relaxed);
    s.max.store(-std::numeric_limits<double>::infinity(), relaxed);
    s.min.store(std::numeric_limits<double>::max(), relaxed);
    s.hits.store(0, relaxed);
}

void sensor::record(double value, std::int64_t now_ms) {
    const auto seq = sequence_.load(relaxed);
    sequence_.store(seq + 1, relaxed);
    std::atomic_thread_fence(std::memory_order_release);

    const std::int64_t expire_ms = config_.window_ms * config_.samples;
    slot* s = &slots_[current_];
    // What a read in between would have done to the sample in Kafka: an expired one restarts.
    if (now_ms - s->last_ms.load(relaxed) >= expire_ms) reset(*s, now_ms);
    if (now_ms - s->start_ms.load(relaxed) >= config_.window_ms) {
        current_ = (current_ + 1) % slots_count_;
        if (current_ >= used_.load(relaxed)) used_.store(current_ + 1, relaxed);
        s = &slots_[current_];
        reset(*s, now_ms);
    }
    s->sum.store(s->sum.load(relaxed) + value, relaxed);
    s->max.store(std::max(s->max.load(relaxed), value), relaxed);
    s->min.store(std::min(s->min.load(relaxed), value), relaxed);
    if (value == 1.0) s->hits.store(s->hits.load(relaxed) + 1, relaxed);
    s->events.store(s->events.load(relaxed) + 1, relaxed);
    s->last_ms.store(now_ms, relaxed);
    total_.store(total_.load(relaxed) + value, relaxed);
    count_.store(count_.load(relaxed) + 1, relaxed);

    sequence_.store(seq + 2, std::memory_order_release);
}

sensor::view sensor::combine(std::int64_t now_ms) const {
    const std::int64_t expire_ms = config_.window_ms * config_.samples;
    // A record takes a handful of stores: retry while one is under way or came in between. The
    // retries are bounded, so that a sensor recorded against its contract (two threads at once,
    // which can leave the sequence odd) gives a torn figure rather than a scrape that never ends.
    constexpr int max_attempts = 10000;
    for (int attempt = 1;; ++attempt) {
        const auto before = sequence_.load(std::memory_order_acquire);
        if (before % 2 == 1 && attempt < max_attempts) {
            std::this_thread::yield();
            continue;
        }
        view v;
        v.max = -std::numeric_limits<double>::infinity();
        v.min = std::numeric_limits<double>::max();
        v.oldest_start_ms = now_ms;
        const int used = used_.load(relaxed);
        for (int i = 0; i < used; ++i) {
            const slot& s = slots_[i];
            // An expired sample counts as restarted now, with no events (Kafka resets it here).
            if (now_ms - s.last_ms.load(relaxed) >= expire_ms) continue;
            v.oldest_start_ms = std::min(v.oldest_start_ms, s.start_ms.load(relaxed));
            v.events += s.events.load(relaxed);
            v.sum += s.sum.load(relaxed);
            v.max = std::max(v.max, s.max.load(relaxed));
            v.min = std::min(v.min, s.min.load(relaxed));
            v.hits += s.hits.load(relaxed);
        }
        std::atomic_thread_fence(std::memory_order_acquire);
        if (sequence_.load(relaxed) == before || attempt >= max_attempts) return v;
    }
}

double sensor::avg(std::int64_t now_ms) const {
    const view v = combine(now_ms);
    return v.events == 0 ? nan : v.sum / static_cast<double>(v.events);
}

double sensor::max(std::int64_t now_ms) const {
    const view v = combine(now_ms);
    return v.events == 0 ? nan : v.max;
}

double sensor::min(std::int64_t now_ms) const {
    const view v = combine(now_ms);
    return v.events == 0 ? nan : v.min;
}

double sensor::per_second(double value, const view& v, std::int64_t now_ms) const {
    std::int64_t elapsed = now_ms - v.oldest_start_ms;
    const std::int64_t full_windows = elapsed / config_.window_ms;
    const std::int64_t min_full_windows = config_.samples - 1;
    if (full_windows < min_full_windows) elapsed += (min_full_windows - full_windows) * config_.window_ms;
    return value / (static_cast<double>(std::max<std::int64_t>(elapsed, 1)) / 1000.0);
}

double sensor::rate(std::int64_t now_ms) const {
    const view v = combine(now_ms);
    return per_second(v.sum, v, now_ms);
}

double sensor::count_rate(std::int64_t now_ms) const {
    const view v = combine(now_ms);
    return per_second(static_cast<double>(v.events), v, now_ms);
}

double sensor::fraction_true(std::int64_t now_ms) const {
    const view v = combine(now_ms);
    return v.events == 0 ? 0.0 : v.hits / static_cast<double>(v.events);
}

double sensor::fraction_false(std::int64_t now_ms) const {
    const view v = combine(now_ms);
    return v.events == 0 ? 0.0 : (static_cast<double>(v.events) - v.hits) / static_cast<double>(v.events);
}

double sensor::total() const { return total_.load(relaxed); }

std::uint64_t sensor::count() const { return count_.load(relaxed); }

}  // namespace copycat::metrics
