#include "group/cluster_member.hpp"

#include <boost/asio/post.hpp>
#include <catch2/catch.hpp>

namespace copycat::itest {

namespace kc = kafka_client;

namespace {

kc::bytes to_bytes(const std::string& s) {
    kc::bytes out;
    for (char c : s) out.push_back(static_cast<std::byte>(c));
    return out;
}

std::string to_text(const kc::bytes& b) {
    std::string out;
    for (std::byte c : b) out.push_back(static_cast<char>(c));
    return out;
}

}  // namespace

std::string expected_assignment(std::int32_t generation, const std::string& member_id, std::size_t members,
                                const std::string& leader_id) {
    return "gen=" + std::to_string(generation) + ";to=" + member_id + ";members=" + std::to_string(members) +
           ";leader=" + leader_id;
}

recording_group_listener::recording_group_listener(std::string name, std::vector<std::string> protocol_names)
    : name_(std::move(name)), protocol_names_(std::move(protocol_names)) {}

std::vector<kc::group_protocol> recording_group_listener::protocols() {
    std::vector<kc::group_protocol> out;
    for (const auto& protocol : protocol_names_) {
        out.push_back({protocol, to_bytes("meta-" + name_ + (out.empty() ? "" : "-" + protocol))});
    }
    return out;
}

result<std::vector<kc::member_assignment>> recording_group_listener::assign(const kc::leader_context& context) {
    seen_leader_call call{context.generation, context.protocol_name, {}, {}};
    std::vector<kc::member_assignment> out;
    for (const auto& m : context.members) {
        call.member_ids.push_back(m.member_id);
        call.metadata.push_back(to_text(m.metadata));
        out.push_back({m.member_id, to_bytes(expected_assignment(context.generation, m.member_id,
                                                                 context.members.size(), context.leader_id))});
    }
    std::lock_guard lock(mutex_);
    leader_calls_.push_back(std::move(call));
    return out;
}

void recording_group_listener::on_assigned(const kc::group_assignment& a) {
    std::lock_guard lock(mutex_);
    assignments_.push_back({a.generation, a.member_id, a.leader_id, a.protocol_name, to_text(a.assignment)});
}

void recording_group_listener::on_rejoin_started(const kc::rejoin_info&) {
    std::lock_guard lock(mutex_);
    ++rejoins_;
}

void recording_group_listener::on_membership_lost(const std::string&) {
    std::lock_guard lock(mutex_);
    ++lost_;
}

void recording_group_listener::on_fatal_error(const error& failure) {
    std::lock_guard lock(mutex_);
    fatal_ = failure;
}

std::optional<seen_assignment> recording_group_listener::last_assignment() const {
    std::lock_guard lock(mutex_);
    if (assignments_.empty()) return std::nullopt;
    return assignments_.back();
}

std::optional<seen_leader_call> recording_group_listener::leader_call(std::int32_t generation) const {
    std::lock_guard lock(mutex_);
    for (const auto& call : leader_calls_) {
        if (call.generation == generation) return call;
    }
    return std::nullopt;
}

std::size_t recording_group_listener::lost_count() const {
    std::lock_guard lock(mutex_);
    return lost_;
}

std::size_t recording_group_listener::rejoin_count() const {
    std::lock_guard lock(mutex_);
    return rejoins_;
}

std::optional<error> recording_group_listener::fatal() const {
    std::lock_guard lock(mutex_);
    return fatal_;
}

cluster_member::cluster_member(std::string name, kc::group_member_config config,
                               std::vector<std::string> protocol_names)
    : name_(std::move(name)), listener_(name_, std::move(protocol_names)), guard_(io_.get_executor()) {
    config.connection.client_id = "copycat-itest-" + name_;
    auto created = kc::group_member::create(io_.get_executor(), std::move(config), listener_);
    REQUIRE(created.ok());
    member_ = *created;
    thread_ = std::thread([this] { io_.run(); });
    member_->start();
}

cluster_member::~cluster_member() {
    thaw();
    if (!stopped_) stop("test over");
    guard_.reset();
    io_.stop();
    thread_.join();
}

bool cluster_member::stop(const std::string& reason, std::chrono::milliseconds limit) {
    auto done = std::make_shared<std::promise<void>>();
    auto finished = done->get_future();
    member_->stop(reason, [done] { done->set_value(); });
    stopped_ = finished.wait_for(limit) == std::future_status::ready;
    return stopped_;
}

void cluster_member::freeze() {
    if (frozen_) return;
    frozen_.emplace();
    boost::asio::post(io_, [thawed = frozen_->get_future().share()] { thawed.wait(); });
}

void cluster_member::thaw() {
    if (!frozen_) return;
    frozen_->set_value();
    frozen_.reset();
}

}  // namespace copycat::itest
