#include "app/kafka_worker_keys.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <utility>

#include "copycat/config/validators.hpp"
#include "kafka/rdkafka/client_config.hpp"

namespace copycat::app {
namespace {

constexpr auto low = importance::low;
constexpr auto medium = importance::medium;
constexpr auto high = importance::high;

// Kafka's keys that Copycat accepts and does nothing with, and why (docs/migrating.md).
constexpr std::string_view java_tls = "Copycat's TLS is OpenSSL's: no Java security provider or JSSE algorithm applies";
constexpr std::string_view java_login =
    "Java's SASL login modules do not run here: librdkafka logs in with sasl.mechanism and sasl.jaas.config's "
    "username and password";
constexpr std::string_view no_librdkafka =
    "librdkafka 2.0 has no such setting; the worker's clients keep librdkafka's behaviour";
constexpr std::pair<std::string_view, std::string_view> no_effect[] = {
    {"key.converter.plugin.version", "Copycat has one version of each plugin, the one plugin.path holds"},
    {"value.converter.plugin.version", "Copycat has one version of each plugin, the one plugin.path holds"},
    {"header.converter.plugin.version", "Copycat has one version of each plugin, the one plugin.path holds"},
    {"metrics.recording.level", "Copycat's metrics are the Prometheus series of GET /metrics, all recorded"},
    {"metric.reporters", "Copycat's metrics are the Prometheus series of GET /metrics; there are no reporters"},
    {"response.http.headers.config", "Copycat's REST API sets no configured response headers"},
    {"client.dns.lookup", "librdkafka 2.0 always tries every address a broker name resolves to (use_all_dns_ips)"},
    {"internal.topics.automatic.creation.enable", "Copycat always creates missing internal topics"},
    {"worker.unsync.backoff.ms",
     "Copycat rejoins the group at once when it cannot catch up with the config topic (worker.sync.timeout.ms)"},
    {"metadata.recovery.strategy", no_librdkafka},
    {"metadata.recovery.rebootstrap.trigger.ms", no_librdkafka},
    {"metadata.cluster.check.enable", no_librdkafka},
    {"bootstrap.resolve.timeout.ms", no_librdkafka},
    {"retry.backoff.max.ms", no_librdkafka},
    {"socket.connection.setup.timeout.max.ms", no_librdkafka},
    {"ssl.protocol", java_tls},
    {"ssl.provider", java_tls},
    {"ssl.keymanager.algorithm", java_tls},
    {"ssl.trustmanager.algorithm", java_tls},
    {"ssl.secure.random.implementation", java_tls},
    {"ssl.engine.factory.class", java_tls},
    {"sasl.kerberos.kinit.cmd", "librdkafka's kinit command is its own sasl.kerberos.kinit.cmd, a whole command line"},
    {"sasl.kerberos.ticket.renew.window.factor", java_login},
    {"sasl.kerberos.ticket.renew.jitter", java_login},
    {"sasl.login.refresh.window.factor", java_login},
    {"sasl.login.refresh.window.jitter", java_login},
    {"sasl.login.refresh.min.period.seconds", java_login},
    {"sasl.login.refresh.buffer.seconds", java_login},
    {"sasl.client.callback.handler.class", java_login},
    {"sasl.login.callback.handler.class", java_login},
    {"sasl.login.class", java_login},
    {"sasl.login.connect.timeout.ms", java_login},
    {"sasl.login.read.timeout.ms", java_login},
    {"sasl.login.retry.backoff.max.ms", java_login},
    {"sasl.login.retry.backoff.ms", java_login},
    {"sasl.oauthbearer.jwt.retriever.class", java_login},
    {"sasl.oauthbearer.jwt.validator.class", java_login},
    {"sasl.oauthbearer.assertion.algorithm", java_login},
    {"sasl.oauthbearer.assertion.claim.aud", java_login},
    {"sasl.oauthbearer.assertion.claim.exp.seconds", java_login},
    {"sasl.oauthbearer.assertion.claim.iss", java_login},
    {"sasl.oauthbearer.assertion.claim.jti.include", java_login},
    {"sasl.oauthbearer.assertion.claim.nbf.seconds", java_login},
    {"sasl.oauthbearer.assertion.claim.sub", java_login},
    {"sasl.oauthbearer.assertion.file", java_login},
    {"sasl.oauthbearer.assertion.private.key.file", java_login},
    {"sasl.oauthbearer.assertion.private.key.passphrase", java_login},
    {"sasl.oauthbearer.assertion.template.file", java_login},
    {"sasl.oauthbearer.scope.claim.name", java_login},
    {"sasl.oauthbearer.sub.claim.name", java_login},
    {"sasl.oauthbearer.jwks.endpoint.url", java_login},
    {"sasl.oauthbearer.jwks.endpoint.refresh.ms", java_login},
    {"sasl.oauthbearer.jwks.endpoint.retry.backoff.max.ms", java_login},
    {"sasl.oauthbearer.jwks.endpoint.retry.backoff.ms", java_login},
    {"sasl.oauthbearer.clock.skew.seconds", java_login},
    {"sasl.oauthbearer.allow.unverified.audience", java_login},
    {"sasl.oauthbearer.expected.audience", java_login},
    {"sasl.oauthbearer.allow.unverified.issuer", java_login},
    {"sasl.oauthbearer.expected.issuer", java_login},
    {"sasl.oauthbearer.header.urlencode", java_login},
};

// A numeric Kafka key and its librdkafka equivalent: librdkafka's name and range; Java's -1
// ("the operating system's default") is librdkafka's 0 where `minus_one_is_zero`.
struct numeric_mapping {
    std::string_view kafka;
    std::string_view librdkafka;
    std::int64_t min;
    std::int64_t max;
    bool minus_one_is_zero = false;
};
constexpr numeric_mapping numeric_mappings[] = {
    {"reconnect.backoff.ms", "reconnect.backoff.ms", 0, 3'600'000},
    {"reconnect.backoff.max.ms", "reconnect.backoff.max.ms", 0, 3'600'000},
    {"socket.connection.setup.timeout.ms", "socket.connection.setup.timeout.ms", 1000, 2'147'483'647},
    {"send.buffer.bytes", "socket.send.buffer.bytes", 0, 100'000'000, true},
    {"receive.buffer.bytes", "socket.receive.buffer.bytes", 0, 100'000'000, true},
    // Java: a negative value never closes idle connections; librdkafka: 0.
    {"connections.max.idle.ms", "connections.max.idle.ms", 0, 2'147'483'647},
    {"metadata.max.age.ms", "metadata.max.age.ms", 1, 86'400'000},
    {"retry.backoff.ms", "retry.backoff.ms", 1, 300'000},
    // Java's request timeout is librdkafka's socket.timeout.ms (its request.timeout.ms is the
    // producer's acknowledgement timeout).
    {"request.timeout.ms", "socket.timeout.ms", 10, 300'000},
    {"sasl.kerberos.min.time.before.relogin", "sasl.kerberos.min.time.before.relogin", 0, 86'400'000},
};

// Text keys librdkafka has under another (or the same) name.
constexpr std::pair<std::string_view, std::string_view> text_mappings[] = {
    {"sasl.kerberos.service.name", "sasl.kerberos.service.name"},
    {"sasl.oauthbearer.token.endpoint.url", "sasl.oauthbearer.token.endpoint.url"},
    {"sasl.oauthbearer.scope", "sasl.oauthbearer.scope"},
    {"sasl.oauthbearer.client.credentials.client.id", "sasl.oauthbearer.client.id"},
    {"sasl.oauthbearer.client.credentials.client.secret", "sasl.oauthbearer.client.secret"},
    {"ssl.keystore.key", "ssl.key.pem"},
    {"ssl.keystore.certificate.chain", "ssl.certificate.pem"},
    {"ssl.truststore.certificates", "ssl.ca.pem"},
};

std::optional<std::int64_t> integer(const parsed_value& v) {
    if (const auto* i = std::get_if<std::int16_t>(&v)) return *i;
    if (const auto* i = std::get_if<std::int32_t>(&v)) return *i;
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    return std::nullopt;
}

std::optional<std::string> text(const parsed_value& v) {
    if (const auto* s = std::get_if<std::string>(&v)) return *s;
    if (const auto* p = std::get_if<password>(&v)) return p->value();
    return std::nullopt;
}

}  // namespace

void define_kafka_client_keys(config_def& def) {
    const auto list = config_type::list;
    const auto str = config_type::string;
    const auto pass = config_type::password;
    const auto cls = config_type::class_;
    const std::string_view plugin_version_doc = "The version of the converter plugin to use.";
    for (const char* key :
         {"key.converter.plugin.version", "value.converter.plugin.version", "header.converter.plugin.version"})
        def.define(key, str, nullptr, low, std::string(plugin_version_doc));
    // WorkerConfig's TLS settings: the REST listeners' (without listeners.https.*) and the clients'.
    def.define("ssl.protocol", str, "TLSv1.3", medium, "The SSL protocol used to generate the SSLContext.")
        .define("ssl.provider", str, nullptr, medium, "The name of the security provider used for SSL connections.")
        .define("ssl.cipher.suites", list, config_list{}, low, "A list of cipher suites.")
        .define("ssl.enabled.protocols", list, "TLSv1.2,TLSv1.3", medium,
                "The list of protocols enabled for SSL connections.")
        .define("ssl.keystore.type", str, "JKS", medium, "The file format of the key store file.")
        .define("ssl.keystore.location", str, nullptr, high, "The location of the key store file.")
        .define("ssl.keystore.password", pass, nullptr, high, "The store password for the key store file.")
        .define("ssl.key.password", pass, nullptr, high, "The password of the private key.")
        .define("ssl.keystore.key", pass, nullptr, high, "Private key in the format of ssl.keystore.type.")
        .define("ssl.keystore.certificate.chain", pass, nullptr, high,
                "Certificate chain in the format of ssl.keystore.type.")
        .define("ssl.truststore.certificates", pass, nullptr, high,
                "Trusted certificates in the format of ssl.truststore.type.")
        .define("ssl.truststore.type", str, "JKS", medium, "The file format of the trust store file.")
        .define("ssl.truststore.location", str, nullptr, high, "The location of the trust store file.")
        .define("ssl.truststore.password", pass, nullptr, high,
                "The password for the trust store file.")
        .define("ssl.keymanager.algorithm", str, "SunX509", low, "The algorithm used by key manager factory.")
        .define("ssl.trustmanager.algorithm", str, "PKIX", low, "The algorithm used by trust manager factory.")
        .define("ssl.endpoint.identification.algorithm", str, "https", low,
                "The endpoint identification algorithm to validate server hostname using server certificate.")
        .define("ssl.secure.random.implementation", str, nullptr, low,
                "The SecureRandom PRNG implementation to use for SSL cryptography operations.")
        .define("ssl.engine.factory.class", cls, nullptr, low,
                "The class of type org.apache.kafka.common.security.auth.SslEngineFactory.");
    // DistributedConfig's client settings.
    def.define("send.buffer.bytes", config_type::int_, 131072, range::at_least(-1), medium,
               "The size of the TCP send buffer (SO_SNDBUF) to use when sending data. -1: the OS default.")
        .define("receive.buffer.bytes", config_type::int_, 32768, range::at_least(-1), medium,
                "The size of the TCP receive buffer (SO_RCVBUF) to use when reading data. -1: the OS default.")
        .define("reconnect.backoff.ms", config_type::long_, 50, range::at_least(0), low,
                "The base amount of time to wait before attempting to reconnect to a given host.")
        .define("reconnect.backoff.max.ms", config_type::long_, 1000, range::at_least(0), low,
                "The maximum amount of time to wait when reconnecting to a broker that has repeatedly failed to "
                "connect.")
        .define("socket.connection.setup.timeout.ms", config_type::long_, 10000, range::at_least(0), medium,
                "The amount of time the client will wait for the socket connection to be established.")
        .define("socket.connection.setup.timeout.max.ms", config_type::long_, 30000, range::at_least(0), medium,
                "The maximum amount of time the client will wait for the socket connection to be established.")
        .define("retry.backoff.max.ms", config_type::long_, 1000, range::at_least(0), low,
                "The maximum amount of time to wait when retrying a request that has repeatedly failed.")
        .define("bootstrap.resolve.timeout.ms", config_type::long_, 0, range::at_least(0), medium,
                "The time to keep resolving the bootstrap servers' names at start-up.")
        .define("connections.max.idle.ms", config_type::long_, 540000, medium,
                "Close idle connections after the number of milliseconds specified by this config.")
        .define("metadata.recovery.strategy", str, "rebootstrap",
                case_insensitive_valid_string::in({"rebootstrap", "none"}), low,
                "Controls how the client recovers when none of the brokers known to it is available.")
        .define("metadata.recovery.rebootstrap.trigger.ms", config_type::long_, 300000, range::at_least(0), low,
                "How long to wait for a response from the known brokers before rebootstrapping.")
        .define("metadata.cluster.check.enable", config_type::boolean, true, low,
                "Whether the client checks that the brokers it reaches belong to the cluster it first saw.");
    // SASL: sasl.mechanism and sasl.jaas.config are what librdkafka logs in with.
    def.define("sasl.mechanism", str, "GSSAPI", medium, "SASL mechanism used for client connections.")
        .define("sasl.jaas.config", pass, nullptr, medium, "JAAS login context parameters for SASL connections.")
        .define("sasl.kerberos.service.name", str, nullptr, medium,
                "The Kerberos principal name that Kafka runs as.")
        .define("sasl.kerberos.kinit.cmd", str, "/usr/bin/kinit", low, "Kerberos kinit command path.")
        .define("sasl.kerberos.ticket.renew.window.factor", config_type::double_, 0.8, low,
                "Login thread will sleep until the specified window factor of time from last refresh to ticket's "
                "expiry has been reached.")
        .define("sasl.kerberos.ticket.renew.jitter", config_type::double_, 0.05, low,
                "Percentage of random jitter added to the renewal time.")
        .define("sasl.kerberos.min.time.before.relogin", config_type::long_, 60000, low,
                "Login thread sleep time between refresh attempts.")
        .define("sasl.login.refresh.window.factor", config_type::double_, 0.8, range::between(0.5, 1.0), low,
                "Login refresh thread will sleep until the specified window factor relative to the credential's "
                "lifetime has been reached.")
        .define("sasl.login.refresh.window.jitter", config_type::double_, 0.05, range::between(0.0, 0.25), low,
                "The maximum amount of random jitter relative to the credential's lifetime.")
        .define("sasl.login.refresh.min.period.seconds", config_type::short_, 60, range::between(0, 900), low,
                "The desired minimum time for the login refresh thread to wait before refreshing a credential.")
        .define("sasl.login.refresh.buffer.seconds", config_type::short_, 300, range::between(0, 3600), low,
                "The amount of buffer time before credential expiration to maintain when refreshing a credential.")
        .define("sasl.client.callback.handler.class", cls, nullptr, medium,
                "The fully qualified name of a SASL client callback handler class.")
        .define("sasl.login.callback.handler.class", cls, nullptr, medium,
                "The fully qualified name of a SASL login callback handler class.")
        .define("sasl.login.class", cls, nullptr, medium,
                "The fully qualified name of a class that implements the Login interface.")
        .define("sasl.login.connect.timeout.ms", config_type::int_, nullptr, low,
                "The connection timeout of the external authentication provider.")
        .define("sasl.login.read.timeout.ms", config_type::int_, nullptr, low,
                "The read timeout of the external authentication provider.")
        .define("sasl.login.retry.backoff.max.ms", config_type::long_, 10000, low,
                "The maximum wait between login attempts to the external authentication provider.")
        .define("sasl.login.retry.backoff.ms", config_type::long_, 100, low,
                "The initial wait between login attempts to the external authentication provider.")
        .define("sasl.oauthbearer.jwt.retriever.class", cls,
                "org.apache.kafka.common.security.oauthbearer.DefaultJwtRetriever", low,
                "The class that retrieves a JWT.")
        .define("sasl.oauthbearer.jwt.validator.class", cls,
                "org.apache.kafka.common.security.oauthbearer.DefaultJwtValidator", low,
                "The class that validates a JWT.")
        .define("sasl.oauthbearer.scope", str, nullptr, medium, "The scope to request from the token endpoint.")
        .define("sasl.oauthbearer.client.credentials.client.id", str, nullptr, medium,
                "The client id of the client credentials grant.")
        .define("sasl.oauthbearer.client.credentials.client.secret", pass, nullptr, medium,
                "The client secret of the client credentials grant.")
        .define("sasl.oauthbearer.assertion.algorithm", str, "RS256",
                case_insensitive_valid_string::in({"ES256", "RS256"}), medium,
                "The algorithm the client signs its JWT assertion with.")
        .define("sasl.oauthbearer.assertion.claim.aud", str, nullptr, medium, "The JWT assertion's aud claim.")
        .define("sasl.oauthbearer.assertion.claim.exp.seconds", config_type::int_, 300, range::between(0, 86400),
                low, "The lifetime of the JWT assertion, in seconds.")
        .define("sasl.oauthbearer.assertion.claim.iss", str, nullptr, medium, "The JWT assertion's iss claim.")
        .define("sasl.oauthbearer.assertion.claim.jti.include", config_type::boolean, false, medium,
                "Whether the JWT assertion has a jti claim.")
        .define("sasl.oauthbearer.assertion.claim.nbf.seconds", config_type::int_, 60, range::between(0, 3600), low,
                "How long before now the JWT assertion's nbf claim is, in seconds.")
        .define("sasl.oauthbearer.assertion.claim.sub", str, nullptr, medium, "The JWT assertion's sub claim.")
        .define("sasl.oauthbearer.assertion.file", str, nullptr, medium, "A file holding a JWT assertion.")
        .define("sasl.oauthbearer.assertion.private.key.file", str, nullptr, medium,
                "The private key the JWT assertion is signed with.")
        .define("sasl.oauthbearer.assertion.private.key.passphrase", pass, nullptr, medium,
                "The passphrase of the assertion's private key.")
        .define("sasl.oauthbearer.assertion.template.file", str, nullptr, medium,
                "A template of the JWT assertion's header and claims.")
        .define("sasl.oauthbearer.scope.claim.name", str, "scope", low, "The JWT claim that holds the scope.")
        .define("sasl.oauthbearer.sub.claim.name", str, "sub", low, "The JWT claim that holds the subject.")
        .define("sasl.oauthbearer.token.endpoint.url", str, nullptr, medium, "The OAuth/OIDC token endpoint URL.")
        .define("sasl.oauthbearer.jwks.endpoint.url", str, nullptr, medium, "The OAuth/OIDC JWKS endpoint URL.")
        .define("sasl.oauthbearer.jwks.endpoint.refresh.ms", config_type::long_, 3600000, low,
                "How often the JWKS cache is refreshed.")
        .define("sasl.oauthbearer.jwks.endpoint.retry.backoff.max.ms", config_type::long_, 10000, low,
                "The maximum wait between attempts to read the JWKS endpoint.")
        .define("sasl.oauthbearer.jwks.endpoint.retry.backoff.ms", config_type::long_, 100, low,
                "The initial wait between attempts to read the JWKS endpoint.")
        .define("sasl.oauthbearer.clock.skew.seconds", config_type::int_, 30, low,
                "The clock difference allowed between the client and the token issuer, in seconds.")
        .define("sasl.oauthbearer.allow.unverified.audience", config_type::boolean, false, low,
                "Whether a token without a verified audience is accepted.")
        .define("sasl.oauthbearer.expected.audience", list, config_list{}, low,
                "The audiences a token must name.")
        .define("sasl.oauthbearer.allow.unverified.issuer", config_type::boolean, false, low,
                "Whether a token without a verified issuer is accepted.")
        .define("sasl.oauthbearer.expected.issuer", str, nullptr, low, "The issuer a token must name.")
        .define("sasl.oauthbearer.header.urlencode", config_type::boolean, false, low,
                "Whether the client id and secret are URL-encoded in the authorization header.");
}

void define_kafka_distributed_keys(config_def& def) {
    def.define("internal.topics.automatic.creation.enable", config_type::boolean, true, low,
               "Whether the worker creates its internal topics when they are missing.");
}

std::optional<std::string_view> no_effect_reason(std::string_view key) {
    for (const auto& [name, why] : no_effect)
        if (name == key) return why;
    return std::nullopt;
}

librdkafka_settings librdkafka_settings_from(const string_map& props, const parsed_config& values) {
    librdkafka_settings out;
    const auto value_of = [&](std::string_view key) -> const parsed_value* {
        if (!props.contains(key)) return nullptr;  // only what the worker file sets
        const auto it = values.find(key);
        return it == values.end() || std::holds_alternative<std::monostate>(it->second) ? nullptr : &it->second;
    };
    // A setting this librdkafka build refuses (OAuth/OIDC needs libcurl, for one) is left out, with
    // a warning naming the Kafka key, rather than stopping every client of the worker.
    const auto put = [&](std::string_view kafka, std::string_view name, std::string value) {
        if (auto set = rdkafka::client_config().set(name, value); !set) {
            out.warnings.push_back(fmt::format("Ignoring worker configuration '{}': librdkafka refuses {}: {}", kafka,
                                               name, set.err().message));
            return false;
        }
        out.settings[std::string(name)] = std::move(value);
        return true;
    };
    for (const numeric_mapping& m : numeric_mappings) {
        const parsed_value* v = value_of(m.kafka);
        const auto n = v == nullptr ? std::nullopt : integer(*v);
        if (!n) continue;
        std::int64_t used = m.minus_one_is_zero && *n == -1 ? 0 : std::clamp(*n, m.min, m.max);
        if (used != *n && !(m.minus_one_is_zero && *n == -1))
            out.warnings.push_back(fmt::format(
                "Worker configuration '{}' is {}: the worker's clients use {} (librdkafka's {} takes {} to {})", m.kafka,
                *n, used, m.librdkafka, m.min, m.max));
        put(m.kafka, m.librdkafka, std::to_string(used));
    }
    for (const auto& [kafka, librdkafka] : text_mappings) {
        const parsed_value* v = value_of(kafka);
        const auto t = v == nullptr ? std::nullopt : text(*v);
        if (t && put(kafka, librdkafka, *t) && kafka == "sasl.oauthbearer.token.endpoint.url")
            put(kafka, "sasl.oauthbearer.method", "oidc");
    }
    // Kafka's empty algorithm turns host name verification off; librdkafka says "none".
    if (const parsed_value* v = value_of("ssl.endpoint.identification.algorithm")) {
        const std::string algorithm = text(*v).value_or("");
        if (algorithm.empty() || algorithm == "https")
            put("ssl.endpoint.identification.algorithm", "ssl.endpoint.identification.algorithm",
                algorithm.empty() ? "none" : "https");
        else
            out.warnings.push_back(fmt::format(
                "Worker configuration 'ssl.endpoint.identification.algorithm' is {}: librdkafka verifies host names "
                "with https or not at all; it keeps https",
                algorithm));
    }
    return out;
}

}  // namespace copycat::app
