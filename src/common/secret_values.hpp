#pragma once
// secret_values: the secrets this worker holds, so that what it writes never shows them
// (docs/security.md#secrets). The worker records the secret values of each connector and task
// it runs (runtime/secret_configs.hpp says which values are secrets) while it runs them; every log
// line (common/logging.hpp) and every status trace the worker reports passes through hide(), which
// writes [hidden] in place of each recorded value.
//
// Values shorter than min_length are not recorded: hiding every "ab" in the logs would hide
// nothing and make them unreadable. Thread-safe; hide() with nothing recorded is one atomic load.

#include <atomic>
#include <cstddef>
#include <map>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

namespace copycat {

class secret_values {
public:
    static constexpr std::size_t min_length = 4;
    static constexpr std::string_view hidden = "[hidden]";

    // The process's one set, which the logger consults.
    static secret_values& process();

    // Records `values` as the secrets of `owner` ("connector c", "task c-0"), replacing what it
    // had; an empty list forgets the owner.
    void set(const std::string& owner, std::vector<std::string> values);
    void erase(const std::string& owner);

    // `text` with every recorded value replaced by [hidden], the longest values first.
    std::string hide(std::string text) const {
        hide_in(text);
        return text;
    }
    // The same, in place: nothing is copied when nothing is recorded (every log line).
    void hide_in(std::string& text) const;

private:
    void rebuild();  // under the unique lock

    mutable std::shared_mutex mutex_;
    std::map<std::string, std::vector<std::string>> by_owner_;
    std::vector<std::string> longest_first_;  // every owner's values, deduplicated
    std::atomic<bool> any_{false};
};

}  // namespace copycat
