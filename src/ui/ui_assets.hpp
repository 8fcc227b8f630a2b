#pragma once
// The dashboard's static files (src/ui/assets/), compiled into the binary by
// src/ui/embed_assets.cmake: no file is read at run time and no external host is referenced, so
// the dashboard works air-gapped. Immutable data; thread-safe.

#include <span>
#include <string_view>

namespace copycat::ui {

struct asset {
    std::string_view path;          // "app.js", relative to /ui/
    std::string_view content_type;  // "text/javascript; charset=utf-8"
    std::string_view etag;          // quoted hash of the content, e.g. "\"3f2a...\""
    std::string_view body;
};

std::span<const asset> assets();

}  // namespace copycat::ui
