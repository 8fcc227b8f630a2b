// Internal: the unsigned big integer arithmetic behind `decimal` (not part of the public API).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/data/bytes.hpp"

namespace copycat::detail {

/// A non-negative integer of any size, base 2^32 limbs, least significant first, no leading
/// zero limbs (zero is the empty vector).
struct magnitude {
    std::vector<std::uint32_t> limbs;

    bool is_zero() const noexcept { return limbs.empty(); }

    /// *this = *this * factor + addend.
    void multiply_add(std::uint32_t factor, std::uint32_t addend);
    /// *this /= divisor; returns the remainder. divisor must not be 0.
    std::uint32_t divide(std::uint32_t divisor);

    /// Decimal digits without sign or leading zeros ("0" for zero).
    std::string to_decimal() const;
    /// From decimal digits only (caller checked them); leading zeros allowed.
    static magnitude from_decimal(std::string_view digits);

    friend int compare(const magnitude& a, const magnitude& b) noexcept;
};

/// -1, 0 or 1 as a is less than, equal to or greater than b.
int compare(const magnitude& a, const magnitude& b) noexcept;

/// A signed integer split into sign and magnitude.
struct signed_magnitude {
    bool negative = false;
    magnitude mag;
};

/// Reads big-endian two's-complement bytes (empty means zero).
signed_magnitude from_twos_complement(bytes_view b);
/// Writes minimal big-endian two's-complement bytes (at least one byte).
bytes to_twos_complement(const signed_magnitude& v);
/// Strips redundant sign bytes from big-endian two's-complement bytes; empty becomes {0}.
bytes normalize_twos_complement(bytes_view b);

}  // namespace copycat::detail
