#pragma once
// The key and trust stores of the worker's Kafka clients, read at start-up: Kafka's
// ssl.keystore.location / .type / .password, ssl.key.password and ssl.truststore.location /
// .type / .password, top-level for the worker's own clients (and the admin clients it makes for
// connectors) and prefixed with producer., consumer. or admin. for the tasks' clients, become
// librdkafka's settings (docs/security.md "TLS key and trust stores"):
//   - a JKS or PKCS12 keystore: ssl.certificate.pem and ssl.key.pem, read by net/key_store in
//     memory (the key unencrypted there only: never written to disk, never logged);
//   - a JKS or PKCS12 truststore: ssl.ca.pem;
//   - a PEM keystore file: ssl.certificate.location and ssl.key.location (with ssl.key.password);
//     a PEM truststore file: ssl.ca.location.
// Both JKS and PKCS12 go through PEM, so that the group member (Copycat's own Kafka client,
// kafka/client) and librdkafka use the same material and a wrong password fails at start-up,
// naming the key, rather than when a client first connects.
//
// A client's stores are read when its security.protocol is SSL or SASL_SSL (as Kafka loads them
// for TLS channels only). A connector's producer.override.* / consumer.override.* /
// admin.override.* store keys are read the same way when its tasks' clients are built
// (runtime/client_configs.hpp, through worker_config::client_store_reader, which
// read_client_stores sets).

#include <string>

#include "common/result.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::app {

// librdkafka's store settings from the store keys of one client, `keys` without their prefix
// (`prefix` names them in errors). The librdkafka keys set directly (ssl.ca.location,
// ssl.key.pem, ...) are kept unless a Kafka store replaces them.
result<runtime::string_map> librdkafka_store_settings(const runtime::string_map& keys, const std::string& prefix);

// Reads every client's stores from worker.originals: the top-level ones into
// worker.client_settings and, with the prefixed ones, worker.client_store_settings; sets
// worker.client_store_reader.
result<void> read_client_stores(runtime::worker_config& worker);

}  // namespace copycat::app
