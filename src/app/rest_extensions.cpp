#include "app/rest_extensions.hpp"

#include <sstream>

#include <fmt/format.h>

#include "app/jaas_file.hpp"
#include "common/strings.hpp"

namespace copycat::app {
namespace {

constexpr std::string_view login_context = "KafkaConnect";
constexpr std::string_view property_file_module =
    "org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule";
constexpr std::string_view login_config_property = "-Djava.security.auth.login.config=";

// The last -Djava.security.auth.login.config of JVM options (the JVM keeps the last one); a
// leading '=' (Java's "==" form: only this file) is dropped.
std::string login_config_in(const std::string& options) {
    std::string found;
    std::istringstream words(options);
    for (std::string word; words >> word;) {
        if (!word.starts_with(login_config_property)) continue;
        found = word.substr(login_config_property.size());
        if (found.starts_with('=')) found.erase(0, 1);
    }
    return found;
}

result<std::vector<std::string>> files_of_basic_auth_extension(const rest_extension_inputs& in) {
    std::string jaas = login_config_in(in.jvm_options);
    if (jaas.empty()) jaas = login_config_in(in.kafka_opts);
    if (jaas.empty())
        return make_error(errc::invalid_argument,
                          fmt::format("rest.extension.classes names {} but no JAAS file is configured: set "
                                      "-Djava.security.auth.login.config=<file> in KAFKA_OPTS or "
                                      "java.bridge.jvm.options, as for Kafka Connect (or use "
                                      "rest.basic.auth.credentials.file)",
                                      basic_auth_extension_class));
    COPYCAT_TRY(const jaas_config config, read_jaas_file(jaas));
    const auto entry = config.find(std::string(login_context));
    if (entry == config.end() || entry->second.empty())
        return make_error(errc::invalid_argument,
                          fmt::format("The JAAS file {} has no {} entry, which {} needs", jaas, login_context,
                                      basic_auth_extension_class));
    const auto& modules = entry->second;
    std::vector<std::string> files;
    for (const auto& m : modules) {
        if (m.class_name != property_file_module)
            return make_error(errc::invalid_argument,
                              fmt::format("The JAAS file {} names the login module {} for {}; Copycat serves only "
                                          "{} (a properties file of user=password lines)",
                                          jaas, m.class_name, login_context, property_file_module));
        if (modules.size() > 1 && m.flag != "sufficient")
            return make_error(errc::invalid_argument,
                              fmt::format("The JAAS file {} lists several login modules for {}; Copycat serves "
                                          "several only when each is 'sufficient' (any one of their users may call)",
                                          jaas, login_context));
        const auto file = m.options.find("file");
        if (file == m.options.end() || trim(file->second).empty())
            return make_error(errc::invalid_argument,
                              fmt::format("The JAAS file {}: {} needs a file=\"<credentials properties>\" option",
                                          jaas, property_file_module));
        files.push_back(file->second);
    }
    return files;
}

}  // namespace

result<std::vector<std::string>> basic_auth_files_of(const rest_extension_inputs& in) {
    std::vector<std::string> files;
    for (const auto& raw : in.classes) {
        const std::string_view name = trim(raw);
        if (name.empty()) continue;
        if (name != basic_auth_extension_class)
            return make_error(errc::invalid_argument,
                              fmt::format("rest.extension.classes names {}, a REST extension Copycat cannot run; "
                                          "the worker does not start without it rather than serve its REST API "
                                          "without what it adds (Copycat serves {} natively)",
                                          name, basic_auth_extension_class));
        COPYCAT_TRY(auto found, files_of_basic_auth_extension(in));
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

}  // namespace copycat::app
