#pragma once
// The environment of a cluster test: the broker that deploy/kafka/with-kafka.sh started (its
// PLAINTEXT, SASL_SSL and SSL listeners, test CA and SCRAM user), and names that keep tests
// sharing that broker apart.

#include <string>
#include <string_view>

namespace copycat::itest {

// The broker address from COPYCAT_BOOTSTRAP_SERVERS. When it is unset or empty the running
// test FAILS (it does not skip): cluster tests are meant to run under with-kafka.sh.
std::string bootstrap_servers();

// The SASL_SSL listener (TLS + SCRAM-SHA-256 and SCRAM-SHA-512) from
// COPYCAT_SASL_SSL_BOOTSTRAP_SERVERS, and the SSL-only listener (TLS, no client authentication)
// from COPYCAT_SSL_BOOTSTRAP_SERVERS. FAIL when unset, like bootstrap_servers().
std::string sasl_ssl_bootstrap_servers();
std::string ssl_bootstrap_servers();

// The PEM file of the test CA that signed the broker's certificate (COPYCAT_KAFKA_CA_FILE); the
// certificate names IP 127.0.0.1 and DNS localhost. FAILS when unset.
std::string kafka_ca_file();

// The SCRAM user the broker knows (COPYCAT_SCRAM_USERNAME, COPYCAT_SCRAM_PASSWORD), with
// credentials for both SCRAM-SHA-256 and SCRAM-SHA-512. FAIL when unset.
std::string scram_username();
std::string scram_password();

// The PostgreSQL server deploy/postgres/with-postgres.sh started, as a libpq conninfo
// (COPYCAT_PG_CONNINFO). FAILS when unset: the tests that need it run under with-postgres.sh.
std::string postgres_conninfo();

// A topic or group name unique to this call: "<prefix>-<pid>-<sequence>-<random hex>", so tests
// in one run and runs sharing a broker never collide. Only [a-zA-Z0-9._-] when prefix is.
std::string unique_name(std::string_view prefix);

}  // namespace copycat::itest
