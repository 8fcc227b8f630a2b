// Keeps module dependencies pointing one way (docs/ARCHITECTURE.md#modules): every #include in
// src/, include/ and plugins/ must come from the including module's allowed set, and third-party
// libraries stay behind their one module (RapidJSON behind common/json, librdkafka behind
// kafka/rdkafka, Boost behind the network modules).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "architecture/module_rules.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = COPYCAT_SOURCE_DIR;

// Third-party header prefixes -> the only modules allowed to include them.
const std::vector<std::pair<std::string, std::set<std::string>>> kThirdParty = {
    {"rapidjson/", {"common"}},
    {"librdkafka/", {"kafka/rdkafka"}},
    {"boost/", {"net", "kafka/client", "coordination", "rest", "herder", "app"}},
    {"openssl/", {"net", "kafka/client"}},
    {"libpq-fe.h", {"plugins"}},
    {"jni.h", {"jvm"}},
    {"fmt/",
     {"common", "net", "converters", "kafka/rdkafka", "kafka/protocol", "kafka/client", "coordination", "loader",
      "jvm", "storage", "runtime", "transforms", "herder", "rest", "app", "cli"}},
};

std::string module_of(const fs::path& relative) {
    auto it = relative.begin();
    const std::string top = it->string();
    if (top == "include") return "copycat";
    if (top == "plugins") return "plugins";
    const std::string first = (++it)->string();
    if (first == "kafka") return "kafka/" + (++it)->string();
    return first;
}

bool is_std_header(const std::string& name) {
    return name.find('/') == std::string::npos && name.find('.') == std::string::npos;
}

std::vector<std::string> violations() {
    static const std::regex include_re(R"re(^\s*#\s*include\s*([<"])([^>"]+)[>"])re");
    std::vector<std::string> found;
    for (const char* dir : {"src", "include", "plugins"}) {
        for (const auto& entry : fs::recursive_directory_iterator(kRoot / dir)) {
            const auto ext = entry.path().extension();
            if (!entry.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
            const fs::path rel = fs::relative(entry.path(), kRoot);
            const std::string module = module_of(rel);
            if (module == "app") continue;  // main() knows everything
            std::ifstream in(entry.path());
            std::string line;
            int number = 0;
            while (std::getline(in, line)) {
                ++number;
                std::smatch m;
                if (!std::regex_search(line, m, include_re)) continue;
                const bool angled = m[1] == "<";
                const std::string header = m[2];
                const std::string where = rel.string() + ":" + std::to_string(number) + " includes " + header;
                if (is_std_header(header)) continue;
                if (module == "copycat" || module == "api") {
                    // The public API and plugins build on the standard library alone.
                    if (angled) found.push_back(where + " (the plugin API is std-only)");
                }
                bool third_party = false;
                for (const auto& [prefix, owners] : kThirdParty) {
                    if (header.rfind(prefix, 0) == 0 || (prefix == "librdkafka/" && header == "rdkafka.h")) {
                        third_party = true;
                        if (!owners.count(module))
                            found.push_back(where + " (" + prefix + " is not for module " + module + ")");
                    }
                }
                if (third_party || angled) continue;  // other <...> headers are the system's (POSIX)
                std::string target;
                if (module == "plugins" && fs::exists(kRoot / "plugins" / header)) {
                    continue;  // a plugin's own headers
                } else if (header.rfind("copycat/", 0) == 0) {
                    target = "copycat";
                } else {
                    target = module_of(fs::path("src") / header);
                    if (!fs::exists(kRoot / "src" / header)) {
                        found.push_back(where + " (no such header in src/)");
                        continue;
                    }
                }
                if (target == module) continue;
                const auto allowed = copycat::test::kAllowed.find(module);
                if (allowed == copycat::test::kAllowed.end()) {
                    found.push_back(where + " (module " + module + " has no rule in include_rules_test.cpp)");
                } else if (!allowed->second.count(target)) {
                    found.push_back(where + " (" + module + " may not depend on " + target + ")");
                }
            }
        }
    }
    return found;
}

}  // namespace

TEST_CASE("every #include follows the module dependency rules") {
    const auto found = violations();
    for (const auto& v : found) UNSCOPED_INFO(v);
    CHECK(found.empty());
}

TEST_CASE("the rule checker recognises modules and standard headers") {
    CHECK(module_of("src/kafka/client/group_member.cpp") == "kafka/client");
    CHECK(module_of("src/common/json.hpp") == "common");
    CHECK(module_of("include/copycat/data/schema.hpp") == "copycat");
    CHECK(module_of("plugins/file/file_source.cpp") == "plugins");
    CHECK(is_std_header("vector"));
    CHECK_FALSE(is_std_header("rdkafka.h"));
    CHECK_FALSE(is_std_header("fmt/format.h"));
}
