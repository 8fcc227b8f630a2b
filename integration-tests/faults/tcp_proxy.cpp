#include "faults/tcp_proxy.hpp"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace copycat::itest::faults {
namespace {

sockaddr_in loopback(std::uint16_t port) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}

// Writes all of [data, data + size) to the blocking socket `fd`; false on an error.
bool write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// Moves what `from` has to `to`; false when `from` is closed or either side failed.
bool pump(int from, int to) {
    char buffer[1 << 16];
    const ssize_t n = ::recv(from, buffer, sizeof buffer, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    return n > 0 && write_all(to, buffer, static_cast<std::size_t>(n));
}

}  // namespace

tcp_proxy::tcp_proxy(std::uint16_t listen_port, std::uint16_t target_port) : target_port_(target_port) {
    int pipe_fds[2];
    REQUIRE(::pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) == 0);
    wake_read_ = pipe_fds[0];
    wake_write_ = pipe_fds[1];
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(listener_ >= 0);
    const int on = 1;
    ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    const sockaddr_in address = loopback(listen_port);
    if (::bind(listener_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(listener_, 64) != 0)
        FAIL("the proxy cannot listen on 127.0.0.1:" << listen_port << ": " << std::strerror(errno));
    loop_ = std::jthread([this](std::stop_token stop) { run(stop); });
}

tcp_proxy::~tcp_proxy() {
    loop_.request_stop();
    wake();
    loop_.join();
    for (const auto& p : pairs_) {
        ::close(p.client);
        ::close(p.server);
    }
    ::close(listener_);
    ::close(wake_read_);
    ::close(wake_write_);
}

void tcp_proxy::freeze() {
    frozen_ = true;
    wake();
}

void tcp_proxy::thaw() {
    frozen_ = false;
    wake();
}

void tcp_proxy::wake() {
    const char byte = 0;
    [[maybe_unused]] const ssize_t n = ::write(wake_write_, &byte, 1);
}

void tcp_proxy::run(std::stop_token stop) {
    while (!stop.stop_requested()) {
        const bool frozen = frozen_;
        std::vector<pollfd> fds{{listener_, POLLIN, 0}, {wake_read_, POLLIN, 0}};
        if (!frozen)
            for (const auto& p : pairs_) {
                fds.push_back({p.client, POLLIN, 0});
                fds.push_back({p.server, POLLIN, 0});
            }
        if (::poll(fds.data(), fds.size(), -1) < 0) continue;  // EINTR
        if (fds[1].revents != 0) {
            char drain[64];
            while (::read(wake_read_, drain, sizeof drain) > 0) {
            }
        }
        if (fds[0].revents & POLLIN) {
            const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
            if (client >= 0) {
                ++accepted_;
                const int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
                const sockaddr_in target = loopback(target_port_);
                if (server >= 0 && ::connect(server, reinterpret_cast<const sockaddr*>(&target), sizeof target) == 0) {
                    pairs_.push_back({client, server});
                } else {
                    ::close(client);
                    if (server >= 0) ::close(server);
                }
            }
        }
        if (frozen) continue;
        // fds[2 + 2k] and fds[3 + 2k] belong to pairs_[k] (only pairs that existed before accept).
        std::vector<pair> open;
        for (std::size_t k = 0; k < pairs_.size(); ++k) {
            const std::size_t at = 2 + 2 * k;
            bool alive = true;
            if (at + 1 < fds.size()) {
                if (fds[at].revents != 0) alive = pump(pairs_[k].client, pairs_[k].server);
                if (alive && fds[at + 1].revents != 0) alive = pump(pairs_[k].server, pairs_[k].client);
            }
            if (alive) {
                open.push_back(pairs_[k]);
            } else {
                ::close(pairs_[k].client);
                ::close(pairs_[k].server);
            }
        }
        pairs_ = std::move(open);
    }
}

}  // namespace copycat::itest::faults
