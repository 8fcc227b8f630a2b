#include "kafka/client/coordinator_link.hpp"

#include <utility>

#include "common/logging.hpp"
#include "kafka/protocol/error_code.hpp"

namespace copycat::kafka_client {

namespace kp = kafka_protocol;

std::shared_ptr<coordinator_link> coordinator_link::create(executor_type strand, const group_member_config& config,
                                                           lost_handler on_lost, std::function<void()> on_unreachable) {
    return std::shared_ptr<coordinator_link>(
        new coordinator_link(std::move(strand), config, std::move(on_lost), std::move(on_unreachable)));
}

coordinator_link::coordinator_link(executor_type strand, const group_member_config& config, lost_handler on_lost,
                                   std::function<void()> on_unreachable)
    : strand_(std::move(strand)),
      group_id_(config.group_id),
      connector_(cluster_connector::create(strand_, config.bootstrap_servers, config.connection)),
      locator_(coordinator_locator::create(connector_, config.group_id)),
      on_lost_(std::move(on_lost)),
      on_unreachable_(std::move(on_unreachable)),
      unreachable_after_(config.heartbeat_interval),
      unreachable_timer_(strand_) {}

void coordinator_link::find(std::function<void(result<void>)> handler) {
    finding_ = true;
    locator_->locate(
        [self = shared_from_this(), epoch = epoch_, handler = std::move(handler)](result<located_coordinator> located) {
            if (epoch != self->epoch_) {  // close() or mark_unknown() came first
                if (located) located->connection->close();
                return;
            }
            self->finding_ = false;
            if (!located) {
                handler(located.err());
                return;
            }
            self->adopt(std::move(*located));
            handler(result<void>{});
        });
}

void coordinator_link::adopt(located_coordinator located) {
    unreachable_timer_.cancel();
    connection_ = std::move(located.connection);
    coordinator_ = std::move(located);
    const std::uint64_t epoch = ++epoch_;
    connection_->set_close_handler([self = shared_from_this(), epoch](const error& why) {
        if (epoch == self->epoch_ && self->on_lost_) self->on_lost_(why.describe());
    });
}

bool coordinator_link::mark_unknown() {
    if (!connection_) return false;
    ++epoch_;
    finding_ = false;
    auto connection = std::move(connection_);
    connection_.reset();
    connection->close();
    unreachable_timer_.expires_after(unreachable_after_);
    unreachable_timer_.async_wait([self = shared_from_this(), epoch = epoch_](const boost::system::error_code& ec) {
        if (!ec && epoch == self->epoch_ && !self->connection_ && self->on_unreachable_) {
            self->on_unreachable_();
        }
    });
    return true;
}

void coordinator_link::leave(leave_request_factory make_request, bool fresh_connection, std::function<void()> done) {
    if (!connection_ || !connection_->is_ready()) {
        close();
        done();
        return;
    }
    if (!fresh_connection) {
        auto connection = connection_;
        send_leave(connection, make_request, std::move(done));
        return;
    }
    const broker_address address = coordinator_.address;
    mark_unknown();
    connector_->connect_to(address, [self = shared_from_this(), make_request = std::move(make_request),
                                     done = std::move(done)](result<std::shared_ptr<broker_connection>> c) mutable {
        if (!c) {
            log::info("group {}: no connection to leave the group over: {}", self->group_id_, c.err().describe());
            done();
            return;
        }
        self->send_leave(*c, make_request, std::move(done));
    });
}

void coordinator_link::send_leave(const std::shared_ptr<broker_connection>& connection,
                                  const leave_request_factory& make_request, std::function<void()> done) {
    const auto version = connection->negotiated_version(kp::api_key::leave_group);
    if (!version) {
        connection->close();
        close();
        done();
        return;
    }
    connection->send(
        make_request(*version),
        [self = shared_from_this(), connection, done = std::move(done)](result<kp::leave_group_response> response) {
            if (!response) {
                log::info("group {}: LeaveGroup failed: {}", self->group_id_, response.err().describe());
            } else if (const auto code = response->effective_error(); code != kp::error_code::none) {
                log::info("group {}: LeaveGroup answered {}", self->group_id_, kp::describe(code));
            }
            connection->close();
            self->close();
            done();
        },
        request_options{.timeout = std::nullopt, .versions = {*version, *version}});
}

void coordinator_link::close() {
    ++epoch_;
    unreachable_timer_.cancel();
    finding_ = false;
    locator_->cancel();
    connector_->cancel();
    if (connection_) connection_->close();
    connection_.reset();
}

}  // namespace copycat::kafka_client
