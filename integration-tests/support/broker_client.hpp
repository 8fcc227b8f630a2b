#pragma once
// A librdkafka client configuration for the test broker, for tests that produce, consume or
// administer topics themselves.

#include "kafka/rdkafka/client_config.hpp"

namespace copycat::itest {

// bootstrap.servers = bootstrap_servers() plus `extra`; FAILS the running test on a bad property.
rdkafka::client_config broker_client_config(rdkafka::client_config::property_map extra = {});

}  // namespace copycat::itest
