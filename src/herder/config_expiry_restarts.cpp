#include "herder/config_expiry_restarts.hpp"

#include "common/logging.hpp"

namespace copycat::herder {

void config_expiry_restarts::schedule(const std::string& connector, std::chrono::milliseconds delay) {
    loop_.post([this, connector, delay] {
        const std::uint64_t generation = ++generations_[connector];
        log::info("Scheduling a restart of connector {} in {} ms", connector, delay.count());
        loop_.post_after(delay, [this, connector, generation] {
            auto it = generations_.find(connector);
            if (it == generations_.end() || it->second != generation) return;  // replaced by a later report
            generations_.erase(it);
            owner_.restart_connector(connector, [connector](outcome<void> restarted) {
                if (!restarted.ok() && restarted.forwarded() == nullptr)
                    log::warn("Cannot restart connector {} for its expired config values: {}", connector,
                              restarted.err().describe());
            });
        });
    });
}

}  // namespace copycat::herder
