#include "runtime/exactly_once_source.hpp"

#include <utility>

#include "common/strings.hpp"

namespace copycat::runtime {
namespace {

// The enumerator named `text` (ASCII case ignored), as Kafka's fromProperty does.
template <class Enum, std::size_t N>
std::optional<Enum> named(std::string_view text, const std::pair<std::string_view, Enum> (&names)[N]) {
    const std::string lower = to_lower(text);
    for (const auto& [name, value] : names)
        if (lower == name) return value;
    return std::nullopt;
}

}  // namespace

std::optional<exactly_once_source_support> parse_exactly_once_source_support(std::string_view text) {
    static constexpr std::pair<std::string_view, exactly_once_source_support> names[] = {
        {"disabled", exactly_once_source_support::disabled},
        {"preparing", exactly_once_source_support::preparing},
        {"enabled", exactly_once_source_support::enabled}};
    return named(text, names);
}

std::optional<transaction_boundary> parse_transaction_boundary(std::string_view text) {
    static constexpr std::pair<std::string_view, transaction_boundary> names[] = {
        {"poll", transaction_boundary::poll},
        {"interval", transaction_boundary::interval},
        {"connector", transaction_boundary::connector}};
    return named(text, names);
}

std::string task_transactional_id(std::string_view group_id, std::string_view connector, int task) {
    return std::string(group_id) + "-" + std::string(connector) + "-" + std::to_string(task);
}

std::string leader_transactional_id(std::string_view group_id) { return "connect-cluster-" + std::string(group_id); }

}  // namespace copycat::runtime
