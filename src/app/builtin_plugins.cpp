#include "app/builtin_plugins.hpp"

#include <deque>
#include <string>

#include "app/version.hpp"
#include "converters/builtin_converters.hpp"
#include "transforms/builtin_transforms.hpp"

namespace copycat::app {

void register_builtin_plugins(loader::plugin_registry& registry) {
    // Descriptors (and the names they point to) must outlive the registry: keep them for the
    // whole process.
    static std::deque<std::string> names;
    static std::deque<plugin_descriptor> descriptors;
    if (descriptors.empty()) {
        for (const converters::builtin_converter& c : converters::builtin_converters()) {
            const std::string& name = names.emplace_back(c.class_name);
            // A class that is both a Converter and a HeaderConverter is registered as both kinds
            // (the registry keeps the second as the class's other kind), as Kafka lists it.
            if (c.make_converter != nullptr)
                descriptors.push_back(
                    {plugin_kind::converter, name.c_str(), version().data(), converter_factory{c.make_converter}});
            if (c.make_header_converter != nullptr)
                descriptors.push_back({plugin_kind::header_converter, name.c_str(), version().data(),
                                       header_converter_factory{c.make_header_converter}});
        }
        for (const transforms::builtin_transformation& t : transforms::builtin_transformations()) {
            descriptors.push_back({plugin_kind::transformation, t.class_name.data(), version().data(),
                                   transformation_factory{t.factory}});
        }
        for (const transforms::builtin_predicate& p : transforms::builtin_predicates()) {
            descriptors.push_back(
                {plugin_kind::predicate, p.class_name.data(), version().data(), predicate_factory{p.factory}});
        }
    }
    for (const plugin_descriptor& d : descriptors) registry.add_builtin(d);
}

}  // namespace copycat::app
