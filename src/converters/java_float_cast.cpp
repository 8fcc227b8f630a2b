#include "converters/java_float_cast.hpp"

#include <cmath>
#include <limits>

namespace copycat::converters {

float java_float_cast(double d) noexcept {
    constexpr double max = std::numeric_limits<float>::max();
    // Halfway between FLT_MAX and the next power of two: from there on, rounding overflows.
    constexpr double overflow = max + 0x1p103;
    if (std::isfinite(d) && std::fabs(d) > max) {
        if (std::fabs(d) < overflow) {
            return std::signbit(d) ? -std::numeric_limits<float>::max() : std::numeric_limits<float>::max();
        }
        return std::signbit(d) ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
    }
    return static_cast<float>(d);
}

}  // namespace copycat::converters
