#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "runtime/error_trace.hpp"
#include "runtime/record_error_handler.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

std::exception_ptr thrown_data_error() {
  try {
    throw data_error("bad bytes");
  } catch (...) {
    return std::current_exception();
  }
}

}  // namespace

TEST_CASE("a trace names the exception type, its message and its causes") {
  CHECK(error_trace(thrown_data_error()) == "copycat::data_error: bad bytes");
  try {
    try {
      throw data_error("inner");
    } catch (...) {
      std::throw_with_nested(connect_error("outer"));
    }
  } catch (...) {
    CHECK(error_trace(std::current_exception()) ==
          "copycat::connect_error: outer\nCaused by: copycat::data_error: inner");
    CHECK(error_message(std::current_exception()) == "outer");
  }
  try {
    throw 42;
  } catch (...) {
    CHECK(error_trace(std::current_exception()) == "unknown exception");
  }
}

TEST_CASE("errors.tolerance=none turns a record error into a task failure") {
  record_error_handler handler(record_error_handler::from_config({}), "t-0");
  CHECK_FALSE(handler.tolerates_all());
  try {
    handler.handle(error_stage::value_converter, nullptr, thrown_data_error());
    FAIL("not thrown");
  } catch (...) {
    CHECK(error_trace(std::current_exception()) ==
          "copycat::connect_error: Tolerance exceeded in error handler\nCaused by: copycat::data_error: bad bytes");
  }
}

TEST_CASE("errors.tolerance=all skips the record") {
  record_error_handler handler(
      record_error_handler::from_config({{"errors.tolerance", "ALL"}, {"errors.log.enable", "true"},
                                         {"errors.log.include.messages", "true"}}),
      "t-0");
  CHECK(handler.tolerates_all());
  source_record r({}, {}, "topic", std::nullopt, nullptr, value("v"));
  CHECK_FALSE(handler.execute(error_stage::transformation, &r, [] { throw data_error("nope"); }));
  CHECK(handler.execute(error_stage::transformation, &r, [] {}));
  CHECK(handler.tolerated() == 1);
  CHECK(error_stage_name(error_stage::kafka_produce) == "KAFKA_PRODUCE");
}
