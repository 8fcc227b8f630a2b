#pragma once
// The version and commit of this build (GET /, `copycat --version`), set by CMake.

#include <string_view>

namespace copycat::app {

std::string_view version();
std::string_view commit();

}  // namespace copycat::app
