#pragma once
// rest_extensions: Kafka Connect's `rest.extension.classes`, as far as Copycat serves them
// (docs/security.md "REST extensions"). Copycat runs no JAX-RS code; it serves Kafka's own
// BasicAuthSecurityRestExtension natively and refuses to start with any other, so that a worker
// never serves its REST API without what an extension would have added.
//
// BasicAuthSecurityRestExtension, found the way Kafka finds it: the JAAS file named by the JVM
// system property java.security.auth.login.config — which Kafka's start scripts take from
// KAFKA_OPTS, and Copycat from KAFKA_OPTS or java.bridge.jvm.options — and in it the login
// context `KafkaConnect`, whose PropertyFileLoginModule's `file` option names a properties file
// of user=password lines: the same file rest.basic.auth.credentials.file takes.

#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace copycat::app {

inline constexpr std::string_view basic_auth_extension_class =
    "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension";

struct rest_extension_inputs {
    std::vector<std::string> classes;  // rest.extension.classes
    std::string kafka_opts;            // the KAFKA_OPTS environment variable
    std::string jvm_options;           // java.bridge.jvm.options
};

// The credentials files the configured extensions require (empty without extensions), or
// invalid_argument naming the extension class, the JAAS file or the login module that Copycat
// cannot serve.
result<std::vector<std::string>> basic_auth_files_of(const rest_extension_inputs& in);

}  // namespace copycat::app
