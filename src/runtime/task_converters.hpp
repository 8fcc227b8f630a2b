#pragma once
// The key, value and header converters of one task (Kafka: Plugins.newConverter and
// newHeaderConverter as Worker.startTask calls them).
//
// Each converter comes from the connector config when it names one ("key.converter" etc.),
// configured with the connector's "key.converter.*" keys; otherwise from the worker config,
// configured with the worker's "key.converter.*" originals. Header converters also get
// "converter.type"="header". Classes are found in the plugin registry by class name or alias;
// a built-in class registered under another kind (JsonConverter is both a converter and a
// header converter) is also found through the built-in converter list.
//
// Owned by one task and used on its thread only.

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "copycat/convert/converter.hpp"
#include "copycat/convert/header_converter.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::runtime {

// Where a converter comes from and how it is configured.
struct converter_spec {
    std::string class_name;
    std::map<std::string, std::string> configs;  // prefix removed
    bool from_connector = false;
};

// `key` is "key.converter", "value.converter" or "header.converter". errc::invalid_argument when
// neither the connector nor the worker names a class.
result<converter_spec> resolve_converter(std::string_view key, const string_map& connector_config,
                                         const worker_config& worker);

struct task_converters {
    std::unique_ptr<converter> key;
    std::unique_ptr<converter> value;
    std::unique_ptr<header_converter> header;

    // Creates and configures the three converters. A configure() that throws, or an unknown
    // class, is an error naming the key.
    static result<task_converters> create(const loader::plugin_registry& plugins, const string_map& connector_config,
                                          const worker_config& worker);

    // Closes the three converters (exceptions are logged).
    void close();
};

}  // namespace copycat::runtime
