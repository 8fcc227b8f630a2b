#pragma once
// The config providers Copycat has natively, by Kafka's class names and aliases (the simple name,
// and the simple name without "ConfigProvider", as Kafka's plugin aliases):
// FileConfigProvider, DirectoryConfigProvider, EnvVarConfigProvider
// (docs/security.md#config-providers).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/config_provider.hpp"

namespace copycat::runtime {

// A new, unconfigured provider; nullptr when `class_or_alias` names none of them.
std::unique_ptr<config_provider> create_builtin_config_provider(std::string_view class_or_alias);

// Their class names, sorted.
std::vector<std::string> builtin_config_provider_classes();

}  // namespace copycat::runtime
