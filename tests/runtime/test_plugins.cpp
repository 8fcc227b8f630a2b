#include "runtime/test_plugins.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <stdexcept>
#include <thread>

#include "converters/builtin_converters.hpp"
#include "copycat/errors.hpp"
#include "copycat/plugin.hpp"

namespace copycat::testing {
namespace {

using namespace std::chrono_literals;

std::string get(const std::map<std::string, std::string>& props, const std::string& key, std::string fallback = {}) {
    auto it = props.find(key);
    return it == props.end() ? fallback : it->second;
}

struct hub {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<collector>> collectors;
    std::map<std::string, std::size_t> acks;
};

hub& the_hub() {
    static hub h;
    return h;
}

const config_def& empty_def() {
    static const config_def def;
    return def;
}

// With `nonblocking`, its poll() never waits (the worker runs it on the task pool).
class counting_source_task : public source_task {
public:
    explicit counting_source_task(bool nonblocking = false) : nonblocking_(nonblocking) {}
    std::string version() const override { return "1.0"; }
    bool nonblocking_poll() const override { return nonblocking_; }

    void start(const std::map<std::string, std::string>& props) override {
        props_ = props;
        if (get(props, "fail.on") == "start") throw connect_error("boom on start");
        total_ = std::stoll(get(props, "records", "0"));
        for (std::string rest = get(props, "values"); !rest.empty();) {
            const auto comma = rest.find(',');
            values_.push_back(rest.substr(0, comma));
            rest = comma == std::string::npos ? std::string() : rest.substr(comma + 1);
        }
        if (!values_.empty()) total_ = static_cast<std::int64_t>(values_.size());
        topic_ = get(props, "topic");
        batch_ = std::stoll(get(props, "batch.size", "100"));
        partition_ = {{"source", value(get(props, "source.partition", "p0"))}};
        if (auto stored = context().offset_storage_reader().offset(partition_)) {
            next_ = stored->at("position").to_int64() + 1;
        }
    }

    std::vector<source_record> poll() override {
        if (get(props_, "fail.on") == "poll") {
            const std::string detail = get(props_, "fail.detail");
            throw data_error(detail.empty() ? "boom on poll" : "boom on poll: " + detail);
        }
        if (get(props_, "block.on") == "poll") {
            // A badly behaved task: ignores stop() for a while.
            {
                std::lock_guard lock(the_hub().mutex);
                ++the_hub().acks["blocked-polls-started"];
            }
            std::this_thread::sleep_for(1s);
            std::lock_guard lock(the_hub().mutex);
            ++the_hub().acks["blocked-polls-finished"];
            return {};
        }
        if (next_ >= total_) {
            if (nonblocking_) return {};
            std::unique_lock lock(mutex_);
            stopped_cv_.wait_for(lock, 50ms, [&] { return stopped_; });
            return {};
        }
        std::vector<source_record> out;
        for (; next_ < total_ && static_cast<std::int64_t>(out.size()) < batch_; ++next_) {
            out.emplace_back(
                partition_, source_map{{"position", value(next_)}}, topic_, std::nullopt, nullptr,
                value(values_.empty() ? "record-" + std::to_string(next_) : values_[static_cast<std::size_t>(next_)]));
        }
        define_transaction_boundaries(out);
        {
            std::lock_guard lock(the_hub().mutex);
            ++the_hub().acks["polled-" + partition_.at("source").as_string()];
        }
        return out;
    }

    void commit_record(const source_record& record, const std::optional<record_metadata>&) override {
        std::lock_guard lock(the_hub().mutex);
        ++the_hub().acks[record.source_partition.at("source").as_string()];
    }

    void stop() override {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        stopped_cv_.notify_all();
        if (get(props_, "fail.on") == "stop") throw connect_error("boom on stop");
    }

private:
    // transaction.boundary=connector: "transaction.commit.after" / "transaction.abort.after" (a
    // value: end the transaction after that record), "transaction.batch" (commit or abort: after
    // every batch).
    void define_transaction_boundaries(const std::vector<source_record>& batch) {
        transaction_context* transactions = context().transaction_context();
        if (transactions == nullptr || batch.empty()) return;
        for (const source_record& record : batch) {
            const std::string text = record.val.as_string();
            if (text == get(props_, "transaction.commit.after")) transactions->commit_transaction(record);
            if (text == get(props_, "transaction.abort.after")) transactions->abort_transaction(record);
        }
        if (get(props_, "transaction.batch") == "commit") transactions->commit_transaction();
        if (get(props_, "transaction.batch") == "abort") transactions->abort_transaction();
    }

