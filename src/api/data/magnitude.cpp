#include "api/data/magnitude.hpp"

#include <algorithm>
#include <cstddef>

namespace copycat::detail {
namespace {

void trim(std::vector<std::uint32_t>& limbs) {
    while (!limbs.empty() && limbs.back() == 0) {
        limbs.pop_back();
    }
}

constexpr std::uint32_t chunk_base = 1'000'000'000U;  // 9 decimal digits per chunk
constexpr std::size_t chunk_digits = 9;

}  // namespace

void magnitude::multiply_add(std::uint32_t factor, std::uint32_t addend) {
    std::uint64_t carry = addend;
    for (auto& limb : limbs) {
        const std::uint64_t product = static_cast<std::uint64_t>(limb) * factor + carry;
        limb = static_cast<std::uint32_t>(product);
        carry = product >> 32U;
    }
    if (carry != 0) {
        limbs.push_back(static_cast<std::uint32_t>(carry));
    }
    trim(limbs);
}

std::uint32_t magnitude::divide(std::uint32_t divisor) {
    std::uint64_t remainder = 0;
    for (auto it = limbs.rbegin(); it != limbs.rend(); ++it) {
        const std::uint64_t current = (remainder << 32U) | *it;
        *it = static_cast<std::uint32_t>(current / divisor);
        remainder = current % divisor;
    }
    trim(limbs);
    return static_cast<std::uint32_t>(remainder);
}

std::string magnitude::to_decimal() const {
    if (is_zero()) {
        return "0";
    }
    magnitude rest = *this;
    std::vector<std::uint32_t> chunks;  // least significant first
    while (!rest.is_zero()) {
        chunks.push_back(rest.divide(chunk_base));
    }
    std::string out = std::to_string(chunks.back());
    for (auto it = chunks.rbegin() + 1; it != chunks.rend(); ++it) {
        const std::string part = std::to_string(*it);
        out.append(chunk_digits - part.size(), '0');
        out += part;
    }
    return out;
}

magnitude magnitude::from_decimal(std::string_view digits) {
    magnitude m;
    std::size_t pos = 0;
    // The first chunk takes the odd digits so that the rest are whole 9-digit chunks.
    std::size_t first = digits.size() % chunk_digits;
    if (first == 0) {
        first = chunk_digits;
    }
    while (pos < digits.size()) {
        const std::size_t len = pos == 0 ? std::min(first, digits.size()) : chunk_digits;
        std::uint32_t chunk = 0;
        std::uint32_t factor = 1;
        for (std::size_t i = 0; i < len; ++i) {
            chunk = chunk * 10U + static_cast<std::uint32_t>(digits[pos + i] - '0');
            factor *= 10U;
        }
        m.multiply_add(factor, chunk);
        pos += len;
    }
    return m;
}

int compare(const magnitude& a, const magnitude& b) noexcept {
    if (a.limbs.size() != b.limbs.size()) {
        return a.limbs.size() < b.limbs.size() ? -1 : 1;
    }
    for (std::size_t i = a.limbs.size(); i-- > 0;) {
        if (a.limbs[i] != b.limbs[i]) {
            return a.limbs[i] < b.limbs[i] ? -1 : 1;
        }
    }
    return 0;
}

signed_magnitude from_twos_complement(bytes_view b) {
    signed_magnitude out;
    if (b.empty()) {
        return out;
    }
    out.negative = (b.front() & 0x80U) != 0;
    const std::uint32_t fill = out.negative ? 0xFFU : 0x00U;
    auto& limbs = out.mag.limbs;
    limbs.assign((b.size() + 3) / 4, 0);
    for (std::size_t i = 0; i < limbs.size() * 4; ++i) {
        const std::uint32_t byte = i < b.size() ? b[b.size() - 1 - i] : fill;
        limbs[i / 4] |= byte << (8U * (i % 4));
    }
    if (out.negative) {
        std::uint64_t carry = 1;
        for (auto& limb : limbs) {
            const std::uint64_t sum = static_cast<std::uint64_t>(~limb) + carry;
            limb = static_cast<std::uint32_t>(sum);
            carry = sum >> 32U;
        }
    }
    trim(limbs);
    return out;
}

bytes to_twos_complement(const signed_magnitude& v) {
    if (v.mag.is_zero()) {
        return bytes{0};
    }
    bytes out;
    out.reserve(v.mag.limbs.size() * 4 + 1);
    for (auto it = v.mag.limbs.rbegin(); it != v.mag.limbs.rend(); ++it) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.push_back(static_cast<std::uint8_t>(*it >> static_cast<unsigned>(shift)));
        }
    }
    if (v.negative) {
        // Two's complement in place: invert, then add one from the least significant byte.
        for (auto& byte : out) {
            byte = static_cast<std::uint8_t>(~byte);
        }
        for (auto it = out.rbegin(); it != out.rend(); ++it) {
            *it = static_cast<std::uint8_t>(*it + 1);
            if (*it != 0) {
                break;
            }
        }
        // Enough leading 0xFF bytes (from leading zero bytes of the magnitude) keep it negative;
        // otherwise a sign byte is needed.
        if ((out.front() & 0x80U) == 0) {
            out.insert(out.begin(), 0xFF);
        }
    } else if ((out.front() & 0x80U) != 0) {
        out.insert(out.begin(), 0x00);
    }
    return normalize_twos_complement(out);
}

bytes normalize_twos_complement(bytes_view b) {
    std::size_t start = 0;
    while (start + 1 < b.size()) {
        const bool redundant_zero = b[start] == 0x00 && (b[start + 1] & 0x80U) == 0;
        const bool redundant_ones = b[start] == 0xFF && (b[start + 1] & 0x80U) != 0;
        if (!redundant_zero && !redundant_ones) {
            break;
        }
        ++start;
    }
    if (b.empty()) {
        return bytes{0};
    }
    return bytes(b.begin() + static_cast<std::ptrdiff_t>(start), b.end());
}

}  // namespace copycat::detail
