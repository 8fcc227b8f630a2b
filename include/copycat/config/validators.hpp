// Every built-in configuration validator.
#pragma once

#include "copycat/config/config_validator.hpp"
#include "copycat/config/lambda_validator.hpp"
#include "copycat/config/range.hpp"
#include "copycat/config/string_validators.hpp"
#include "copycat/config/valid_list.hpp"
#include "copycat/config/valid_string.hpp"
