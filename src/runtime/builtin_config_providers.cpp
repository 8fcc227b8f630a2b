#include "runtime/builtin_config_providers.hpp"

#include <functional>

#include "runtime/directory_config_provider.hpp"
#include "runtime/env_var_config_provider.hpp"
#include "runtime/file_config_provider.hpp"

namespace copycat::runtime {
namespace {

struct builtin {
    std::string_view class_name;
    std::function<std::unique_ptr<config_provider>()> create;
};

const std::vector<builtin>& builtins() {
    static const std::vector<builtin> all = {
        {directory_config_provider::class_name, [] { return std::make_unique<directory_config_provider>(); }},
        {env_var_config_provider::class_name, [] { return std::make_unique<env_var_config_provider>(); }},
        {file_config_provider::class_name, [] { return std::make_unique<file_config_provider>(); }},
    };
    return all;
}

bool names(std::string_view class_name, std::string_view name) {
    if (name == class_name) return true;
    const std::string_view simple = class_name.substr(class_name.rfind('.') + 1);
    constexpr std::string_view suffix = "ConfigProvider";
    return name == simple || name == simple.substr(0, simple.size() - suffix.size());
}

}  // namespace

std::unique_ptr<config_provider> create_builtin_config_provider(std::string_view class_or_alias) {
    for (const builtin& b : builtins())
        if (names(b.class_name, class_or_alias)) return b.create();
    return nullptr;
}

std::vector<std::string> builtin_config_provider_classes() {
    std::vector<std::string> out;
    for (const builtin& b : builtins()) out.emplace_back(b.class_name);
    return out;
}

}  // namespace copycat::runtime
