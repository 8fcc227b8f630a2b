#pragma once
// listener_budget: what the connections of one REST listener may hold at once — how many
// connections are open, and how many request-body bytes are being received or handled
// (docs/rest-api.md "Limits"). A connection over the cap is closed as soon as it is accepted; a
// request whose body does not fit in what is left is answered 503 before its body is read. The
// body bytes a request reserves are its Content-Length, or the body limit for a chunked body.
//
// Thread-safe (atomics): the listener's sessions run on different strands.

#include <atomic>
#include <cstddef>

namespace copycat::rest {

class listener_budget {
public:
    listener_budget(std::size_t max_connections, std::size_t max_body_bytes)
        : max_connections_(max_connections), max_body_bytes_(max_body_bytes) {}

    // Counts a new connection; false (and nothing counted) when the cap is reached.
    bool open_connection() { return take(connections_, 1, max_connections_); }
    void close_connection() { connections_.fetch_sub(1); }

    // Reserves `bytes` of request body; false (and nothing reserved) when they do not fit.
    bool reserve_body(std::size_t bytes) { return take(body_bytes_, bytes, max_body_bytes_); }
    void release_body(std::size_t bytes) { body_bytes_.fetch_sub(bytes); }

    std::size_t max_connections() const { return max_connections_; }
    std::size_t max_body_bytes() const { return max_body_bytes_; }

private:
    static bool take(std::atomic<std::size_t>& used, std::size_t n, std::size_t limit) {
        std::size_t now = used.load();
        do {
            if (n > limit || now > limit - n) return false;
        } while (!used.compare_exchange_weak(now, now + n));
        return true;
    }

    const std::size_t max_connections_;
    const std::size_t max_body_bytes_;
    std::atomic<std::size_t> connections_{0};
    std::atomic<std::size_t> body_bytes_{0};
};

}  // namespace copycat::rest
