// The JAAS configuration syntax as Java's ConfigFile reads it, for Kafka's REST extension.
#include <catch2/catch.hpp>

#include "app/jaas_file.hpp"

using namespace copycat;
using namespace copycat::app;

TEST_CASE("parse_jaas reads entries, flags, quoted and bare options, and skips comments") {
    auto parsed = parse_jaas(R"(
        // the REST API's users
        KafkaConnect {
          org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule Required
            file="/etc/kafka/connect password" debug=true;
          com.example.Other sufficient; /* a second module */
        };
        KafkaClient { org.apache.kafka.common.security.plain.PlainLoginModule required username="a\"b"; };
    )");
    REQUIRE(parsed.ok());
    REQUIRE(parsed->size() == 2);
    const auto& connect = parsed->at("KafkaConnect");
    REQUIRE(connect.size() == 2);
    CHECK(connect[0].class_name == "org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule");
    CHECK(connect[0].flag == "required");
    CHECK(connect[0].options.at("file") == "/etc/kafka/connect password");
    CHECK(connect[0].options.at("debug") == "true");
    CHECK(connect[1].flag == "sufficient");
    CHECK(parsed->at("KafkaClient")[0].options.at("username") == "a\"b");
}

TEST_CASE("parse_jaas names the line of what it cannot read") {
    for (const char* bad : {"KafkaConnect { a.B required file=\"x\" }", "KafkaConnect { a.B always; };",
                            "KafkaConnect { a.B required file; };", "KafkaConnect { a.B required file=\"x; };",
                            "{ };", "KafkaConnect { a.B required; }"}) {
        INFO(bad);
        auto parsed = parse_jaas(bad);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.err().code == errc::invalid_argument);
        CHECK_THAT(parsed.err().message, Catch::Contains("line 1"));
    }
    CHECK(read_jaas_file("/no/such/jaas.conf").err().code == errc::io_error);
}
