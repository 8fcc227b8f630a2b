#pragma once
// jaas_file: reads a JAAS login configuration file (Java's ConfigFile syntax), as Kafka Connect's
// BasicAuthSecurityRestExtension finds its login modules (docs/security.md "REST extensions"):
//
//   KafkaConnect {
//     org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule required
//       file="/etc/kafka/connect.password";
//   };
//
// Entries are `Name { module flag [option=value ...]; ... };`; values are bare words or
// double-quoted strings; `//` and `/* */` comments are skipped. Pure parsing, no I/O besides
// reading the file; safe from any thread.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace copycat::app {

struct jaas_login_module {
    std::string class_name;
    std::string flag;  // required | requisite | sufficient | optional
    std::map<std::string, std::string> options;
};

// Login-context name -> its modules, in order.
using jaas_config = std::map<std::string, std::vector<jaas_login_module>>;

// invalid_argument naming the problem (and its line) for text that is not JAAS syntax.
result<jaas_config> parse_jaas(std::string_view text);
// parse_jaas of a file; io_error / invalid_argument naming the file.
result<jaas_config> read_jaas_file(const std::string& path);

}  // namespace copycat::app
