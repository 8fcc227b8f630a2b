#pragma once
// How long the fault-injection scenarios run. CI runs the quick variant (shorter loops and
// windows, the whole suite in a few minutes); deploy/faults.sh runs the full durations.
//
//   COPYCAT_FAULTS_MODE=quick|full   default quick
//   COPYCAT_FAULTS_SEED=<n>          the seed of the random choices (which worker is killed when);
//                                    default: a fresh one, printed so that a run can be repeated

#include <chrono>
#include <cstdint>

namespace copycat::itest::faults {

struct fault_settings {
    bool full = false;
    std::uint32_t seed = 0;
    std::chrono::seconds broker_down{};    // how long the broker stays stopped
    std::chrono::seconds stable_window{};  // statuses must stay the same this long after recovery
    std::chrono::seconds kill_loop{};      // the SIGKILL loop's length
    std::chrono::seconds pause{};          // SIGSTOP of the leader (beyond the 6 s session timeout)
    std::chrono::seconds cut_off{};        // a worker's link to the broker frozen
};

// Read once from the environment; FAILS the running test on a malformed value.
const fault_settings& settings();

}  // namespace copycat::itest::faults
