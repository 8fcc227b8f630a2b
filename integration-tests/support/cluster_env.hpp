#pragma once
// The environment of a cluster test: the broker that deploy/kafka/with-kafka.sh started, and
// names that keep tests sharing that broker apart.

#include <string>
#include <string_view>

namespace copycat::itest {

// The broker address from COPYCAT_BOOTSTRAP_SERVERS. When it is unset or empty the running
// test FAILS (it does not skip): cluster tests are meant to run under with-kafka.sh.
std::string bootstrap_servers();

// A topic or group name unique to this call: "<prefix>-<pid>-<sequence>-<random hex>", so tests
// in one run and runs sharing a broker never collide. Only [a-zA-Z0-9._-] when prefix is.
std::string unique_name(std::string_view prefix);

}  // namespace copycat::itest
