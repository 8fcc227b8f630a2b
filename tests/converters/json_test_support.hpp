// Functions shared by the JSON converter tests.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>

#include "converters/json_converter.hpp"

namespace copycat::converters::testing {

inline std::unique_ptr<json_converter> make_json_converter(std::map<std::string, std::string> props = {},
                                                           bool is_key = false) {
    auto c = std::make_unique<json_converter>();
    c->configure(props, is_key);
    return c;
}

/// The text from_connect_data writes (fails the test on Kafka's null).
inline std::string write_json(json_converter& c, const schema_ptr& s, const value& v) {
    headers h;
    const auto out = c.from_connect_data("topic", h, s, v);
    REQUIRE(out.has_value());
    return std::string(out->begin(), out->end());
}

inline schema_and_value read_json(json_converter& c, std::string_view text) {
    const bytes data(text.begin(), text.end());
    const headers h;
    return c.to_connect_data("topic", h, bytes_view(data));
}

}  // namespace copycat::converters::testing
