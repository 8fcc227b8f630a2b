#include "storage/record_log.hpp"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <utility>

#include <fmt/format.h>

namespace copycat::storage {
namespace {

// The meeting point of a blocking call and its completion. Shared, because the completion may
// run after the caller gave up waiting.
struct waiter {
    std::mutex mutex;  // guards outcome
    std::condition_variable done;
    std::optional<result<void>> outcome;
};

record_log::completion complete_into(const std::shared_ptr<waiter>& w) {
    return [w](result<void> r) {
        std::lock_guard lock(w->mutex);
        w->outcome = std::move(r);
        w->done.notify_all();
    };
}

result<void> wait_for(waiter& w, std::chrono::milliseconds timeout, std::string_view what) {
    std::unique_lock lock(w.mutex);
    if (!w.done.wait_for(lock, timeout, [&] { return w.outcome.has_value(); })) {
        return make_error(errc::timeout, fmt::format("{} did not complete within {} ms", what, timeout.count()));
    }
    return std::move(*w.outcome);
}

}  // namespace

result<void> record_log::read_to_end(std::chrono::milliseconds timeout) {
    auto w = std::make_shared<waiter>();
    read_to_end(complete_into(w));
    return wait_for(*w, timeout, "reading the log to its end");
}

result<void> record_log::send_and_wait(std::string key, std::optional<std::string> value,
                                       std::chrono::milliseconds timeout) {
    auto w = std::make_shared<waiter>();
    send(std::move(key), std::move(value), complete_into(w));
    return wait_for(*w, timeout, "writing a record to the log");
}

}  // namespace copycat::storage
