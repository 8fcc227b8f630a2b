// Umbrella header of the data model: schemas, values, structs, logical types, headers, records.
#pragma once

#include "copycat/data/bytes.hpp"
#include "copycat/data/decimal.hpp"
#include "copycat/data/headers.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/data/records.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/schema_and_value.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/schema_type.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/data/temporal.hpp"
#include "copycat/data/validate_value.hpp"
#include "copycat/data/value.hpp"
#include "copycat/errors.hpp"
