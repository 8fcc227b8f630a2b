#pragma once
// The one table the fault-injection suite prints: per scenario the lines its file pipeline
// produced and delivered, how many are missing (always asserted to be 0) and duplicated
// (at-least-once delivery; reported, not asserted), and the recovery time after the fault.
//
// Scenarios record their row before they assert, so a failing scenario still shows its figures;
// the table is printed once, when the test program exits (all scenarios run in one process),
// and also written to the file COPYCAT_FAULTS_TABLE names, when set.

#include <chrono>
#include <cstddef>
#include <string>

namespace copycat::itest::faults {

struct fault_row {
    std::string scenario;
    std::size_t produced = 0;
    std::size_t delivered = 0;  // lines in the sink file, duplicates included
    std::size_t missing = 0;
    std::size_t duplicated = 0;
    double recovery_seconds = 0;  // from the end of the fault until the cluster has recovered (scenario's note)
    std::string note;
};

// Seconds from `start` until now.
double seconds_since(std::chrono::steady_clock::time_point start);

// Adds the row to the table (and prints it at once, for the log of a run that is cut short).
void record(fault_row row);

}  // namespace copycat::itest::faults
