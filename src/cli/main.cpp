// copycat-cli: Copycat's command line for ops scripts (docs/cli.md). It speaks only the public
// REST API, so it works with any worker — leader or follower, Copycat or Kafka Connect — and
// links only common and net (no worker, librdkafka or JVM): it starts in milliseconds.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/exit_code.hpp"
#include "cli/rest_client.hpp"

namespace {

int fail(const copycat::error& e) {
    std::cerr << "copycat-cli: " << e.describe() << "\n";
    return copycat::cli::exit_status_of(e);
}

}  // namespace

int main(int argc, char** argv) {
    using namespace copycat::cli;
    const std::vector<std::string> args(argv + 1, argv + argc);
    auto inv = parse_arguments(args);
    if (!inv) return fail(inv.err());
    if (inv->help) {
        std::cout << help_text(*inv);
        return 0;
    }
    auto settings = connection_from(*inv, [](const char* name) -> std::optional<std::string> {
        const char* value = std::getenv(name);
        return value != nullptr ? std::optional<std::string>(value) : std::nullopt;
    });
    if (!settings) return fail(settings.err());
    auto rest = rest_client::connect(*settings);
    if (!rest) return fail(rest.err());
    auto done = run_verb(*inv, *rest, std::cout);
    std::cout.flush();
    if (!done) return fail(done.err());
    return 0;
}
