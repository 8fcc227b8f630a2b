#pragma once
// The librdkafka properties that no connector config may set, through any of the
// producer.override., consumer.override. and admin.override. prefixes and under any
// connector.client.config.override.policy: each one makes librdkafka load a file as code, run
// a program, or hand it a pointer (docs/security.md, "Client overrides"). The worker's own
// producer.*, consumer.* and admin.* settings are not checked: the operator chose them.
//
// Keys are matched the way librdkafka finds them, and more loosely: blanks around the key and
// case are ignored, and so is any leading "topic." (librdkafka strips one to set a topic-level
// property through the global configuration). librdkafka has no alias of a denied property.
//
// Pure functions over a constant table; thread-safe.

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace copycat::runtime {

struct denied_client_config {
    std::string_view key;     // librdkafka's name, or a pattern ("*_cb", "ut_*")
    std::string_view reason;  // why: what librdkafka would do with the value
};

// The table, in the order docs/security.md lists it.
std::span<const denied_client_config> denied_client_configs();

// Why the client property `key` (without its override prefix) may not be set to `value` in a
// connector config; nullopt when it may. A few keys are denied only for some values:
// sasl.kerberos.principal and sasl.kerberos.keytab go into the shell command
// sasl.kerberos.kinit.cmd, so they may hold only the characters of a principal or a path.
std::optional<std::string_view> denied_client_config_reason(std::string_view key, std::string_view value);

// "Client property 'K' cannot be set in a connector configuration under any override policy:
// <reason>", `connector_key` being the connector's key (e.g. "producer.override.K").
std::string denied_client_config_message(std::string_view connector_key, std::string_view reason);

}  // namespace copycat::runtime
