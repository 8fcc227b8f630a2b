#include "transforms/drop_headers.hpp"

#include "copycat/config/abstract_config.hpp"
#include "transforms/non_empty_list.hpp"

namespace copycat::transforms {

const config_def& drop_headers::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("headers", config_type::list, no_default, non_empty_list(), importance::high,
                 "The name of the headers to be removed.");
        return d;
    }();
    return def;
}

void drop_headers::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    const config_list& names = cfg.get_list("headers");
    headers_ = {names.begin(), names.end()};
}

bool drop_headers::apply(connect_record& record) {
    headers kept;
    for (const header& h : record.hdrs) {
        if (!headers_.contains(h.key)) {
            kept.add(h);
        }
    }
    record.hdrs = std::move(kept);
    return true;
}

}  // namespace copycat::transforms
