#pragma once
// Creates librdkafka client handles from a client_config, with Copycat's logging installed.
// Internal to copycat::rdkafka (includes rdkafka.h).

#include <librdkafka/rdkafka.h>

#include <map>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/handle.hpp"

namespace copycat::rdkafka::detail {

struct client_options {
    rd_kafka_type_t type = RD_KAFKA_PRODUCER;
    std::string_view role;  // "producer", "consumer", "admin client": used in error messages
    // Applied before the user's properties, so the user's values win.
    std::map<std::string, std::string> defaults;
    // Applied after the user's properties: what the wrapper depends on.
    std::map<std::string, std::string> overrides;
    // Installs wrapper-specific callbacks (e.g. the delivery report callback).
    void (*customize)(rd_kafka_conf_t* conf) = nullptr;
    // The handle's opaque (rd_kafka_conf_set_opaque), passed to callbacks that take one, e.g. the
    // consumer's rebalance callback. Must outlive the handle.
    void* opaque = nullptr;
};

// Builds the rd_kafka_conf_t (log and error callbacks routed to copycat::log) and calls
// rd_kafka_new(). Errors are errc::invalid_argument with librdkafka's reason.
result<handle_ptr> create_client(const client_config& config, const client_options& options);

// The handle's name for log lines, e.g. "rdkafka#producer-1" or "<client.id>#consumer-2".
std::string_view client_name(const rd_kafka_t* handle);

}  // namespace copycat::rdkafka::detail