    const bool nonblocking_;
    std::map<std::string, std::string> props_;
    std::vector<std::string> values_;
    std::int64_t total_ = 0;
    std::int64_t next_ = 0;
    std::int64_t batch_ = 100;
    std::string topic_;
    source_map partition_;
    std::mutex mutex_;
    std::condition_variable stopped_cv_;
    bool stopped_ = false;
};

class counting_source : public source_connector {
public:
    std::string version() const override { return "1.0"; }
    void start(const std::map<std::string, std::string>& props) override {
        if (get(props, "connector.fail.on") == "start") throw config_error("connector refuses to start");
        props_ = props;
        if (get(props, "request.reconfiguration") == "true") context().request_task_reconfiguration();
    }
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override {
        const int n = std::stoi(get(props_, "generated.tasks", "1"));
        std::vector<std::map<std::string, std::string>> out;
        for (int i = 0; i < n; ++i) {
            auto c = props_;
            c["source.partition"] = get(props_, "source.partition", "p") + std::to_string(i);
            out.push_back(c);
        }
        (void)max_tasks;
        return out;
    }
    void stop() override {}
    const config_def& config() const override { return empty_def(); }
    std::unique_ptr<source_task> create_task() const override { return std::make_unique<counting_source_task>(); }

protected:
    std::map<std::string, std::string> props_;
};

// CountingSource whose tasks poll without blocking.
class nonblocking_counting_source final : public counting_source {
public:
    std::unique_ptr<source_task> create_task() const override { return std::make_unique<counting_source_task>(true); }
};

// With `nonblocking`, it says nonblocking_put() (the worker runs it on the task pool).
class collecting_sink_task : public sink_task {
public:
    explicit collecting_sink_task(bool nonblocking = false) : nonblocking_(nonblocking) {}
    std::string version() const override { return "1.0"; }
    bool nonblocking_put() const override { return nonblocking_; }
    void start(const std::map<std::string, std::string>& props) override {
        props_ = props;
        sink_ = collector_named(get(props, "collector", "default"));
        retriable_failures_ = std::stoi(get(props, "retriable.put.failures", "0"));
    }
    void put(std::vector<sink_record>& records) override {
        if (get(props_, "fail.on") == "put" && !records.empty()) throw connect_error("boom on put");
        if (retriable_failures_ > 0 && !records.empty()) {
            --retriable_failures_;
            throw retriable_error("try again");
        }
        // "report.value": records with this value go to the errant record reporter instead.
        const std::string reported = get(props_, "report.value");
        std::vector<sink_record> kept;
        for (auto& r : records) {
            if (reported.empty() || !r.val.is_string() || r.val.as_string() != reported) {
                kept.push_back(std::move(r));
            } else if (auto* reporter = context().errant_record_reporter()) {
                reporter->report(r, std::make_exception_ptr(connect_error("reported by the task"))).get();
            } else {
                throw connect_error("no errant record reporter");
            }
        }
        sink_->add(kept);
    }
    void open(const std::vector<topic_partition>& partitions) override { sink_->opened(partitions); }
    void close(const std::vector<topic_partition>& partitions) override { sink_->closed(partitions); }
    void stop() override {}

private:
    std::map<std::string, std::string> props_;
    std::shared_ptr<collector> sink_;
    int retriable_failures_ = 0;
    const bool nonblocking_;
};

class collecting_sink : public sink_connector {
public:
    std::string version() const override { return "1.0"; }
    void start(const std::map<std::string, std::string>& props) override { props_ = props; }
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override {
        return std::vector<std::map<std::string, std::string>>(static_cast<std::size_t>(max_tasks), props_);
    }
    void stop() override {}
    const config_def& config() const override { return empty_def(); }
    std::unique_ptr<sink_task> create_task() const override { return std::make_unique<collecting_sink_task>(); }

private:
    std::map<std::string, std::string> props_;
};

// CollectingSink whose tasks say nonblocking_put().
class nonblocking_collecting_sink final : public collecting_sink {
public:
    std::unique_ptr<sink_task> create_task() const override { return std::make_unique<collecting_sink_task>(true); }
};

class uppercase_value : public transformation {
public:
    void configure(const std::map<std::string, std::string>& configs) override {
        if (get(configs, "fail.on.configure") == "true") throw config_error("bad transformation config");
    }
    const config_def& config() const override { return empty_def(); }
    bool apply(connect_record& record) override {
        if (!record.val.is_string()) return true;
        if (record.val.as_string() == "drop") return false;
        if (record.val.as_string() == "explode") throw data_error("cannot transform 'explode'");
        auto& s = record.val.as_string();
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
        return true;
    }
};

// Throws retriable_error from its first "retriable.failures" apply() calls (-1: from every
// call), after appending "~" to a string value, so that a retry from a half-changed record shows.
class flaky_value : public transformation {
public:
    void configure(const std::map<std::string, std::string>& configs) override {
        failures_left_ = std::stoi(get(configs, "retriable.failures", "0"));
    }
    const config_def& config() const override { return empty_def(); }
    bool apply(connect_record& record) override {
        if (failures_left_ == 0) return true;
        if (record.val.is_string()) record.val.as_string() += "~";
        if (failures_left_ > 0) --failures_left_;
        throw retriable_error("not yet");
    }

private:
    int failures_left_ = 0;
};

class topic_is : public predicate {
public:
    void configure(const std::map<std::string, std::string>& configs) override { topic_ = get(configs, "topic"); }
    const config_def& config() const override { return empty_def(); }
    bool test(const connect_record& record) override { return record.topic == topic_; }

private:
    std::string topic_;
};

}  // namespace

void register_test_plugins(loader::plugin_registry& registry) {
    for (const auto& c : converters::builtin_converters()) {
        if (c.make_converter != nullptr) {
            registry.add_builtin(plugin_descriptor{plugin_kind::converter, c.class_name.data(), nullptr,
                                                   converter_factory{c.make_converter}});
        } else {
            registry.add_builtin(plugin_descriptor{plugin_kind::header_converter, c.class_name.data(), nullptr,
                                                   header_converter_factory{c.make_header_converter}});
        }
    }
    registry.add_builtin(describe_plugin<counting_source>("test.CountingSource", "1.0"));
    registry.add_builtin(describe_plugin<nonblocking_counting_source>("test.NonBlockingCountingSource", "1.0"));
    registry.add_builtin(describe_plugin<collecting_sink>("test.CollectingSink", "1.0"));
    registry.add_builtin(describe_plugin<nonblocking_collecting_sink>("test.NonBlockingCollectingSink", "1.0"));
    registry.add_builtin(describe_plugin<uppercase_value>("test.UppercaseValue", "1.0"));
    registry.add_builtin(describe_plugin<flaky_value>("test.FlakyValue", "1.0"));
    registry.add_builtin(describe_plugin<topic_is>("test.TopicIs", "1.0"));
}

void start_task(runtime::worker_task& task, thread_pool& pool) {
    if (task.runs_on_pool()) {
        task.start_on(pool);
    } else {
        task.start();
    }
}

void stop_task(const std::shared_ptr<runtime::worker_task>& task, std::chrono::milliseconds deadline) {
    if (!task) return;
    task->stop();
    task->await_stop(deadline);
    task->release_thread();
}

void collector::add(const std::vector<sink_record>& records) {
    std::lock_guard lock(mutex_);
    records_.insert(records_.end(), records.begin(), records.end());
    changed_.notify_all();
}

void collector::opened(const std::vector<topic_partition>& partitions) {
    std::lock_guard lock(mutex_);
    open_.insert(partitions.begin(), partitions.end());
}

void collector::closed(const std::vector<topic_partition>& partitions) {
    std::lock_guard lock(mutex_);
    for (const auto& tp : partitions) open_.erase(tp);
    ++close_calls_;
}

bool collector::wait_for(std::size_t n, std::chrono::milliseconds deadline) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, deadline, [&] { return records_.size() >= n; });
}

