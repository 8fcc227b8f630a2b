#pragma once
// A TCP proxy for cutting one client off from a server: it listens on a given loopback port and
// forwards every connection to another, until freeze(). Frozen, it forwards nothing in either
// direction and leaves the connections open (new ones are accepted and held): to the client and
// the server it looks like a network that drops every packet. thaw() lets the bytes flow again.
//
// One owned thread (joined by the destructor) runs a poll() loop over the listener, a wake-up
// pipe and the connection pairs. No fixed ports: the caller passes ports it was given.

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace copycat::itest::faults {

class tcp_proxy {
public:
    // Listens on 127.0.0.1:listen_port (FAILS the test when it cannot) and forwards to
    // 127.0.0.1:target_port.
    tcp_proxy(std::uint16_t listen_port, std::uint16_t target_port);
    ~tcp_proxy();
    tcp_proxy(const tcp_proxy&) = delete;
    tcp_proxy& operator=(const tcp_proxy&) = delete;

    void freeze();
    void thaw();
    // Connections accepted so far (to check that the client really goes through the proxy).
    int accepted() const { return accepted_; }

private:
    struct pair {
        int client = -1;
        int server = -1;
    };
    void run(std::stop_token stop);
    void wake();

    std::uint16_t target_port_;
    int listener_ = -1;
    int wake_read_ = -1;
    int wake_write_ = -1;
    std::atomic<bool> frozen_{false};
    std::atomic<int> accepted_{0};
    std::vector<pair> pairs_;  // the loop thread's only
    std::jthread loop_;
};

}  // namespace copycat::itest::faults
