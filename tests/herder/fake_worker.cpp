#include "fake_worker.hpp"

#include <utility>

namespace copycat::herder::testing {

namespace {

// What every connector and task of the fake worker reports as its plugin's version (KIP-891).
constexpr const char* fake_plugin_version = "1.2.3";

run_state running_state(target_state t) {
    switch (t) {
        case target_state::started:
            return run_state::running;
        case target_state::paused:
            return run_state::paused;
        case target_state::stopped:
            return run_state::stopped;
    }
    return run_state::running;
}

}  // namespace

void fake_worker::record(std::string call) {
    std::lock_guard lock(mutex_);
    calls_.push_back(std::move(call));
}

result<void> fake_worker::start_connector(const std::string& name, const string_map& config, target_state initial) {
    record("start_connector " + name);
    if (auto it = config.find("fail.start"); it != config.end() && it->second == "true") {
        listener_.on_connector_state(name, run_state::failed, "java.lang.RuntimeException: start failed",
                                     fake_plugin_version);
        return make_error(errc::internal, "Failed to start connector " + name);
    }
    if (initial != target_state::stopped) {  // a STOPPED connector gets no running instance
        std::lock_guard lock(mutex_);
        connectors_[name] = config;
        states_[name] = initial;
    }
    listener_.on_connector_state(name, running_state(initial), {}, fake_plugin_version);
    return {};
}

void fake_worker::stop_connector(const std::string& name) {
    record("stop_connector " + name);
    bool was_running = false;
    {
        std::lock_guard lock(mutex_);
        was_running = connectors_.erase(name) > 0;
        states_.erase(name);
    }
    if (was_running) listener_.on_connector_state(name, run_state::unassigned, {}, fake_plugin_version);
}

bool fake_worker::is_connector_running(const std::string& name) const {
    std::lock_guard lock(mutex_);
    return states_.contains(name);
}

result<std::vector<string_map>> fake_worker::connector_task_configs(const std::string& name) {
    record("task_configs " + name);
    std::lock_guard lock(mutex_);
    auto it = connectors_.find(name);
    if (it == connectors_.end()) return make_error(errc::not_found, "Connector " + name + " is not running");
    int count = 1;
    if (auto max = it->second.find("tasks.max"); max != it->second.end()) count = std::stoi(max->second);
    std::vector<string_map> out;
    for (int i = 0; i < count; ++i) {
        string_map task{{"task.index", std::to_string(i)}};
        if (auto topic = it->second.find("topic"); topic != it->second.end()) task["topic"] = topic->second;
        if (!task_extra_.empty()) task["task.extra"] = task_extra_;
        out.push_back(std::move(task));
    }
    return out;
}

result<void> fake_worker::start_task(const task_id& id, const string_map&, const string_map&, target_state initial) {
    record("start_task " + id.to_string());
    {
        std::lock_guard lock(mutex_);
        tasks_.insert(id);
    }
    listener_.on_task_state(id, initial == target_state::paused ? run_state::paused : run_state::running, {},
                            fake_plugin_version);
    return {};
}

void fake_worker::stop_tasks(const std::vector<task_id>& ids) {
    std::string text;
    for (const auto& id : ids) text += (text.empty() ? "" : ",") + id.to_string();
    record("stop_tasks " + text);
    for (const auto& id : ids) {
        bool was_running = false;
        {
            std::lock_guard lock(mutex_);
            was_running = tasks_.erase(id) > 0;
        }
        if (was_running) listener_.on_task_state(id, run_state::unassigned, {}, fake_plugin_version);
    }
}

void fake_worker::set_target_state(const std::string& connector, target_state state) {
    record(std::string("set_target_state ") + connector + " " + std::string(target_state_name(state)));
    std::vector<task_id> tasks;
    bool known = false;
    {
        std::lock_guard lock(mutex_);
        if (auto it = states_.find(connector); it != states_.end()) {
            known = true;
            it->second = state;
        }
        for (const auto& t : tasks_)
            if (t.connector == connector) tasks.push_back(t);
    }
    if (!known) return;
    listener_.on_connector_state(connector, running_state(state), {}, fake_plugin_version);
    if (state == target_state::stopped) {
        stop_tasks(tasks);
        std::lock_guard lock(mutex_);  // a stopped connector's instance is shut down
        connectors_.erase(connector);
        states_.erase(connector);
        return;
    }
    for (const auto& t : tasks)
        listener_.on_task_state(t, state == target_state::paused ? run_state::paused : run_state::running, {},
                                fake_plugin_version);
}

void fake_worker::stop() {
    record("stop");
    std::lock_guard lock(mutex_);
    stopped_ = true;
}

void fake_worker::set_task_extra(const std::string& value) {
    std::lock_guard lock(mutex_);
    task_extra_ = value;
}

void fake_worker::fail_task(const task_id& id, const std::string& trace) {
    listener_.on_task_state(id, run_state::failed, trace, fake_plugin_version);
}

std::vector<std::string> fake_worker::calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
}

void fake_worker::clear_calls() {
    std::lock_guard lock(mutex_);
    calls_.clear();
}

std::set<task_id> fake_worker::running_tasks() const {
    std::lock_guard lock(mutex_);
    return tasks_;
}

bool fake_worker::stopped() const {
    std::lock_guard lock(mutex_);
    return stopped_;
}

result<std::vector<connector_offset>> fake_worker::connector_offsets(const std::string& name, const string_map&) {
    record("connector_offsets " + name);
    std::lock_guard lock(mutex_);
    return offsets_;
}

result<std::string> fake_worker::modify_connector_offsets(const std::string& name, const string_map&,
                                                          const std::optional<std::vector<connector_offset>>& offsets) {
    record("modify_offsets " + name + (offsets ? " " + std::to_string(offsets->size()) : " reset"));
    std::lock_guard lock(mutex_);
    if (!offsets) {
        offsets_.clear();
        return runtime::offsets_modified_message(true, true);
    }
    for (const auto& change : *offsets) {
        std::erase_if(offsets_, [&](const auto& o) { return o.partition == change.partition; });
        if (change.offset) offsets_.push_back(change);
    }
    return runtime::offsets_modified_message(true, false);
}

void fake_worker::set_offsets(std::vector<connector_offset> offsets) {
    std::lock_guard lock(mutex_);
    offsets_ = std::move(offsets);
}

}  // namespace copycat::herder::testing
