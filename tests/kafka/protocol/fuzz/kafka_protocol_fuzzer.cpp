// libFuzzer entry point: the first byte picks a decoder (or, past the table's end, the frame
// parsers); the rest is the input. Aborts on any decoder misbehaviour so libFuzzer keeps the
// input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "decode_all.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace copycat::kafka_protocol;
    using namespace copycat::kafka_protocol::testing;
    if (size == 0) return 0;
    const auto& decoders = all_decoders();
    const std::size_t which = data[0] % (decoders.size() + 1);
    const bytes_view input(reinterpret_cast<const std::byte*>(data + 1), size - 1);
    const decode_outcome outcome =
        which == decoders.size() ? decode_frames(input) : decoders[which].decode(input, decoders[which].version);
    if (outcome == decode_outcome::unexpected) std::abort();
    return 0;
}
