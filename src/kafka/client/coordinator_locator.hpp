#pragma once
// coordinator_locator: finds a group's coordinator and connects to it.
//
// One locate() is one lookup: FindCoordinator (KeyType GROUP) to a bootstrap broker, over a
// connection it keeps for the next lookup (opened with cluster_connector::connect_any when
// missing or closed), then a new connection to the coordinator it names (Kafka's client also
// keeps the coordinator on a connection of its own). Retrying is the caller's: failures come
// back as errors, a broker's answer as a kafka_category() code (COORDINATOR_NOT_AVAILABLE,
// GROUP_AUTHORIZATION_FAILED, ...) and transport failures as errc codes.
//
// Ownership and threading: shared; owned by a group_member. Methods are called on the
// connector's strand and handlers run on it. cancel() closes the bootstrap connection and makes
// a lookup in progress answer errc::io_error.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "common/result.hpp"
#include "kafka/client/broker_address.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/cluster_connector.hpp"

namespace copycat::kafka_client {

struct located_coordinator {
    std::int32_t node_id = -1;
    broker_address address;
    std::shared_ptr<broker_connection> connection;  // ready; the caller owns it
};

class coordinator_locator : public std::enable_shared_from_this<coordinator_locator> {
public:
    using locate_handler = std::function<void(result<located_coordinator>)>;

    static std::shared_ptr<coordinator_locator> create(std::shared_ptr<cluster_connector> connector,
                                                       std::string group_id);

    void locate(locate_handler handler);
    void cancel();

private:
    coordinator_locator(std::shared_ptr<cluster_connector> connector, std::string group_id);

    void find(std::uint64_t epoch, locate_handler handler);
    void drop_bootstrap();

    std::shared_ptr<cluster_connector> connector_;
    std::string group_id_;
    std::shared_ptr<broker_connection> bootstrap_;
    std::uint64_t epoch_ = 0;
};

}  // namespace copycat::kafka_client
