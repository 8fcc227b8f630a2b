#include <catch2/catch.hpp>

#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {
offset_bytes b(const std::string& s) { return offset_bytes(s.begin(), s.end()); }
}  // namespace

TEST_CASE("memory offset store sets, reads and deletes") {
    memory_offset_store store;
    REQUIRE(store.start().ok());
    bool called = false;
    store.set({{b("k1"), b("v1")}, {b("k2"), b("v2")}}, [&](result<void> r) { called = r.ok(); });
    CHECK(called);
    auto got = store.get({b("k1"), b("missing")});
    CHECK(got.size() == 1);
    CHECK(got.at(b("k1")) == b("v1"));
    store.set({{b("k1"), std::nullopt}}, {});
    CHECK(store.all().size() == 1);
    CHECK(store.all().count(b("k2")) == 1);
}
