#include "coordination/worker_loads.hpp"

#include <algorithm>
#include <cstddef>

#include "common/logging.hpp"

namespace copycat::coordination {

namespace {

template <class T>
void erase_all(std::vector<T>& from, const std::vector<T>& sorted_items) {
    std::erase_if(from, [&](const T& x) { return std::binary_search(sorted_items.begin(), sorted_items.end(), x); });
}

// One kind of item (connectors or tasks): what to take from each worker.
template <class T, class Get>
std::map<std::string, std::vector<T>> balance(std::size_t total, const worker_loads& loads, Get get) {
    std::map<std::string, std::vector<T>> out;
    const std::size_t workers = loads.size();
    const std::size_t min = total / workers;
    const std::size_t extras = total % workers;
    std::size_t at_min = 0;
    std::size_t at_min_plus_one = 0;
    for (const auto& load : loads) {
        const std::size_t n = get(load).size();
        at_min += n == min ? 1 : 0;
        at_min_plus_one += n == min + 1 ? 1 : 0;
    }
    if (at_min_plus_one == extras && at_min + at_min_plus_one == workers) return out;

    std::size_t extras_given = 0;
    for (const auto& load : loads) {
        const auto& items = get(load);
        if (items.size() <= min) continue;
        std::size_t cap = min;
        if (extras_given < extras) {
            ++extras_given;
            if (items.size() == min + 1) continue;
            cap = min + 1;
        }
        auto& revoked = out[load.worker];
        revoked.assign(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(items.size() - cap));
    }
    return out;
}

template <class T, class Get>
void water_fill(worker_loads& loads, const std::vector<T>& items, Get get) {
    if (items.empty() || loads.empty()) return;
    std::sort(loads.begin(), loads.end(), [&](const worker_load& a, const worker_load& b) {
        const auto na = get(a).size(), nb = get(b).size();
        return na != nb ? na < nb : a.worker < b.worker;
    });
    auto next = items.begin();
    while (next != items.end()) {
        const std::size_t lowest = get(loads.front()).size();
        for (auto& load : loads) {
            if (get(load).size() > lowest || next == items.end()) break;
            get(load).push_back(*next++);
        }
    }
}

}  // namespace

work_set worker_load::as_work_set() const {
    work_set out{connectors, tasks};
    out.normalize();
    return out;
}

void remove_items(worker_loads& loads, const work_set& items) {
    for (auto& load : loads) {
        erase_all(load.connectors, items.connectors);
        erase_all(load.tasks, items.tasks);
    }
}

void remove_revoked(worker_loads& loads, const revocations& revoked) {
    for (auto& load : loads) {
        auto it = revoked.find(load.worker);
        if (it == revoked.end()) continue;
        erase_all(load.connectors, it->second.connectors);
        erase_all(load.tasks, it->second.tasks);
    }
}

void add_revocations(revocations& into, const revocations& more) {
    for (const auto& [worker, items] : more) {
        if (items.empty()) continue;
        into[worker] = union_of(into[worker], items);
    }
}

revocations balancing_revocations(const work_set& configured, const worker_loads& loads) {
    revocations out;
    if (configured.empty() || loads.empty()) return out;
    if (std::all_of(loads.begin(), loads.end(), [](const worker_load& l) { return l.empty(); })) return out;
    auto connectors = balance<std::string>(configured.connectors.size(), loads,
                                           [](const worker_load& l) -> const auto& { return l.connectors; });
    auto tasks =
        balance<task_ref>(configured.tasks.size(), loads, [](const worker_load& l) -> const auto& { return l.tasks; });
    for (auto& [worker, items] : connectors) out[worker].connectors = std::move(items);
    for (auto& [worker, items] : tasks) out[worker].tasks = std::move(items);
    for (auto& [worker, items] : out) {
        items.normalize();
        log::debug("load-balancing revocation from {}: {}", worker, items.to_string());
    }
    return out;
}

void assign_connectors(worker_loads& loads, const std::vector<std::string>& connectors) {
    water_fill(loads, connectors, [](auto& l) -> auto& { return l.connectors; });
}

void assign_tasks(worker_loads& loads, const std::vector<task_ref>& tasks) {
    water_fill(loads, tasks, [](auto& l) -> auto& { return l.tasks; });
}

}  // namespace copycat::coordination
