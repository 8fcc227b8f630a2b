#include "app/java_config_providers.hpp"

#include "jvm/java_config_provider.hpp"

namespace copycat::app {
namespace {

class java_provider final : public runtime::config_provider {
public:
    explicit java_provider(std::unique_ptr<jvm::java_config_provider> java) : java_(std::move(java)) {}

    result<void> configure(const string_map& params) override { return java_->configure(params); }

    result<runtime::config_data> get(const std::string& path, const std::set<std::string>& keys) const override {
        COPYCAT_TRY(auto answer, java_->get(path, keys));
        return runtime::config_data{std::move(answer.data), answer.ttl_ms};
    }

private:
    std::unique_ptr<jvm::java_config_provider> java_;
};

}  // namespace

config_provider_source java_config_providers(std::shared_ptr<jvm::java_vm> vm) {
    if (!vm) return {};
    return [vm = std::move(vm)](const std::string& class_name) -> result<std::unique_ptr<runtime::config_provider>> {
        COPYCAT_TRY(auto java, jvm::java_config_provider::create(vm, class_name));
        return std::unique_ptr<runtime::config_provider>(std::make_unique<java_provider>(std::move(java)));
    };
}

}  // namespace copycat::app
