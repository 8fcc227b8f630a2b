#pragma once
// The component schemas of the OpenAPI document (openapi_document): Kafka Connect's REST entities
// and Copycat's additions, as one JSON object of name -> schema. Parsed once; thread-safe.

#include "common/json.hpp"

namespace copycat::rest::handlers {

// {"ErrorMessage": {...}, "ConnectorInfo": {...}, ...}; an empty object if the text did not parse
// (the unit test checks it does).
const json::value& openapi_schemas();

}  // namespace copycat::rest::handlers
