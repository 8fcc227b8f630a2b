#include "datagen/quickstarts.hpp"

#include <map>
#include <mutex>

namespace copycat::datagen {
namespace {

// Value schemas are named as Confluent's Avro schemas turn out in Connect ("<namespace>.<name>"),
// so records look the same through JsonConverter with schemas.enable. Ranges are [min, max), as
// in Avro's random generator.

constexpr std::string_view users = R"json({
  "schema_name": "ksql.users",
  "fields": [
    {"name": "registertime", "type": "int64", "range": {"min": 1487715775521, "max": 1519273364600}},
    {"name": "userid", "type": "string", "regex": "User_[1-9]"},
    {"name": "regionid", "type": "string", "regex": "Region_[1-9]"},
    {"name": "gender", "type": "string", "options": ["MALE", "FEMALE", "OTHER"]}
  ]
})json";

constexpr std::string_view pageviews = R"json({
  "schema_name": "ksql.pageviews",
  "fields": [
    {"name": "viewtime", "type": "int64", "sequence": {"start": 1, "step": 10}},
    {"name": "userid", "type": "string", "regex": "User_[1-9]"},
    {"name": "pageid", "type": "string", "regex": "Page_[1-9][0-9]"}
  ]
})json";

constexpr std::string_view orders = R"json({
  "schema_name": "ksql.orders",
  "fields": [
    {"name": "ordertime", "type": "int64", "range": {"min": 1487715775521, "max": 1519273364600}},
    {"name": "orderid", "type": "int32", "sequence": {"start": 0}},
    {"name": "itemid", "type": "string", "regex": "BYOC_Item_[1-9][0-9]{0,2}"},
    {"name": "orderunits", "type": "float64", "range": {"min": 0.1, "max": 10.0}},
    {"name": "address", "type": "struct", "schema_name": "ksql.address", "fields": [
      {"name": "city", "type": "string", "regex": "City_[1-9]{0,2}"},
      {"name": "state", "type": "string", "regex": "State_[1-9]{0,2}"},
      {"name": "zipcode", "type": "int64", "range": {"min": 10000, "max": 99999}}
    ]}
  ]
})json";

// An Apache-style access log. "time" and "_time" count up together (as text and as a number),
// like the iteration-driven fields of Confluent's clickstream schema.
constexpr std::string_view clickstream = R"json({
  "schema_name": "clickstream.events",
  "fields": [
    {"name": "ip", "type": "string", "options": [
      "111.152.45.45", "111.203.236.146", "111.168.57.122", "111.249.79.93", "111.168.57.122",
      "111.90.225.227", "111.173.165.103", "111.145.8.144", "111.245.174.248", "111.245.174.111",
      "222.152.45.45", "222.203.236.146", "222.168.57.122", "222.249.79.93", "222.168.57.122",
      "222.90.225.227", "222.173.165.103", "222.145.8.144", "222.245.174.248", "222.245.174.222",
      "122.152.45.245", "122.203.236.246", "122.168.57.222", "122.249.79.233", "122.168.57.222",
      "122.90.225.227", "122.173.165.203", "122.145.8.244", "122.245.174.248", "122.245.174.122",
      "233.152.245.45", "233.203.236.146", "233.168.257.122", "233.249.279.93", "233.168.257.122",
      "233.90.225.227", "233.173.215.103", "233.145.28.144", "233.245.174.248", "233.245.174.233"]},
    {"name": "userid", "type": "int32", "range": {"min": -1, "max": 40}},
    {"name": "remote_user", "type": "string", "options": ["-"]},
    {"name": "time", "type": "string", "sequence": {"start": 1, "step": 10}},
    {"name": "_time", "type": "int64", "sequence": {"start": 1, "step": 10}},
    {"name": "request", "type": "string", "options": [
      "GET /index.html HTTP/1.1", "GET /site/user_status.html HTTP/1.1", "GET /site/login.html HTTP/1.1",
      "GET /site/user_status.html HTTP/1.1", "GET /images/track.png HTTP/1.1",
      "GET /images/logo-small.png HTTP/1.1"]},
    {"name": "status", "type": "string", "options": ["200", "302", "404", "405", "406", "407"]},
    {"name": "bytes", "type": "string", "options": ["278", "1289", "2048", "4096", "4006", "4196", "14096"]},
    {"name": "referrer", "type": "string", "options": ["-"]},
    {"name": "agent", "type": "string", "options": [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) )json"
                                         R"json(Chrome/59.0.3071.115 Safari/537.36"]}
  ]
})json";

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

}  // namespace

const std::vector<quickstart>& quickstarts() {
    static const std::vector<quickstart> all{
        {"users", users, "userid"},
        {"pageviews", pageviews, "viewtime"},
        {"orders", orders, "orderid"},
        {"clickstream", clickstream, "ip"},
    };
    return all;
}

std::optional<quickstart> find_quickstart(std::string_view name) {
    for (const quickstart& q : quickstarts()) {
        if (equals_ignoring_case(q.name, name)) return q;
    }
    return std::nullopt;
}

std::shared_ptr<const record_description> quickstart_description(const quickstart& q) {
    // Validation and every task start ask for these; the texts are constants, so one parse each.
    static std::mutex mutex;
    static std::map<std::string_view, std::shared_ptr<const record_description>> parsed;
    std::lock_guard lock(mutex);
    auto& slot = parsed[q.name];
    if (!slot) slot = parse_description(q.description);
    return slot;
}

}  // namespace copycat::datagen
