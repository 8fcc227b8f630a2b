#include "rest/router.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <utility>

#include <fmt/format.h>

#include "common/logging.hpp"
#include "rest/error_mapping.hpp"
#include "rest/uri.hpp"

namespace copycat::rest {
namespace {

[[noreturn]] void bad_registration(std::string_view method, std::string_view path_template, std::string_view why) {
    log::error("invalid REST route {} {}: {}", method, path_template, why);
    std::abort();
}

bool valid_param_name(std::string_view name) {
    if (name.empty()) return false;
    for (const char c : name) {
        if (c == '{' || c == '}' || c == '/') return false;
    }
    return true;
}

}  // namespace

router& router::add(std::string_view method, std::string_view path_template, handler h, access caller) {
    if (method.empty()) bad_registration(method, path_template, "empty method");
    if (path_template.empty() || path_template.front() != '/')
        bad_registration(method, path_template, "must start with '/'");
    if (!h) bad_registration(method, path_template, "empty handler");
    route r{{std::string(method), std::string(path_template), caller}, {}, std::move(h)};
    std::string_view rest = path_template.substr(1);
    if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
    while (!rest.empty()) {
        const auto slash = rest.find('/');
        const std::string_view part = rest.substr(0, slash);
        if (part.size() >= 2 && part.front() == '{' && part.back() == '}') {
            const std::string_view name = part.substr(1, part.size() - 2);
            if (!valid_param_name(name)) bad_registration(method, path_template, "bad parameter name");
            r.segments.push_back({std::string(name), true});
        } else if (part.empty() || part.find_first_of("{}") != std::string_view::npos) {
            bad_registration(method, path_template, "empty segment or stray brace");
        } else {
            r.segments.push_back({std::string(part), false});
        }
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    }
    for (const auto& existing : routes_) {
        if (existing.info.method != r.info.method || existing.segments.size() != r.segments.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < r.segments.size() && same; ++i) {
            const auto& a = existing.segments[i];
            const auto& b = r.segments[i];
            same = a.is_param == b.is_param && (a.is_param || a.text == b.text);
        }
        if (same) bad_registration(method, path_template, "duplicates " + existing.info.path_template);
    }
    routes_.push_back(std::move(r));
    return *this;
}

std::vector<router::route_info> router::routes() const {
    std::vector<route_info> out;
    out.reserve(routes_.size());
    for (const auto& r : routes_) out.push_back(r.info);
    return out;
}

bool router::matches(const route& r, const std::vector<std::string>& path) {
    if (r.segments.size() != path.size()) return false;
    for (std::size_t i = 0; i < path.size(); ++i) {
        const auto& s = r.segments[i];
        if (s.is_param ? path[i].empty() : s.text != path[i]) return false;
    }
    return true;
}

bool router::more_specific(const route& a, const route& b) {
    for (std::size_t i = 0; i < a.segments.size(); ++i) {
        if (a.segments[i].is_param != b.segments[i].is_param) return !a.segments[i].is_param;
    }
    return false;
}

const router::route_info& router::match::route() const { return route_->info; }

response router::match::error() const {
    response r = status_ == 200 ? empty_response(200) : error_response(status_, message_);
    if (!allow_.empty()) r.headers.emplace_back("Allow", allow_);
    return r;
}

router::match router::find(std::string_view method, std::string_view target) const {
    match m;
    if (const auto refused = refused_target(target)) {
        m.status_ = 400;
        m.message_ = fmt::format("Malformed request URI: {}", *refused);
        return m;
    }
    const split_target parts = split_request_target(target);
    auto segments = decode_path_segments(parts.path);
    auto query = parse_query(parts.query);
    if (!segments || !query) {
        m.status_ = 400;
        m.message_ = "Malformed percent-encoding in the request URI";
        return m;
    }
    // HEAD is served by the GET route, OPTIONS by the router itself, as Jersey does for every
    // resource of Kafka Connect.
    const std::string_view served_by = method == "HEAD" ? std::string_view("GET") : method;
    std::vector<std::string_view> allowed;
    for (const auto& r : routes_) {
        if (!matches(r, *segments)) continue;
        if (std::find(allowed.begin(), allowed.end(), r.info.method) == allowed.end()) allowed.push_back(r.info.method);
        if (r.info.method != served_by) continue;
        if (m.route_ == nullptr || more_specific(r, *m.route_)) m.route_ = &r;
    }
    if (m.route_ == nullptr && !allowed.empty()) {
        if (std::find(allowed.begin(), allowed.end(), "GET") != allowed.end()) allowed.push_back("HEAD");
        allowed.push_back("OPTIONS");
        std::sort(allowed.begin(), allowed.end());
        for (const auto a : allowed) m.allow_.append(m.allow_.empty() ? "" : ", ").append(a);
        if (method == "OPTIONS") {
            m.status_ = 200;
            m.message_.clear();
        } else {
            m.status_ = 405;
            m.message_ = "HTTP 405 Method Not Allowed";
        }
    }
    m.segments_ = std::move(*segments);
    m.query_ = std::move(*query);
    m.path_ = std::string(parts.path);
    m.raw_query_ = std::string(parts.query);
    return m;
}

void router::dispatch(request req, responder respond) const {
    match m = find(req.method, req.target);
    dispatch(std::move(m), std::move(req), std::move(respond));
}

void router::dispatch(match m, request req, responder respond) const {
    if (!m.found()) {
        respond(m.error());
        return;
    }
    const route* best = m.route_;
    req.path = std::move(m.path_);
    req.raw_query = std::move(m.raw_query_);
    req.query = std::move(m.query_);
    for (std::size_t i = 0; i < m.segments_.size(); ++i) {
        if (best->segments[i].is_param) req.path_params[best->segments[i].text] = std::move(m.segments_[i]);
    }
    try {
        best->handle(std::move(req), respond);
    } catch (const std::exception& e) {
        log::error("REST handler for {} {} threw: {}", best->info.method, best->info.path_template, e.what());
        respond(error_response(500, e.what()));
    } catch (...) {
        log::error("REST handler for {} {} threw a non-standard exception", best->info.method,
                   best->info.path_template);
        respond(error_response(500, "Unexpected error while handling the request"));
    }
}

}  // namespace copycat::rest
