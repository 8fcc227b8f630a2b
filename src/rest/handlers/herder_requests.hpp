#pragma once
// herder_requests: what every REST resource shares — the herder (attached once it exists), and
// turning a herder callback into an HTTP answer within the request timeout (Kafka:
// HerderRequestHandler.completeRequest with RestRequestTimeout).
//
// The application builds it before the HTTP server starts (the worker id needs the bound port)
// and attaches the herder afterwards; until then requests get 503. Owned by the application;
// must outlive the HTTP server. Thread-safe.

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "herder_api/herder.hpp"
#include "rest/error_mapping.hpp"
#include "rest/handlers/request_timer.hpp"
#include "rest/responder.hpp"
#include "rest/response.hpp"
#include "rest/router.hpp"

namespace copycat::rest::handlers {

class herder_requests {
public:
    explicit herder_requests(std::chrono::milliseconds request_timeout = std::chrono::seconds(90))
        : timeout_(request_timeout) {}

    void attach(herder::herder& h) { herder_.store(&h); }
    // Null until attached.
    herder::herder* get() const { return herder_.load(); }
    std::chrono::milliseconds timeout() const { return timeout_; }
    request_timer& timer() { return timer_; }
    // The 503 of a request that comes before the herder is attached.
    static response starting_up() {
        return error_response(503, "The worker is still starting up and cannot handle requests yet");
    }

    // Calls `call(herder, callback)` with a callback that answers `respond`: on success with
    // `on_success(value)`, on error with the error body, with forward_response() when another
    // worker must serve the request; 500 "Request timed out" when the herder
    // does not answer within the timeout; 503 when no herder is attached yet.
    template <class T, class Call, class OnSuccess>
    void run(const responder& respond, Call&& call, OnSuccess&& on_success) {
        if constexpr (std::is_void_v<T>) {
            run_then<T>(respond, std::forward<Call>(call),
                        [on_success = std::forward<OnSuccess>(on_success)](const responder& r) { r(on_success()); });
        } else {
            run_then<T>(respond, std::forward<Call>(call),
                        [on_success = std::forward<OnSuccess>(on_success)](T& value, const responder& r) {
                            r(on_success(value));
                        });
        }
    }

    // The handler of an endpoint answered by one herder operation on the path's {connector}:
    // `(herder.*op)(name, callback)`, then `on_success` as in run().
    template <class T, class OnSuccess>
    router::handler on_connector(void (herder::herder::*op)(const std::string&, herder::callback<T>),
                                 OnSuccess on_success) {
        return [this, op, on_success](request req, responder respond) {
            run<T>(
                respond,
                [op, name = std::string(req.path_param("connector"))](herder::herder& h, herder::callback<T> cb) {
                    (h.*op)(name, std::move(cb));
                },
                on_success);
        };
    }

    // As run(), but on success `then(value, respond)` (or `then(respond)` for void) answers itself,
    // possibly later (the timeout still applies).
    template <class T, class Call, class Then>
    void run_then(const responder& respond, Call&& call, Then&& then) {
        herder::herder* h = get();
        if (h == nullptr) {
            respond(starting_up());
            return;
        }
        const auto ticket = timer_.schedule(timeout_, [respond] { respond(error_response(500, "Request timed out")); });
        herder::callback<T> cb = [this, respond, ticket, then = std::forward<Then>(then)](herder::outcome<T> r) {
            if (const herder::forward_to* target = r.forwarded()) {
                timer_.cancel(ticket);
                respond(forward_response(target->url));
                return;
            }
            if (!r.ok()) {
                timer_.cancel(ticket);
                respond(error_response(r.err()));
                return;
            }
            if constexpr (std::is_void_v<T>) {
                timer_.cancel(ticket);
                then(respond);
            } else {
                then(r.value(), respond);
                if (respond.answered()) timer_.cancel(ticket);
            }
        };
        call(*h, std::move(cb));
    }

private:
    std::atomic<herder::herder*> herder_{nullptr};
    std::chrono::milliseconds timeout_;
    request_timer timer_;
};

}  // namespace copycat::rest::handlers
