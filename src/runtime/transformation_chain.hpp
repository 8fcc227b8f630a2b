#pragma once
// The connector's single message transforms, applied in order (Kafka: TransformationChain and
// TransformationStage). Built from "transforms" = a,b and, per alias, "transforms.<a>.type"
// (a transformation plugin) with its "transforms.<a>.*" settings; a stage may name a predicate
// ("transforms.<a>.predicate" = p, from "predicates" with "predicates.<p>.type") and
// "transforms.<a>.negate". A stage applies when it has no predicate or when test() != negate.
//
// Owned by one task and used on its thread only. Plugin exceptions from apply() propagate to
// the caller, which hands them to the error handler (errors.tolerance).

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "copycat/data/records.hpp"
#include "copycat/transform/predicate.hpp"
#include "copycat/transform/transformation.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::runtime {

class transformation_chain {
public:
    struct stage {
        std::string alias;
        std::unique_ptr<transformation> transform;
        std::unique_ptr<copycat::predicate> predicate;  // may be null
        bool negate = false;
    };

    transformation_chain() = default;
    explicit transformation_chain(std::vector<stage> stages) : stages_(std::move(stages)) {}
    transformation_chain(transformation_chain&&) noexcept = default;
    transformation_chain& operator=(transformation_chain&& other) noexcept;
    ~transformation_chain();

    // Creates and configures every stage from a connector config. Errors (errc::invalid_argument)
    // name the key at fault: a missing or unknown type, an undefined predicate alias, a
    // configure() that threw.
    static result<transformation_chain> create(const loader::plugin_registry& plugins,
                                               const std::map<std::string, std::string, std::less<>>& connector_config);

    // The aliases listed by "transforms" or "predicates" (`key`) in a connector config, in order;
    // empty when the key is absent. Shared with the herder's validation of the same keys.
    static std::vector<std::string> aliases(const std::map<std::string, std::string, std::less<>>& connector_config,
                                            const std::string& key);

    // Transforms `record` in place; false when a stage dropped it.
    bool apply(connect_record& record);

    bool empty() const { return stages_.empty(); }
    std::size_t size() const { return stages_.size(); }
    const std::vector<stage>& stages() const { return stages_; }

    // Closes every transformation and predicate (exceptions are logged). Idempotent.
    void close();

private:
    std::vector<stage> stages_;
};

}  // namespace copycat::runtime
