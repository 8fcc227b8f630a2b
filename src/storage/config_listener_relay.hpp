#pragma once
// config_listener_relay: a config_store_listener that passes every call on to a target connected
// later. The config store needs its listener when it is built, but its listener (the distributed
// herder) needs the store: the store gets the relay, and the herder is connected once it exists.
// Calls before connect() (or after connect(nullptr)) are dropped. Thread-safe.

#include <atomic>
#include <string>

#include "storage/kafka_config_store.hpp"

namespace copycat::storage {

class config_listener_relay final : public config_store_listener {
public:
    void connect(config_store_listener* target) { target_ = target; }

    void on_connector_config_update(const std::string& c) override {
        if (auto* t = target_.load()) t->on_connector_config_update(c);
    }
    void on_task_configs_update(const std::string& c) override {
        if (auto* t = target_.load()) t->on_task_configs_update(c);
    }
    void on_target_state_change(const std::string& c) override {
        if (auto* t = target_.load()) t->on_target_state_change(c);
    }
    void on_restart_request(const restart_request_record& r) override {
        if (auto* t = target_.load()) t->on_restart_request(r);
    }
    void on_session_key_update(const session_key_record& k) override {
        if (auto* t = target_.load()) t->on_session_key_update(k);
    }
    void on_logger_level_update(const std::string& ns, const std::string& level) override {
        if (auto* t = target_.load()) t->on_logger_level_update(ns, level);
    }
    void on_task_count_record(const std::string& connector) override {
        if (auto* t = target_.load()) t->on_task_count_record(connector);
    }
    void on_write_privileges_lost() override {
        if (auto* t = target_.load()) t->on_write_privileges_lost();
    }

private:
    std::atomic<config_store_listener*> target_{nullptr};
};

}  // namespace copycat::storage
