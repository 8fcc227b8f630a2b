// How a plugin shared library tells the worker what it contains.
//
// A plugin is a shared library (built with copycat_add_plugin(), which links only the API) that
// uses COPYCAT_PLUGIN(...) once, in one of its source files:
//
//     #include "copycat/plugin.hpp"
//
//     COPYCAT_PLUGIN(
//         copycat::describe_plugin<file_stream_source_connector>(
//             "org.apache.kafka.connect.file.FileStreamSourceConnector", "4.0.0"),
//         copycat::describe_plugin<file_stream_sink_connector>(
//             "org.apache.kafka.connect.file.FileStreamSinkConnector", "4.0.0"))
//
// The macro defines the exported C functions copycat_plugin_manifest_v1() and
// copycat_plugin_attach_host_v1() (copycat/plugin_log.hpp). The worker finds the
// library under plugin.path, loads it, looks the function up, and checks the manifest with
// check_plugin_manifest() before creating anything: a plugin built against other API headers
// (another COPYCAT_ABI_VERSION) or another C++ standard library is refused with a message that
// says so. The plugin kind is derived from the class's base (source_connector, sink_connector,
// converter, header_converter, transformation or predicate).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "copycat/api.hpp"
#include "copycat/connector/sink_connector.hpp"
#include "copycat/connector/source_connector.hpp"
#include "copycat/convert/converter.hpp"
#include "copycat/convert/header_converter.hpp"
#include "copycat/errors.hpp"
#include "copycat/plugin_log.hpp"
#include "copycat/transform/predicate.hpp"
#include "copycat/transform/transformation.hpp"

/// The version of the binary interface between the worker and plugins: the layout of every
/// type and virtual function table in include/copycat. Raised whenever any of them changes; a
/// plugin is loaded only when its version equals the worker's. tests/api/abi/vtable_layout.txt
/// records the virtual function tables of this version (docs/ARCHITECTURE.md "The plugin ABI").
///
///   1  the first API
///   2  source_task::nonblocking_poll(), sink_task::nonblocking_put() and
///      source_task_context::request_poll()
#define COPYCAT_ABI_VERSION 2

#define COPYCAT_DETAIL_STRINGIFY2(x) #x
#define COPYCAT_DETAIL_STRINGIFY(x) COPYCAT_DETAIL_STRINGIFY2(x)

/// The C++ standard library a translation unit is built with, which decides the layout of the
/// std types in the API, e.g. "libstdc++ 12 cxx11-abi 1". Plugin and worker must agree.
#if defined(_LIBCPP_VERSION)
#define COPYCAT_ABI_TAG \
    "libc++ " COPYCAT_DETAIL_STRINGIFY(_LIBCPP_VERSION) " abi " COPYCAT_DETAIL_STRINGIFY(_LIBCPP_ABI_VERSION)
#elif defined(__GLIBCXX__)
#define COPYCAT_ABI_TAG                                                                             \
    "libstdc++ " COPYCAT_DETAIL_STRINGIFY(_GLIBCXX_RELEASE) " cxx11-abi " COPYCAT_DETAIL_STRINGIFY( \
        _GLIBCXX_USE_CXX11_ABI)
#else
#define COPYCAT_ABI_TAG "unknown standard library"
#endif

namespace copycat {

/// What a plugin class is. The order is part of the ABI.
enum class plugin_kind : std::uint32_t {
    source_connector,
    sink_connector,
    converter,
    header_converter,
    transformation,
    predicate,
};

/// Kafka Connect's plugin type names, as shown by GET /connector-plugins: "source", "sink",
/// "converter", "header_converter", "transformation", "predicate".
std::string_view plugin_kind_name(plugin_kind kind) noexcept;

using source_connector_factory = std::unique_ptr<source_connector> (*)();
using sink_connector_factory = std::unique_ptr<sink_connector> (*)();
using converter_factory = std::unique_ptr<converter> (*)();
using header_converter_factory = std::unique_ptr<header_converter> (*)();
using transformation_factory = std::unique_ptr<transformation> (*)();
using predicate_factory = std::unique_ptr<predicate> (*)();

/// A factory of one of the plugin kinds; the alternatives are in plugin_kind order.
using plugin_factory = std::variant<source_connector_factory, sink_connector_factory, converter_factory,
                                    header_converter_factory, transformation_factory, predicate_factory>;

/// One class a plugin library provides. Build it with describe_plugin<T>().
struct plugin_descriptor {
    plugin_kind kind;
    /// The full class name users put in configurations, Kafka style, e.g.
    /// "org.apache.kafka.connect.file.FileStreamSourceConnector".
    const char* class_name;
    /// The plugin's version; nullptr when it has none ("undefined"; for connectors the worker
    /// then asks an instance's version()).
    const char* version;
    plugin_factory factory;

