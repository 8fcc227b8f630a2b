#include "jvm/jvm_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <sstream>

namespace copycat::jvm {

std::vector<std::string> jvm_options(const jvm_settings& settings) {
    std::vector<std::string> out{
        "-Xrs",
        fmt::format("-XX:ErrorFile={}/hs_err_pid%p.log", settings.log_dir),
        fmt::format("-Djava.class.path={}", fmt::join(settings.class_path, ":")),
    };
    std::istringstream words(settings.user_options);
    for (std::string word; words >> word;) out.push_back(word);
    return out;
}

}  // namespace copycat::jvm
