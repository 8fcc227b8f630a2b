#include "coordination/assignor_input.hpp"

namespace copycat::coordination {

work_set configured_work(const config_view& config) {
    work_set out;
    for (const auto& [connector, count] : config.task_counts) {
        out.connectors.push_back(connector);
        for (std::int32_t t = 0; t < count; ++t) out.tasks.push_back(task_ref{connector, t});
    }
    out.normalize();
    return out;
}

}  // namespace copycat::coordination
