#pragma once
// sensor: Kafka's Sensor with its windowed stats (Avg, Max, Min, Rate over WindowedSum or
// WindowedCount, Frequencies of a boolean) and cumulative ones (CumulativeSum, CumulativeCount),
// for the Kafka Connect metrics of GET /metrics (docs/metrics.md#windows).
//
//   metrics::sensor poll_size(config);          // config: metrics.sample.window.ms x metrics.num.samples
//   poll_size.record(batch.size(), sensor::now_ms());   // the task thread, once per batch
//   poll_size.rate(sensor::now_ms());           // a scrape: records per second over the window
//
// Windows, as Kafka's SampledStat: a sample covers window_ms from its first event; a record
// past that starts the next of samples + 1 slots (the oldest is reused). A read combines the
// slots whose last event is younger than samples x window_ms; Avg, Max and Min are NaN without
// events there, Rate divides by the time since the oldest slot started, at least
// (samples - 1) x window_ms. Unlike Kafka's, a read never changes the sensor (Kafka resets
// expired samples when JMX reads them), so after an idle spell a rate can differ from Kafka's by
// when the expired samples count as restarted; figures of a busy task are the same.
//
// Threading: one writer (record() from one thread at a time: a task's thread, or under its
// owner's lock); readers on any thread. A record is a handful of relaxed atomic stores inside a
// sequence lock (no lock, no read-modify-write shared with readers); a read retries while a
// record is under way.

#include <atomic>
#include <cstdint>
#include <memory>

namespace copycat::metrics {

// Kafka's MetricConfig: metrics.sample.window.ms and metrics.num.samples.
struct window_config {
    std::int64_t window_ms = 30000;
    int samples = 2;
};

class sensor {
public:
    // The first sample starts at `created_ms` (Kafka's starts at its first record or read).
    explicit sensor(window_config config = {}, std::int64_t created_ms = now_ms());
    sensor(const sensor&) = delete;
    sensor& operator=(const sensor&) = delete;

    // The steady clock in milliseconds: the time every record and read of a sensor uses.
    static std::int64_t now_ms();

    void record(double value, std::int64_t now_ms);

    double avg(std::int64_t now_ms) const;
    double max(std::int64_t now_ms) const;
    double min(std::int64_t now_ms) const;
    // Rate(WindowedSum): the recorded values per second; count_rate: the records per second.
    double rate(std::int64_t now_ms) const;
    double count_rate(std::int64_t now_ms) const;
    // Frequencies.forBooleanValues: the fraction of the window's records whose value was 1 (a
    // success) or 0; 0 without records.
    double fraction_true(std::int64_t now_ms) const;
    double fraction_false(std::int64_t now_ms) const;
    // CumulativeSum and CumulativeCount since construction.
    double total() const;
    std::uint64_t count() const;

private:
    struct slot {
        std::atomic<std::int64_t> start_ms{0};
        std::atomic<std::int64_t> last_ms{0};
        std::atomic<std::uint64_t> events{0};
        std::atomic<double> sum{0};
        std::atomic<double> max{0};
        std::atomic<double> min{0};
        std::atomic<double> hits{0};  // records whose value was 1
    };
    struct view {  // the combination of the live slots at one time
        std::uint64_t events = 0;
        double sum = 0;
        double max = 0;
        double min = 0;
        double hits = 0;
        std::int64_t oldest_start_ms = 0;
    };
    void reset(slot& s, std::int64_t now_ms);
    view combine(std::int64_t now_ms) const;
    double per_second(double value, const view& v, std::int64_t now_ms) const;

    const window_config config_;
    const int slots_count_;
    std::unique_ptr<slot[]> slots_;
    int current_ = 0;                      // writer only
    std::atomic<int> used_{1};             // slots started so far (Kafka adds them as it advances)
    std::atomic<std::uint64_t> sequence_{0};  // odd while a record is under way
    std::atomic<double> total_{0};
    std::atomic<std::uint64_t> count_{0};
};

}  // namespace copycat::metrics
