// A random-input loop over every decoder: valid encodings with mutations, and pure noise. No
// input may crash, over-read (run it under ASan) or produce a value that does not survive a
// round trip; every refusal must be a protocol_error.
#include <catch2/catch.hpp>

#include <cstdio>
#include <random>

#include "fuzz/decode_all.hpp"
#include "kafka/protocol/frame.hpp"

using namespace copycat::kafka_protocol;
using namespace copycat::kafka_protocol::testing;

namespace {

constexpr std::size_t kInputs = 200000;

class mutator {
public:
    explicit mutator(std::uint32_t seed) : rng_(seed) {}

    // A uniform value in [0, n), or 0 when n is 0.
    std::size_t below(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
    std::byte any_byte() { return static_cast<std::byte>(below(256)); }

    bytes noise() {
        bytes out(below(64));
        for (auto& b : out) b = any_byte();
        return out;
    }

    // Applies 1-4 random edits: bit flips, boundary values, cuts, insertions, duplicated runs.
    bytes mutate(bytes in) {
        static constexpr std::uint8_t kInteresting[] = {0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff};
        const std::size_t edits = 1 + below(4);
        for (std::size_t e = 0; e < edits; ++e) {
            const std::size_t at = below(in.size() + 1);
            switch (below(6)) {
                case 0:
                    if (at < in.size()) in[at] ^= static_cast<std::byte>(1u << below(8));
                    break;
                case 1:
                    if (at < in.size()) in[at] = static_cast<std::byte>(kInteresting[below(6)]);
                    break;
                case 2:
                    in.resize(at);
                    break;
                case 3:
                    in.insert(in.begin() + static_cast<std::ptrdiff_t>(at), any_byte());
                    break;
                case 4:
                    if (at < in.size()) in.erase(in.begin() + static_cast<std::ptrdiff_t>(at));
                    break;
                default: {
                    const std::size_t n = below(8);
                    if (at + n <= in.size()) {
                        bytes run(in.begin() + static_cast<std::ptrdiff_t>(at),
                                  in.begin() + static_cast<std::ptrdiff_t>(at + n));
                        in.insert(in.begin() + static_cast<std::ptrdiff_t>(at), run.begin(), run.end());
                    }
                }
            }
        }
        return in;
    }

private:
    std::mt19937 rng_;
};

}  // namespace

TEST_CASE("random and mutated inputs never break a decoder", "[fuzz]") {
    const auto& decoders = all_decoders();
    std::vector<bytes> seeds;
    for (const auto& d : decoders) seeds.push_back(d.seed(d.version));

    mutator rng(0x6b61666b);  // fixed seed: failures reproduce
    std::size_t ran = 0, accepted = 0, rejected = 0, unexpected = 0;
    for (std::size_t i = 0; i < kInputs; ++i) {
        const std::size_t which = rng.below(decoders.size());
        const auto& d = decoders[which];
        bytes input;
        switch (rng.below(10)) {
            case 0:
            case 1:
                input = rng.noise();
                break;
            case 2:
            case 3:
                input = rng.mutate(seeds[rng.below(seeds.size())]);
                break;
            default:
                input = rng.mutate(seeds[which]);
                break;
        }
        const decode_outcome outcome = d.decode(input, d.version);
        ++ran;
        if (outcome == decode_outcome::accepted) ++accepted;
        if (outcome == decode_outcome::rejected) ++rejected;
        if (outcome == decode_outcome::unexpected) {
            ++unexpected;
            INFO(d.name << " misbehaved on input #" << i);
            CHECK(outcome != decode_outcome::unexpected);
        }
    }
    INFO("decoder inputs: " << ran << " (accepted " << accepted << ", rejected " << rejected << ")");
    std::printf(
        "kafka_protocol fuzz: %zu decoder inputs over %zu decoders (accepted %zu, rejected %zu, "
        "unexpected %zu)\n",
        ran, decoders.size(), accepted, rejected, unexpected);
    CHECK(ran == kInputs);
    CHECK(unexpected == 0);
    CHECK(accepted > 0);
    CHECK(rejected > 0);
}

TEST_CASE("random and mutated frames never break the frame parsers", "[fuzz]") {
    const auto& decoders = all_decoders();
    mutator rng(0x66726d);
    constexpr std::size_t kFrames = 20000;
    std::size_t ran = 0;
    for (std::size_t i = 0; i < kFrames; ++i) {
        const auto& d = decoders[rng.below(decoders.size())];
        // A framed seed: size + the request or response header for the version + body.
        const bytes body = d.seed(d.version);
        auto frame = d.request ? encode_request_frame(request_header{d.api, d.version, 1, "fuzz"}, body)
                               : encode_response_frame(d.api, d.version, 1, body);
        REQUIRE(frame);
        const bytes input = rng.below(5) == 0 ? rng.noise() : rng.mutate(*frame);
        if (decode_frames(input) == decode_outcome::unexpected) {
            INFO("frame input #" << i);
            CHECK(false);
        }
        ++ran;
    }
    std::printf("kafka_protocol fuzz: %zu frame inputs\n", ran);
    CHECK(ran == kFrames);
}
