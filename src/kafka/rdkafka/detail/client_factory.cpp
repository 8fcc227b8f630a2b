#include "kafka/rdkafka/detail/client_factory.hpp"

#include <sys/prctl.h>

#include <array>
#include <memory>

#include <fmt/format.h>

#include "common/logging.hpp"

namespace copycat::rdkafka::detail {
namespace {

struct conf_deleter {
    void operator()(rd_kafka_conf_t* conf) const noexcept { rd_kafka_conf_destroy(conf); }
};
using conf_ptr = std::unique_ptr<rd_kafka_conf_t, conf_deleter>;

// librdkafka uses syslog levels: 0-3 emergency..error, 4 warning, 5-6 notice/info, 7 debug.
log::level from_syslog(int level) {
    if (level <= 3) return log::level::error;
    if (level == 4) return log::level::warn;
    if (level <= 6) return log::level::info;
    return log::level::debug;
}

// Runs on librdkafka's internal threads; copycat::log is thread-safe.
void on_log(const rd_kafka_t* handle, int level, const char* facility, const char* text) {
    log::at(from_syslog(level), "rdkafka {} [{}] {}", client_name(handle), facility, text);
}

// Runs on the thread that polls the handle. Connection failures are already logged through
// on_log, so they only go to debug here.
void on_error(rd_kafka_t* handle, int code, const char* reason, void* /*opaque*/) {
    auto err = static_cast<rd_kafka_resp_err_t>(code);
    if (err == RD_KAFKA_RESP_ERR__FATAL) {
        std::array<char, 512> detail{};
        rd_kafka_resp_err_t fatal = rd_kafka_fatal_error(handle, detail.data(), detail.size());
        log::error("rdkafka {} fatal error {}: {}", client_name(handle), rd_kafka_err2name(fatal), detail.data());
        return;
    }
    log::level lvl = err == RD_KAFKA_RESP_ERR__TRANSPORT ? log::level::debug : log::level::warn;
    log::at(lvl, "rdkafka {} {}: {}", client_name(handle), rd_kafka_err2name(err), reason);
}

result<void> apply(rd_kafka_conf_t* conf, const std::string& key, const std::string& value) {
    std::array<char, 512> reason{};
    if (rd_kafka_conf_set(conf, key.c_str(), value.c_str(), reason.data(), reason.size()) != RD_KAFKA_CONF_OK) {
        return make_error(errc::invalid_argument, fmt::format("invalid client property '{}': {}", key, reason.data()));
    }
    return {};
}

// librdkafka 2.0.2's threads wait for their next timer in whole milliseconds, rounded down
// (rd_kafka_thread_main: `sleeptime / 1000`), then spin through the last fraction of a
// millisecond with zero-timeout waits: almost a millisecond of CPU per timer of every idle
// client. A thread's timer slack is inherited by the threads it creates, and librdkafka's
// threads are created by rd_kafka_new()'s caller (its main and bootstrap broker threads) and by
// its main thread (the other broker threads). With 1 ms of slack their timed waits end at or
// after the timer instead of up to a millisecond before it; wake-ups by events (a socket ready,
// a queue signalled) are not delayed. Only librdkafka's timed work (linger.ms, retries, its
// periodic timers) may run up to 1 ms late. docs/scale.md "An idle worker's own threads".
class librdkafka_timer_slack {
public:
    librdkafka_timer_slack() : previous_(prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0)) {
        if (previous_ >= 0 && previous_ < slack_ns) prctl(PR_SET_TIMERSLACK, slack_ns, 0, 0, 0);
    }
    ~librdkafka_timer_slack() {
        if (previous_ >= 0 && previous_ < slack_ns) prctl(PR_SET_TIMERSLACK, previous_, 0, 0, 0);
    }
    librdkafka_timer_slack(const librdkafka_timer_slack&) = delete;
    librdkafka_timer_slack& operator=(const librdkafka_timer_slack&) = delete;

private:
    static constexpr long slack_ns = 1'000'000;
    const long previous_;
};

}  // namespace

std::string_view client_name(const rd_kafka_t* handle) {
    // rd_kafka_name() takes a non-const handle but only reads it.
    return rd_kafka_name(const_cast<rd_kafka_t*>(handle));
}

result<handle_ptr> create_client(const client_config& config, const client_options& options) {
    conf_ptr conf(rd_kafka_conf_new());
    for (const auto& [key, value] : options.defaults) {
        if (config.contains(key)) continue;
        COPYCAT_TRY_VOID(apply(conf.get(), key, value));
    }
    for (const auto& [key, value] : config.properties()) {
        COPYCAT_TRY_VOID(apply(conf.get(), key, value));
    }
    for (const auto& [key, value] : options.overrides) {
        COPYCAT_TRY_VOID(apply(conf.get(), key, value));
    }
    rd_kafka_conf_set_log_cb(conf.get(), on_log);
    rd_kafka_conf_set_error_cb(conf.get(), on_error);
    if (options.customize != nullptr) options.customize(conf.get());
    if (options.opaque != nullptr) rd_kafka_conf_set_opaque(conf.get(), options.opaque);

    std::array<char, 512> reason{};
    rd_kafka_t* handle = nullptr;
    {
        const librdkafka_timer_slack slack;  // for the threads rd_kafka_new() starts
        handle = rd_kafka_new(options.type, conf.get(), reason.data(), reason.size());
    }
    if (handle == nullptr) {
        return make_error(errc::invalid_argument,
                          fmt::format("cannot create Kafka {}: {}", options.role, reason.data()));
    }
    conf.release();  // rd_kafka_new() took ownership
    return handle_ptr(handle);
}

}  // namespace copycat::rdkafka::detail
