#include "converters/utf8_text.hpp"

#include "common/utf8.hpp"

namespace copycat::converters {

std::string decode_utf8_lossy(bytes_view data) {
    return utf8::decode_lossy(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
}

}  // namespace copycat::converters
