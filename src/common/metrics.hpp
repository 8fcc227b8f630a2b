#pragma once
// metrics: a tiny registry of counters and gauges with labels, exposed in the Prometheus text
// format (version 0.0.4) by GET /metrics. Kafka's counterpart is its Metrics/Sensor machinery
// reported through JMX; Copycat keeps only what a scrape needs.
//
//   metrics::registry reg;
//   auto polled = reg.counter("copycat_source_task_records_polled_total", "Records returned by poll()",
//                             {{"connector", "c"}, {"task", "0"}});
//   polled->add(batch.size());            // hot path: one relaxed atomic add, no lock, no lookup
//   auto up = reg.observe("copycat_worker_uptime_seconds", "...", metric_type::gauge, {}, [&] { ... });
//   std::string text = reg.expose();      // # HELP / # TYPE / samples, families sorted by name
//
// Series ownership: whoever asked for a series holds it through the returned shared_ptr; the
// registry keeps only a weak reference, so a series disappears from the exposition when its last
// holder (a task, the worker) lets it go. Asking again for a live counter or gauge with the same
// name and labels returns the same series. An observed series reads its value through a function
// at scrape time; that function must only use what it owns (capture shared_ptrs) or what its
// holder guarantees to outlive every scrape.
//
// Collectors: a function that writes a whole set of samples at each scrape (one task's figures,
// the worker's per-connector counts), for series whose label values change (a status) or that
// are computed together from one snapshot. Held like a series: reg.collect(fn) returns the
// handle; the collector runs while its holder keeps it. It runs under the registry's lock, so it
// must not call the registry.
//
// Threading: every member function is thread-safe. counter::add and gauge::set/add are lock-free
// atomics (the task loops call them once per batch); registration and expose() take a mutex.
// A name registered with another type than before is a programming error: it is logged and the
// series returned is not exposed.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/sensor.hpp"

namespace copycat::metrics {

enum class metric_type { counter, gauge };

// Label name -> value; the order given does not matter (series are keyed by the sorted pairs).
using labels = std::vector<std::pair<std::string, std::string>>;

// Something with a value at scrape time.
class series {
public:
    virtual ~series() = default;
    virtual double value() const = 0;
};

// A monotonically increasing count.
class counter final : public series {
public:
    void add(std::uint64_t n = 1) noexcept { count_.fetch_add(n, std::memory_order_relaxed); }
    std::uint64_t count() const noexcept { return count_.load(std::memory_order_relaxed); }
    double value() const override { return static_cast<double>(count()); }

private:
    std::atomic<std::uint64_t> count_{0};
};

// A value that goes up and down (a size, a duration, a timestamp).
class gauge final : public series {
public:
    void set(double v) noexcept { value_.store(v, std::memory_order_relaxed); }
    void add(double d) noexcept { value_.fetch_add(d, std::memory_order_relaxed); }
    double value() const override { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<double> value_{0.0};
};

// A series whose value a function computes at scrape time.
class observed final : public series {
public:
    explicit observed(std::function<double()> read) : read_(std::move(read)) {}
    double value() const override { return read_ ? read_() : 0.0; }

private:
    std::function<double()> read_;
};

// What a collector writes at a scrape. A sample whose name and labels a series or an earlier
// sample already has is left out; one whose family has another type is left out.
class sample_writer {
public:
    // `label_text`: as render_labels() gives it ("" for none). The family's help is `help` +
    // `help_tail`, joined only when the family is first written in the scrape.
    void add(std::string_view name, std::string_view help, metric_type type, std::string label_text, double value,
             std::string_view help_tail = {});

private:
    friend class registry;
    struct family {
        std::string help;
        metric_type type = metric_type::gauge;
        std::vector<std::pair<std::string, double>> samples;
    };
    std::map<std::string, family, std::less<>> families_;
};

class collector {
public:
    explicit collector(std::function<void(sample_writer&)> write) : write_(std::move(write)) {}
    void write(sample_writer& out) const {
        if (write_) write_(out);
    }

private:
    std::function<void(sample_writer&)> write_;
};

class registry {
public:
    registry() = default;
    registry(const registry&) = delete;
    registry& operator=(const registry&) = delete;

    // Get-or-create. `help` is kept from the first registration of the name.
    std::shared_ptr<metrics::counter> counter(std::string_view name, std::string_view help, labels l = {});
    std::shared_ptr<metrics::gauge> gauge(std::string_view name, std::string_view help, labels l = {});
    // A series read through `read` at each scrape. A second live series with the same name and
    // labels hides the older one.
    std::shared_ptr<observed> observe(std::string_view name, std::string_view help, metric_type type, labels l,
                                      std::function<double()> read);

    // A collector (see above); it writes samples at each scrape while the handle lives.
    std::shared_ptr<metrics::collector> collect(std::function<void(sample_writer&)> write);

    // The Prometheus text exposition of every live series: families sorted by name, samples by
    // labels; families without a live series are left out.
    std::string expose() const;

    // The sample window of the sensors of the groups registered here (Kafka's
    // metrics.sample.window.ms x metrics.num.samples); set once at start-up, before them.
    void set_window(window_config w);
    window_config window() const;

    // The current value of one series (the newest with these labels), for tests; NaN when absent.
    double value_of(std::string_view name, labels l = {}) const;

private:
    struct entry {
        std::string label_text;  // rendered {a="b",...}; the key within the family
        std::weak_ptr<const series> live;
        std::uint64_t order = 0;  // registration order: the newest wins among duplicates
    };
    struct family {
        std::string help;
        metric_type type = metric_type::counter;
        std::vector<entry> entries;
    };

    // Finds or creates the family; nullptr (and a logged error) for a bad name or a type clash.
    family* family_for(std::string_view name, std::string_view help, metric_type type);
    static std::shared_ptr<const series> find_live(const family& f, const std::string& label_text);
    void prune(family& f);

    sample_writer collected() const;  // runs the live collectors; mutex_ held

    mutable std::mutex mutex_;  // guards families_, next_order_, collectors_
    std::map<std::string, family, std::less<>> families_;
    mutable std::vector<std::weak_ptr<const metrics::collector>> collectors_;
    std::uint64_t next_order_ = 0;
    window_config window_;
};

// Prometheus text helpers (exposed for tests).
// {name="value",...} with names sorted and values escaped (\\, \", \n); empty for no labels.
std::string render_labels(labels l);
// A sample value: integers without a decimal point, NaN, +Inf, -Inf, otherwise shortest form.
std::string render_value(double v);
// A value as a JMX ObjectName property holds it, which the JMX exporter copies into a label
// (Kafka's Sanitizer.jmxSanitize): unchanged when it has only letters, digits, _ - % . space and
// tab; otherwise quoted ("..." with \ " * ? and newline escaped), e.g. "connect-10.0.0.1:8083".
std::string jmx_sanitize(std::string_view value);
// The text/plain content type of the exposition format.
inline constexpr std::string_view exposition_content_type = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace copycat::metrics
