#pragma once
// router: method + path-template table for the REST API, JAX-RS style.
//
//   router r;
//   r.get("/connectors/{connector}/tasks/{task}/status", [](request req, responder respond) {
//     respond(json_response(200, status_of(req.path_param("connector"), req.path_param("task"))));
//   });
//
// Templates are literal segments and whole-segment parameters `{name}`. A request path is split
// at '/' before percent-decoding, so "%2F" stays inside one parameter; one trailing slash is
// tolerated. A literal segment beats a parameter at the same position. Unknown path -> 404,
// known path with another method -> 405 (with Allow), malformed escapes -> 400; all with the JSON
// error body. A handler that throws gets 500 with the exception's message.
//
// Threading: build the table first, then hand the router to the server; after that it is
// read-only and dispatch() runs concurrently on the server's I/O threads. Handlers run on an
// I/O thread and must not block: answer through the responder, at once or later from any thread.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rest/request.hpp"
#include "rest/responder.hpp"

namespace copycat::rest {

class router {
public:
    using handler = std::function<void(request req, responder respond)>;

    struct route_info {
        std::string method;         // "GET"
        std::string path_template;  // "/connectors/{connector}"
        friend bool operator==(const route_info&, const route_info&) = default;
    };

    // Registers a route. A malformed template or a duplicate method+template is a programming
    // error: it is logged and the process aborts.
    router& add(std::string_view method, std::string_view path_template, handler h);
    router& get(std::string_view path_template, handler h) { return add("GET", path_template, std::move(h)); }
    router& post(std::string_view path_template, handler h) { return add("POST", path_template, std::move(h)); }
    router& put(std::string_view path_template, handler h) { return add("PUT", path_template, std::move(h)); }
    router& patch(std::string_view path_template, handler h) { return add("PATCH", path_template, std::move(h)); }
    router& del(std::string_view path_template, handler h) { return add("DELETE", path_template, std::move(h)); }

    // The table in registration order (compared with the OpenAPI document by a test).
    std::vector<route_info> routes() const;

    // Matches req.method and req.target, fills req.path, raw_query, path_params and query, and
    // calls the handler; answers errors itself. Thread-safe once the table is complete.
    void dispatch(request req, responder respond) const;

private:
    struct segment {
        std::string text;  // literal text, or the parameter name
        bool is_param;
    };
    struct route {
        route_info info;
        std::vector<segment> segments;
        handler handle;
    };

    static bool matches(const route& r, const std::vector<std::string>& path);
    static bool more_specific(const route& a, const route& b);

    std::vector<route> routes_;
};

}  // namespace copycat::rest
