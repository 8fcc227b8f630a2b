// An arbitrary-precision decimal number (Kafka: java.math.BigDecimal as used by the Decimal
// logical type): an unscaled integer of any size and a 32-bit scale, so that
// number = unscaled * 10^-scale.
//
// The unscaled integer is kept exactly as Kafka serializes it for a Decimal schema: big-endian
// two's-complement bytes of minimal length (BigInteger.toByteArray()).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/data/bytes.hpp"

namespace copycat {

class decimal {
public:
    /// Zero with scale 0.
    decimal();

    /// From an unscaled int64 and a scale: decimal(12345, 2) is 123.45.
    explicit decimal(std::int64_t unscaled, std::int32_t scale = 0);

    /// From big-endian two's-complement unscaled bytes (any length; empty means 0) and a scale.
    decimal(bytes_view unscaled_twos_complement, std::int32_t scale);

    /// Parses decimal text like BigDecimal(String): optional sign, digits with an optional
    /// point, optional exponent ("1.5E+3"). The scale is the number of digits after the point
    /// minus the exponent: "1.50" has scale 2, "15E2" has scale -2.
    /// Throws data_error on malformed text.
    static decimal parse(std::string_view text);

    /// Like parse() but returns nullopt instead of throwing.
    static std::optional<decimal> try_parse(std::string_view text);

    /// The decimal of the shortest text that round-trips the double (like BigDecimal.valueOf
    /// except that integral doubles get scale 0): from_double(0.1) is 0.1 with scale 1,
    /// from_double(2.0) is 2 with scale 0, from_double(1e20) is 1E+20 (scale -20).
    /// Throws data_error for NaN or infinity.
    static decimal from_double(double d);

    /// Plain decimal text without exponent (BigDecimal.toPlainString): "-1234.50", "0.001",
    /// "1200" for unscaled 12 with scale -2.
    std::string to_string() const;

    /// The nearest double (through the decimal text, so well-rounded).
    double to_double() const;

    /// The unscaled integer when it fits in 64 bits.
    std::optional<std::int64_t> unscaled_int64() const;

    /// The unscaled integer, big-endian two's-complement, minimal length (at least one byte).
    const bytes& unscaled() const noexcept { return unscaled_; }

    std::int32_t scale() const noexcept { return scale_; }

    bool is_negative() const noexcept { return !unscaled_.empty() && (unscaled_.front() & 0x80U) != 0; }
    bool is_zero() const noexcept { return unscaled_.size() == 1 && unscaled_.front() == 0; }

    /// The same number with another scale. Increasing the scale is always exact; decreasing it
    /// is allowed only when the dropped digits are zero, otherwise throws data_error.
    decimal with_scale(std::int32_t new_scale) const;

    /// Numeric comparison ignoring scale: compare(1.0, 1.00) == 0. Returns -1, 0 or 1.
    int compare(const decimal& other) const;

    /// Representation equality, as BigDecimal.equals: same unscaled value AND same scale, so
    /// 1.0 != 1.00. Use compare() for numeric equality.
    friend bool operator==(const decimal& a, const decimal& b) noexcept {
        return a.scale_ == b.scale_ && a.unscaled_ == b.unscaled_;
    }

private:
    bytes unscaled_;
    std::int32_t scale_ = 0;
};

}  // namespace copycat
