#include "faults/fault_settings.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

namespace copycat::itest::faults {
namespace {

using namespace std::chrono_literals;

fault_settings read_settings() {
    fault_settings s;
    const char* mode = std::getenv("COPYCAT_FAULTS_MODE");
    const std::string m = mode ? mode : "quick";
    if (m != "quick" && m != "full") FAIL("COPYCAT_FAULTS_MODE must be quick or full, not '" << m << "'");
    s.full = m == "full";
    if (const char* seed = std::getenv("COPYCAT_FAULTS_SEED"); seed && *seed) {
        char* end = nullptr;
        const unsigned long value = std::strtoul(seed, &end, 10);
        if (*end != '\0') FAIL("COPYCAT_FAULTS_SEED must be a number, not '" << seed << "'");
        s.seed = static_cast<std::uint32_t>(value);
    } else {
        s.seed = std::random_device{}();
    }
    s.broker_down = s.full ? 20s : 10s;
    s.stable_window = 20s;  // in CI too: a stale status once came back 10 s after the recovery
    s.kill_loop = s.full ? 60s : 20s;
    s.pause = s.full ? 20s : 10s;
    s.cut_off = s.full ? 30s : 15s;
    std::cout << "fault-injection suite: mode " << m << ", seed " << s.seed
              << " (repeat with COPYCAT_FAULTS_SEED=" << s.seed << ")\n";
    return s;
}

}  // namespace

const fault_settings& settings() {
    static const fault_settings s = read_settings();
    return s;
}

}  // namespace copycat::itest::faults
