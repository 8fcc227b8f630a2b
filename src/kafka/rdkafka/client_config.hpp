#pragma once
// client_config: the librdkafka properties of one client ("bootstrap.servers", "acks", ...),
// checked against librdkafka's own property table when they are set.

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace copycat::rdkafka {

// A validated set of librdkafka configuration properties. A plain value: copy it freely, use it
// from any thread. Every property was accepted by librdkafka's rd_kafka_conf_set(); conflicts
// between properties (e.g. enable.idempotence with acks=1) surface only when a client is created.
class client_config {
public:
    using property_map = std::map<std::string, std::string>;

    // An empty configuration (librdkafka's defaults).
    client_config() = default;

    // Validates every property. The error (errc::invalid_argument) names the offending key and
    // carries librdkafka's reason, e.g. "invalid client property 'acks': ...".
    static result<client_config> from_map(property_map properties);

    // Validates and sets one property, replacing an earlier value. On error nothing changes.
    result<void> set(std::string_view key, std::string_view value);

    // The value set for `key`, or nullopt (librdkafka's default applies then).
    std::optional<std::string> get(std::string_view key) const;
    bool contains(std::string_view key) const { return properties_.contains(std::string(key)); }

    const property_map& properties() const { return properties_; }

private:
    explicit client_config(property_map properties) : properties_(std::move(properties)) {}

    property_map properties_;
};

}  // namespace copycat::rdkafka
