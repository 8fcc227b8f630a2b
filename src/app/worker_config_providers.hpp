#pragma once
// The worker's config providers (Kafka: WorkerConfig's config.providers and AbstractConfig's
// provider instantiation, KIP-297/421; docs/security.md#config-providers):
//
//   config.providers=file,env
//   config.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider
//   config.providers.file.param.allowed.paths=/etc/copycat/secrets
//   config.providers.env.class=EnvVarConfigProvider
//
// Each name listed needs its .class (a class name or alias of runtime/builtin_config_providers.hpp,
// or else a class the `other` source has: the Java ConfigProviders on plugin.path) and may have
// .param.* settings, which configure the provider. Unlike Kafka, which skips a listed
// name without a class and ignores other keys under its prefix, both are errors here; keys of names
// not listed are ignored with a warning, as Kafka ignores them.
//
// Placeholders in the worker config itself are resolved at start-up with these providers, as
// Kafka's AbstractConfig does; a placeholder a provider cannot resolve is an error.

#include <functional>
#include <memory>
#include <string>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "runtime/config_transformer.hpp"

namespace copycat::app {

// Creates the unconfigured provider of a class that is none of the native ones; not_found when
// it has no such class, another error (naming the cause) when the class fails to construct.
using config_provider_source =
    std::function<result<std::unique_ptr<runtime::config_provider>>(const std::string& class_name)>;

// The providers `props` configures; an empty transformer when config.providers is not set. The
// error (invalid_argument) names the key at fault, or the provider that failed.
result<std::shared_ptr<const runtime::config_transformer>> worker_config_providers(
    const string_map& props, const config_provider_source& other = {});

// `props` with their placeholders resolved by `providers`.
result<string_map> resolve_worker_properties(const string_map& props, const runtime::config_transformer& providers);

}  // namespace copycat::app
