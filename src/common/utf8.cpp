#include "common/utf8.hpp"

#include <cstdint>

namespace copycat::utf8 {

std::size_t sequence_length(std::string_view text, std::size_t at, std::size_t& replaced) {
    const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(text[i]); };
    const std::uint8_t lead = byte(at);
    replaced = 1;
    if (lead < 0x80) return 1;
    std::size_t need = 0;
    std::uint8_t low = 0x80;
    std::uint8_t high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2;
        if (lead == 0xE0) low = 0xA0;  // no overlong forms
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
        if (at + k >= text.size()) {
            replaced = k;
            return 0;
        }
        const std::uint8_t c = byte(at + k);
        if (c < (k == 1 ? low : 0x80) || c > (k == 1 ? high : 0xBF)) {
            replaced = k;
            return 0;
        }
    }
    if (lead == 0xED && byte(at + 1) >= 0xA0) {  // U+D800..U+DFFF: a surrogate, never a character
        replaced = 3;
        return 0;
    }
    return need + 1;
}

char32_t code_point(std::string_view text, std::size_t at, std::size_t length) {
    const auto byte = [&](std::size_t i) { return static_cast<char32_t>(static_cast<std::uint8_t>(text[at + i])); };
    switch (length) {
        case 1:
            return byte(0);
        case 2:
            return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
        case 3:
            return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
        default:
            return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
    }
}

std::string decode_lossy(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t j = i;
        while (j < text.size() && static_cast<std::uint8_t>(text[j]) < 0x80) ++j;  // ASCII runs
        out.append(text, i, j - i);
        i = j;
        if (i >= text.size()) break;
        std::size_t replaced = 0;
        if (const std::size_t length = sequence_length(text, i, replaced); length != 0) {
            out.append(text, i, length);
            i += length;
        } else {
            out += replacement;
            i += replaced;
        }
    }
    return out;
}

}  // namespace copycat::utf8
