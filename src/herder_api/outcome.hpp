#pragma once
// outcome<T>: what a herder operation answers — its result<T> (the answer or an error), or
// forward_to{url}: this worker cannot serve the request and the worker at `url` can (the leader
// for a write, the owner of a connector or task for a restart; Kafka: RequestTargetException).
// The REST layer forwards the request there, or answers 409 when it cannot.
//
//   callback<void> cb = ...;
//   cb({});                          // done
//   cb(make_error(errc::not_found, "Unknown connector: x"));
//   cb(forward_to{leader_url});      // serve it on the leader
//
// A plain value type; not thread-safe.

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "common/result.hpp"

namespace copycat::herder {

struct forward_to {
    std::string url;  // the other worker's base URL, "http://host:port/"
};

template <class T>
class [[nodiscard]] outcome {
public:
    // For outcome<void>: success.
    outcome() requires std::is_void_v<T> : state_(std::in_place_index<0>) {}
    // A value, an error or a result<T>.
    template <class U>
    requires std::is_convertible_v<U&&, result<T>> &&(!std::is_same_v<std::decay_t<U>, forward_to>)outcome(U&& answer)
        : state_(std::in_place_index<0>, std::forward<U>(answer)) {}  // NOLINT: implicit by design
    outcome(forward_to target) : state_(std::move(target)) {}         // NOLINT: implicit by design

    // The answer is here and is not an error.
    bool ok() const noexcept { return state_.index() == 0 && std::get<0>(state_).ok(); }
    explicit operator bool() const noexcept { return ok(); }
    // Non-null when another worker must serve the request.
    const forward_to* forwarded() const noexcept { return std::get_if<1>(&state_); }

    // The answer; only when not forwarded().
    result<T>& answer() & { return std::get<0>(state_); }
    const result<T>& answer() const& { return std::get<0>(state_); }
    result<T>&& answer() && { return std::get<0>(std::move(state_)); }

    const error& err() const { return answer().err(); }
    decltype(auto) value() & { return answer().value(); }
    decltype(auto) value() const& { return answer().value(); }
    decltype(auto) value() && { return std::move(answer()).value(); }
    auto* operator->() { return &value(); }
    const auto* operator->() const { return &value(); }
    decltype(auto) operator*() & { return value(); }
    decltype(auto) operator*() const& { return value(); }

private:
    std::variant<result<T>, forward_to> state_;
};

}  // namespace copycat::herder
