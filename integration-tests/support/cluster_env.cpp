#include "support/cluster_env.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <sstream>

#include <catch2/catch.hpp>

namespace copycat::itest {

namespace {

// The value of a variable with-kafka.sh sets; FAILS the running test when it is unset or empty.
std::string required_env(const char* name) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') {
        FAIL(name
             << " is not set: run cluster tests against a broker started by "
                "deploy/kafka/with-kafka.sh, e.g. deploy/kafka/with-kafka.sh ctest --test-dir <build-dir> -L cluster");
    }
    return value;
}

}  // namespace

std::string bootstrap_servers() {
    const char* servers = std::getenv("COPYCAT_BOOTSTRAP_SERVERS");
    if (servers == nullptr || *servers == '\0') {
        FAIL(
            "COPYCAT_BOOTSTRAP_SERVERS is not set: run cluster tests against a broker, e.g. "
            "deploy/kafka/with-kafka.sh ctest --test-dir <build-dir> -L cluster");
    }
    return servers;
}

std::string postgres_conninfo() {
    const char* conninfo = std::getenv("COPYCAT_PG_CONNINFO");
    if (conninfo == nullptr || *conninfo == '\0') {
        FAIL(
            "COPYCAT_PG_CONNINFO is not set: run the tests that need PostgreSQL against a server, e.g. "
            "deploy/postgres/with-postgres.sh deploy/kafka/with-kafka.sh ctest --test-dir <build-dir> -L cluster");
    }
    return conninfo;
}

std::string sasl_ssl_bootstrap_servers() { return required_env("COPYCAT_SASL_SSL_BOOTSTRAP_SERVERS"); }

std::string ssl_bootstrap_servers() { return required_env("COPYCAT_SSL_BOOTSTRAP_SERVERS"); }

std::string kafka_ca_file() { return required_env("COPYCAT_KAFKA_CA_FILE"); }

std::string scram_username() { return required_env("COPYCAT_SCRAM_USERNAME"); }

std::string scram_password() { return required_env("COPYCAT_SCRAM_PASSWORD"); }

std::string unique_name(std::string_view prefix) {
    static std::atomic<unsigned> sequence{0};
    static const unsigned run_tag = std::random_device{}();
    std::ostringstream name;
    name << prefix << '-' << ::getpid() << '-' << sequence.fetch_add(1) << '-' << std::hex << run_tag;
    return name.str();
}

}  // namespace copycat::itest
