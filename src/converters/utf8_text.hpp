// Reading bytes as UTF-8 text the way Java's new String(bytes, UTF_8) does.
#pragma once

#include <string>

#include "copycat/data/bytes.hpp"

namespace copycat::converters {

/// The bytes as a UTF-8 string. Well-formed input is copied unchanged; each maximal ill-formed
/// subsequence (a stray continuation byte, a truncated sequence, an overlong form, an encoded
/// surrogate, a value above U+10FFFF) becomes U+FFFD, as Java's decoder does, so that writing
/// the string back gives the bytes Kafka would write.
std::string decode_utf8_lossy(bytes_view data);

}  // namespace copycat::converters
