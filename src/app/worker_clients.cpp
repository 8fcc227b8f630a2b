#include "app/worker_clients.hpp"

#include <array>
#include <regex>

#include "common/strings.hpp"

namespace copycat::app {
namespace {

// Worker settings librdkafka understands under the same name.
constexpr std::array<const char*, 9> shared_keys = {
    "security.protocol", "sasl.mechanism",           "sasl.username",    "sasl.password", "ssl.ca.location",
    "ssl.certificate.location", "ssl.key.location", "ssl.key.password", "client.id"};

std::string setting(const runtime::worker_config& worker, const char* key) {
    auto it = worker.originals.find(key);
    return it == worker.originals.end() ? std::string() : it->second;
}

// username="..." password="..." from a sasl.jaas.config login module line.
std::string jaas_option(const std::string& jaas, const std::string& name) {
    const std::regex pattern(name + "\\s*=\\s*\"([^\"]*)\"");
    std::smatch match;
    return std::regex_search(jaas, match, pattern) ? match[1].str() : std::string();
}

}  // namespace

result<rdkafka::client_config> shared_client_config(const runtime::worker_config& worker) {
    rdkafka::client_config::property_map props{{"bootstrap.servers", worker.bootstrap_servers}};
    for (const auto& [key, value] : worker.client_settings) props[key] = value;
    for (const char* key : shared_keys) {
        if (std::string value = setting(worker, key); !value.empty()) props[key] = value;
    }
    if (!props.contains("sasl.username")) {
        if (std::string jaas = setting(worker, "sasl.jaas.config"); !jaas.empty()) {
            props["sasl.username"] = jaas_option(jaas, "username");
            props["sasl.password"] = jaas_option(jaas, "password");
        }
    }
    // SASL settings without a SASL protocol only make librdkafka warn (Kafka's default
    // sasl.mechanism=GSSAPI with PLAINTEXT, for one).
    if (!to_upper(setting(worker, "security.protocol")).starts_with("SASL_"))
        std::erase_if(props, [](const auto& p) { return p.first.starts_with("sasl."); });
    auto config = rdkafka::client_config::from_map(props);
    if (!config) return make_error(errc::invalid_argument, "Invalid worker configuration: " + config.err().message);
    return config;
}

std::string member_client_id(const distributed_config& config) {
    return config.client_id.empty() ? "connect-" + config.worker.worker_id : config.client_id;
}

std::string internal_client_id(const distributed_config& config, std::string_view role) {
    std::string base = config.group_id;
    if (!trim(config.client_id).empty()) base += "-" + config.client_id;
    return base + "-" + std::string(role);
}

result<kafka_client::group_member_config> group_member_settings(const distributed_config& config) {
    const runtime::worker_config& worker = config.worker;
    COPYCAT_TRY(auto servers, kafka_client::parse_bootstrap_servers(worker.bootstrap_servers));
    kafka_client::group_member_config out;
    out.group_id = config.group_id;
    out.bootstrap_servers = servers;
    out.session_timeout = config.session_timeout;
    out.heartbeat_interval = config.heartbeat_interval;
    out.rebalance_timeout = config.rebalance_timeout;
    out.retry_backoff = config.retry_backoff;
    out.connection.request_timeout = config.request_timeout;
    out.connection.client_id = member_client_id(config);
    out.connection.reconnect_backoff = config.reconnect_backoff;
    out.connection.reconnect_backoff_max = config.reconnect_backoff_max;
    out.connection.connect_timeout = config.connection_setup_timeout;

    const std::string protocol = to_upper(setting(worker, "security.protocol"));
    using kafka_client::security_protocol;
    if (protocol.empty() || protocol == "PLAINTEXT") {
        out.connection.security = security_protocol::plaintext;
    } else if (protocol == "SSL") {
        out.connection.security = security_protocol::ssl;
    } else if (protocol == "SASL_PLAINTEXT") {
        out.connection.security = security_protocol::sasl_plaintext;
    } else if (protocol == "SASL_SSL") {
        out.connection.security = security_protocol::sasl_ssl;
    } else {
        return make_error(errc::invalid_argument, "Unsupported security.protocol " + protocol);
    }
    if (std::string mechanism = setting(worker, "sasl.mechanism"); !mechanism.empty())
        out.connection.sasl.mechanism = mechanism;
    out.connection.sasl.username = setting(worker, "sasl.username");
    out.connection.sasl.password = setting(worker, "sasl.password");
    if (std::string jaas = setting(worker, "sasl.jaas.config"); !jaas.empty() && out.connection.sasl.username.empty()) {
        out.connection.sasl.username = jaas_option(jaas, "username");
        out.connection.sasl.password = jaas_option(jaas, "password");
    }
    // The stores read at start-up (app/kafka_client_stores.hpp) are in client_settings.
    const auto store = [&](const char* key) {
        std::string value = setting(worker, key);
        if (const auto it = worker.client_settings.find(key); value.empty() && it != worker.client_settings.end())
            value = it->second;
        return value;
    };
    out.connection.tls.ca_file = store("ssl.ca.location");
    out.connection.tls.ca_pem = store("ssl.ca.pem");
    if (out.connection.tls.ca_file.empty() && !worker.client_store_settings.contains(""))
        out.connection.tls.ca_file = setting(worker, "ssl.truststore.location");  // stores not read: a PEM file
    out.connection.tls.cert_file = store("ssl.certificate.location");
    out.connection.tls.key_file = store("ssl.key.location");
    out.connection.tls.certificate_pem = store("ssl.certificate.pem");
    out.connection.tls.key_pem = store("ssl.key.pem");
    out.connection.tls.key_password = setting(worker, "ssl.key.password");
    if (setting(worker, "ssl.endpoint.identification.algorithm") == "none" ||
        (worker.originals.contains("ssl.endpoint.identification.algorithm") &&
         setting(worker, "ssl.endpoint.identification.algorithm").empty()))
        out.connection.tls.verify_hostname = false;
    COPYCAT_TRY_VOID(kafka_client::validate(out));
    return out;
}

}  // namespace copycat::app
