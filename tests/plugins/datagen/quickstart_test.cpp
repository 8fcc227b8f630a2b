// The four quickstarts: field names and Connect types as Confluent's schemas give them, values of
// the same shape, and the key field.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "datagen/quickstarts.hpp"
#include "datagen_test_support.hpp"

using namespace copycat;
using namespace copycat::datagen;
using namespace copycat::datagen::test;

namespace {

using field_types = std::vector<std::pair<std::string, schema_type>>;

field_types types_of(const schema& s) {
    field_types out;
    for (const auto& f : s.fields()) {
        CHECK_FALSE(f.schema->is_optional());
        out.emplace_back(f.name, f.schema->type());
    }
    return out;
}

bool matches(const value& v, const char* pattern) { return std::regex_match(v.as_string(), std::regex(pattern)); }

}  // namespace

TEST_CASE("the quickstarts are users, pageviews, orders and clickstream, found ignoring case") {
    std::vector<std::string> names;
    for (const auto& q : quickstarts()) names.emplace_back(q.name);
    CHECK(names == std::vector<std::string>{"users", "pageviews", "orders", "clickstream"});
    CHECK(find_quickstart("USERS")->name == "users");
    CHECK_FALSE(find_quickstart("ratings").has_value());
}

TEST_CASE("users: registertime, userid, regionid, gender; keyed by userid") {
    started_task t(quickstart_props("users"));
    const auto records = t.poll(200);
    REQUIRE(records.size() >= 200);
    const schema& s = *records[0].value_schema;
    CHECK(s.name() == "ksql.users");
    CHECK(types_of(s) == field_types{{"registertime", schema_type::int64},
                                     {"userid", schema_type::string},
                                     {"regionid", schema_type::string},
                                     {"gender", schema_type::string}});
    std::set<std::string> genders;
    for (const auto& r : records) {
        const auto time = field_of(r, "registertime").as_int64();
        CHECK((time >= 1487715775521 && time < 1519273364600));
        CHECK(matches(field_of(r, "userid"), "User_[1-9]"));
        CHECK(matches(field_of(r, "regionid"), "Region_[1-9]"));
        genders.insert(field_of(r, "gender").as_string());
        CHECK(*r.key_schema == *schema::string());
        CHECK(r.key == field_of(r, "userid"));
    }
    CHECK(genders == std::set<std::string>{"MALE", "FEMALE", "OTHER"});
}

TEST_CASE("pageviews: viewtime counts 1, 11, 21, ...; keyed by viewtime") {
    started_task t(quickstart_props("pageviews"));
    const auto records = t.poll(100);
    REQUIRE(records.size() >= 100);
    CHECK(records[0].value_schema->name() == "ksql.pageviews");
    CHECK(types_of(*records[0].value_schema) == field_types{{"viewtime", schema_type::int64},
                                                            {"userid", schema_type::string},
                                                            {"pageid", schema_type::string}});
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto& r = records[i];
        CHECK(field_of(r, "viewtime").as_int64() == 1 + 10 * static_cast<std::int64_t>(i));
        CHECK(matches(field_of(r, "userid"), "User_[1-9]"));
        CHECK(matches(field_of(r, "pageid"), "Page_[1-9][0-9]"));
        CHECK(*r.key_schema == *schema::int64());
        CHECK(r.key == field_of(r, "viewtime"));
    }
}

TEST_CASE("orders: ordertime, orderid, itemid, orderunits and an address struct; keyed by orderid") {
    started_task t(quickstart_props("orders"));
    const auto records = t.poll(100);
    REQUIRE(records.size() >= 100);
    const schema& s = *records[0].value_schema;
    CHECK(s.name() == "ksql.orders");
    CHECK(types_of(s) == field_types{{"ordertime", schema_type::int64},
                                     {"orderid", schema_type::int32},
                                     {"itemid", schema_type::string},
                                     {"orderunits", schema_type::float64},
                                     {"address", schema_type::struct_}});
    const schema& address = *s.find_field("address")->schema;
    CHECK(address.name() == "ksql.address");
    CHECK(types_of(address) ==
          field_types{{"city", schema_type::string}, {"state", schema_type::string}, {"zipcode", schema_type::int64}});
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto& r = records[i];
        CHECK(field_of(r, "orderid").as_int32() == static_cast<std::int32_t>(i));
        CHECK(matches(field_of(r, "itemid"), "BYOC_Item_[1-9][0-9]{0,2}"));
        const double units = field_of(r, "orderunits").as_float64();
        CHECK((units >= 0.1 && units < 10.0));
        const struct_value& a = field_of(r, "address").as_struct();
        CHECK(matches(a.get("city"), "City_[1-9]{0,2}"));
        CHECK(matches(a.get("state"), "State_[1-9]{0,2}"));
        CHECK((a.get("zipcode").as_int64() >= 10000 && a.get("zipcode").as_int64() < 99999));
        CHECK(*r.key_schema == *schema::int32());
        CHECK(r.key == field_of(r, "orderid"));
    }
}

TEST_CASE("clickstream: an access log line per record; keyed by ip") {
    started_task t(quickstart_props("clickstream"));
    const auto records = t.poll(100);
    REQUIRE(records.size() >= 100);
    const schema& s = *records[0].value_schema;
    CHECK(s.name() == "clickstream.events");
    CHECK(types_of(s) == field_types{{"ip", schema_type::string},
                                     {"userid", schema_type::int32},
                                     {"remote_user", schema_type::string},
                                     {"time", schema_type::string},
                                     {"_time", schema_type::int64},
                                     {"request", schema_type::string},
                                     {"status", schema_type::string},
                                     {"bytes", schema_type::string},
                                     {"referrer", schema_type::string},
                                     {"agent", schema_type::string}});
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto& r = records[i];
        CHECK(matches(field_of(r, "ip"), "\\d+\\.\\d+\\.\\d+\\.\\d+"));
        CHECK((field_of(r, "userid").as_int32() >= -1 && field_of(r, "userid").as_int32() < 40));
        CHECK(field_of(r, "remote_user").as_string() == "-");
        CHECK(field_of(r, "time").as_string() == std::to_string(1 + 10 * i));
        CHECK(field_of(r, "_time").as_int64() == static_cast<std::int64_t>(1 + 10 * i));
        CHECK(matches(field_of(r, "request"), "GET /[a-z_/.-]+ HTTP/1.1"));
        CHECK(matches(field_of(r, "status"), "200|302|404|405|406|407"));
        CHECK(matches(field_of(r, "agent"), "Mozilla/5.0 .*"));
        CHECK(r.key == field_of(r, "ip"));
    }
}

TEST_CASE("schema.keyfield chooses another key field; a custom schema without one has null keys") {
    auto props = quickstart_props("users");
    props["schema.keyfield"] = "regionid";
    started_task regions(props);
    const auto records = regions.poll(5);
    REQUIRE_FALSE(records.empty());
    CHECK(records[0].key == field_of(records[0], "regionid"));

    started_task custom({{"kafka.topic", "t"},
                         {"max.interval", "0"},
                         {"schema.string", R"({"fields": [{"name": "x", "type": "boolean"}]})"}});
    const auto unkeyed = custom.poll(1);
    REQUIRE_FALSE(unkeyed.empty());
    CHECK(unkeyed[0].key.is_null());
    CHECK(*unkeyed[0].key_schema == *schema::optional_string());
}
