#include "app/kafka_client_stores.hpp"

#include <optional>
#include <string_view>

#include "common/strings.hpp"
#include "net/key_store.hpp"

namespace copycat::app {
namespace {

using runtime::string_map;

// librdkafka's own store keys, kept when no Kafka store replaces them.
constexpr std::string_view librdkafka_keys[] = {"ssl.key.location", "ssl.certificate.location", "ssl.ca.location",
                                                "ssl.key.pem",      "ssl.certificate.pem",      "ssl.ca.pem",
                                                "ssl.key.password"};

std::optional<std::string> value_of(const string_map& keys, std::string_view key) {
    const auto it = keys.find(key);
    return it == keys.end() ? std::nullopt : std::optional(it->second);
}

std::string location_of(const string_map& keys, std::string_view key) {
    return std::string(trim(value_of(keys, key).value_or("")));
}

net::store_file store_of(const string_map& keys, const std::string& prefix, bool trust) {
    const std::string base = trust ? "ssl.truststore." : "ssl.keystore.";
    return {.prefix = prefix,
            .trust = trust,
            .type = value_of(keys, base + "type").value_or(""),
            .location = location_of(keys, base + "location"),
            .password = value_of(keys, base + "password")};
}

bool uses_tls(const string_map& keys) {
    const std::string protocol = to_upper(trim(value_of(keys, "security.protocol").value_or("")));
    return protocol == "SSL" || protocol == "SASL_SSL";
}

bool names_a_store(const string_map& keys) {
    return !location_of(keys, "ssl.keystore.location").empty() || !location_of(keys, "ssl.truststore.location").empty();
}

// `props`' keys that start with `prefix`, without it.
string_map with_prefix(const string_map& props, std::string_view prefix) {
    string_map out;
    for (auto it = props.lower_bound(prefix); it != props.end() && it->first.starts_with(prefix); ++it)
        if (it->first.size() > prefix.size()) out[it->first.substr(prefix.size())] = it->second;
    return out;
}

}  // namespace

result<string_map> librdkafka_store_settings(const string_map& keys, const std::string& prefix) {
    string_map out;
    for (std::string_view key : librdkafka_keys)
        if (auto v = value_of(keys, key)) out[std::string(key)] = *v;
    if (const net::store_file store = store_of(keys, prefix, false); !store.location.empty()) {
        COPYCAT_TRY(const net::store_format format, net::store_format_of(store));
        for (const char* key : {"ssl.key.location", "ssl.certificate.location", "ssl.key.pem", "ssl.certificate.pem"})
            out.erase(key);
        if (format == net::store_format::pem) {
            out["ssl.certificate.location"] = store.location;
            out["ssl.key.location"] = store.location;
        } else {
            COPYCAT_TRY(net::pem_key_pair pair, net::read_key_store(store, value_of(keys, "ssl.key.password")));
            out.erase("ssl.key.password");  // the PEM key is not encrypted
            out["ssl.certificate.pem"] = std::move(pair.certificate_chain);
            out["ssl.key.pem"] = std::move(pair.private_key);
        }
    }
    if (const net::store_file store = store_of(keys, prefix, true); !store.location.empty()) {
        COPYCAT_TRY(const net::store_format format, net::store_format_of(store));
        out.erase("ssl.ca.location");
        out.erase("ssl.ca.pem");
        if (format == net::store_format::pem) {
            out["ssl.ca.location"] = store.location;
        } else {
            COPYCAT_TRY(out["ssl.ca.pem"], net::read_trust_store(store));
        }
    }
    return out;
}

result<void> read_client_stores(runtime::worker_config& worker) {
    worker.client_store_reader = &librdkafka_store_settings;
    const string_map& props = worker.originals;
    if (uses_tls(props) && names_a_store(props)) {
        COPYCAT_TRY(string_map stores, librdkafka_store_settings(props, ""));
        for (const auto& [key, value] : stores) worker.client_settings.insert_or_assign(key, value);
        worker.client_store_settings[""] = std::move(stores);
    }
    for (const std::string prefix : {"producer.", "consumer.", "admin."}) {
        const string_map own = with_prefix(props, prefix);
        string_map keys = own;
        if (prefix == "admin.") {  // the admin client starts from the top-level keys (client_configs.hpp)
            keys = props;
            for (const auto& [key, value] : own) keys.insert_or_assign(key, value);
        }
        if (!uses_tls(keys) || !names_a_store(own)) continue;
        COPYCAT_TRY(worker.client_store_settings[prefix], librdkafka_store_settings(keys, prefix));
    }
    return {};
}

}  // namespace copycat::app
