#include "support/broker_client.hpp"

#include <catch2/catch.hpp>

#include "support/cluster_env.hpp"

namespace copycat::itest {

rdkafka::client_config broker_client_config(rdkafka::client_config::property_map extra) {
    extra["bootstrap.servers"] = bootstrap_servers();
    auto config = rdkafka::client_config::from_map(std::move(extra));
    REQUIRE(config.ok());
    return std::move(*config);
}

}  // namespace copycat::itest
