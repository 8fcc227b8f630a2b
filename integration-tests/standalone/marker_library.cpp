// A shared library whose constructor creates the file named by COPYCAT_MARKER_FILE: once it is
// loaded into a process, code of the library's author has run there. client_overrides_test
// hands it to librdkafka's plugin.library.paths through a connector config.
#include <cstdio>
#include <cstdlib>

namespace {

__attribute__((constructor)) void create_marker() {
    const char* path = std::getenv("COPYCAT_MARKER_FILE");
    if (path == nullptr) return;
    if (std::FILE* file = std::fopen(path, "w")) {
        std::fputs("loaded\n", file);
        std::fclose(file);
    }
}

}  // namespace
