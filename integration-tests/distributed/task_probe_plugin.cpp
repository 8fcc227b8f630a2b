// copycat-task-probe: a source connector for cluster tests (not shipped). It makes exactly
// tasks.max tasks; each task appends one line ("<pid>") to <probe.dir>/task-<n>.starts every time it
// starts, and otherwise produces nothing. A test counts a task's starts (did a rebalance restart it?)
// and sees which process ran it. With probe.offset.files=<f1>,<f2>,... the connector, when it
// starts, writes the offsets its offset_storage_reader() finds for the source partitions
// {"filename":<f>} to <probe.dir>/connector.offsets, one "<f> <position or none>" line each.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "copycat/config/config_def.hpp"
#include "copycat/connector/source_connector.hpp"
#include "copycat/connector/source_task.hpp"
#include "copycat/plugin.hpp"

namespace {

using string_map = std::map<std::string, std::string>;

class probe_task final : public copycat::source_task {
public:
    std::string version() const override { return "1.0"; }
    void start(const string_map& props) override {
        std::ofstream out(props.at("probe.dir") + "/task-" + props.at("task.index") + ".starts", std::ios::app);
        out << ::getpid() << "\n";
    }
    std::vector<copycat::source_record> poll() override {
        for (int i = 0; i < 10 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return {};
    }
    void stop() override { stopping_ = true; }

private:
    std::atomic<bool> stopping_{false};
};

class probe_connector final : public copycat::source_connector {
public:
    std::string version() const override { return "1.0"; }
    void start(const string_map& props) override {
        props_ = props;
        auto files = props.find("probe.offset.files");
        if (files == props.end()) return;
        std::ofstream out(props.at("probe.dir") + "/connector.offsets");
        std::string rest = files->second;
        while (!rest.empty()) {
            const auto comma = rest.find(',');
            const std::string file = rest.substr(0, comma);
            rest = comma == std::string::npos ? std::string() : rest.substr(comma + 1);
            const auto offset = source_context().offset_storage_reader().offset({{"filename", copycat::value(file)}});
            std::string position = "none";
            if (offset)
                if (auto it = offset->find("position"); it != offset->end() && it->second.is_int64())
                    position = std::to_string(it->second.as_int64());
            out << file << " " << position << "\n";
        }
    }
    std::vector<string_map> task_configs(int max_tasks) override {
        std::vector<string_map> out;
        for (int i = 0; i < max_tasks; ++i)
            out.push_back({{"probe.dir", props_.at("probe.dir")}, {"task.index", std::to_string(i)}});
        return out;
    }
    void stop() override {}
    const copycat::config_def& config() const override {
        static const copycat::config_def def = [] {
            copycat::config_def d;
            d.define("probe.dir", copycat::config_type::string, copycat::importance::high,
                     "Directory where tasks record their starts");
            d.define("probe.offset.files", copycat::config_type::string, std::string(), copycat::importance::low,
                     "Files whose offsets the connector records when it starts");
            return d;
        }();
        return def;
    }
    std::unique_ptr<copycat::source_task> create_task() const override { return std::make_unique<probe_task>(); }

private:
    string_map props_;
};

}  // namespace

COPYCAT_PLUGIN(copycat::describe_plugin<probe_connector>("org.copycat.test.TaskProbeSourceConnector", "1.0"))
