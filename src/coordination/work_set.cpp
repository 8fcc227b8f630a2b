#include "coordination/work_set.hpp"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

namespace copycat::coordination {

namespace {

template <class T>
void sort_unique(std::vector<T>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

template <class T, class Op>
std::vector<T> combine(const std::vector<T>& a, const std::vector<T>& b, Op op) {
    std::vector<T> out;
    op(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

}  // namespace

std::string task_ref::to_string() const { return fmt::format("{}-{}", connector, task); }

bool work_set::contains(const std::string& connector) const {
    return std::binary_search(connectors.begin(), connectors.end(), connector);
}

bool work_set::contains(const task_ref& task) const { return std::binary_search(tasks.begin(), tasks.end(), task); }

void work_set::normalize() {
    sort_unique(connectors);
    sort_unique(tasks);
}

std::string work_set::to_string() const {
    std::vector<std::string> names;
    names.reserve(tasks.size());
    for (const auto& t : tasks) names.push_back(t.to_string());
    return fmt::format("connectors [{}], tasks [{}]", fmt::join(connectors, ", "), fmt::join(names, ", "));
}

work_set union_of(const work_set& a, const work_set& b) {
    auto set_union = [](auto... args) { return std::set_union(args...); };
    return {combine(a.connectors, b.connectors, set_union), combine(a.tasks, b.tasks, set_union)};
}

work_set difference(const work_set& a, const work_set& b) {
    auto set_difference = [](auto... args) { return std::set_difference(args...); };
    return {combine(a.connectors, b.connectors, set_difference), combine(a.tasks, b.tasks, set_difference)};
}

work_set intersection(const work_set& a, const work_set& b) {
    auto set_intersection = [](auto... args) { return std::set_intersection(args...); };
    return {combine(a.connectors, b.connectors, set_intersection), combine(a.tasks, b.tasks, set_intersection)};
}

work_set apply_assignment(const work_set& current, const work_set& revoked, const work_set& assigned) {
    return union_of(difference(current, revoked), assigned);
}

}  // namespace copycat::coordination
