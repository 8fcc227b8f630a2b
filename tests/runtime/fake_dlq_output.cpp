#include "runtime/fake_dlq_output.hpp"

namespace copycat::testing {

fake_dlq_output::~fake_dlq_output() {
    fail_all("producer closed");
    deliver_decided();
}

std::vector<fake_dlq_output::stored> fake_dlq_output::records() const {
    std::lock_guard lock(mutex_);
    return records_;
}

void fake_dlq_output::acknowledge_all() {
    std::lock_guard lock(mutex_);
    for (auto& p : pending_)
        if (!p.outcome) p.outcome = "";
}

void fake_dlq_output::fail_all(std::string reason) {
    std::lock_guard lock(mutex_);
    for (auto& p : pending_)
        if (!p.outcome) p.outcome = reason;
}

result<void> fake_dlq_output::produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback done) {
    stored s;
    s.topic = std::string(record.topic);
    s.partition = record.partition;
    if (record.key) s.key = std::string(*record.key);
    if (record.value) s.value = std::string(*record.value);
    for (const auto& h : record.headers) {
        s.headers.emplace_back(std::string(h.key),
                               h.value ? std::optional<std::string>(std::string(*h.value)) : std::nullopt);
    }
    s.timestamp_ms = record.timestamp_ms;
    std::lock_guard lock(mutex_);
    records_.push_back(std::move(s));
    pending_.push_back({std::move(done), auto_acknowledge_ ? std::optional<std::string>("") : std::nullopt});
    return {};
}

// Runs the callbacks of the decided records at the front, in order, without the lock held.
void fake_dlq_output::deliver_decided() {
    for (;;) {
        pending p;
        {
            std::lock_guard lock(mutex_);
            if (pending_.empty() || !pending_.front().outcome) return;
            p = std::move(pending_.front());
            pending_.pop_front();
        }
        rdkafka::delivery_report report;
        if (!p.outcome->empty()) report.status = make_error(errc::unavailable, *p.outcome);
        if (p.done) p.done(report);
    }
}

void fake_dlq_output::poll(std::chrono::milliseconds) { deliver_decided(); }

result<void> fake_dlq_output::flush(std::chrono::milliseconds) {
    deliver_decided();
    std::lock_guard lock(mutex_);
    if (!pending_.empty()) return make_error(errc::timeout, "records still pending");
    return {};
}

namespace {

class forwarding_output final : public runtime::dead_letter_queue_reporter::output {
public:
    explicit forwarding_output(std::shared_ptr<fake_dlq_output> target) : target_(std::move(target)) {}
    ~forwarding_output() override {
        target_->fail_all("producer closed");
        target_->poll(std::chrono::milliseconds(0));
    }
    result<void> produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback done) override {
        return target_->produce(record, std::move(done));
    }
    void poll(std::chrono::milliseconds timeout) override { target_->poll(timeout); }
    result<void> flush(std::chrono::milliseconds timeout) override { return target_->flush(timeout); }

private:
    std::shared_ptr<fake_dlq_output> target_;
};

}  // namespace

std::unique_ptr<runtime::dead_letter_queue_reporter::output> forward_to(std::shared_ptr<fake_dlq_output> target) {
    return std::make_unique<forwarding_output>(std::move(target));
}

}  // namespace copycat::testing
