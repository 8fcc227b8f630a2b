#include "transforms/filter.hpp"

namespace copycat::transforms {

const config_def& filter::definition() {
    static const config_def def;
    return def;
}

}  // namespace copycat::transforms
