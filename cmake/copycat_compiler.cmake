# Warnings, warnings-as-errors, sanitizers and ccache, applied to every Copycat target.

# ccache sees paths relative to the checkout and leaves the working directory out of its hash, so
# a build in another clone (CI's clean one) reuses what an earlier build compiled.
find_program(COPYCAT_CCACHE ccache)
if(COPYCAT_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
    CCACHE_NOHASHDIR=1 ${COPYCAT_CCACHE})
endif()

add_library(copycat_warnings INTERFACE)
target_compile_options(copycat_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wimplicit-fallthrough
  $<$<BOOL:${COPYCAT_WERROR}>:-Werror>)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  # GCC 12 reports false -Wrestrict overlaps in std::string concatenation at -O3 (GCC PR 105651).
  target_compile_options(copycat_warnings INTERFACE -Wno-restrict)
endif()

if(COPYCAT_SANITIZE)
  list(JOIN COPYCAT_SANITIZE "," _copycat_sanitizers)
  add_compile_options(-fsanitize=${_copycat_sanitizers} -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=${_copycat_sanitizers})
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # The sanitizers' instrumentation changes what GCC's flow analysis sees: GCC 12 reports false
    # -Wmaybe-uninitialized in Boost.Beast's parser (boost::optional) under ASan+UBSan, which
    # stopped the sanitizer build at its first Beast file (docs/sanitizers.md). GCC's manual warns
    # that -fsanitize may give such false warnings; the normal build keeps the warning.
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
  if("thread" IN_LIST COPYCAT_SANITIZE)
    # GCC warns that TSan does not model the fences inside Asio; they are not ours to change.
    add_compile_options(-Wno-tsan)
    # GCC 12's TSan runtime does not intercept C11 threads, which librdkafka uses: every target
    # defined after this links the pthread-based replacements (see the file's comment).
    add_library(copycat_tsan_c11_threads SHARED ${CMAKE_CURRENT_LIST_DIR}/tsan_c11_threads.cpp)
    link_libraries(copycat_tsan_c11_threads)
  endif()
endif()
