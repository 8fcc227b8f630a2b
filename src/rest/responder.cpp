#include "rest/responder.hpp"

#include <atomic>
#include <utility>

#include "common/logging.hpp"
#include "rest/error_mapping.hpp"

namespace copycat::rest {

struct responder::slot {
    explicit slot(deliver_fn d) : deliver(std::move(d)) {}
    slot(const slot&) = delete;
    slot& operator=(const slot&) = delete;
    ~slot() {
        if (answered.exchange(true)) return;
        log::warn("REST handler dropped its request without answering; replying 500");
        try {
            deliver(error_response(500, "Request handler finished without producing a response"));
        } catch (...) {  // a destructor must not throw; the connection is then closed by its owner
        }
    }

    deliver_fn deliver;
    std::atomic<bool> answered{false};
};

responder::responder(deliver_fn deliver) : slot_(std::make_shared<slot>(std::move(deliver))) {}

bool responder::operator()(response r) const {
    if (slot_->answered.exchange(true)) return false;
    slot_->deliver(std::move(r));
    return true;
}

bool responder::answered() const { return slot_->answered.load(); }

}  // namespace copycat::rest
