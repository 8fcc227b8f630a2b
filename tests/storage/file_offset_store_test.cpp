#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "storage/file_offset_store.hpp"
#include "storage/offset_file_format.hpp"

using namespace copycat;
using namespace copycat::storage;
namespace fs = std::filesystem;

namespace {

offset_bytes b(const std::string& s) { return offset_bytes(s.begin(), s.end()); }

// A fresh directory under the system temp dir, removed at scope exit.
struct temp_dir {
    fs::path path;
    temp_dir() {
        std::random_device rd;
        path =
            fs::temp_directory_path() / ("copycat-offsets-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~temp_dir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

void write_file(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

result<void> set_and_wait(offset_store& store, std::map<offset_bytes, std::optional<offset_bytes>> entries) {
    result<void> outcome = make_error(errc::internal, "not called");
    store.set(std::move(entries), [&](result<void> r) { outcome = std::move(r); });
    return outcome;
}

}  // namespace

TEST_CASE("offset file format round-trips arbitrary bytes") {
    std::map<offset_bytes, offset_bytes> entries{{b("[\"c\",{\"f\":\"a\"}]"), b("{\"position\":42}")},
                                                 {offset_bytes{0, 1, 255}, offset_bytes{}}};
    auto decoded = decode_offset_file(encode_offset_file(entries));
    REQUIRE(decoded.ok());
    CHECK(*decoded == entries);
}

TEST_CASE("offset file format rejects foreign and damaged files") {
    CHECK_FALSE(decode_offset_file("not json").ok());
    CHECK_FALSE(decode_offset_file("{\"format\":\"other\",\"version\":1,\"entries\":[]}").ok());
    CHECK_FALSE(decode_offset_file("{\"format\":\"copycat-offsets\",\"version\":2,\"entries\":[]}").ok());
    CHECK_FALSE(decode_offset_file("{\"format\":\"copycat-offsets\",\"version\":1,\"entries\":[[\"!!\",\"\"]]}").ok());
    auto truncated = encode_offset_file({{b("k"), b("v")}});
    truncated.resize(truncated.size() - 3);
    auto r = decode_offset_file(truncated);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().code == errc::protocol_error);
}

TEST_CASE("a missing offset file is an empty store, and set() persists for the next start") {
    temp_dir dir;
    const auto path = (dir.path / "offsets.json").string();
    {
        file_offset_store store(path);
        REQUIRE(store.start().ok());
        CHECK(store.all().empty());
        REQUIRE(set_and_wait(store, {{b("k1"), b("v1")}, {b("k2"), b("v2")}}).ok());
        REQUIRE(set_and_wait(store, {{b("k2"), std::nullopt}, {b("k3"), b("v3")}}).ok());
        store.stop();
    }
    CHECK_FALSE(fs::exists(path + ".tmp"));
    file_offset_store reloaded(path);
    REQUIRE(reloaded.start().ok());
    CHECK(reloaded.all() == std::map<offset_bytes, offset_bytes>{{b("k1"), b("v1")}, {b("k3"), b("v3")}});
    CHECK(reloaded.get({b("k3"), b("k2")}).size() == 1);
}

TEST_CASE("a corrupt offset file is an error at start, not an empty store") {
    temp_dir dir;
    const auto path = dir.path / "offsets.json";
    write_file(path, "{\"format\":\"copycat-offsets\",\"version\":1,\"entries\":[[\"a2V5\"");
    file_offset_store store(path.string());
    auto started = store.start();
    REQUIRE_FALSE(started.ok());
    CHECK(started.err().message.find(path.string()) != std::string::npos);
}

TEST_CASE("a leftover temp file from an interrupted write does not affect the stored offsets") {
    temp_dir dir;
    const auto path = (dir.path / "offsets.json").string();
    {
        file_offset_store store(path);
        REQUIRE(store.start().ok());
        REQUIRE(set_and_wait(store, {{b("k"), b("old")}}).ok());
    }
    // A crash in the middle of the next write leaves a partial temp file behind.
    write_file(path + ".tmp", "{\"format\":\"copycat-offs");
    file_offset_store store(path);
    REQUIRE(store.start().ok());
    CHECK(store.all().at(b("k")) == b("old"));
    // The next write replaces the temp file and the store file.
    REQUIRE(set_and_wait(store, {{b("k"), b("new")}}).ok());
    CHECK(decode_offset_file(read_file(path))->at(b("k")) == b("new"));
}

TEST_CASE("a failed write reports an error and leaves the previous file intact") {
    temp_dir dir;
    const auto path = (dir.path / "offsets.json").string();
    file_offset_store store(path);
    REQUIRE(store.start().ok());
    REQUIRE(set_and_wait(store, {{b("k"), b("v1")}}).ok());
    const std::string before = read_file(path);
    // Make the temp file impossible to create: a directory of that name.
    fs::create_directory(path + ".tmp");
    auto failed = set_and_wait(store, {{b("k"), b("v2")}});
    REQUIRE_FALSE(failed.ok());
    CHECK(failed.err().code == errc::io_error);
    CHECK(read_file(path) == before);
}
