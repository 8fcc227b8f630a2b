#include "distributed/committed_reader.hpp"

#include <catch2/catch.hpp>

#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

namespace copycat::itest {

using namespace std::chrono_literals;

committed_reader::committed_reader(const std::string& topic) : topic_(topic) {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap_servers()},
                                                    {"enable.auto.commit", "false"},
                                                    {"isolation.level", "read_committed"}});
    REQUIRE(config.ok());
    auto made = rdkafka::consumer::create(*config);
    REQUIRE(made.ok());
    consumer_.emplace(std::move(*made));
    REQUIRE(consumer_->assign({{topic_, 0, rdkafka::offsets::beginning}}).ok());
}

void committed_reader::drain(std::chrono::milliseconds wait) {
    const auto until = std::chrono::steady_clock::now() + wait;
    while (std::chrono::steady_clock::now() < until) {
        auto polled = consumer_->poll(100ms);
        if (!polled.ok() || !polled->has_value()) continue;
        ++copies_[std::string((*polled)->value().value_or(""))];
        ++records_;
    }
}

bool committed_reader::read_to_end(std::chrono::milliseconds limit) {
    auto marks = consumer_->query_watermarks(topic_, 0, 30s);
    if (!marks.ok()) return false;
    return poll_until(limit, [&] {
        drain(200ms);
        auto at = consumer_->position({{topic_, 0}});
        return at.ok() && !at->empty() && (*at)[0].offset >= marks->high;
    });
}

committed_reader::tally committed_reader::count(const std::vector<std::string>& expected) const {
    tally t;
    for (const auto& line : expected) {
        auto it = copies_.find(line);
        if (it == copies_.end()) {
            ++t.missing;
        } else if (it->second > 1) {
            t.duplicated += static_cast<std::size_t>(it->second - 1);
        }
    }
    return t;
}

}  // namespace copycat::itest
