// Kafka's three config providers: FileConfigProvider, DirectoryConfigProvider and
// EnvVarConfigProvider, with KIP-993's allowed.paths and KIP-887's allowlist.pattern
// (docs/security.md#config-providers).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "runtime/allowed_paths.hpp"
#include "runtime/builtin_config_providers.hpp"
#include "runtime/directory_config_provider.hpp"
#include "runtime/env_var_config_provider.hpp"
#include "runtime/file_config_provider.hpp"
#include "runtime/provided_file.hpp"

using namespace copycat;
using namespace copycat::runtime;
namespace fs = std::filesystem;

namespace {

// A fresh directory under the system temp dir, removed at scope exit.
struct temp_dir {
    fs::path path;
    temp_dir() {
        std::random_device rd;
        path = fs::temp_directory_path() /
               ("copycat-providers-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~temp_dir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;
};

void write_file(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

template <class P>
P configured(const string_map& params = {}) {
    P p;
    REQUIRE(p.configure(params));
    return p;
}

}  // namespace

TEST_CASE("allowed.paths allows paths inside the listed ones, compared component by component") {
    temp_dir dir;
    fs::create_directories(dir.path / "secrets");
    fs::create_directories(dir.path / "secrets2");
    const std::string root = dir.path.string();
    auto allowed = allowed_paths::parse(root + "/secrets/");
    REQUIRE(allowed);
    CHECK(allowed->check(root + "/secrets/pw") == fs::path(root + "/secrets/pw"));
    CHECK(allowed->check(root + "/secrets") == fs::path(root + "/secrets"));
    CHECK(allowed->check(root + "/secrets/./a/../pw") == fs::path(root + "/secrets/pw"));
    CHECK(allowed->check(root + "//secrets//pw") == fs::path(root + "/secrets/pw"));
    // Path traversal and look-alike prefixes are refused.
    CHECK_FALSE(allowed->check(root + "/secrets/../secrets2/pw"));
    CHECK_FALSE(allowed->check(root + "/secrets/../../../etc/passwd"));
    CHECK_FALSE(allowed->check(root + "/secrets2/pw"));
    CHECK_FALSE(allowed->check("secrets/pw"));
    CHECK_FALSE(allowed->check("/etc/passwd"));

    auto two = allowed_paths::parse(root + "/secrets," + root + "/secrets2");
    REQUIRE(two);
    CHECK(two->check(root + "/secrets2/pw"));

    // Unset or empty: every path, as given.
    CHECK(allowed_paths::parse(std::nullopt)->check("../x") == fs::path("../x"));
    CHECK(allowed_paths::parse("")->check("/etc/passwd"));

    CHECK(allowed_paths::parse("relative/dir").err().message == "Path relative/dir is not absolute");
    CHECK(allowed_paths::parse(root + "/nope").err().message == "Path " + root + "/nope does not exist");
}

TEST_CASE("FileConfigProvider reads the keys asked of a properties file") {
    temp_dir dir;
    const fs::path file = dir.path / "db.properties";
    write_file(file, "user=admin\npassword: s3cr\\\n  et\n# comment\nother=x\n");
    auto p = configured<file_config_provider>();
    auto data = p.get(file.string(), {"user", "password", "absent"});
    REQUIRE(data);
    CHECK(data->data == std::map<std::string, std::string>{{"user", "admin"}, {"password", "s3cret"}});
    CHECK_FALSE(data->ttl_ms);
    CHECK(p.get("", {"user"})->data.empty());
    auto missing = p.get((dir.path / "nope").string(), {"user"});
    REQUIRE_FALSE(missing);
    CHECK(missing.err().message == "Could not read properties from file " + (dir.path / "nope").string() + ": " +
                                       (dir.path / "nope").string() + " is not a regular file");
}

TEST_CASE("the file and directory providers read neither FIFOs nor files over 1 MiB") {
    temp_dir dir;
    const fs::path fifo = dir.path / "secrets" / "fifo";
    fs::create_directories(fifo.parent_path());
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);  // opening it would block until a writer comes
    write_file(dir.path / "secrets" / "big", std::string(max_provided_file_bytes + 1, 'x'));
    write_file(dir.path / "secrets" / "fits", std::string(max_provided_file_bytes, 'y'));
    auto files = configured<file_config_provider>();
    auto from_fifo = files.get(fifo.string(), {"k"});
    REQUIRE_FALSE(from_fifo);
    CHECK_THAT(from_fifo.err().message, Catch::EndsWith(fifo.string() + " is not a regular file"));
    CHECK_FALSE(files.get("/dev/zero", {"k"}));
    auto big = files.get((dir.path / "secrets" / "big").string(), {"k"});
    REQUIRE_FALSE(big);
    CHECK_THAT(big.err().message, Catch::EndsWith("is larger than 1048576 bytes"));

    auto dirs = configured<directory_config_provider>();
    auto from_dir = dirs.get((dir.path / "secrets").string(), {"fifo", "fits"});
    REQUIRE(from_dir);
    CHECK(from_dir->data.size() == 1);
    CHECK(from_dir->data.at("fits").size() == max_provided_file_bytes);
    CHECK_FALSE(dirs.get((dir.path / "secrets").string(), {"big"}));
}

TEST_CASE("FileConfigProvider refuses paths outside allowed.paths, traversal included") {
    temp_dir dir;
    write_file(dir.path / "allowed" / "a.properties", "pw=inside\n");
    write_file(dir.path / "outside.properties", "pw=outside\n");
    auto p = configured<file_config_provider>({{"allowed.paths", (dir.path / "allowed").string()}});
    CHECK(p.get((dir.path / "allowed" / "a.properties").string(), {"pw"})->data.at("pw") == "inside");
    for (const std::string& refused : {(dir.path / "outside.properties").string(),
                                       (dir.path / "allowed" / ".." / "outside.properties").string()}) {
        auto data = p.get(refused, {"pw"});
        REQUIRE(data);
        CHECK(data->data.empty());
    }
    file_config_provider bad;
    CHECK(bad.configure({{"allowed.paths", "not/absolute"}}).err().message == "Path not/absolute is not absolute");
    CHECK_FALSE(bad.get((dir.path / "outside.properties").string(), {"pw"}));  // not configured
}

TEST_CASE("DirectoryConfigProvider reads whole files named by the keys, within allowed.paths") {
    temp_dir dir;
    write_file(dir.path / "secrets" / "password", "s3cret\n");
    write_file(dir.path / "secrets" / "user", "admin");
    fs::create_directories(dir.path / "secrets" / "sub");
    write_file(dir.path / "elsewhere" / "password", "outside");
    auto open = configured<directory_config_provider>();
    auto data = open.get((dir.path / "secrets").string(), {"password", "user", "sub", "absent"});
    REQUIRE(data);
    CHECK(data->data == std::map<std::string, std::string>{{"password", "s3cret\n"}, {"user", "admin"}});
    CHECK(open.get((dir.path / "secrets" / "user").string(), {"user"})->data.empty());  // not a directory
    CHECK(open.get("", {"user"})->data.empty());

    auto fenced = configured<directory_config_provider>({{"allowed.paths", (dir.path / "secrets").string()}});
    CHECK(fenced.get((dir.path / "secrets").string(), {"user"})->data.at("user") == "admin");
    CHECK(fenced.get((dir.path / "secrets" / ".." / "elsewhere").string(), {"password"})->data.empty());
    CHECK(fenced.get((dir.path / "elsewhere").string(), {"password"})->data.empty());
}

TEST_CASE("EnvVarConfigProvider answers the variables allowlist.pattern lets through, without a path") {
    const std::map<std::string, std::string> env = {{"DB_PASSWORD", "s3cret"}, {"HOME", "/root"}, {"DB_USER", "u"}};
    env_var_config_provider all(env);
    REQUIRE(all.configure({}));
    CHECK(all.get("", {"HOME", "DB_PASSWORD", "NOPE"})->data ==
          std::map<std::string, std::string>{{"DB_PASSWORD", "s3cret"}, {"HOME", "/root"}});

    env_var_config_provider some(env);
    REQUIRE(some.configure({{"allowlist.pattern", "DB_.*"}}));
    CHECK(some.get("", {"HOME", "DB_PASSWORD"})->data == std::map<std::string, std::string>{{"DB_PASSWORD", "s3cret"}});
    // The whole name must match, as Java's Matcher.matches().
    env_var_config_provider partial(env);
    REQUIRE(partial.configure({{"allowlist.pattern", "DB"}}));
    CHECK(partial.get("", {"DB_USER"})->data.empty());

    auto with_path = all.get("/etc", {"HOME"});
    REQUIRE_FALSE(with_path);
    CHECK(with_path.err().message == "Path is not supported for EnvVarConfigProvider, invalid value '/etc'");

    env_var_config_provider bad(env);
    auto refused = bad.configure({{"allowlist.pattern", "("}});
    REQUIRE_FALSE(refused);
    CHECK(refused.err().message.starts_with("Invalid value ( for configuration allowlist.pattern"));

    ::setenv("COPYCAT_PROVIDER_TEST", "from-env", 1);
    env_var_config_provider process;
    REQUIRE(process.configure({}));
    CHECK(process.get("", {"COPYCAT_PROVIDER_TEST"})->data.at("COPYCAT_PROVIDER_TEST") == "from-env");
}

TEST_CASE("the built-in providers are found by Kafka's class names and aliases") {
    for (const char* name : {"org.apache.kafka.common.config.provider.FileConfigProvider", "FileConfigProvider", "File",
                             "org.apache.kafka.common.config.provider.DirectoryConfigProvider", "Directory",
                             "org.apache.kafka.common.config.provider.EnvVarConfigProvider", "EnvVar"})
        CHECK(create_builtin_config_provider(name) != nullptr);
    CHECK(create_builtin_config_provider("com.example.VaultConfigProvider") == nullptr);
    CHECK(create_builtin_config_provider("") == nullptr);
    CHECK(builtin_config_provider_classes().size() == 3);
}