std::vector<sink_record> collector::records() const {
    std::lock_guard lock(mutex_);
    return records_;
}

std::vector<std::string> collector::values() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& r : records_) out.push_back(r.val.is_string() ? r.val.as_string() : std::string("<non-string>"));
    return out;
}

std::set<topic_partition> collector::open_partitions() const {
    std::lock_guard lock(mutex_);
    return open_;
}

int collector::close_calls() const {
    std::lock_guard lock(mutex_);
    return close_calls_;
}

std::shared_ptr<collector> collector_named(const std::string& name) {
    std::lock_guard lock(the_hub().mutex);
    auto& c = the_hub().collectors[name];
    if (!c) c = std::make_shared<collector>();
    return c;
}

std::string unique_name(const std::string& prefix) {
    static std::atomic<int> n{0};
    return prefix + "-" + std::to_string(++n);
}

rdkafka::mock_cluster make_mock_cluster() {
    auto c = rdkafka::mock_cluster::create();
    if (!c) throw std::runtime_error("cannot create a mock cluster: " + c.err().describe());
    return std::move(*c);
}

task_environment::task_environment() {
    register_test_plugins(registry);
    config.bootstrap_servers = cluster.bootstrap_servers();
    config.key_converter = "org.apache.kafka.connect.storage.StringConverter";
    config.value_converter = "org.apache.kafka.connect.storage.StringConverter";
}

