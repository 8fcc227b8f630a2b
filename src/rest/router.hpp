#pragma once
// router: method + path-template table for the REST API, JAX-RS style.
//
//   router r;
//   r.get("/connectors/{connector}/tasks/{task}/status", [](request req, responder respond) {
//     respond(json_response(200, status_of(req.path_param("connector"), req.path_param("task"))));
//   });
//
// Templates are literal segments and whole-segment parameters `{name}`. A request path is split
// at '/', then each segment is percent-decoded; one trailing slash is tolerated. A literal segment
// beats a parameter at the same position. A target that refused_target() refuses (a fragment,
// "//", dot segments, ';', "%2F", ...) -> 400, unknown path -> 404, known path with another
// method -> 405 (with Allow); all with the JSON error body. A handler that throws gets 500 with
// the exception's message.
//
// find() is the one place a request line is matched: the server decides authentication on its
// result (a route's access, docs/security.md) before it reads the body, and dispatches the same
// match, so what is checked is what runs.
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
    struct route;

public:
    using handler = std::function<void(request req, responder respond)>;

    // Who calls a route: clients, or the workers of a cluster among themselves (a signed request,
    // docs/security.md "Who may call what").
    enum class access { client, internal };

    struct route_info {
        std::string method;         // "GET"
        std::string path_template;  // "/connectors/{connector}"
        access caller = access::client;
        friend bool operator==(const route_info&, const route_info&) = default;
    };

    // The outcome of matching a request line: a route, or the error answer for the request.
    class match {
    public:
        bool found() const { return route_ != nullptr; }
        // The matched route; only when found().
        const route_info& route() const;
        // 400, 404 or 405 (with Allow) with the JSON error body, or for OPTIONS on a known path
        // 200 with Allow and no body; only when !found().
        response error() const;

    private:
        friend class router;
        const router::route* route_ = nullptr;
        std::vector<std::string> segments_;  // decoded
        query_params query_;
        std::string path_, raw_query_;
        int status_ = 404;
        std::string message_ = "HTTP 404 Not Found";
        std::string allow_;
    };

    // Registers a route. A malformed template or a duplicate method+template is a programming
    // error: it is logged and the process aborts.
    router& add(std::string_view method, std::string_view path_template, handler h, access caller = access::client);
    router& get(std::string_view path_template, handler h) { return add("GET", path_template, std::move(h)); }
    router& post(std::string_view path_template, handler h) { return add("POST", path_template, std::move(h)); }
    router& put(std::string_view path_template, handler h) { return add("PUT", path_template, std::move(h)); }
    router& patch(std::string_view path_template, handler h) { return add("PATCH", path_template, std::move(h)); }
    router& del(std::string_view path_template, handler h) { return add("DELETE", path_template, std::move(h)); }

    // The table in registration order (compared with the OpenAPI document by a test).
    std::vector<route_info> routes() const;

    // Matches a method and a raw request target. HEAD matches the GET route (the server sends
    // its headers without the body); OPTIONS on a path with routes is answered by error(): 200
    // with Allow. Thread-safe once the table is complete.
    match find(std::string_view method, std::string_view target) const;
    // Fills req.path, raw_query, path_params and query from `m` (found() for req's method and
    // target) and calls the route's handler; answers m.error() when nothing matched.
    void dispatch(match m, request req, responder respond) const;
    // find(req.method, req.target), then dispatch.
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
