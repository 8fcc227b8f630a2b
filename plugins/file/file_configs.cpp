#include "file/file_configs.hpp"

#include <string>

#include "copycat/config/string_validators.hpp"

namespace copycat::file {

const config_def& source_config_def() {
    static const config_def def = [] {
        config_def d;
        d.define(std::string(file_config), config_type::string, nullptr, importance::high,
                 "Source filename. If not specified, the standard input will be used")
            .define(std::string(topic_config), config_type::string, no_default, non_empty_string::instance(),
                    importance::high, "The topic to publish data to")
            .define(std::string(batch_size_config), config_type::int_, default_batch_size, importance::low,
                    "The maximum number of records the source task can read from the file each time it is polled");
        return d;
    }();
    return def;
}

const config_def& sink_config_def() {
    static const config_def def = [] {
        config_def d;
        d.define(std::string(file_config), config_type::string, nullptr, importance::high,
                 "Destination filename. If not specified, the standard output will be used");
        return d;
    }();
    return def;
}

}  // namespace copycat::file
