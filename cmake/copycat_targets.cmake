# Helpers that give every Copycat target the same shape.
#
#   copycat_add_library(<module> SOURCES ... DEPS ... [PUBLIC_DEPS ...])
#       -> static library copycat_<module>, alias copycat::<module>
#   copycat_add_plugin(<name> SOURCES ... [DEPS ...])
#       -> MODULE .so with hidden visibility that links only the public API
#   copycat_add_test(<name> SOURCES ... DEPS ... [LABEL unit|cluster])
#       -> Catch2 executable registered with ctest under the label

include_guard(GLOBAL)

function(copycat_add_library module)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;PUBLIC_DEPS" ${ARGN})
  set(target copycat_${module})
  add_library(${target} STATIC ${ARG_SOURCES})
  add_library(copycat::${module} ALIAS ${target})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(${target} PUBLIC ${ARG_PUBLIC_DEPS} PRIVATE ${ARG_DEPS} copycat_warnings)
  set_property(GLOBAL APPEND PROPERTY COPYCAT_LIBRARY_TARGETS ${target})  # for link_rules_test
endfunction()

function(copycat_add_plugin name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} MODULE ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES
    PREFIX "" CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/plugins)
  target_link_libraries(${name} PRIVATE copycat::api ${ARG_DEPS} copycat_warnings)
  set_property(GLOBAL APPEND PROPERTY COPYCAT_PLUGIN_TARGETS ${name})
endfunction()

# Test code is compiled without optimisation: it is half of the build, and its own speed does not
# matter (the code under test keeps the build type's flags). -O0 comes after the build type's -O2.
add_library(copycat_test_code INTERFACE)
target_compile_options(copycat_test_code INTERFACE -O0)

# One Catch2 main, compiled once for every test executable.
add_library(copycat_catch_main STATIC ${CMAKE_CURRENT_LIST_DIR}/catch_main.cpp)
target_link_libraries(copycat_catch_main PUBLIC Catch2::Catch2 PRIVATE copycat_test_code)

function(copycat_add_test name)
  cmake_parse_arguments(ARG "" "LABEL" "SOURCES;DEPS" ${ARGN})
  if(NOT ARG_LABEL)
    set(ARG_LABEL unit)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(${name} PRIVATE copycat_catch_main ${ARG_DEPS} copycat_warnings copycat_test_code)
  # A hung test fails within minutes instead of holding a CI run for ctest's default 25 minutes.
  if(ARG_LABEL STREQUAL "cluster")
    set(timeout 300)
  else()
    set(timeout 120)
  endif()
  catch_discover_tests(${name} PROPERTIES LABELS ${ARG_LABEL} TIMEOUT ${timeout}
    TEST_PREFIX "${name}: " DISCOVERY_TIMEOUT 30)
endfunction()
