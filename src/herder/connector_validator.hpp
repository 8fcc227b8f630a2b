#pragma once
// connector_validator: checks a connector config the way Kafka's
// AbstractHerder.validateConnectorConfig does, and answers the plugin questions the REST API
// asks (connector type, a plugin's config keys).
//
// A validation runs the framework keys (runtime/connector_config.hpp, source or sink) with the
// keys of each transforms/predicates alias (transform_validation.hpp), the connector plugin's own
// config() and validate(), the converters named in the config, and the client-override policy,
// and merges everything into one config_infos (error_count > 0 means invalid). Plugin code that
// throws is caught here: the message becomes an internal error.
//
// With the worker's config providers, the checks run on the config with its placeholders resolved
// (as Kafka's), but the answer shows each value as given, placeholder and all, so that validation
// never returns a secret; a placeholder that cannot be resolved (a provider the worker does not
// configure, a path it cannot read) is an error of its key (docs/security.md#config-providers).
//
// Holds a reference to the registry (owned by the application, read-only after start-up).
// Stateless otherwise; safe to use from any thread.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "copycat/config/config_info.hpp"
#include "herder_api/entities.hpp"
#include "runtime/client_override_policy.hpp"
#include "runtime/config_transformer.hpp"
#include "runtime/exactly_once_source.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::herder {

class connector_validator {
public:
    // override_policy: connector.client.config.override.policy and its allowlist; whatever the
    // policy, the librdkafka properties of runtime/denied_client_configs.hpp are errors under every
    // override prefix.
    // exactly_once_source: the distributed worker's exactly.once.source.support, which turns on the
    // exactly-once checks of source connectors (exactly_once_validation.hpp); nullopt for a
    // standalone worker, which makes none.
    // config_providers: the worker's (config.providers); none: placeholders are not checked.
    explicit connector_validator(const loader::plugin_registry& plugins, runtime::override_policy override_policy = {},
                                 std::optional<runtime::exactly_once_source_support> exactly_once_source = std::nullopt,
                                 std::shared_ptr<const runtime::config_transformer> config_providers = nullptr);

    // invalid_argument "Connector config contains no connector type" without
    // connector.class (400); invalid_argument "Failed to find any class that implements Connector
    // and which name matches ..." for an unknown class (400: Kafka's BadRequestException, which
    // Kafka answers with 400 on create and, wrapped, with 500 on validate).
    result<config_infos> validate(const string_map& props) const;

    // source or sink by the plugin kind of connector.class; unknown when it is missing or unknown.
    connector_type type_of(const string_map& config) const;

    // GET /connector-plugins/{p}/config: the plugin's keys, then the framework keys it does not
    // redefine (connectors only). not_found "Unknown plugin <p>."
    result<std::vector<config_key_info>> plugin_config(const std::string& plugin) const;

    // "Connector configuration is invalid and contains the following N error(s):\n..." for
    // create/update (Kafka: AbstractHerder.maybeAddConfigErrors); nullopt when there is no error.
    static std::optional<std::string> invalid_config_message(const config_infos& infos);

private:
    // validate() of the resolved config.
    result<config_infos> validate_resolved(const string_map& props) const;

    const loader::plugin_registry& plugins_;
    runtime::override_policy override_policy_;
    std::optional<runtime::exactly_once_source_support> exactly_once_source_;
    std::shared_ptr<const runtime::config_transformer> config_providers_;
};

}  // namespace copycat::herder
