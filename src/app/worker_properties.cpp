#include "app/worker_properties.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "app/kafka_worker_keys.hpp"
#include "common/logging.hpp"
#include "net/hmac.hpp"
#include "copycat/config/validators.hpp"
#include "copycat/errors.hpp"
#include "rest/listener_address.hpp"
#include "runtime/client_override_policy.hpp"

namespace copycat::app {
namespace {

// Settings passed through by prefix, as Kafka hands them to clients, converters and listeners.
constexpr std::array<std::string_view, 12> pass_through_prefixes = {
    "producer.",
    "consumer.",
    "admin.",
    "key.converter.",
    "value.converter.",
    "header.converter.",
    "listeners.https.",
    "admin.listeners.https.",
    "config.providers.",
    "metrics.context.",
    "ssl.",
    "sasl.",
};

// Removed in Kafka 3.0 and ignored there with a warning; ignored here the same way.
constexpr std::array<std::string_view, 2> removed_converter_keys = {"internal.key.converter",
                                                                    "internal.value.converter"};

bool passes_through(std::string_view key) {
    for (std::string_view p : pass_through_prefixes)
        if (key.size() > p.size() && key.starts_with(p)) return true;
    return false;
}

// config.storage.*, offset.storage.*, status.storage.*: settings of the internal topics.
bool is_topic_setting(std::string_view key) {
    for (std::string_view p : {"config.storage.", "offset.storage.", "status.storage."})
        if (key.size() > p.size() && key.starts_with(p)) return true;
    return false;
}

bool is_removed_converter_key(std::string_view key) {
    for (std::string_view k : removed_converter_keys)
        if (key == k || (key.size() > k.size() + 1 && key.starts_with(k) && key[k.size()] == '.')) return true;
    return false;
}

// Kafka: RestServerConfig.ListenersValidator.
validator_ptr listeners_validator(bool allow_empty) {
    return lambda_validator::with([allow_empty](std::string_view name, const parsed_value& v) {
        const auto* items = std::get_if<config_list>(&v);
        if (items == nullptr) return;  // null: the default applies (admin.listeners)
        if (items->empty()) {
            if (allow_empty) return;
            throw config_error(
                "Invalid value for listeners, at least one URL is expected, ex: "
                "http://localhost:8080,https://localhost:8443.");
        }
        for (const auto& item : *items) {
            if (item.find_first_not_of(" \t") == std::string::npos)
                throw config_error("Empty URL found when parsing " + std::string(name) + " list.");
            if (auto parsed = rest::parse_listener(item); !parsed) throw_invalid_value(name, v, parsed.err().message);
        }
    });
}

// Kafka: RestServerConfig.validateHttpResponseHeaderConfig, per comma-separated rule.
validator_ptr response_headers_validator() {
    return lambda_validator::with([](std::string_view name, const parsed_value& v) {
        const auto* text = std::get_if<std::string>(&v);
        if (text == nullptr || text->empty()) return;
        std::size_t start = 0;
        while (start <= text->size()) {
            const auto comma = text->find(',', start);
            std::string rule = text->substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            start = comma == std::string::npos ? text->size() + 1 : comma + 1;
            const auto first = rule.find_first_not_of(" \t");
            if (first == std::string::npos) continue;
            rule = rule.substr(first);
            const auto space = rule.find_first_of(" \t");
            const std::string action = rule.substr(0, space);
            static const std::array<std::string_view, 4> actions = {"set", "add", "setDate", "addDate"};
            bool known = false;
            for (std::string_view a : actions) known = known || a == action;
            if (space == std::string::npos || rule.find(':') == std::string::npos)
                throw_invalid_value(name, v,
                                    "Invalid format of header config '" + rule +
                                        "'. Expected: '[action] [header name]:[header value]'");
            if (!known)
                throw_invalid_value(
                    name, v,
                    "Invalid header config action: '" + action + "'. Expected one of [set, add, setDate, addDate]");
        }
    });
}

// The keys every worker has (Kafka: WorkerConfig and RestServerConfig).
config_def build_worker_def() {
    config_def def;
    const auto high = importance::high;
    const auto medium = importance::medium;
    const auto low = importance::low;
    def.define("bootstrap.servers", config_type::list, "localhost:9092", high,
               "A list of host/port pairs used to establish the initial connection to the Kafka cluster.")
        .define("client.dns.lookup", config_type::string, "use_all_dns_ips",
                valid_string::in({"use_all_dns_ips", "resolve_canonical_bootstrap_servers_only"}), medium,
                "Controls how the client uses DNS lookups.")
        .define("key.converter", config_type::class_, high,
                "Converter class used to convert between Kafka Connect format and the serialized form that is written "
                "to Kafka. This controls the format of the keys in messages written to or read from Kafka.")
        .define("value.converter", config_type::class_, high,
                "Converter class used to convert between Kafka Connect format and the serialized form that is written "
                "to Kafka. This controls the format of the values in messages written to or read from Kafka.")
        .define("task.shutdown.graceful.timeout.ms", config_type::long_, 5000, low,
                "Amount of time to wait for tasks to shutdown gracefully.")
        .define("task.threads", config_type::int_, 0, range::at_least(0), low,
                "Copycat only: the threads that run the source tasks whose plugin polls without blocking (such as "
                "FileStreamSource's); 0 means one per core. Other tasks have a thread of their own.")
        .define("offset.flush.interval.ms", config_type::long_, 60000, low,
                "Interval at which to try committing offsets for tasks.")
        .define("offset.flush.timeout.ms", config_type::long_, 5000, low,
                "Maximum number of milliseconds to wait for records to flush and partition offset data to be committed "
                "to offset storage before cancelling the process.")
        .define("plugin.path", config_type::list, nullptr, low,
                "List of paths separated by commas (,) that contain plugins: shared libraries or directories searched "
                "for them.")
        .define("plugin.discovery", config_type::string, "hybrid_warn",
                case_insensitive_valid_string::in({"only_scan", "hybrid_warn", "hybrid_fail", "service_load"}), low,
                "Method to use to discover plugins.")
        .define("metrics.sample.window.ms", config_type::long_, 30000, range::at_least(0), low,
                "The window of time a metrics sample is computed over.")
        .define("metrics.num.samples", config_type::int_, 2, range::at_least(1), low,
                "The number of samples maintained to compute metrics.")
        .define("metrics.recording.level", config_type::string, "INFO", valid_string::in({"INFO", "DEBUG"}), low,
                "The highest recording level for metrics.")
        .define("metric.reporters", config_type::list, "org.apache.kafka.common.metrics.JmxReporter", low,
                "A list of classes to use as metrics reporters.")
        .define("header.converter", config_type::class_, "org.apache.kafka.connect.storage.SimpleHeaderConverter", low,
                "HeaderConverter class used to convert between Kafka Connect format and the serialized form that is "
                "written to Kafka.")
        .define("config.providers", config_type::list, config_list{}, low,
                "Comma-separated names of ConfigProvider classes, loaded and used in the order specified.")
        .define("connector.client.config.override.policy", config_type::string, "All",
                case_insensitive_valid_string::in(runtime::client_override_policy_names()), medium,
                "Defines what client configurations can be overridden by the connector: All (the default), None, "
                "Principal (sasl.jaas.config, sasl.mechanism, security.protocol) or Allowlist (those of "
                "connector.client.config.override.allowlist). Whatever the policy, no connector may set the "
                "librdkafka properties that load code or run programs (docs/security.md).")
        .define("connector.client.config.override.allowlist", config_type::list, config_list{}, medium,
                "List of client configurations that can be overridden by connectors under the Allowlist policy. If "
                "empty, connectors can't override any client configurations.")
        .define("topic.creation.enable", config_type::boolean, true, low,
                "Whether to allow automatic creation of topics used by source connectors.")
        .define("topic.tracking.enable", config_type::boolean, true, low,
                "Enable tracking the set of active topics per connector during runtime.")
        .define("topic.tracking.allow.reset", config_type::boolean, true, low,
                "If set to true, it allows user requests to reset the set of active topics per connector.")
        .define("security.protocol", config_type::string, "PLAINTEXT",
                case_insensitive_valid_string::in({"PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"}), medium,
                "Protocol used to communicate with brokers.")
        .define("client.id", config_type::string, "", low, "An id string to pass to the server when making requests.")
        .define("request.timeout.ms", config_type::int_, 40000, range::at_least(0), medium,
                "The maximum amount of time the client will wait for the response of a request.")
        .define("metadata.max.age.ms", config_type::long_, 300000, range::at_least(0), low,
                "The period of time after which a refresh of metadata is forced.")
        .define("retry.backoff.ms", config_type::long_, 100, range::at_least(0), low,
                "The amount of time to wait before attempting to retry a failed request.")
        // RestServerConfig
        .define("listeners", config_type::list, "http://:8083", listeners_validator(false), low,
                "List of comma-separated URIs the REST API will listen on. The supported protocols are HTTP and HTTPS.")
        .define("rest.advertised.host.name", config_type::string, nullptr, low,
                "If this is set, this is the hostname that will be given out to other workers to connect to.")
        .define("rest.advertised.port", config_type::int_, nullptr, low,
                "If this is set, this is the port that will be given out to other workers to connect to.")
        .define("rest.advertised.listener", config_type::string, nullptr, low,
                "Sets the advertised listener (HTTP or HTTPS) which will be given to other workers to use.")
        .define("access.control.allow.origin", config_type::string, "", low,
                "Value to set the Access-Control-Allow-Origin header to for REST API requests.")
        .define(
            "access.control.allow.methods", config_type::string, "", low,
            "Sets the methods supported for cross origin requests by setting the Access-Control-Allow-Methods header.")
        .define("response.http.headers.config", config_type::string, "", response_headers_validator(), low,
                "Rules for REST API HTTP response headers")
        .define("ssl.client.auth", config_type::string, "none", valid_string::in({"required", "requested", "none"}),
                low, "Configures the REST listener to request client authentication.")
        .define("rest.extension.classes", config_type::list, "", low,
                "Comma-separated names of ConnectRestExtension classes, loaded and called in the order specified. "
                "Copycat serves org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension "
                "natively and does not start with any other.")
        .define("admin.listeners", config_type::list, nullptr, listeners_validator(true), low,
                "List of comma-separated URIs the Admin REST API will listen on.")
        // Copycat: the REST server's bound on what one request may send (docs/rest-api.md#limits).
        .define("rest.max.request.bytes", config_type::long_, 16 * 1024 * 1024, range::at_least(1), low,
                "The largest request body the REST API accepts, in bytes. A larger body is refused with 413 while "
                "it is read, before it is buffered, and the connection is closed.")
        .define("rest.max.connections", config_type::int_, 512, range::at_least(1), low,
                "The most connections each REST listener keeps open at once; further ones are closed as soon as "
                "they are accepted.")
        .define("rest.max.pending.request.bytes", config_type::long_, 64 * 1024 * 1024, range::at_least(1), low,
                "The most request-body bytes each REST listener receives and handles at once (a request reserves "
                "its Content-Length, or rest.max.request.bytes for a chunked body). A request that does not fit "
                "is answered 503 before its body is read.")
        // Copycat: HTTP basic authentication of the REST API (Kafka: BasicAuthSecurityRestExtension).
        .define("rest.basic.auth.credentials.file", config_type::string, nullptr, low,
                "A properties file of user=password lines. When set, every REST request except the internal "
                "ones between workers needs an Authorization: Basic header naming one of these users; others get "
                "401. Requests forwarded to other workers keep the client's Authorization header.")
        // Copycat: the JVM bridge that runs Java plugins (docs/jvm-bridge.md).
        .define("java.bridge.jvm.options", config_type::string, "", low,
                "Options for the JVM that runs Java plugins, separated by white space (e.g. -Xmx512m). The JVM "
                "starts only when plugin.path holds jars.")
        .define("java.bridge.preferred.classes", config_type::list, config_list{}, low,
                "Plugin classes whose Java implementation (from a jar on plugin.path) replaces a built-in or "
                "native plugin of the same class name.");
    define_kafka_client_keys(def);
    return def;
}

config_def build_standalone_def() {
    config_def def = build_worker_def();
    def.define("offset.storage.file.filename", config_type::string, importance::high,
               "File to store source connector offsets");
    return def;
}

config_def build_distributed_def() {
    config_def def = build_worker_def();
    const auto high = importance::high;
    const auto medium = importance::medium;
    const auto low = importance::low;
    def.define("group.id", config_type::string, high,
               "A unique string that identifies the Connect cluster group this worker belongs to.")
        .define("session.timeout.ms", config_type::int_, 10000, high,
                "The timeout used to detect worker failures.")
        .define("heartbeat.interval.ms", config_type::int_, 3000, high,
                "The expected time between heartbeats to the group coordinator.")
        .define("rebalance.timeout.ms", config_type::int_, 60000, high,
                "The maximum allowed time for each worker to join the group once a rebalance has begun.")
        .define("worker.sync.timeout.ms", config_type::int_, 3000, medium,
                "When the worker is out of sync with other workers and needs to resynchronize configurations, wait "
                "up to this amount of time before giving up, leaving the group, and waiting a backoff period before "
                "rejoining.")
        .define("worker.unsync.backoff.ms", config_type::int_, 300000, medium,
                "When the worker is out of sync with other workers and fails to catch up within "
                "worker.sync.timeout.ms, leave the Connect cluster for this long before rejoining.")
        .define("config.storage.topic", config_type::string, high,
                "The name of the Kafka topic where connector configurations are stored")
        .define("config.storage.replication.factor", config_type::short_, 3, medium,
                "Replication factor used when creating the configuration storage topic")
        .define("offset.storage.topic", config_type::string, high,
                "The name of the Kafka topic where source connector offsets are stored")
        .define("offset.storage.partitions", config_type::int_, 25, medium,
                "The number of partitions used when creating the offset storage topic")
        .define("offset.storage.replication.factor", config_type::short_, 3, medium,
                "Replication factor used when creating the offset storage topic")
        .define("status.storage.topic", config_type::string, high,
                "The name of the Kafka topic where connector and task status are stored")
        .define("status.storage.partitions", config_type::int_, 5, medium,
                "The number of partitions used when creating the status storage topic")
        .define("status.storage.replication.factor", config_type::short_, 3, medium,
                "Replication factor used when creating the status storage topic")
        .define("connect.protocol", config_type::string, "sessioned",
                case_insensitive_valid_string::in({"eager", "compatible", "sessioned"}), low,
                "Compatibility mode for Kafka Connect Protocol")
        .define("scheduled.rebalance.max.delay.ms", config_type::int_, 300000, range::between(0, 2147483647), low,
                "The maximum delay that is scheduled in order to wait for the return of one or more departed workers "
                "before rebalancing and reassigning their connectors and tasks to the group.")
        .define("inter.worker.key.generation.algorithm", config_type::string, "HmacSHA256", low,
                "The algorithm to use for generating internal request keys.")
        .define("inter.worker.key.size", config_type::int_, nullptr, low,
                "The size of the key to use for signing internal requests, in bits.")
        .define("inter.worker.key.ttl.ms", config_type::int_, 3600000, range::between(0, 2147483647), low,
                "The TTL of generated session keys used for internal request validation (in milliseconds)")
        .define("inter.worker.signature.algorithm", config_type::string, "HmacSHA256", low,
                "The algorithm used to sign internal requests")
        .define("inter.worker.verification.algorithms", config_type::list, "HmacSHA256", low,
                "A list of permitted algorithms for verifying internal requests")
        .define("exactly.once.source.support", config_type::string, "disabled",
                case_insensitive_valid_string::in({"disabled", "enabled", "preparing"}), high,
                "Whether to enable exactly-once support for source connectors in the cluster.");
    define_kafka_distributed_keys(def);
    return def;
}

std::string join(const config_list& items) { return fmt::format("{}", fmt::join(items, ",")); }

template <class T>
const T& get(const parsed_config& values, std::string_view key) {
    return std::get<T>(values.find(key)->second);
}

}  // namespace

const config_def& standalone_config_def() {
    static const config_def def = build_standalone_def();
    return def;
}

const config_def& distributed_config_def() {
    static const config_def def = build_distributed_def();
    return def;
}

namespace {

// Logs a warning about the worker file and keeps it with the parsed config.
void warn(common_worker_config& out, std::string message) {
    log::warn("{}", message);
    out.warnings.push_back(std::move(message));
}

// A key Kafka's worker takes that Copycat does not: a warning, or nothing for a key of its own.
void check_unused_key(std::string_view key, bool distributed, common_worker_config& out) {
    // offset.storage.file.filename is a standalone setting: as a topic config it would only make
    // CreateTopics fail, so it is unknown here (and topic_settings() leaves it out).
    if (distributed && is_topic_setting(key) && key != "offset.storage.file.filename") return;
    if (!distributed && key == "exactly.once.source.support") {
        // Kafka's StandaloneConfig does not define it either; its standalone worker logs the key
        // as unused and runs without exactly-once support (docs/exactly-once-source.md).
        warn(out, fmt::format("Ignoring worker configuration '{}': exactly-once source support exists in "
                              "distributed mode only",
                              key));
    } else if (is_removed_converter_key(key)) {
        warn(out, fmt::format("Ignoring worker configuration '{}': internal converter settings were removed in "
                              "Kafka 3.0 and have no effect",
                              key));
    } else {
        // Kafka: AbstractConfig.logUnused.
        warn(out, fmt::format("The configuration '{}' was supplied but isn't a known config.", key));
    }
}

// Validates `props` against `def` and fills the part every worker has.
result<parsed_config> parse_common(const config_def& def, const string_map& props, bool distributed,
                                   common_worker_config& out) {
    std::vector<std::string> problems;
    for (const auto& [key, value] : props) {
        if (def.contains(key) || passes_through(key)) continue;
        check_unused_key(key, distributed, out);
    }
    const std::map<std::string, std::string> plain(props.begin(), props.end());
    for (const config_value& v : def.validate(plain)) {
        for (const std::string& e : v.errors) problems.push_back(e);
    }
    if (!problems.empty())
        return make_error(errc::invalid_argument,
                          fmt::format("Invalid worker configuration:\n  {}", fmt::join(problems, "\n  ")));

    parsed_config values;
    try {
        values = def.parse(plain);
    } catch (const std::exception& e) {
        return make_error(errc::invalid_argument, e.what());
    }
    for (const auto& [key, value] : props)
        if (const auto why = no_effect_reason(key))
            warn(out, fmt::format("Ignoring worker configuration '{}': {}", key, *why));
    auto clients = librdkafka_settings_from(props, values);
    for (std::string& w : clients.warnings) warn(out, std::move(w));
    runtime::worker_config& w = out.worker;
    w.originals = props;
    w.client_settings = std::move(clients.settings);
    w.bootstrap_servers = join(get<config_list>(values, "bootstrap.servers"));
    w.key_converter = get<std::string>(values, "key.converter");
    w.value_converter = get<std::string>(values, "value.converter");
    w.header_converter = get<std::string>(values, "header.converter");
    w.offset_flush_interval = std::chrono::milliseconds(get<std::int64_t>(values, "offset.flush.interval.ms"));
    w.metrics_sample_window_ms = get<std::int64_t>(values, "metrics.sample.window.ms");
    w.metrics_num_samples = get<std::int32_t>(values, "metrics.num.samples");
    w.offset_flush_timeout = std::chrono::milliseconds(get<std::int64_t>(values, "offset.flush.timeout.ms"));
    w.task_shutdown_graceful_timeout =
        std::chrono::milliseconds(get<std::int64_t>(values, "task.shutdown.graceful.timeout.ms"));
    w.task_threads = static_cast<std::size_t>(get<std::int32_t>(values, "task.threads"));
    w.client_config_override_policy = get<std::string>(values, "connector.client.config.override.policy");
    w.client_config_override_allowlist = get<config_list>(values, "connector.client.config.override.allowlist");
    w.topic_creation_enable = get<bool>(values, "topic.creation.enable");

    if (const auto* path = std::get_if<config_list>(&values.find("plugin.path")->second)) out.plugin_path = *path;
    out.listeners = get<config_list>(values, "listeners");
    if (const auto* a = std::get_if<config_list>(&values.find("admin.listeners")->second)) out.admin_listeners = *a;
    if (const auto* h = std::get_if<std::string>(&values.find("rest.advertised.host.name")->second))
        out.advertised_host = *h;
    if (const auto* p = std::get_if<std::int32_t>(&values.find("rest.advertised.port")->second))
        out.advertised_port = *p;
    if (const auto* l = std::get_if<std::string>(&values.find("rest.advertised.listener")->second))
        out.advertised_listener = *l;
    out.topic_tracking_enable = get<bool>(values, "topic.tracking.enable");
    out.topic_tracking_allow_reset = get<bool>(values, "topic.tracking.allow.reset");
    out.access_control_allow_origin = get<std::string>(values, "access.control.allow.origin");
    out.access_control_allow_methods = get<std::string>(values, "access.control.allow.methods");
    if (const auto* f = std::get_if<std::string>(&values.find("rest.basic.auth.credentials.file")->second))
        out.basic_auth_credentials_file = *f;
    out.rest_extension_classes = get<config_list>(values, "rest.extension.classes");
    out.rest_max_request_bytes = static_cast<std::size_t>(get<std::int64_t>(values, "rest.max.request.bytes"));
    out.rest_max_connections = static_cast<std::size_t>(get<std::int32_t>(values, "rest.max.connections"));
    out.rest_max_pending_request_bytes =
        static_cast<std::size_t>(get<std::int64_t>(values, "rest.max.pending.request.bytes"));
    out.java_bridge_jvm_options = get<std::string>(values, "java.bridge.jvm.options");
    out.java_bridge_preferred_classes = get<config_list>(values, "java.bridge.preferred.classes");
    return values;
}

// config.storage.* etc.: the topic's own settings (Kafka: topicSettings(prefix)).
internal_topic_settings topic_settings(const parsed_config& values, const string_map& props, const std::string& prefix,
                                       bool has_partitions) {
    internal_topic_settings t;
    t.name = get<std::string>(values, prefix + "topic");
    t.partitions = has_partitions ? get<std::int32_t>(values, prefix + "partitions") : 1;
    t.replication_factor = get<std::int16_t>(values, prefix + "replication.factor");
    for (const auto& [key, value] : props) {
        if (!key.starts_with(prefix)) continue;
        const std::string name = key.substr(prefix.size());
        if (name == "topic" || name == "partitions" || name == "replication.factor") continue;
        if (key == "offset.storage.file.filename") continue;  // a standalone key, warned about
        if (name == "cleanup.policy") {
            log::warn("Ignoring '{}': the {} topic is always compacted", key, prefix.substr(0, prefix.size() - 1));
            continue;
        }
        t.configs.emplace(name, value);
    }
    return t;
}

}  // namespace

result<standalone_config> parse_standalone_config(const string_map& props) {
    standalone_config out;
    COPYCAT_TRY(auto values, parse_common(standalone_config_def(), props, false, out));
    out.offset_storage_file = get<std::string>(values, "offset.storage.file.filename");
    return out;
}

namespace {

// inter.worker.*, checked as Kafka's DistributedConfig does: every algorithm must be one this
// worker computes, and the signature algorithm one of the verification algorithms.
result<herder::request_signing_settings> signing_settings(const parsed_config& v) {
    herder::request_signing_settings s;
    s.key_generation_algorithm = get<std::string>(v, "inter.worker.key.generation.algorithm");
    if (const auto* size = std::get_if<std::int32_t>(&v.find("inter.worker.key.size")->second)) s.key_size_bits = *size;
    s.key_ttl = std::chrono::milliseconds(get<std::int32_t>(v, "inter.worker.key.ttl.ms"));
    s.signature_algorithm = get<std::string>(v, "inter.worker.signature.algorithm");
    s.verification_algorithms = get<config_list>(v, "inter.worker.verification.algorithms");
    auto invalid = [](const std::string& value, std::string_view key, std::string_view why) {
        return make_error(errc::invalid_argument,
                          fmt::format("Invalid value {} for configuration {}: {}", value, key, why));
    };
    if (!net::generate_hmac_key(s.key_generation_algorithm, s.key_size_bits))
        return invalid(
            s.key_generation_algorithm + (s.key_size_bits ? " (" + std::to_string(*s.key_size_bits) + " bits)" : ""),
            "inter.worker.key.generation.algorithm", "Not a key generation algorithm this worker has");
    for (const std::string& a : s.verification_algorithms)
        if (!net::hmac_supported(a))
            return invalid(a, "inter.worker.verification.algorithms", "Not a MAC algorithm this worker has");
    if (s.verification_algorithms.empty())
        return invalid("", "inter.worker.verification.algorithms",
                       "At least one signature verification algorithm must be provided");
    if (!net::hmac_supported(s.signature_algorithm))
        return invalid(s.signature_algorithm, "inter.worker.signature.algorithm",
                       "Not a MAC algorithm this worker has");
    if (std::find(s.verification_algorithms.begin(), s.verification_algorithms.end(), s.signature_algorithm) ==
        s.verification_algorithms.end())
        return invalid(s.signature_algorithm, "inter.worker.signature.algorithm",
                       "Signature algorithm must be present in inter.worker.verification.algorithms list.");
    return s;
}

}  // namespace

result<distributed_config> parse_distributed_config(const string_map& props) {
    distributed_config out;
    COPYCAT_TRY(const parsed_config v, parse_common(distributed_config_def(), props, true, out));
    out.group_id = get<std::string>(v, "group.id");
    out.config_topic = topic_settings(v, props, "config.storage.", false);
    out.offset_topic = topic_settings(v, props, "offset.storage.", true);
    out.status_topic = topic_settings(v, props, "status.storage.", true);
    out.connect_protocol = get<std::string>(v, "connect.protocol");
    out.rest_internal_requests_signed = out.connect_protocol == "sessioned";
    auto ms = [&](const char* key) { return std::chrono::milliseconds(get<std::int32_t>(v, key)); };
    out.session_timeout = ms("session.timeout.ms");
    out.heartbeat_interval = ms("heartbeat.interval.ms");
    out.rebalance_timeout = ms("rebalance.timeout.ms");
    out.worker_sync_timeout = ms("worker.sync.timeout.ms");
    out.worker_unsync_backoff = ms("worker.unsync.backoff.ms");
    out.scheduled_rebalance_max_delay = ms("scheduled.rebalance.max.delay.ms");
    out.request_timeout = ms("request.timeout.ms");
    out.retry_backoff = std::chrono::milliseconds(get<std::int64_t>(v, "retry.backoff.ms"));
    auto long_ms = [&](const char* key) { return std::chrono::milliseconds(get<std::int64_t>(v, key)); };
    out.reconnect_backoff = long_ms("reconnect.backoff.ms");
    out.reconnect_backoff_max = long_ms("reconnect.backoff.max.ms");
    out.connection_setup_timeout = long_ms("socket.connection.setup.timeout.ms");
    out.client_id = get<std::string>(v, "client.id");
    COPYCAT_TRY(out.signing, signing_settings(v));
    // The validator accepted one of the three values.
    out.worker.exactly_once_source =
        *runtime::parse_exactly_once_source_support(get<std::string>(v, "exactly.once.source.support"));
    out.worker.group_id = out.group_id;
    out.worker.offsets_topic = out.offset_topic.name;
    out.worker.offsets_topic_partitions = out.offset_topic.partitions;
    out.worker.offsets_topic_replication_factor = out.offset_topic.replication_factor;
    out.worker.offsets_topic_configs = out.offset_topic.configs;
    return out;
}

std::string worker_id_for(const common_worker_config& config, const std::string& listener_host, int bound_port) {
    std::string host;
    if (config.advertised_host && !config.advertised_host->empty()) {
        host = *config.advertised_host;
    } else if (!listener_host.empty() && listener_host != "0.0.0.0" && listener_host != "::") {
        host = listener_host;
    } else {
        std::array<char, 256> name{};
        host = ::gethostname(name.data(), name.size() - 1) == 0 ? std::string(name.data()) : std::string("localhost");
    }
    const int port = config.advertised_port.value_or(bound_port);
    return host + ":" + std::to_string(port);
}

}  // namespace copycat::app
