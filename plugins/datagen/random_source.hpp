// The pseudo-random numbers of the data generator: SplitMix64, with the arithmetic for ranges
// written out here rather than taken from <random>, whose distributions are implementation-defined
// — the same seed must give the same records with any compiler and standard library.
#pragma once

#include <cstdint>

namespace copycat::datagen {

__extension__ typedef unsigned __int128 uint128;  // GCC and Clang; __extension__ for -Wpedantic

/// One step of SplitMix64's output function: a well-mixed 64-bit value of `x`. Also used to
/// derive independent seeds (per task, per record) from a user's seed.
constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// A SplitMix64 generator: small, fast, and good enough for test data (not for cryptography).
/// A value type used by one thread.
class random_source {
public:
    explicit constexpr random_source(std::uint64_t seed) noexcept : state_(seed) {}

    /// The next 64 random bits.
    constexpr std::uint64_t next() noexcept {
        const std::uint64_t out = mix64(state_);
        state_ += 0x9e3779b97f4a7c15ULL;
        return out;
    }

    /// A number in [0, bound); 0 when bound is 0. Lemire's multiply-shift: the bias is below
    /// 2^-64 per value, irrelevant for generated data.
    constexpr std::uint64_t below(std::uint64_t bound) noexcept {
        return static_cast<std::uint64_t>((static_cast<uint128>(next()) * bound) >> 64);
    }

    /// An integer in [min, max); min when max <= min.
    constexpr std::int64_t between(std::int64_t min, std::int64_t max) noexcept {
        if (max <= min) return min;
        const std::uint64_t span = static_cast<std::uint64_t>(max) - static_cast<std::uint64_t>(min);
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(min) + below(span));
    }

    /// A double in [0, 1), from the top 53 bits.
    constexpr double unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t state_;
};

}  // namespace copycat::datagen