std::size_t source_acks(const std::string& source_partition) {
    std::lock_guard lock(the_hub().mutex);
    auto it = the_hub().acks.find(source_partition);
    return it == the_hub().acks.end() ? 0 : it->second;
}

void recording_listener::on_connector_state(const std::string& connector, runtime::run_state state,
                                            const std::string& trace, const std::string&) {
    std::lock_guard lock(mutex_);
    connectors_[connector].emplace_back(state, trace);
    changed_.notify_all();
}

void recording_listener::on_task_state(const runtime::task_id& id, runtime::run_state state, const std::string& trace,
                                       const std::string&) {
    std::lock_guard lock(mutex_);
    tasks_[id].emplace_back(state, trace);
    changed_.notify_all();
}

void recording_listener::on_task_reconfiguration_requested(const std::string& connector) {
    std::lock_guard lock(mutex_);
    ++reconfigurations_[connector];
    changed_.notify_all();
}

void recording_listener::on_connector_config_expiry(const std::string& connector, std::chrono::milliseconds ttl) {
    std::lock_guard lock(mutex_);
    expiries_[connector].push_back(ttl);
}

std::vector<std::chrono::milliseconds> recording_listener::config_expiries(const std::string& connector) const {
    std::lock_guard lock(mutex_);
    auto it = expiries_.find(connector);
    return it == expiries_.end() ? std::vector<std::chrono::milliseconds>{} : it->second;
}

bool recording_listener::wait_for_task(const runtime::task_id& id, runtime::run_state state,
                                       std::chrono::milliseconds deadline) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, deadline, [&] {
        auto it = tasks_.find(id);
        return it != tasks_.end() && !it->second.empty() && it->second.back().first == state;
    });
}

bool recording_listener::wait_for_connector(const std::string& name, runtime::run_state state,
                                            std::chrono::milliseconds deadline) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, deadline, [&] {
        auto it = connectors_.find(name);
        return it != connectors_.end() && !it->second.empty() && it->second.back().first == state;
    });
}

std::vector<runtime::run_state> recording_listener::task_states(const runtime::task_id& id) const {
    std::lock_guard lock(mutex_);
    std::vector<runtime::run_state> out;
    if (auto it = tasks_.find(id); it != tasks_.end())
        for (const auto& [s, t] : it->second) out.push_back(s);
    return out;
}

std::vector<runtime::run_state> recording_listener::connector_states(const std::string& name) const {
    std::lock_guard lock(mutex_);
    std::vector<runtime::run_state> out;
    if (auto it = connectors_.find(name); it != connectors_.end())
        for (const auto& [s, t] : it->second) out.push_back(s);
    return out;
}

std::string recording_listener::task_trace(const runtime::task_id& id) const {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(id);
    return it == tasks_.end() || it->second.empty() ? std::string() : it->second.back().second;
}

std::string recording_listener::connector_trace(const std::string& name) const {
    std::lock_guard lock(mutex_);
    auto it = connectors_.find(name);
    return it == connectors_.end() || it->second.empty() ? std::string() : it->second.back().second;
}

int recording_listener::reconfiguration_requests(const std::string& connector) const {
    std::lock_guard lock(mutex_);
    auto it = reconfigurations_.find(connector);
    return it == reconfigurations_.end() ? 0 : it->second;
}

}  // namespace copycat::testing
