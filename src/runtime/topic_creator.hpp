#pragma once
// Creates the topics a source task writes to (KIP-158; Kafka: TopicCreation and
// AbstractWorkerSourceTask.maybeCreateTopic, TopicAdmin.createOrFindTopics):
//
// Before the first record to a topic the task has not seen yet, the creator asks the broker
// whether the topic exists; if it does not, it creates it with the first group of
// topic_creation_groups() that matches its name (else the default group), then remembers it.
// A topic is asked about once per task, found or created; a task that restarts asks again.
//
// Failures, as Kafka's:
//   - the existence check timed out: retriable_error (the task backs off and sends the record
//     again);
//   - the topic was there by the time of the creation (TOPIC_ALREADY_EXISTS): fine;
//   - creating was not allowed (TOPIC_/CLUSTER_AUTHORIZATION_FAILED) or the broker has no
//     CreateTopics: "Task failed to create new topic (name=...). Ensure that the task is
//     authorized to create topics or that the topic exists and restart the task";
//   - a topic config the broker refuses: "Unable to create topic(s) '<t>': <broker's reason>";
//   - a timeout: "Timed out while checking for or creating topic(s) '<t>'. ...";
//   - anything else: "Error while attempting to create/find topic(s) '<t>'", the broker's error
//     as its cause;
// each a connect_error that fails the task. Each admin call waits up to the admin client's
// default.api.timeout.ms (60 s), as Kafka's.
//
// Threading: the task's thread.

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "runtime/topic_creation_config.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {

// What the creator asks of the broker: an admin client (a fake in tests).
class topic_admin {
public:
    virtual ~topic_admin() = default;
    // Whether the topic exists; errc::timeout when the broker did not answer in time.
    virtual result<bool> topic_exists(const std::string& topic) = 0;
    // Creates the topic; errc::already_exists when it was there already.
    virtual result<void> create_topic(const rdkafka::new_topic& topic) = 0;
};

// The admin client's calls, each waiting up to `timeout`.
std::unique_ptr<topic_admin> make_topic_admin(rdkafka::admin_client admin, std::chrono::milliseconds timeout);

class topic_creator {
public:
    // `groups` as topic_creation_groups() returns them (the default group last, never empty).
    topic_creator(std::vector<topic_creation_group> groups, std::unique_ptr<topic_admin> admin, std::string task);

    // See above. Throws retriable_error or connect_error.
    void maybe_create(const std::string& topic);

    // The group a new topic of this name is created with.
    const topic_creation_group& group_for(const std::string& topic) const;

private:
    std::vector<topic_creation_group> groups_;
    std::unique_ptr<topic_admin> admin_;
    std::string task_;
    std::set<std::string> known_;
};

// A source task's creator: nullptr when the worker has topic.creation.enable=false or the
// connector sets no topic.creation.* key. Its admin client has the connector's admin settings
// (client.id connector-adminclient-<connector>-<task>, admin.override.*). Errors: a topic
// creation config Kafka refuses (errc::invalid_argument, Kafka's message), an admin setting
// librdkafka refuses.
result<std::unique_ptr<topic_creator>> make_topic_creator(const worker_config& worker,
                                                          const string_map& connector_config, const task_id& id);

}  // namespace copycat::runtime
