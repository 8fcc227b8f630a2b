#include "converters/utf8_text.hpp"

#include <cstdint>

namespace copycat::converters {
namespace {

constexpr std::string_view replacement = "\xEF\xBF\xBD";

// The length of the well-formed sequence starting at data[i], or 0 when it is ill-formed; in
// that case `bad` is set to the length of the maximal ill-formed prefix to replace (>= 1).
std::size_t sequence_length(bytes_view data, std::size_t i, std::size_t& bad) {
    const std::uint8_t lead = data[i];
    bad = 1;
    if (lead < 0x80) {
        return 1;
    }
    std::size_t need = 0;
    std::uint8_t low = 0x80;
    std::uint8_t high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2;
        if (lead == 0xE0) {
            low = 0xA0;  // no overlong forms
        } else if (lead == 0xED) {
            high = 0x9F;  // no surrogates
        }
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3;
        if (lead == 0xF0) {
            low = 0x90;
        } else if (lead == 0xF4) {
            high = 0x8F;  // nothing above U+10FFFF
        }
    } else {
        return 0;
    }
    for (std::size_t k = 1; k <= need; ++k) {
        if (i + k >= data.size()) {
            bad = k;
            return 0;
        }
        const std::uint8_t c = data[i + k];
        const std::uint8_t lo = k == 1 ? low : std::uint8_t{0x80};
        const std::uint8_t hi = k == 1 ? high : std::uint8_t{0xBF};
        if (c < lo || c > hi) {
            bad = k;
            return 0;
        }
    }
    return need + 1;
}

}  // namespace

std::string decode_utf8_lossy(bytes_view data) {
    std::string out;
    out.reserve(data.size());
    std::size_t i = 0;
    while (i < data.size()) {
        // Fast path for ASCII runs.
        std::size_t j = i;
        while (j < data.size() && data[j] < 0x80) {
            ++j;
        }
        out.append(reinterpret_cast<const char*>(data.data() + i), j - i);
        i = j;
        if (i >= data.size()) {
            break;
        }
        std::size_t bad = 0;
        const std::size_t len = sequence_length(data, i, bad);
        if (len != 0) {
            out.append(reinterpret_cast<const char*>(data.data() + i), len);
            i += len;
        } else {
            out += replacement;
            i += bad;
        }
    }
    return out;
}

}  // namespace copycat::converters
