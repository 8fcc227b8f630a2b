// copycat: Kafka Connect's worker in C++.
//
//   copycat standalone worker.properties [connector1.properties connector2.json ...]
//   copycat distributed worker.properties
//   copycat plugin-path list --plugin-location ... | --plugin-path ... | --worker-config ...
//   copycat --version
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "app/distributed_command.hpp"
#include "app/plugin_path_command.hpp"
#include "app/standalone_command.hpp"
#include "app/version.hpp"

namespace {

constexpr std::string_view usage =
    "Usage:\n"
    "  copycat standalone worker.properties [connector1.properties connector2.json ...]\n"
    "  copycat distributed worker.properties\n"
    "  copycat plugin-path list [--plugin-location L]... [--plugin-path P]... [--worker-config F]...\n"
    "  copycat --version\n";

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        std::fputs(usage.data(), args.empty() ? stderr : stdout);
        return args.empty() ? copycat::app::exit_usage : copycat::app::exit_ok;
    }
    if (args[0] == "--version" || args[0] == "version") {
        std::printf("copycat %s (commit %s)\n", std::string(copycat::app::version()).c_str(),
                    std::string(copycat::app::commit()).c_str());
        return copycat::app::exit_ok;
    }
    if (args[0] == "standalone") return copycat::app::run_standalone({args.begin() + 1, args.end()});
    if (args[0] == "distributed") return copycat::app::run_distributed({args.begin() + 1, args.end()});
    if (args[0] == "plugin-path")
        return copycat::app::run_plugin_path({args.begin() + 1, args.end()}, std::cout, std::cerr);
    std::fprintf(stderr, "copycat: unknown command '%s'\n%s", args[0].c_str(), usage.data());
    return copycat::app::exit_usage;
}
