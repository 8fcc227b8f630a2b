// config_transformer: Kafka's placeholder syntax, its edge cases, and the placeholders restored in
// task configs (docs/security.md#config-providers).
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "runtime/config_transformer.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

// Answers "<path>/<key>" for every key, except the key "missing"; fails for the path "broken".
class echo_provider final : public config_provider {
public:
    mutable std::vector<std::pair<std::string, std::set<std::string>>> calls;
    result<void> configure(const string_map&) override { return {}; }
    result<config_data> get(const std::string& path, const std::set<std::string>& keys) const override {
        calls.emplace_back(path, keys);
        if (path == "broken") return make_error(errc::io_error, "cannot read");
        config_data out;
        for (const std::string& k : keys)
            if (k != "missing") out.data[k] = path + "/" + k;
        if (path == "short") out.ttl_ms = 500;
        return out;
    }
};

std::vector<std::string> parts(std::string_view value) {
    std::vector<std::string> out;
    for (const config_variable& v : find_config_variables(value))
        out.push_back(v.provider + "|" + v.path + "|" + v.key + "|" +
                      std::string(value.substr(v.begin, v.end - v.begin)));
    return out;
}

}  // namespace

TEST_CASE("placeholders are found as Kafka's ConfigTransformer pattern finds them") {
    using v = std::vector<std::string>;
    CHECK(parts("${file:/etc/a.properties:pw}") == v{"file|/etc/a.properties|pw|${file:/etc/a.properties:pw}"});
    CHECK(parts("${env:HOME}") == v{"env||HOME|${env:HOME}"});
    // The key is everything after the second ':' up to the first '}'.
    CHECK(parts("${file:/a:db:pw}") == v{"file|/a|db:pw|${file:/a:db:pw}"});
    CHECK(parts("${a::k}") == v{"a||k|${a::k}"});
    CHECK(parts("${a:}") == v{"a|||${a:}"});
    CHECK(parts("${:k}") == v{"||k|${:k}"});
    // No ':' means no placeholder: ${topic} stays text (TimestampRouter's topic.format).
    CHECK(parts("${topic}-${timestamp}").empty());
    CHECK(parts("${a:b").empty());
    CHECK(parts("$ {a:b}").empty());
    CHECK(parts("").empty());
    // Text around, several placeholders, and a failed start before a real one.
    CHECK(parts("u=${e:U} p=${f:/p:k}!") == v{"e||U|${e:U}", "f|/p|k|${f:/p:k}"});
    CHECK(parts("${x}${e:U}") == v{"e||U|${e:U}"});
    // No nesting: the first '}' closes.
    CHECK(parts("${a:${b:c}}") == v{"a|${b|c|${a:${b:c}"});
}

TEST_CASE("transform replaces the placeholders a provider answers and leaves the others as they are") {
    auto echo = std::make_shared<echo_provider>();
    const config_transformer t({{"p", echo}});
    const string_map config = {{"plain", "value"},
                               {"one", "${p:dir:pw}"},
                               {"two", "a ${p:dir:user} b ${p:other:pw} c"},
                               {"nopath", "${p:k}"},
                               {"missing", "x${p:dir:missing}y"},
                               {"unknown", "${vault:secret/db:pw}"},
                               {"broken", "${p:broken:k}"},
                               {"literal", "${topic}"}};
    const auto out = t.transform(config);
    CHECK(out.data.at("plain") == "value");
    CHECK(out.data.at("one") == "dir/pw");
    CHECK(out.data.at("two") == "a dir/user b other/pw c");
    CHECK(out.data.at("nopath") == "/k");
    CHECK(out.data.at("missing") == "x${p:dir:missing}y");  // Kafka: an unknown key is left as is
    CHECK(out.data.at("unknown") == "${vault:secret/db:pw}");
    CHECK(out.data.at("broken") == "${p:broken:k}");
    CHECK(out.data.at("literal") == "${topic}");
    CHECK(out.data.size() == config.size());

    // One call per path with every key asked of it there.
    std::map<std::string, std::set<std::string>> by_path(echo->calls.begin(), echo->calls.end());
    CHECK(echo->calls.size() == 4);
    CHECK(by_path.at("dir") == std::set<std::string>{"pw", "user", "missing"});

    REQUIRE(out.problems.size() == 2);
    CHECK(out.problems.at("unknown") ==
          std::vector<std::string>{"config provider 'vault' is not configured on this worker (config.providers)"});
    CHECK(out.problems.at("broken") ==
          std::vector<std::string>{"config provider 'p' could not read path 'broken': cannot read"});
    CHECK(out.first_problem() == "Config key 'broken': config provider 'p' could not read path 'broken': cannot read");
}

TEST_CASE("transform reports the ttls providers give, per path") {
    const config_transformer t({{"p", std::make_shared<echo_provider>()}});
    const auto out = t.transform({{"a", "${p:short:k}"}, {"b", "${p:long:k}"}});
    CHECK(out.ttls == std::map<std::string, std::int64_t>{{"short", 500}});
}

TEST_CASE("without providers every placeholder is a problem and stays") {
    const config_transformer none;
    CHECK(none.empty());
    const auto out = none.transform({{"a", "${file:/x:k}"}, {"b", "text"}});
    CHECK(out.data.at("a") == "${file:/x:k}");
    CHECK(out.problems.count("a") == 1);
    CHECK(out.problems.count("b") == 0);
}

TEST_CASE("task configs get the connector's placeholders back where they pass a resolved value on unchanged") {
    const string_map raw = {{"file", "${p:dir:file}"}, {"password", "${p:dir:pw}"}, {"topic", "t"}};
    const string_map resolved = {{"file", "/data/in.txt"}, {"password", "s3cret"}, {"topic", "t"}};
    const std::vector<string_map> tasks = {
        {{"file", "/data/in.txt"}, {"password", "s3cret"}, {"topic", "t"}, {"task.class", "X"}},
        {{"file", "/data/in.txt.1"}, {"topic", "t"}}};
    const auto out = restore_placeholders(raw, resolved, tasks);
    REQUIRE(out.size() == 2);
    CHECK(out[0] == string_map{{"file", "${p:dir:file}"},
                               {"password", "${p:dir:pw}"},
                               {"topic", "t"},
                               {"task.class", "X"}});
    // A value the connector derived stays its own; a key it left out is not added.
    CHECK(out[1] == string_map{{"file", "/data/in.txt.1"}, {"topic", "t"}});
    CHECK(keys_with_variables(raw) == std::vector<std::string>{"file", "password"});
}
