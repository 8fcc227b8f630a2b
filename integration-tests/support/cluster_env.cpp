#include "support/cluster_env.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <sstream>

#include <catch2/catch.hpp>

namespace copycat::itest {

std::string bootstrap_servers() {
    const char* servers = std::getenv("COPYCAT_BOOTSTRAP_SERVERS");
    if (servers == nullptr || *servers == '\0') {
        FAIL(
            "COPYCAT_BOOTSTRAP_SERVERS is not set: run cluster tests against a broker, e.g. "
            "deploy/kafka/with-kafka.sh ctest --test-dir <build-dir> -L cluster");
    }
    return servers;
}

std::string unique_name(std::string_view prefix) {
    static std::atomic<unsigned> sequence{0};
    static const unsigned run_tag = std::random_device{}();
    std::ostringstream name;
    name << prefix << '-' << ::getpid() << '-' << sequence.fetch_add(1) << '-' << std::hex << run_tag;
    return name.str();
}

}  // namespace copycat::itest
