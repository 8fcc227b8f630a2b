#include "net/tls_settings.hpp"

#include <string_view>

#include "common/strings.hpp"

namespace copycat::net {

tls_settings tls_settings_from(const std::map<std::string, std::string, std::less<>>& props,
                               const std::string& prefix) {
    bool prefixed = false;
    for (const auto& [key, value] : props) {
        if (!prefix.empty() && key.size() > prefix.size() && key.starts_with(prefix)) {
            prefixed = true;
            break;
        }
    }
    const std::string base = prefixed ? prefix : std::string();
    const auto get = [&](std::string_view key, std::string& out) {
        if (auto it = props.find(base + std::string(key)); it != props.end()) out = it->second;
    };
    const auto get_optional = [&](std::string_view key, std::optional<std::string>& out) {
        if (auto it = props.find(base + std::string(key)); it != props.end()) out = it->second;
    };
    tls_settings s;
    s.config_prefix = base;
    get("ssl.keystore.type", s.keystore_type);
    get_optional("ssl.keystore.password", s.keystore_password);
    get_optional("ssl.truststore.password", s.truststore_password);
    get("ssl.keystore.location", s.keystore_location);
    get("ssl.keystore.certificate.chain", s.keystore_certificate_chain);
    get("ssl.keystore.key", s.keystore_key);
    get("ssl.key.password", s.key_password);
    get("ssl.truststore.type", s.truststore_type);
    get("ssl.truststore.location", s.truststore_location);
    get("ssl.truststore.certificates", s.truststore_certificates);
    get("ssl.client.auth", s.client_auth);
    get("ssl.endpoint.identification.algorithm", s.endpoint_identification_algorithm);
    std::string text;
    if (get("ssl.enabled.protocols", text), !text.empty()) s.enabled_protocols = split_list(text);
    text.clear();
    if (get("ssl.cipher.suites", text), !text.empty()) s.cipher_suites = split_list(text);
    s.keystore_type = std::string(trim(s.keystore_type));
    s.truststore_type = std::string(trim(s.truststore_type));
    s.client_auth = std::string(trim(s.client_auth));
    return s;
}

}  // namespace copycat::net
