#include "jvm/jvm_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <sstream>
#include <string_view>

namespace copycat::jvm {
namespace {

// The options that bound the heap; with none of them the JVM would take a quarter of the
// machine's memory.
bool bounds_heap(std::string_view option) {
    for (std::string_view prefix : {"-Xmx", "-XX:MaxHeapSize=", "-XX:MaxRAM=", "-XX:MaxRAMPercentage=",
                                    "-XX:MaxRAMFraction="})
        if (option.starts_with(prefix)) return true;
    return false;
}

}  // namespace

std::vector<std::string> jvm_options(const jvm_settings& settings) {
    std::vector<std::string> out{
        "-Xrs",
        fmt::format("-XX:ErrorFile={}/hs_err_pid%p.log", settings.log_dir),
        fmt::format("-Djava.class.path={}", fmt::join(settings.class_path, ":")),
    };
    std::vector<std::string> user;
    std::istringstream words(settings.user_options);
    for (std::string word; words >> word;) user.push_back(word);
    if (std::none_of(user.begin(), user.end(), [](const std::string& o) { return bounds_heap(o); }))
        out.emplace_back(default_max_heap);
    out.insert(out.end(), user.begin(), user.end());
    return out;
}

}  // namespace copycat::jvm
