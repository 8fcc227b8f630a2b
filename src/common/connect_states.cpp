#include "common/connect_states.hpp"

namespace copycat {

std::string_view run_state_name(run_state s) {
    switch (s) {
        case run_state::unassigned:
            return "UNASSIGNED";
        case run_state::running:
            return "RUNNING";
        case run_state::paused:
            return "PAUSED";
        case run_state::stopped:
            return "STOPPED";
        case run_state::failed:
            return "FAILED";
        case run_state::restarting:
            return "RESTARTING";
    }
    return "UNASSIGNED";
}

std::string_view target_state_name(target_state s) {
    switch (s) {
        case target_state::started:
            return "STARTED";
        case target_state::paused:
            return "PAUSED";
        case target_state::stopped:
            return "STOPPED";
    }
    return "STARTED";
}

}  // namespace copycat
