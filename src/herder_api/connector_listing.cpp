#include "herder_api/connector_listing.hpp"

#include <utility>

namespace copycat::herder {

const std::vector<connector_info>& connector_listing::view::get() const {
    std::call_once(built, [this] {
        if (build) connectors = build();
    });
    return connectors;
}

void connector_listing::publish(std::function<std::vector<connector_info>()> build) {
    auto next = std::make_shared<view>();
    next->build = std::move(build);
    std::lock_guard lock(mutex_);
    next->generation = view_->generation + 1;
    view_ = std::move(next);
}

void connector_listing::publish(std::vector<connector_info> connectors) {
    publish([connectors = std::move(connectors)] { return connectors; });
}

std::shared_ptr<const connector_listing::view> connector_listing::current_view() const {
    std::lock_guard lock(mutex_);
    return view_;
}

connector_listing::stamp connector_listing::current() const {
    // Statuses first: a status written for a connector published after this read is then seen
    // with a configs generation that already moved.
    const std::uint64_t statuses = statuses_.version();
    return {current_view()->generation, statuses};
}

std::vector<connector_expansion> connector_listing::expansions(bool with_status, bool with_info) const {
    const std::shared_ptr<const view> v = current_view();
    const std::vector<connector_info>& connectors = v->get();
    std::vector<connector_expansion> out;
    out.reserve(connectors.size());
    for (const connector_info& c : connectors) {
        connector_expansion e{c.name, std::nullopt, std::nullopt};
        if (with_status) {
            auto status = statuses_.get(c.name);
            if (!status) continue;
            e.status = connector_state_info{c.name, *status, statuses_.tasks(c.name), c.type};
        }
        if (with_info) e.info = c;
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace copycat::herder
