#include "app/kafka_cluster_id.hpp"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "common/logging.hpp"

namespace copycat::app {
namespace {

struct conf_deleter {
  void operator()(rd_kafka_conf_t* c) const { rd_kafka_conf_destroy(c); }
};
struct handle_deleter {
  void operator()(rd_kafka_t* h) const { rd_kafka_destroy(h); }
};

// librdkafka's own log lines during the lookup: kept at debug level, the last one kept for the
// error message (a broker that is down logs every second).
struct lookup_log {
  std::mutex mutex;
  std::string last;
};

void on_log(const rd_kafka_t* rk, int, const char*, const char* message) {
  auto* state = static_cast<lookup_log*>(rd_kafka_opaque(rk));
  log::debug("Kafka client: {}", message);
  if (state == nullptr) return;
  std::lock_guard lock(state->mutex);
  state->last = message;
}

// Worker settings librdkafka understands under the same name.
constexpr std::array<const char*, 6> shared_keys = {"security.protocol", "sasl.mechanism", "sasl.username",
                                                    "sasl.password",     "ssl.ca.location", "client.id"};

}  // namespace

result<std::string> lookup_kafka_cluster_id(const runtime::worker_config& config, std::chrono::milliseconds timeout,
                                            const std::function<bool()>& cancelled) {
  std::unique_ptr<rd_kafka_conf_t, conf_deleter> conf(rd_kafka_conf_new());
  std::array<char, 512> errstr{};
  auto set = [&](const char* key, const std::string& value) -> result<void> {
    if (rd_kafka_conf_set(conf.get(), key, value.c_str(), errstr.data(), errstr.size()) != RD_KAFKA_CONF_OK)
      return make_error(errc::invalid_argument,
                        std::string("Invalid worker configuration '") + key + "': " + errstr.data());
    return {};
  };
  if (auto r = set("bootstrap.servers", config.bootstrap_servers); !r) return r.err();
  for (const char* key : shared_keys) {
    if (auto it = config.originals.find(key); it != config.originals.end() && !it->second.empty()) {
      if (auto r = set(key, it->second); !r) return r.err();
    }
  }
  auto log_state = std::make_unique<lookup_log>();
  rd_kafka_conf_set_opaque(conf.get(), log_state.get());
  rd_kafka_conf_set_log_cb(conf.get(), on_log);

  std::unique_ptr<rd_kafka_t, handle_deleter> handle(
      rd_kafka_new(RD_KAFKA_PRODUCER, conf.get(), errstr.data(), errstr.size()));
  if (!handle) return make_error(errc::invalid_argument, std::string("Cannot create a Kafka client: ") + errstr.data());
  conf.release();  // owned by the handle now

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char* id = nullptr;
  while (id == nullptr && !cancelled() && std::chrono::steady_clock::now() < deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    id = rd_kafka_clusterid(handle.get(), static_cast<int>(std::clamp<std::int64_t>(left.count(), 1, 1000)));
  }
  if (id == nullptr && cancelled()) return make_error(errc::unavailable, "Start-up interrupted");
  if (id == nullptr) {
    std::string detail;
    {
      std::lock_guard lock(log_state->mutex);
      if (!log_state->last.empty()) detail = " (last client error: " + log_state->last + ")";
    }
    return make_error(errc::unavailable, "Failed to connect to and describe Kafka cluster at " +
                                             config.bootstrap_servers +
                                             ". Check worker's broker connection and security properties." + detail);
  }
  std::string out(id);
  rd_kafka_mem_free(handle.get(), id);
  return out;
}

}  // namespace copycat::app
