#pragma once
// UTF-8 text as Java's UTF-8 decoder (new String(bytes, UTF_8)) reads it. Copycat keeps Connect
// strings as UTF-8 bytes, where Kafka Connect keeps Java Strings that came out of that decoder:
// reading Copycat's bytes the decoder's way gives the characters Kafka would have
// (docs/compatibility.md "Strings").

#include <cstddef>
#include <string>
#include <string_view>

namespace copycat::utf8 {

/// U+FFFD, REPLACEMENT CHARACTER, in UTF-8.
inline constexpr std::string_view replacement = "\xEF\xBF\xBD";

/// The length (1 to 4) of the well-formed sequence that starts at text[at], or 0 when it is
/// ill-formed; then `replaced` is set to the number of bytes Java's decoder turns into one
/// U+FFFD: the maximal prefix of a sequence (a stray continuation byte, a truncated sequence, an
/// overlong form, a value above U+10FFFF each give one per maximal subpart), except that an
/// encoded surrogate (ED A0..BF xx) is read as one sequence of up to 3 bytes, as Java does.
/// `at` < text.size().
std::size_t sequence_length(std::string_view text, std::size_t at, std::size_t& replaced);

/// The code point of the well-formed sequence of `length` bytes at text[at].
char32_t code_point(std::string_view text, std::size_t at, std::size_t length);

/// `text` with every ill-formed part replaced by U+FFFD as Java's decoder replaces it;
/// well-formed text is returned unchanged.
std::string decode_lossy(std::string_view text);

}  // namespace copycat::utf8
