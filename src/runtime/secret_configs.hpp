#pragma once
// secret_configs: which values of a connector's or task's config are secrets
// (docs/security.md#secrets), so that the worker hides them where it writes (common/secret_values.hpp)
// and validation answers show [hidden] for them.

#include <string>
#include <string_view>
#include <vector>

#include "common/properties.hpp"
#include "copycat/config/config_def.hpp"

namespace copycat::runtime {

/// Whether a key's name says it holds a secret: it ends in "password", contains "secret" or
/// "private.key", ends in "key.pem" or "basic.auth.user.info", or is "sasl.jaas.config" (the
/// last part of a prefixed key: producer.override.sasl.jaas.config). Case and blanks are ignored.
bool is_secret_config_key(std::string_view key);

/// The secret values of `resolved` (a config with its placeholders resolved; `raw` is the same
/// config as stored): each value a config provider gave (it differs from the raw one), the value
/// of each PASSWORD key of `def` (the connector's definition; may be null), and the value of each
/// key whose name says secret (is_secret_config_key).
std::vector<std::string> secret_values_of(const string_map& raw, const string_map& resolved, const config_def* def);

}  // namespace copycat::runtime
