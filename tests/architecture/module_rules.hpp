#pragma once
// The module table of docs/ARCHITECTURE.md#modules: module -> the modules whose headers it may
// include and whose library it may link ("copycat" is the public API in include/, implemented by
// the copycat_api library). include_rules_test.cpp checks every #include against it,
// link_rules_test.cpp every target's link libraries.

#include <map>
#include <set>
#include <string>

namespace copycat::test {

inline const std::map<std::string, std::set<std::string>> kAllowed = {
    {"copycat", {}},
    {"common", {}},
    {"net", {"common"}},
    // api is linked into every plugin .so, which links nothing else of Copycat: it stays std-only.
    // Helpers both plugins and the worker need (base64, Java's number text) live in the API, once;
    // any module may use them (docs/ARCHITECTURE.md#modules).
    {"api", {"copycat"}},
    {"converters", {"copycat", "common"}},
    {"kafka/rdkafka", {"common"}},
    {"kafka/protocol", {"common"}},
    {"kafka/client", {"kafka/protocol", "copycat", "common", "net"}},
    {"coordination", {"kafka/client", "kafka/protocol", "common"}},
    {"loader", {"copycat", "common"}},
    {"jvm", {"loader", "converters", "copycat", "common"}},
    {"storage", {"kafka/rdkafka", "converters", "copycat", "common"}},
    {"runtime", {"loader", "storage", "kafka/rdkafka", "converters", "copycat", "common"}},
    {"transforms", {"copycat", "common"}},
    {"herder_api", {"copycat", "common", "net"}},
    {"herder",
     {"herder_api", "runtime", "coordination", "storage", "loader", "converters", "copycat", "common", "net"}},
    {"rest", {"herder_api", "copycat", "common", "net"}},
    {"ui", {"rest", "common"}},
    {"plugins", {"copycat"}},
    // copycat-cli is a REST client: it must not pull in the worker (docs/cli.md).
    {"cli", {"copycat", "common", "net"}},
};

}  // namespace copycat::test
