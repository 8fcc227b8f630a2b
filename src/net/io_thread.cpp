#include "net/io_thread.hpp"

namespace copycat::net {

io_thread::io_thread()
    : work_(io_.get_executor()), timers_(io_.get_executor()), thread_([this] { io_.run(); }) {}

io_thread::~io_thread() { stop(); }

void io_thread::stop() {
    timers_.shutdown();
    work_.reset();
    io_.stop();
    if (thread_.joinable()) thread_.join();
}

}  // namespace copycat::net
