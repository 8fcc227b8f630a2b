#include "transforms/record_is_tombstone.hpp"

namespace copycat::transforms {

const config_def& record_is_tombstone::definition() {
    static const config_def def;
    return def;
}

}  // namespace copycat::transforms
