# Third-party libraries, all from Debian's packages (deploy/install-deps.sh installs them).

find_package(Threads REQUIRED)
find_package(fmt 9 REQUIRED)
find_package(Boost 1.81 EXACT REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(RDKAFKA REQUIRED IMPORTED_TARGET rdkafka)
find_package(OpenSSL REQUIRED)
find_path(RAPIDJSON_INCLUDE_DIR rapidjson/document.h REQUIRED)
find_package(Catch2 2 REQUIRED)
include(Catch)

add_library(copycat_rapidjson INTERFACE)
target_include_directories(copycat_rapidjson SYSTEM INTERFACE ${RAPIDJSON_INCLUDE_DIR})
target_compile_definitions(copycat_rapidjson INTERFACE
  RAPIDJSON_HAS_STDSTRING=1)
