#pragma once
// Settings shared by every broker connection of a client (Kafka's CommonClientConfigs subset).

#include <chrono>
#include <cstddef>
#include <string>

#include "kafka/protocol/frame.hpp"

namespace copycat::kafka_client {

// security.protocol. TLS is a transport (tls_transport); SASL runs between the ApiVersions
// exchange and `ready` (sasl_authenticator).
enum class security_protocol { plaintext, ssl, sasl_plaintext, sasl_ssl };

// The ssl.* settings, as PEM files or PEM text (JKS and PKCS12 stores read into PEM at start-up:
// app/kafka_client_stores.hpp).
struct tls_options {
    std::string ca_file;       // trusted CAs; empty (and no ca_pem): the system's default trust store
    std::string cert_file;     // client certificate chain, for brokers that require client auth
    std::string key_file;      // its private key
    std::string key_password;  // the key's passphrase, if it has one
    std::string ca_pem;               // trusted CAs as PEM text
    std::string certificate_pem;      // the client certificate chain as PEM text
    std::string key_pem;              // its private key as (unencrypted) PEM text; never logged
    // ssl.endpoint.identification.algorithm=https (Kafka's default): the broker's certificate
    // must name the host connected to.
    bool verify_hostname = true;
};

// sasl.mechanism and the credentials of sasl.jaas.config's login module.
struct sasl_options {
    std::string mechanism = "PLAIN";  // PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512
    std::string username;
    std::string password;
};

struct connection_options {
    std::string client_id = "copycat";
    // ApiVersions v3+ ClientSoftwareName / ClientSoftwareVersion; must match
    // kafka_protocol::is_valid_client_software_token or the broker answers INVALID_REQUEST.
    std::string client_software_name = "copycat";
    std::string client_software_version = "0.1.0";
    security_protocol security = security_protocol::plaintext;
    sasl_options sasl;  // used when security is sasl_plaintext or sasl_ssl
    tls_options tls;    // used when security is ssl or sasl_ssl
    // socket.connection.setup.timeout.ms: name resolution plus TCP connect.
    std::chrono::milliseconds connect_timeout{10'000};
    // request.timeout.ms: the default time a request may wait for its response. When it passes
    // the connection is closed (as Kafka's NetworkClient does: responses come in order, so a late
    // one would be misread), which fails every other pending request too.
    std::chrono::milliseconds request_timeout{40'000};
    // reconnect.backoff.ms and reconnect.backoff.max.ms: the wait after a failed connection
    // attempt, doubling per consecutive failure up to the maximum.
    std::chrono::milliseconds reconnect_backoff{50};
    std::chrono::milliseconds reconnect_backoff_max{1'000};
    // Largest response frame accepted.
    std::size_t max_frame_size = kafka_protocol::default_max_frame_size;
};

}  // namespace copycat::kafka_client
