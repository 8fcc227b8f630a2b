#pragma once
// fingerprint: a short, stable digest of bytes (64-bit FNV-1a as 16 lowercase hex digits), the
// same on every build and process; for cache validators such as HTTP ETags, not for security.

#include <string>
#include <string_view>

namespace copycat {

std::string fingerprint(std::string_view bytes);

}  // namespace copycat
