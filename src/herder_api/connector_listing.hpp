#pragma once
// connector_listing: what GET /connectors?expand=status|info shows, readable from any thread
// without the herder loop (docs/scale.md "REST under load").
//
// The herder publishes an immutable view of its connectors (name, config, task ids, type) on its
// loop whenever its configs change, as a function that builds it: the first reader of a view
// builds it, once (under a stream of config changes most views are never read). A reader takes
// the current view (a shared_ptr copy under a mutex held for that copy only) and the statuses
// from the status store (thread-safe). stamp()
// names what a listing is built from, the view's generation and the status store's version, so
// that a renderer can reuse its output until one of them moves (rest::handlers::listing_cache).
//
// Thread-safe. Owned by the herder; references its status store, which outlives it.

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "herder_api/entities.hpp"
#include "herder_api/status_store.hpp"

namespace copycat::herder {

class connector_listing {
public:
    struct stamp {
        std::uint64_t configs = 0;
        std::uint64_t statuses = 0;
        bool operator==(const stamp&) const = default;
    };

    explicit connector_listing(const status_store& statuses) : statuses_(statuses) {}

    // On the herder loop, after a config change: what `build` returns (sorted by name; called at
    // most once, on a reader's thread, so it must own or share what it reads) replaces the view.
    void publish(std::function<std::vector<connector_info>()> build);
    // The same with the view built already.
    void publish(std::vector<connector_info> connectors);

    // What a listing read now is built from. Read it before expansions(): a change in between
    // leaves the stamp behind the listing, never ahead of it.
    stamp current() const;

    // Every connector with the parts asked for, sorted by name. A connector whose status is asked
    // for but missing is left out, as Kafka does (it was deleted meanwhile, or is not assigned yet).
    std::vector<connector_expansion> expansions(bool with_status, bool with_info) const;

private:
    struct view {
        std::uint64_t generation = 0;
        std::function<std::vector<connector_info>()> build;
        mutable std::once_flag built;
        mutable std::vector<connector_info> connectors;  // once built

        const std::vector<connector_info>& get() const;
    };

    std::shared_ptr<const view> current_view() const;

    const status_store& statuses_;
    mutable std::mutex mutex_;  // guards view_ (the pointer, not what it points to)
    std::shared_ptr<const view> view_ = std::make_shared<const view>();
};

}  // namespace copycat::herder
