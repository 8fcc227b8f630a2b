#include "loader/plugin_alias.hpp"

namespace copycat::loader {
namespace {

std::string_view kind_suffix(plugin_kind kind) {
    switch (kind) {
        case plugin_kind::source_connector:
        case plugin_kind::sink_connector:
            return "Connector";
        case plugin_kind::converter:
            return "Converter";
        case plugin_kind::header_converter:
            return "HeaderConverter";
        case plugin_kind::transformation:
            return "Transformation";
        case plugin_kind::predicate:
            return "Predicate";
    }
    return {};
}

}  // namespace

std::string simple_name(std::string_view class_name) {
    const auto cut = class_name.find_last_of(".$");
    return std::string(cut == std::string_view::npos ? class_name : class_name.substr(cut + 1));
}

std::string pruned_name(std::string_view class_name, plugin_kind kind) {
    std::string simple = simple_name(class_name);
    const std::string_view suffix = kind_suffix(kind);
    if (simple.size() > suffix.size() && std::string_view(simple).ends_with(suffix))
        simple.resize(simple.size() - suffix.size());
    return simple;
}

}  // namespace copycat::loader
