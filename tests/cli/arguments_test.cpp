#include <catch2/catch.hpp>

#include <map>

#include "cli/arguments.hpp"
#include "cli/exit_code.hpp"

using namespace copycat;
using namespace copycat::cli;
using namespace std::chrono_literals;

namespace {

result<invocation> parse(std::vector<std::string> args) { return parse_arguments(args); }

std::string usage_message(std::vector<std::string> args) {
    auto r = parse(std::move(args));
    REQUIRE_FALSE(r.ok());
    CHECK(exit_status_of(r.err()) == 1);
    return r.err().message;
}

environment env_of(std::map<std::string, std::string> vars) {
    return [vars = std::move(vars)](const char* name) -> std::optional<std::string> {
        auto it = vars.find(name);
        return it == vars.end() ? std::nullopt : std::optional(it->second);
    };
}

}  // namespace

TEST_CASE("a verb, its arguments and options given anywhere and in every spelling") {
    auto r =
        parse({"--url=http://w:8083", "connectors", "-o", "json", "pause", "src", "--wait", "--wait-timeout", "5s"});
    REQUIRE(r.ok());
    CHECK(r->verb->group == "connectors");
    CHECK(r->verb->name == "pause");
    CHECK(r->args == std::vector<std::string>{"src"});
    CHECK(r->value("url") == "http://w:8083");
    CHECK(r->value("output") == "json");
    CHECK(r->has("wait"));
    CHECK(r->value("wait-timeout") == "5s");
    CHECK_FALSE(r->has("insecure"));

    auto short_joined = parse({"connectors", "create", "-fconf.json", "-ojson"});
    REQUIRE(short_joined.ok());
    CHECK(short_joined->value("file") == "conf.json");
    CHECK(short_joined->args.empty());
}

TEST_CASE("two-word verbs, repeated --set and -- before a name that looks like an option") {
    auto offsets = parse({"connectors", "offsets", "alter", "src", "-f", "-"});
    REQUIRE(offsets.ok());
    CHECK(offsets->verb->name == "offsets alter");
    CHECK(offsets->args == std::vector<std::string>{"src"});
    CHECK(offsets->value("file") == "-");

    auto update = parse({"connectors", "update", "src", "--set", "a=1", "--set=b=2"});
    REQUIRE(update.ok());
    CHECK(update->values("set") == std::vector<std::string>{"a=1", "b=2"});

    auto dashed = parse({"connectors", "get", "--", "-odd-name"});
    REQUIRE(dashed.ok());
    CHECK(dashed->args == std::vector<std::string>{"-odd-name"});
}

TEST_CASE("bad command lines are usage errors that say what is wrong") {
    CHECK(usage_message({}) == "missing a command: connectors, plugins or cluster (see --help)");
    CHECK(usage_message({"connector", "list"}) == "unknown command 'connector' (see --help)");
    CHECK_THAT(
        usage_message({"connectors", "frobnicate"}),
        Catch::StartsWith("connectors needs one of: list, get, status,") && Catch::EndsWith("(got 'frobnicate')"));
    CHECK(usage_message({"connectors", "list", "--bogus"}) == "unknown option --bogus");
    CHECK(usage_message({"connectors", "list", "--wait"}) == "connectors list does not take --wait");
    CHECK(usage_message({"connectors", "pause"}) == "usage: copycat-cli connectors pause NAME");
    CHECK(usage_message({"connectors", "pause", "a", "b"}) == "usage: copycat-cli connectors pause NAME");
    CHECK(usage_message({"connectors", "list", "--url"}) == "--url needs a value (URL)");
    CHECK(usage_message({"connectors", "list", "--insecure=yes"}) == "--insecure takes no value");
    CHECK(usage_message({"connectors", "list", "-o", "yaml"}) == "--output must be table or json, not 'yaml'");
}

TEST_CASE("--help of the command, of a group and of a verb") {
    auto top = parse({"--help"});
    REQUIRE(top.ok());
    CHECK(top->help);
    CHECK(top->verb == nullptr);
    const std::string top_text = help_text(*top);
    CHECK_THAT(top_text, Catch::Contains("connectors offsets alter NAME") && Catch::Contains("cluster info") &&
                             Catch::Contains("Exit codes: 0 ok"));

    auto group = parse({"plugins", "-h"});
    REQUIRE(group.ok());
    const std::string group_text = help_text(*group);
    CHECK_THAT(group_text, Catch::Contains("plugins validate [CLASS]"));
    CHECK_THAT(group_text, !Catch::Contains("connectors list"));

    auto verb = parse({"connectors", "restart", "--help"});
    REQUIRE(verb.ok());
    REQUIRE(verb->verb != nullptr);
    const std::string verb_text = help_text(*verb);
    CHECK_THAT(verb_text, Catch::StartsWith("usage: copycat-cli connectors restart NAME [options]") &&
                              Catch::Contains("--include-tasks") && Catch::Contains("--only-failed") &&
                              Catch::Contains("--url URL"));
    CHECK_THAT(verb_text, !Catch::Contains("--set"));
}

TEST_CASE("every verb's options exist in the option table") {
    for (const auto& verb : all_verbs()) {
        for (auto name : verb.options) {
            INFO(verb.group << " " << verb.name << " --" << name);
            bool found = false;
            for (const auto& o : all_options()) found = found || o.name == name;
            CHECK(found);
        }
    }
}

TEST_CASE("durations take ms, s and m, and plain seconds") {
    CHECK(*parse_duration("500ms", "timeout") == 500ms);
    CHECK(*parse_duration("30s", "timeout") == 30s);
    CHECK(*parse_duration("2m", "timeout") == 120s);
    CHECK(*parse_duration("7", "timeout") == 7s);
    for (const char* bad : {"", "s", "-1s", "3h", "1.5s"}) {
        auto r = parse_duration(bad, "wait-timeout");
        REQUIRE_FALSE(r.ok());
        CHECK_THAT(r.err().message, Catch::StartsWith("--wait-timeout takes a duration"));
    }
}

TEST_CASE("the connection comes from the options, then the environment, then the defaults") {
    auto plain = parse({"cluster", "info"});
    REQUIRE(plain.ok());
    auto defaults = connection_from(*plain, env_of({}));
    REQUIRE(defaults.ok());
    CHECK(defaults->url == "http://localhost:8083");
    CHECK_FALSE(defaults->user);
    CHECK(defaults->timeout == 30s);

    auto from_env = connection_from(
        *plain, env_of({{"COPYCAT_URL", "https://w:8443"}, {"COPYCAT_USER", "ops"}, {"COPYCAT_PASSWORD", "pw"}}));
    REQUIRE(from_env.ok());
    CHECK(from_env->url == "https://w:8443");
    CHECK(from_env->user == "ops");
    CHECK(from_env->password == "pw");

    auto given = parse({"cluster", "info", "--url", "http://a:1", "--user", "me", "--timeout", "2s", "--insecure",
                        "--cacert", "ca.pem"});
    REQUIRE(given.ok());
    auto options = connection_from(*given, env_of({{"COPYCAT_URL", "http://b:2"}, {"COPYCAT_USER", "ops"}}));
    REQUIRE(options.ok());
    CHECK(options->url == "http://a:1");
    CHECK(options->user == "me");
    CHECK(options->timeout == 2s);
    CHECK(options->insecure);
    CHECK(options->cacert == "ca.pem");

    auto bad = connection_from(*plain, env_of({{"COPYCAT_URL", "w:8083"}}));
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.err().message == "--url must start with http:// or https://, not 'w:8083'");
}
