#pragma once
// The calls Copycat makes on Java plugin instances, through copycat.bridge.PluginCalls (Java):
// each is one JNI call on the calling Copycat thread (jvm/bridge_call.hpp); configs and answers
// cross as JSON text (docs/jvm-bridge.md "Crossing records and configs").

#include <jni.h>

#include <memory>
#include <optional>
#include <string>

#include "jvm/jvm.hpp"

namespace copycat::jvm {

// A global reference to a Java object, released when the holder is destroyed (on whichever
// Copycat thread that happens).
class java_object {
public:
    // Takes over `global`, a global reference.
    java_object(std::shared_ptr<java_vm> vm, jobject global);
    ~java_object();
    java_object(const java_object&) = delete;
    java_object& operator=(const java_object&) = delete;

    jobject get() const { return ref_; }
    java_vm& vm() const { return *vm_; }
    const std::shared_ptr<java_vm>& vm_ptr() const { return vm_; }

private:
    std::shared_ptr<java_vm> vm_;
    jobject ref_;
};

// A new instance of `class_name` from the class loader of the plugin location `location`.
std::unique_ptr<java_object> new_plugin_instance(const std::shared_ptr<java_vm>& vm, const std::string& location,
                                                 const std::string& class_name);

// A new instance of the Java connector's taskClass().
std::unique_ptr<java_object> new_task_instance(const java_object& connector);

// PluginCalls.configDef: the plugin's ConfigDef keys as a JSON array.
std::string java_config_def(const java_object& plugin);
// PluginCalls.validate: Connector.validate(props) as a JSON array of config values.
std::string java_validate(const java_object& connector, const std::string& props_json);
std::string java_version(const java_object& connector);
// Connector.initialize; the answer is the Java ConnectorContext, for java_next_request.
std::unique_ptr<java_object> java_initialize(const java_object& connector);
// The connector's next request, waiting for one (JSON: {"type":"reconfigure"|"error"|"closed"}).
std::string java_next_request(const java_object& context);
// Ends the wait of java_next_request with "closed".
void java_close_context(const java_object& context);
void java_start(const java_object& connector, const std::string& props_json);
// Connector.taskConfigs(max_tasks) as a JSON array of string maps.
std::string java_task_configs(const java_object& connector, int max_tasks);
void java_stop(const java_object& connector);
// PluginCalls.exactlyOnceSupport / canDefineTransactionBoundaries (KIP-618): the name of the
// answer's enum constant, nullopt for Java's null. An Exception the connector throws is a
// connect_error whose message is its getMessage() (Kafka's validation quotes that); its stack
// trace is logged.
std::optional<std::string> java_exactly_once_support(const java_object& connector, const std::string& props_json);
std::optional<std::string> java_can_define_transaction_boundaries(const java_object& connector,
                                                                  const std::string& props_json);
// Transformation.configure / Predicate.configure.
void java_configure(const java_object& plugin, const std::string& props_json);
// Transformation.apply on one record as a batch of one (jvm/binary_records.hpp); nullopt when it
// drops it.
std::optional<std::string> java_apply(const java_object& transformation, const std::string& record);
bool java_test(const java_object& predicate, const std::string& record);
// Closes a transformation, predicate, converter or header converter.
void java_close(const java_object& plugin);

}  // namespace copycat::jvm
