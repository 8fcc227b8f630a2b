#include "kafka/rdkafka/client_config.hpp"

#include <librdkafka/rdkafka.h>

#include <array>
#include <memory>

#include <fmt/format.h>

namespace copycat::rdkafka {
namespace {

struct conf_deleter {
    void operator()(rd_kafka_conf_t* conf) const noexcept { rd_kafka_conf_destroy(conf); }
};

// Asks librdkafka whether it accepts `key` = `value`, using a scratch configuration.
result<void> check_property(rd_kafka_conf_t* scratch, const std::string& key, const std::string& value) {
    std::array<char, 512> reason{};
    if (rd_kafka_conf_set(scratch, key.c_str(), value.c_str(), reason.data(), reason.size()) == RD_KAFKA_CONF_OK) {
        return {};
    }
    return make_error(errc::invalid_argument, fmt::format("invalid client property '{}': {}", key, reason.data()));
}

}  // namespace

result<client_config> client_config::from_map(property_map properties) {
    std::unique_ptr<rd_kafka_conf_t, conf_deleter> scratch(rd_kafka_conf_new());
    for (const auto& [key, value] : properties) {
        COPYCAT_TRY_VOID(check_property(scratch.get(), key, value));
    }
    return client_config(std::move(properties));
}

result<void> client_config::set(std::string_view key, std::string_view value) {
    std::unique_ptr<rd_kafka_conf_t, conf_deleter> scratch(rd_kafka_conf_new());
    std::string k(key), v(value);
    COPYCAT_TRY_VOID(check_property(scratch.get(), k, v));
    properties_.insert_or_assign(std::move(k), std::move(v));
    return {};
}

std::optional<std::string> client_config::get(std::string_view key) const {
    auto it = properties_.find(std::string(key));
    if (it == properties_.end()) return std::nullopt;
    return it->second;
}

}  // namespace copycat::rdkafka
