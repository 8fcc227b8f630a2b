#include "transforms/timestamp_router.hpp"

#include <stdexcept>

#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"

namespace copycat::transforms {
namespace {

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

}  // namespace

const config_def& timestamp_router::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("topic.format", config_type::string, "${topic}-${timestamp}", importance::high,
                 "Format string which can contain <code>${topic}</code> and <code>${timestamp}</code> as placeholders "
                 "for the topic and timestamp, respectively.")
            .define("timestamp.format", config_type::string, "yyyyMMdd", importance::high,
                    "Format string for the timestamp that is compatible with <code>java.text.SimpleDateFormat</code>.");
        return d;
    }();
    return def;
}

void timestamp_router::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    topic_format_ = cfg.get_string("topic.format");
    const std::string& pattern = cfg.get_string("timestamp.format");
    try {
        timestamp_format_.emplace(pattern);
    } catch (const std::invalid_argument& e) {
        throw config_error(invalid_value_message("timestamp.format", pattern, e.what()));
    }
}

bool timestamp_router::apply(connect_record& record) {
    if (!record.timestamp) {
        throw data_error("Timestamp missing on record: " + record.to_string());
    }
    const std::string formatted = timestamp_format_->format(*record.timestamp);
    record.topic = replace_all(replace_all(topic_format_, "${topic}", record.topic), "${timestamp}", formatted);
    return true;
}

}  // namespace copycat::transforms
