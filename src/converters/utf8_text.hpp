// Reading bytes as UTF-8 text the way Java's new String(bytes, UTF_8) does.
#pragma once

#include <string>

#include "copycat/data/bytes.hpp"

namespace copycat::converters {

/// The bytes as a UTF-8 string. Well-formed input is copied unchanged; each ill-formed part
/// becomes U+FFFD as Java's decoder replaces it (utf8::decode_lossy), so that writing the string
/// back gives the bytes Kafka would write.
std::string decode_utf8_lossy(bytes_view data);

}  // namespace copycat::converters
