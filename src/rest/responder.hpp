#pragma once
// responder: the one-shot callback through which a handler answers its request.
//
// A handler may answer at once or later from any thread (the herder answers from its own
// loop). Copies share one slot: the first call delivers, later calls are ignored. If every copy
// is destroyed without an answer, the client gets 500 instead of a hanging connection.
// Thread-safe. The deliver function given at construction must itself be callable from any
// thread (the HTTP session posts the response back onto its connection's strand).

#include <functional>
#include <memory>

#include "rest/response.hpp"

namespace copycat::rest {

class responder {
public:
    using deliver_fn = std::function<void(response)>;

    explicit responder(deliver_fn deliver);

    // Delivers r if nothing was delivered yet; returns whether this call delivered.
    bool operator()(response r) const;
    bool answered() const;

private:
    struct slot;
    std::shared_ptr<slot> slot_;
};

}  // namespace copycat::rest
