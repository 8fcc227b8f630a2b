#pragma once
// listing_cache: GET /connectors?expand=status|info rendered once per change of what it shows
// and reused by every request until the next change (docs/scale.md "REST under load").
//
// One page per expansion order ("status", "info", "status,info", "info,status"), stamped with the
// herder::connector_listing stamp it was built from; a request whose stamp matches gets the same
// page (body and ETag) without rendering. The ETag is a fingerprint of the body's bytes, so two
// workers showing the same listing give the same ETag.
//
// Thread-safe: the REST threads share it; one renders a changed page while the others wait for it
// (they would render the same bytes). Owned by connectors_resource.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "herder_api/connector_listing.hpp"

namespace copycat::rest::handlers {

class listing_cache {
public:
    struct page {
        std::string body;  // compact JSON
        std::string etag;  // quoted, as the ETag header carries it
    };

    // The page of `order` (the expansions asked for, each once, in the order asked) as
    // `listing` shows it now.
    std::shared_ptr<const page> get(const herder::connector_listing& listing, const std::vector<std::string>& order);

private:
    struct entry {
        herder::connector_listing::stamp stamp;
        std::shared_ptr<const page> rendered;
    };

    std::mutex mutex_;  // guards entries_; held while a page renders
    std::map<std::string, entry> entries_;
};

// The GET /connectors?expand=... body: {"<c>":{"status":{...},"info":{...}}}, the parts in `order`.
std::string render_listing(const std::vector<herder::connector_expansion>& connectors,
                           const std::vector<std::string>& order);

// Whether an If-None-Match header value names `etag` (a list of entity tags, or "*"; weak tags
// compare by their opaque part, as RFC 9110's weak comparison for If-None-Match).
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace copycat::rest::handlers
