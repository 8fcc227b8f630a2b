#include "runtime/topic_creator.hpp"

#include <fmt/format.h>

#include <exception>
#include <utility>

#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "runtime/client_configs.hpp"

namespace copycat::runtime {
namespace {

using namespace std::chrono_literals;

// Kafka's admin client default.api.timeout.ms: how long each describe or create call may take.
constexpr auto admin_call_timeout = 60s;

class rdkafka_topic_admin final : public topic_admin {
public:
    rdkafka_topic_admin(rdkafka::admin_client admin, std::chrono::milliseconds timeout)
        : admin_(std::move(admin)), timeout_(timeout) {}

    result<bool> topic_exists(const std::string& topic) override {
        auto count = admin_.partition_count(topic, timeout_);
        if (count) return true;
        if (count.err().code == errc::not_found) return false;
        return count.err();
    }

    result<void> create_topic(const rdkafka::new_topic& topic) override {
        return admin_.create_topic(topic, timeout_);
    }

private:
    rdkafka::admin_client admin_;
    std::chrono::milliseconds timeout_;
};

// Java's NewTopic.toString().
std::string describe(const rdkafka::new_topic& t) {
    std::vector<std::string> configs;
    for (const auto& [k, v] : t.configs) configs.push_back(k + "=" + v);
    return fmt::format("(name={}, numPartitions={}, replicationFactor={}, replicasAssignments=null, configs={{{}}})",
                       t.name, t.partitions, t.replication_factor, fmt::join(configs, ", "));
}

bool not_authorized(const error& e) { return e.message.find("AUTHORIZATION_FAILED") != std::string::npos; }

[[noreturn]] void throw_caused_by(const std::string& message, const error& cause) {
    try {
        throw connect_error(cause.describe());
    } catch (...) {
        std::throw_with_nested(connect_error(message));
    }
}

}  // namespace

std::unique_ptr<topic_admin> make_topic_admin(rdkafka::admin_client admin, std::chrono::milliseconds timeout) {
    return std::make_unique<rdkafka_topic_admin>(std::move(admin), timeout);
}

topic_creator::topic_creator(std::vector<topic_creation_group> groups, std::unique_ptr<topic_admin> admin,
                             std::string task)
    : groups_(std::move(groups)), admin_(std::move(admin)), task_(std::move(task)) {}

const topic_creation_group& topic_creator::group_for(const std::string& topic) const {
    for (std::size_t i = 0; i + 1 < groups_.size(); ++i)
        if (groups_[i].matches(topic)) return groups_[i];
    return groups_.back();
}

void topic_creator::maybe_create(const std::string& topic) {
    if (known_.contains(topic)) return;
    log::info("Task {}: the task will send records to topic '{}' for the first time. Checking whether topic exists",
              task_, topic);
    auto exists = admin_->topic_exists(topic);
    if (!exists) {
        if (exists.err().code == errc::timeout)
            throw retriable_error("Timed out while describing topics '" + topic + "'");
        if (not_authorized(exists.err()))
            throw_caused_by("Not authorized to describe topic(s) '" + topic + "'", exists.err());
        throw_caused_by("Error while attempting to describe topics '" + topic + "'", exists.err());
    }
    if (*exists) {
        log::info("Task {}: topic '{}' already exists.", task_, topic);
        known_.insert(topic);
        return;
    }
    const topic_creation_group& group = group_for(topic);
    const rdkafka::new_topic wanted = group.new_topic(topic);
    log::info("Task {}: creating topic '{}'", task_, topic);
    log::debug("Task {}: topic '{}' matched topic creation group: {}", task_, topic, group.describe());
    auto created = admin_->create_topic(wanted);
    if (created) {
        log::info("Task {}: created topic '{}' using creation group {}", task_, describe(wanted), group.describe());
        known_.insert(topic);
        return;
    }
    const error& e = created.err();
    if (e.code == errc::already_exists) {
        log::info("Task {}: found existing topic '{}'", task_, describe(wanted));
        known_.insert(topic);
        return;
    }
    if (e.code == errc::unsupported || not_authorized(e)) {
        log::warn("Task {}: request to create new topic '{}' failed: {}", task_, topic, e.describe());
        throw connect_error("Task failed to create new topic " + describe(wanted) +
                            ". Ensure that the task is authorized to create topics or that the topic exists and "
                            "restart the task");
    }
    constexpr std::string_view invalid_config = "INVALID_CONFIG: ";
    if (const auto at = e.message.find(invalid_config); at != std::string::npos)
        throw_caused_by("Unable to create topic(s) '" + topic + "': " + e.message.substr(at + invalid_config.size()),
                        e);
    if (e.code == errc::timeout)
        throw_caused_by("Timed out while checking for or creating topic(s) '" + topic +
                            "'. This could indicate a connectivity issue, unavailable topic partitions, or if this is "
                            "your first use of the topic it may have taken too long to create.",
                        e);
    throw_caused_by("Error while attempting to create/find topic(s) '" + topic + "'", e);
}

result<std::unique_ptr<topic_creator>> make_topic_creator(const worker_config& worker,
                                                          const string_map& connector_config, const task_id& id) {
    using answer = std::unique_ptr<topic_creator>;
    if (!worker.topic_creation_enable) return answer();
    std::vector<topic_creation_group> groups;
    try {
        groups = topic_creation_groups(connector_config);
    } catch (const std::exception& e) {
        return make_error(errc::invalid_argument, e.what());
    }
    if (groups.empty()) return answer();
    COPYCAT_TRY(auto settings, admin_settings(worker, connector_config, "connector-adminclient-" + id.to_string()));
    COPYCAT_TRY(auto client, to_client_config(settings, "task " + id.to_string() + " admin client"));
    COPYCAT_TRY(auto admin, rdkafka::admin_client::create(client));
    return std::make_unique<topic_creator>(std::move(groups), make_topic_admin(std::move(admin), admin_call_timeout),
                                           id.to_string());
}

}  // namespace copycat::runtime
