#include "common/fingerprint.hpp"

#include <cstdint>

namespace copycat {

std::string fingerprint(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ULL;  // FNV-1a 64 offset basis
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ULL;  // FNV-1a 64 prime
    }
    static constexpr char digits[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<std::size_t>(i)] = digits[h & 0xf];
    return out;
}

}  // namespace copycat
