#include "app/shutdown_signal.hpp"

#include <pthread.h>
#include <signal.h>

namespace copycat::app {
namespace {

sigset_t shutdown_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}

}  // namespace

shutdown_signal::shutdown_signal() {
    const sigset_t set = shutdown_signals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    thread_ = std::thread([this] { run(); });
}

shutdown_signal::~shutdown_signal() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
    }
    if (!requested_) pthread_kill(thread_.native_handle(), SIGTERM);  // wakes sigwait()
    thread_.join();
}

void shutdown_signal::run() {
    const sigset_t set = shutdown_signals();
    int signal = 0;
    sigwait(&set, &signal);
    std::lock_guard lock(mutex_);
    if (closing_) return;
    name_ = signal == SIGINT ? "SIGINT" : "SIGTERM";
    requested_ = true;
    cv_.notify_all();
}

std::string shutdown_signal::wait() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return requested_.load(); });
    return name_;
}

bool shutdown_signal::wait_for(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, timeout, [this] { return requested_.load(); });
}

}  // namespace copycat::app
