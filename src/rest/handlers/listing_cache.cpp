#include "rest/handlers/listing_cache.hpp"

#include <algorithm>
#include <utility>

#include "common/fingerprint.hpp"
#include "common/json.hpp"
#include "common/strings.hpp"
#include "rest/handlers/entities_json.hpp"

namespace copycat::rest::handlers {

std::shared_ptr<const listing_cache::page> listing_cache::get(const herder::connector_listing& listing,
                                                              const std::vector<std::string>& order) {
    std::string key;
    for (const std::string& part : order) key += (key.empty() ? "" : ",") + part;
    // The stamp before the listing: a change while rendering leaves the page stamped older than
    // what it shows, so the next request renders again (never the other way round).
    const herder::connector_listing::stamp stamp = listing.current();
    std::lock_guard lock(mutex_);
    entry& e = entries_[key];
    if (e.rendered && e.stamp == stamp) return e.rendered;
    const bool with_status = std::find(order.begin(), order.end(), "status") != order.end();
    const bool with_info = std::find(order.begin(), order.end(), "info") != order.end();
    auto fresh = std::make_shared<page>();
    fresh->body = render_listing(listing.expansions(with_status, with_info), order);
    fresh->etag = "\"" + fingerprint(fresh->body) + "\"";
    e = {stamp, std::move(fresh)};
    return e.rendered;
}

// The herder lists each connector once, so members are appended (set() would search the object:
// quadratic in connectors).
std::string render_listing(const std::vector<herder::connector_expansion>& connectors,
                           const std::vector<std::string>& order) {
    json::value out = json::value::make_object();
    out.as_object().reserve(connectors.size());
    for (const herder::connector_expansion& c : connectors) {
        json::value parts = json::value::make_object();
        for (const std::string& part : order) {
            if (part == "status" && c.status) parts.set("status", to_json(*c.status));
            if (part == "info" && c.info) parts.set("info", to_json(*c.info));
        }
        out.as_object().push_back(json::member{c.name, std::move(parts)});
    }
    return json::dump(out);
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
    auto opaque = [](std::string_view tag) {
        tag = trim_whitespace(tag);
        if (tag.substr(0, 2) == "W/") tag.remove_prefix(2);
        return tag;
    };
    for (const std::string& candidate : split_list(if_none_match, ',')) {
        if (candidate == "*" || opaque(candidate) == opaque(etag)) return true;
    }
    return false;
}

}  // namespace copycat::rest::handlers
