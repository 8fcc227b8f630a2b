#include "kafka/client/coordinator_locator.hpp"

#include <utility>

#include "common/logging.hpp"
#include "kafka/client/kafka_error.hpp"
#include "kafka/protocol/find_coordinator.hpp"

namespace copycat::kafka_client {

namespace kp = kafka_protocol;

namespace {

error cancelled() { return make_error(errc::io_error, "coordinator lookup cancelled"); }

}  // namespace

std::shared_ptr<coordinator_locator> coordinator_locator::create(std::shared_ptr<cluster_connector> connector,
                                                                 std::string group_id) {
    return std::shared_ptr<coordinator_locator>(new coordinator_locator(std::move(connector), std::move(group_id)));
}

coordinator_locator::coordinator_locator(std::shared_ptr<cluster_connector> connector, std::string group_id)
    : connector_(std::move(connector)), group_id_(std::move(group_id)) {}

void coordinator_locator::locate(locate_handler handler) {
    const std::uint64_t epoch = epoch_;
    if (bootstrap_ && bootstrap_->is_ready()) {
        find(epoch, std::move(handler));
        return;
    }
    drop_bootstrap();
    connector_->connect_any([self = shared_from_this(), epoch, handler = std::move(handler)](
                                result<std::shared_ptr<broker_connection>> connection) mutable {
        if (epoch != self->epoch_) {
            if (connection) (*connection)->close();
            handler(cancelled());
            return;
        }
        if (!connection) {
            handler(connection.err());
            return;
        }
        self->bootstrap_ = std::move(*connection);
        self->find(epoch, std::move(handler));
    });
}

void coordinator_locator::find(std::uint64_t epoch, locate_handler handler) {
    const auto version = bootstrap_->negotiated_version(kp::api_key::find_coordinator);
    if (!version) {
        handler(make_error(errc::unsupported, "broker " + bootstrap_->address().to_string() +
                                                  " supports no usable FindCoordinator version"));
        return;
    }
    const auto request = kp::find_coordinator_request::for_group(group_id_, *version);
    bootstrap_->send(
        request,
        [self = shared_from_this(), epoch, version = *version,
         handler = std::move(handler)](result<kp::find_coordinator_response> response) mutable {
            if (epoch != self->epoch_) {
                handler(cancelled());
                return;
            }
            if (!response) {
                self->drop_bootstrap();
                handler(response.err());
                return;
            }
            auto found = response->coordinator_for(self->group_id_, version);
            if (!found) {
                handler(found.err());
                return;
            }
            if (found->error != kp::error_code::none) {
                handler(kafka_error(found->error, "FindCoordinator for group " + self->group_id_));
                return;
            }
            if (found->port <= 0 || found->port > 65535 || found->host.empty()) {
                handler(make_error(errc::protocol_error, "FindCoordinator named no usable address"));
                return;
            }
            located_coordinator located{
                found->node_id, {found->host, static_cast<std::uint16_t>(found->port)}, nullptr};
            log::debug("group {}: coordinator is node {} at {}", self->group_id_, located.node_id,
                       located.address.to_string());
            self->connector_->connect_to(located.address,
                                         [self, epoch, located, handler = std::move(handler)](
                                             result<std::shared_ptr<broker_connection>> connection) mutable {
                                             if (epoch != self->epoch_) {
                                                 if (connection) (*connection)->close();
                                                 handler(cancelled());
                                                 return;
                                             }
                                             if (!connection) {
                                                 handler(connection.err());
                                                 return;
                                             }
                                             located.connection = std::move(*connection);
                                             handler(std::move(located));
                                         });
        },
        request_options{.timeout = std::nullopt, .versions = {*version, *version}});
}

void coordinator_locator::drop_bootstrap() {
    if (bootstrap_) bootstrap_->close();
    bootstrap_.reset();
}

void coordinator_locator::cancel() {
    ++epoch_;
    drop_bootstrap();
}

}  // namespace copycat::kafka_client