    /// A new instance, as the base class of the plugin's kind. Throws connect_error when `Base`
    /// is not that class.
    template <class Base>
    std::unique_ptr<Base> create() const {
        using factory_type = std::unique_ptr<Base> (*)();
        if (const auto* f = std::get_if<factory_type>(&factory); f != nullptr && *f != nullptr) return (*f)();
        throw connect_error("Plugin " + std::string(class_name ? class_name : "(unnamed)") + " is a " +
                            std::string(plugin_kind_name(kind)) + " plugin and cannot be created as another kind");
    }
};

/// The plugin kind of class T, from its base class.
template <class T>
constexpr plugin_kind plugin_kind_of() noexcept {
    if constexpr (std::is_base_of_v<source_connector, T>) {
        return plugin_kind::source_connector;
    } else if constexpr (std::is_base_of_v<sink_connector, T>) {
        return plugin_kind::sink_connector;
    } else if constexpr (std::is_base_of_v<converter, T>) {
        return plugin_kind::converter;
    } else if constexpr (std::is_base_of_v<header_converter, T>) {
        return plugin_kind::header_converter;
    } else if constexpr (std::is_base_of_v<transformation, T>) {
        return plugin_kind::transformation;
    } else {
        static_assert(std::is_base_of_v<predicate, T>,
                      "a plugin derives from source_connector, sink_connector, converter, header_converter, "
                      "transformation or predicate");
        return plugin_kind::predicate;
    }
}

/// Describes plugin class T (default-constructible, derived from one plugin base) under
/// `class_name`, with an optional version.
template <class T>
constexpr plugin_descriptor describe_plugin(const char* class_name, const char* version = nullptr) {
    static_assert(std::is_default_constructible_v<T>, "a plugin class needs a default constructor");
    constexpr plugin_kind kind = plugin_kind_of<T>();
    if constexpr (kind == plugin_kind::source_connector) {
        return {kind, class_name, version,
                source_connector_factory{[]() -> std::unique_ptr<source_connector> { return std::make_unique<T>(); }}};
    } else if constexpr (kind == plugin_kind::sink_connector) {
        return {kind, class_name, version,
                sink_connector_factory{[]() -> std::unique_ptr<sink_connector> { return std::make_unique<T>(); }}};
    } else if constexpr (kind == plugin_kind::converter) {
        return {kind, class_name, version,
                converter_factory{[]() -> std::unique_ptr<converter> { return std::make_unique<T>(); }}};
    } else if constexpr (kind == plugin_kind::header_converter) {
        return {kind, class_name, version,
                header_converter_factory{[]() -> std::unique_ptr<header_converter> { return std::make_unique<T>(); }}};
    } else if constexpr (kind == plugin_kind::transformation) {
        return {kind, class_name, version,
                transformation_factory{[]() -> std::unique_ptr<transformation> { return std::make_unique<T>(); }}};
    } else {
        return {kind, class_name, version,
                predicate_factory{[]() -> std::unique_ptr<predicate> { return std::make_unique<T>(); }}};
    }
}

}  // namespace copycat

extern "C" {

/// What a plugin library exports. The first two members keep their place in every ABI
/// version, so a worker can always read and compare them before trusting the rest.
struct copycat_plugin_manifest {
    /// COPYCAT_ABI_VERSION of the headers the plugin was built with.
    std::uint32_t abi_version;
    /// COPYCAT_ABI_TAG of the plugin's build.
    const char* abi_tag;
    std::size_t plugin_count;
    const copycat::plugin_descriptor* plugins;
};

/// The signature of the entry point.
using copycat_plugin_entry_fn = const copycat_plugin_manifest* (*)();

/// The entry point COPYCAT_PLUGIN defines; the worker looks it up by this name.
COPYCAT_API const copycat_plugin_manifest* copycat_plugin_manifest_v1();

}  // extern "C"

/// The name of the entry point, for dlsym().
#define COPYCAT_PLUGIN_ENTRY_SYMBOL "copycat_plugin_manifest_v1"

/// Defines the plugin library's entry point listing the given plugin_descriptors, and the
/// function through which the worker attaches the library to its logging (copycat/plugin_log.hpp).
/// Use once per library, at namespace scope.
#define COPYCAT_PLUGIN(...)                                                                                         \
    extern "C" COPYCAT_API const copycat_plugin_manifest* copycat_plugin_manifest_v1() {                            \
        static const ::copycat::plugin_descriptor copycat_plugins[] = {__VA_ARGS__};                                \
        static const copycat_plugin_manifest copycat_manifest{COPYCAT_ABI_VERSION, COPYCAT_ABI_TAG,                 \
                                                              sizeof(copycat_plugins) / sizeof(copycat_plugins[0]), \
                                                              copycat_plugins};                                     \
        return &copycat_manifest;                                                                                   \
    }                                                                                                               \
    extern "C" COPYCAT_API void copycat_plugin_attach_host_v1(const copycat_plugin_host_v1* host) {                 \
        ::copycat::plugin_log::detail::attach_host(host);                                                           \
    }

namespace copycat {

/// Checks a manifest read from a plugin library against this build: nullopt when it can be
/// used, otherwise why not, e.g. "Plugin ABI version 1 does not match the worker's ABI version
/// 2; rebuild the plugin against the Copycat headers of this worker". Also rejects a null
/// manifest and descriptors without a class name, without a factory, or whose factory is not
/// of their kind.
std::optional<std::string> check_plugin_manifest(const copycat_plugin_manifest* manifest);

}  // namespace copycat
