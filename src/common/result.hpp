#pragma once
// result<T>: a value or an error (code + human-readable message). The one error style inside
// Copycat; exceptions appear only where plugin code is called.

#include <cassert>
#include <string>
#include <system_error>
#include <utility>
#include <variant>

#include "common/errc.hpp"

namespace copycat {

struct error {
    std::error_code code;
    std::string message;

    error(std::error_code c, std::string m) : code(c), message(std::move(m)) {}
    error(errc c, std::string m) : code(make_error_code(c)), message(std::move(m)) {}
    // "message (code)" for logs.
    std::string describe() const { return message.empty() ? code.message() : message; }
};

template <class T>
class [[nodiscard]] result {
public:
    result(T value) : state_(std::move(value)) {}  // NOLINT: implicit by design
    result(error e) : state_(std::move(e)) {}      // NOLINT: implicit by design

    bool ok() const noexcept { return state_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(state_);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(state_);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(state_));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const error& err() const {
        assert(!ok());
        return std::get<1>(state_);
    }

private:
    std::variant<T, error> state_;
};

template <>
class [[nodiscard]] result<void> {
public:
    result() = default;
    result(error e) : error_(std::move(e)), failed_(true) {}  // NOLINT: implicit by design

    bool ok() const noexcept { return !failed_; }
    explicit operator bool() const noexcept { return ok(); }
    const error& err() const {
        assert(failed_);
        return error_;
    }

private:
    error error_{std::error_code{}, {}};
    bool failed_ = false;
};

inline error make_error(errc code, std::string message) { return {code, std::move(message)}; }

}  // namespace copycat

// Propagation: inside a function that returns a result<...>, these replace the hand-written
//     auto x = f();
//     if (!x) return x.err();
// by returning the failed result's error object unchanged.
//
// COPYCAT_TRY(auto x, f()); declares x as f()'s value (moved out of the result); the target may
// also be an existing variable or member: COPYCAT_TRY(out.port, parse_port(text));
// COPYCAT_TRY_VOID(f()); is for a result<void>, or a result whose value is not needed.
// The expression is a trailing macro argument, so commas inside it (template arguments) are fine.
#define COPYCAT_TRY(target, ...) COPYCAT_TRY_IMPL_(target, COPYCAT_TRY_NAME_(__LINE__), __VA_ARGS__)
#define COPYCAT_TRY_VOID(...)                                                  \
    do {                                                                       \
        if (auto copycat_try_void_ = (__VA_ARGS__); !copycat_try_void_) {      \
            return copycat_try_void_.err();                                    \
        }                                                                      \
    } while (false)

// Details of COPYCAT_TRY: the result lives in a variable named after the line, so that several
// COPYCAT_TRYs can share a scope.
#define COPYCAT_TRY_IMPL_(target, tmp, ...) \
    auto tmp = (__VA_ARGS__);               \
    if (!tmp) return tmp.err();             \
    target = std::move(tmp).value()
#define COPYCAT_TRY_NAME_(line) COPYCAT_TRY_CONCAT_(copycat_try_, line)
#define COPYCAT_TRY_CONCAT_(a, b) a##b
