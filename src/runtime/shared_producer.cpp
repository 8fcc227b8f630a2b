#include "runtime/shared_producer.hpp"

#include <chrono>

namespace copycat::runtime {
namespace {

// How long the poller waits for a delivery report before it looks at its stop flag.
constexpr auto poll_wait = std::chrono::milliseconds(200);

}  // namespace

result<std::shared_ptr<shared_producer>> shared_producer::create(const rdkafka::client_config& config) {
    COPYCAT_TRY(auto producer, rdkafka::producer::create(config));
    return std::shared_ptr<shared_producer>(new shared_producer(std::move(producer)));
}

shared_producer::shared_producer(rdkafka::producer producer)
    : producer_(std::move(producer)), poller_([this] { poll_loop(); }) {}

shared_producer::~shared_producer() {
    stopping_.store(true);
    poller_.join();
}

result<void> shared_producer::produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback on_delivery) {
    return producer_.produce(record, std::move(on_delivery));
}

void shared_producer::poll_loop() {
    while (!stopping_.load()) producer_.poll(poll_wait);
}

}  // namespace copycat::runtime
