// Keeps what each library links within its module's row of docs/ARCHITECTURE.md#modules, as
// include_rules_test.cpp does for what it includes: a header-only dependency can hide an #include
// rule being bent, a link cannot (the REST layer links herder_api, not the herder, so it compiles
// and links against nothing of the runtime or the stores). The links come from CMake at configure
// time (tests/architecture/CMakeLists.txt writes each copycat_<module> library's LINK_LIBRARIES).
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "architecture/module_rules.hpp"

namespace {

// copycat_kafka_client / copycat::kafka_client -> "kafka/client"; the API's library is the
// module "copycat" when linked; rest_handlers belongs to "rest".
std::string module_of_target(std::string name) {
    for (const std::string prefix : {"copycat::", "copycat_"}) {
        if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
    }
    if (name == "rdkafka") return "kafka/rdkafka";
    if (name == "kafka_client") return "kafka/client";
    if (name == "kafka_protocol") return "kafka/protocol";
    if (name == "rest_handlers") return "rest";
    if (name == "api") return "copycat";
    return name;
}

bool is_copycat_library(const std::string& dep) {
    if (dep.rfind("copycat::", 0) != 0 && dep.rfind("copycat_", 0) != 0) return false;
    // Build settings and vendored third-party code, not modules.
    return dep != "copycat_warnings" && dep != "copycat_rapidjson" && dep != "copycat_test_code";
}

// target -> the Copycat libraries it links directly, by target name (copycat_common).
std::map<std::string, std::vector<std::string>> target_links() {
    std::ifstream in(COPYCAT_TARGET_LINKS);
    std::map<std::string, std::vector<std::string>> out;
    std::string line;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        auto& deps = out[line.substr(0, colon)];
        std::stringstream list(line.substr(colon + 1));
        std::string dep;
        while (std::getline(list, dep, ';')) {
            const auto first = dep.find_first_not_of(' ');
            if (first == std::string::npos) continue;
            dep = dep.substr(first);
            if (!is_copycat_library(dep)) continue;
            if (dep.rfind("copycat::", 0) == 0) dep = "copycat_" + dep.substr(9);  // the alias's target
            deps.push_back(dep);
        }
    }
    return out;
}

// The modules `target` reaches through its links, directly or not.
std::set<std::string> reached(const std::map<std::string, std::vector<std::string>>& links, const std::string& target) {
    std::set<std::string> modules;
    std::set<std::string> seen{target};
    std::vector<std::string> todo{target};
    while (!todo.empty()) {
        const auto it = links.find(todo.back());
        todo.pop_back();
        if (it == links.end()) continue;
        for (const auto& dep : it->second) {
            modules.insert(module_of_target(dep));
            if (seen.insert(dep).second) todo.push_back(dep);
        }
    }
    return modules;
}

}  // namespace

TEST_CASE("every library links only what its module may depend on") {
    const auto links = target_links();
    REQUIRE(links.count("copycat_common") == 1);
    REQUIRE(links.count("copycat_rest_handlers") == 1);
    std::vector<std::string> found;
    for (const auto& [target, deps] : links) {
        const std::string module = module_of_target(target);
        if (module == "app") continue;  // main() knows everything
        const auto allowed = copycat::test::kAllowed.find(module == "copycat" ? "api" : module);
        if (allowed == copycat::test::kAllowed.end()) {
            found.push_back(target + " (module " + module + " has no rule in module_rules.hpp)");
            continue;
        }
        for (const auto& dep : deps) {
            const std::string to = module_of_target(dep);
            if (to != module && !allowed->second.count(to)) found.push_back(target + " links " + dep);
        }
    }
    for (const auto& f : found) UNSCOPED_INFO(f);
    CHECK(found.empty());
}

TEST_CASE("the REST layer reaches the herder only through herder_api") {
    const auto links = target_links();
    const auto rest = reached(links, "copycat_rest_handlers");
    CHECK(rest.count("herder_api") == 1);
    for (const char* module : {"herder", "runtime", "storage", "coordination", "loader", "kafka/rdkafka", "jvm"}) {
        INFO(module);
        CHECK(rest.count(module) == 0);
    }
}
