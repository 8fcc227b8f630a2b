#pragma once
// Runs one parsed copycat-cli verb against a worker: the REST calls, --wait, and what is printed
// (-o table: views.hpp; -o json: the worker's answer, or with --wait the status reached).

#include <ostream>

#include "cli/arguments.hpp"
#include "cli/rest_client.hpp"
#include "common/result.hpp"

namespace copycat::cli {

// Errors carry their exit code (exit_code.hpp); `out` gets only the result.
result<void> run_verb(const invocation& inv, const rest_client& rest, std::ostream& out);

}  // namespace copycat::cli
