#include "copycat/data/base64.hpp"

#include <array>

namespace copycat {
namespace {

constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::uint8_t invalid = 0xFF;

constexpr std::array<std::uint8_t, 256> make_reverse() {
    std::array<std::uint8_t, 256> table{};
    table.fill(invalid);
    for (std::size_t i = 0; i < alphabet.size(); ++i) {
        table[static_cast<unsigned char>(alphabet[i])] = static_cast<std::uint8_t>(i);
    }
    return table;
}

constexpr auto reverse = make_reverse();

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

void append(std::string& out, const std::uint8_t* data, std::size_t size) {
    out.reserve(out.size() + (size + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= size; i += 3) {
        const std::uint32_t chunk = (std::uint32_t{data[i]} << 16U) | (std::uint32_t{data[i + 1]} << 8U) | data[i + 2];
        out += alphabet[(chunk >> 18U) & 63U];
        out += alphabet[(chunk >> 12U) & 63U];
        out += alphabet[(chunk >> 6U) & 63U];
        out += alphabet[chunk & 63U];
    }
    const std::size_t rest = size - i;
    if (rest == 0) return;
    std::uint32_t chunk = std::uint32_t{data[i]} << 16U;
    if (rest == 2) chunk |= std::uint32_t{data[i + 1]} << 8U;
    out += alphabet[(chunk >> 18U) & 63U];
    out += alphabet[(chunk >> 12U) & 63U];
    out += rest == 2 ? alphabet[(chunk >> 6U) & 63U] : '=';
    out += '=';
}

template <class Out>
std::optional<Out> decode(std::string_view text, base64_spaces spaces) {
    const bool skip = spaces == base64_spaces::skip;
    Out out;
    out.reserve(text.size() / 4 * 3 + 3);
    std::uint32_t chunk = 0;
    int pending = 0;  // sextets in `chunk`
    std::size_t i = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (skip && is_space(c)) continue;
        if (c == '=') break;
        const std::uint8_t sextet = reverse[static_cast<unsigned char>(c)];
        if (sextet == invalid) return std::nullopt;
        chunk = (chunk << 6U) | sextet;
        if (++pending == 4) {
            out.push_back(static_cast<typename Out::value_type>(chunk >> 16U));
            out.push_back(static_cast<typename Out::value_type>(chunk >> 8U));
            out.push_back(static_cast<typename Out::value_type>(chunk));
            chunk = 0;
            pending = 0;
        }
    }
    // Only padding (and skipped whitespace) may follow the first '='.
    std::size_t padding = 0;
    for (; i < text.size(); ++i) {
        if (text[i] == '=') {
            ++padding;
        } else if (!(skip && is_space(text[i]))) {
            return std::nullopt;
        }
    }
    switch (pending) {
        case 0:
            if (padding != 0) return std::nullopt;
            break;
        case 2:
            if (padding != 0 && padding != 2) return std::nullopt;
            out.push_back(static_cast<typename Out::value_type>(chunk >> 4U));
            break;
        case 3:
            if (padding > 1) return std::nullopt;
            out.push_back(static_cast<typename Out::value_type>(chunk >> 10U));
            out.push_back(static_cast<typename Out::value_type>(chunk >> 2U));
            break;
        default:
            return std::nullopt;  // a single sextet cannot hold a byte
    }
    return out;
}

}  // namespace

void append_base64(std::string& out, std::span<const std::uint8_t> data) { append(out, data.data(), data.size()); }

std::string base64_encode(std::span<const std::uint8_t> data) {
    std::string out;
    append(out, data.data(), data.size());
    return out;
}

std::string base64_encode(std::string_view data) {
    std::string out;
    append(out, reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    return out;
}

std::optional<std::vector<std::uint8_t>> base64_decode(std::string_view text, base64_spaces spaces) {
    return decode<std::vector<std::uint8_t>>(text, spaces);
}

std::optional<std::string> base64_decode_string(std::string_view text, base64_spaces spaces) {
    return decode<std::string>(text, spaces);
}

}  // namespace copycat
