#pragma once
// Standard error into a temporary file while a captured_stderr lives, for tests of what the
// worker and its plugins log; text() is what was written so far. One at a time per process.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace copycat::testing {

class captured_stderr {
public:
    captured_stderr() {
        std::fflush(stderr);
        saved_ = ::dup(STDERR_FILENO);
        std::FILE* file = std::fopen(path_.c_str(), "w");
        ::dup2(::fileno(file), STDERR_FILENO);
        std::fclose(file);
    }
    ~captured_stderr() {
        std::fflush(stderr);
        ::dup2(saved_, STDERR_FILENO);
        ::close(saved_);
        std::filesystem::remove(path_);
    }
    captured_stderr(const captured_stderr&) = delete;
    captured_stderr& operator=(const captured_stderr&) = delete;

    std::string text() const {
        std::fflush(stderr);
        std::ifstream in(path_);
        std::stringstream out;
        out << in.rdbuf();
        return out.str();
    }

private:
    std::filesystem::path path_ =
        std::filesystem::temp_directory_path() / ("copycat-stderr-" + std::to_string(::getpid()));
    int saved_ = -1;
};

}  // namespace copycat::testing
