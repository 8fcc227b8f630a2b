// Double.toString and Float.toString as JDK 17 computes them: a port of
// jdk.internal.math.FloatingDecimal.BinaryToASCIIBuffer (dtoa, developLongDigits, roundup,
// estimateDecExp, getChars), including its quirks — the digit loop stops at the first prefix
// within half an ulp by a symmetric test, so some values get a 17th or 18th digit that
// JDK 19's shortest form does not have, and the int and long fast paths wrap as Java's
// arithmetic does. FDBigInteger's arithmetic is replaced by an exact fixed-size integer: the
// algorithm only compares and divides B, S, M and 10*S, which scale alike, so FDBigInteger's
// normalising shift changes nothing.
#include "copycat/data/java_number_text.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace copycat {
namespace {

constexpr int exp_shift = 52;  // DoubleConsts.SIGNIFICAND_WIDTH - 1
constexpr std::uint64_t fract_hob = std::uint64_t{1} << exp_shift;
constexpr std::uint64_t signif_mask = fract_hob - 1;
constexpr std::uint64_t exp_one = std::uint64_t{1023} << exp_shift;
constexpr int max_small_bin_exp = 62;
constexpr int min_small_bin_exp = -(63 / 3);

// 5^i for i < 27 (FDBigInteger.LONG_5_POW), of which the first 14 fit in an int (SMALL_5_POW).
constexpr std::array<std::int64_t, 27> long_5_pow = [] {
    std::array<std::int64_t, 27> out{};
    std::int64_t p = 1;
    for (auto& x : out) {
        x = p;
        p *= 5;
    }
    return out;
}();
constexpr std::size_t small_5_pow_count = 14;

// Approximately ceil(log2(5^i)).
constexpr std::array<int, 27> n_5_bits = {0,  3,  5,  7,  10, 12, 14, 17, 19, 21, 24, 26, 28, 31,
                                          33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56, 59, 61};

// insignificantDigits(1L << i).
constexpr std::array<int, 64> insignificant_digits_number = {
    0,  0,  0,  0,  1,  1,  1,  2,  2,  2,  3,  3,  3,  3,  4,  4,  4,  5,  5,  5,  6,  6,
    6,  6,  7,  7,  7,  8,  8,  8,  9,  9,  9,  9,  10, 10, 10, 11, 11, 11, 12, 12, 12, 12,
    13, 13, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19};

int insignificant_digits_for_pow2(int p2) {
    if (p2 > 1 && p2 < static_cast<int>(insignificant_digits_number.size())) {
        return insignificant_digits_number[static_cast<std::size_t>(p2)];
    }
    return 0;
}

// A non-negative integer of fixed capacity, 32-bit words, least significant first. The largest
// value dtoa builds is below 2^800 (10*S for Double.MIN_VALUE); 48 words hold 1536 bits.
class fixed_uint {
public:
    static fixed_uint pow52(int p5, int p2) { return mul_pow52(1, p5, p2); }

    // v * 5^p5 * 2^p2.
    static fixed_uint mul_pow52(std::uint64_t v, int p5, int p2) {
        fixed_uint out;
        out.words_[0] = static_cast<std::uint32_t>(v);
        out.words_[1] = static_cast<std::uint32_t>(v >> 32U);
        out.size_ = out.words_[1] != 0 ? 2 : (out.words_[0] != 0 ? 1 : 0);
        for (; p5 >= 13; p5 -= 13) {
            out.multiply(static_cast<std::uint32_t>(long_5_pow[13]));
        }
        if (p5 > 0) {
            out.multiply(static_cast<std::uint32_t>(long_5_pow[static_cast<std::size_t>(p5)]));
        }
        out.shift_left(p2);
        return out;
    }

    void multiply(std::uint32_t factor) {
        std::uint64_t carry = 0;
        for (int i = 0; i < size_; ++i) {
            const std::uint64_t p = std::uint64_t{words_[i]} * factor + carry;
            words_[i] = static_cast<std::uint32_t>(p);
            carry = p >> 32U;
        }
        if (carry != 0) {
            words_[size_++] = static_cast<std::uint32_t>(carry);
        }
    }

    void shift_left(int bits) {
        if (size_ == 0 || bits == 0) {
            return;
        }
        const int word_shift = bits / 32;
        const auto bit_shift = static_cast<unsigned>(bits % 32);
        int top = size_ + word_shift;
        words_[top] = 0;
        for (int i = size_ - 1; i >= 0; --i) {
            const std::uint64_t w = std::uint64_t{words_[i]} << bit_shift;
            words_[i + word_shift + 1] |= static_cast<std::uint32_t>(w >> 32U);
            words_[i + word_shift] = static_cast<std::uint32_t>(w);
        }
        std::fill(words_.begin(), words_.begin() + word_shift, 0U);
        size_ = top + 1;
        trim();
    }

    // -1, 0 or 1 as *this is less than, equal to or greater than other.
    int compare(const fixed_uint& other) const noexcept {
        if (size_ != other.size_) {
            return size_ < other.size_ ? -1 : 1;
        }
        for (int i = size_ - 1; i >= 0; --i) {
            if (words_[i] != other.words_[i]) {
                return words_[i] < other.words_[i] ? -1 : 1;
            }
        }
        return 0;
    }

    // FDBigInteger.addAndCmp: compares *this with x + y.
    int compare_with_sum(const fixed_uint& x, const fixed_uint& y) const {
        fixed_uint sum = x;
        sum.add(y);
        return compare(sum);
    }

    // FDBigInteger.quoRemIteration: returns q = *this / s (a digit) and leaves
    // 10 * (*this % s).
    int quotient_digit_times_ten_remainder(const fixed_uint& s) {
        int q = 0;
        while (compare(s) >= 0) {
            subtract(s);
            ++q;
        }
        multiply(10);
        return q;
    }

    bool is_zero() const noexcept { return size_ == 0; }

private:
    void add(const fixed_uint& other) {
        const int n = std::max(size_, other.size_);
        std::uint64_t carry = 0;
        for (int i = 0; i < n; ++i) {
            const std::uint64_t a = i < size_ ? words_[i] : 0U;
            const std::uint64_t b = i < other.size_ ? other.words_[i] : 0U;
            carry += a + b;
            words_[i] = static_cast<std::uint32_t>(carry);
            carry >>= 32U;
        }
        size_ = n;
        if (carry != 0) {
            words_[size_++] = static_cast<std::uint32_t>(carry);
        }
    }

    // *this -= other; *this >= other.
    void subtract(const fixed_uint& other) {
        std::int64_t borrow = 0;
        for (int i = 0; i < size_; ++i) {
            std::int64_t d = std::int64_t{words_[i]} - (i < other.size_ ? std::int64_t{other.words_[i]} : 0) + borrow;
            borrow = d < 0 ? -1 : 0;
            words_[i] = static_cast<std::uint32_t>(d);
        }
        trim();
    }

    void trim() {
        while (size_ > 0 && words_[size_ - 1] == 0) {
            --size_;
        }
    }

    std::array<std::uint32_t, 48> words_{};
    int size_ = 0;
};

// The decimal digits FloatingDecimal develops: value = 0.d1d2...dn * 10^dec_exponent.
struct java_digits {
    char digits[20] = {};
    int first = 0;
    int count = 0;
    int dec_exponent = 0;

    char last() const { return digits[first + count - 1]; }

    void roundup() {
        int i = first + count - 1;
        char q = digits[i];
        if (q == '9') {
            while (q == '9' && i > first) {
                digits[i] = '0';
                q = digits[--i];
            }
            if (q == '9') {
                // Carry out: a 1 and zeros, one more in the exponent.
                dec_exponent += 1;
                digits[first] = '1';
                return;
            }
        }
        digits[i] = static_cast<char>(q + 1);
    }
};

// developLongDigits: the digits of an integer, trailing zeros dropped, after rounding away
// `insignificant` low-order digits.
void develop_long_digits(java_digits& out, int dec_exponent, std::int64_t lvalue, int insignificant) {
    if (insignificant != 0) {
        const std::int64_t pow10 = long_5_pow[static_cast<std::size_t>(insignificant)] << insignificant;
        const std::int64_t residue = lvalue % pow10;
        lvalue /= pow10;
        dec_exponent += insignificant;
        if (residue >= (pow10 >> 1)) {
            ++lvalue;
        }
    }
    int digitno = static_cast<int>(sizeof out.digits) - 1;
    auto c = static_cast<int>(lvalue % 10);
    lvalue /= 10;
    while (c == 0) {
        ++dec_exponent;
        c = static_cast<int>(lvalue % 10);
        lvalue /= 10;
    }
    while (lvalue != 0) {
        out.digits[digitno--] = static_cast<char>(c + '0');
        ++dec_exponent;
        c = static_cast<int>(lvalue % 10);
        lvalue /= 10;
    }
    out.digits[digitno] = static_cast<char>(c + '0');
    out.dec_exponent = dec_exponent + 1;
    out.first = digitno;
    out.count = static_cast<int>(sizeof out.digits) - digitno;
}

// estimateDecExp: about floor(log10(d)), from a linear approximation of log10 of the
// significand. Each step is a separate IEEE operation, as in Java.
int estimate_dec_exp(std::uint64_t fract_bits, int bin_exp) {
    const double d2 = std::bit_cast<double>(exp_one | (fract_bits & signif_mask));
    const double scaled = (d2 - 1.5) * 0.289529654;
    const double log2_part = static_cast<double>(bin_exp) * 0.301029995663981;
    const double d = (scaled + 0.176091259) + log2_part;
    const auto bits = std::bit_cast<std::uint64_t>(d);
    const int exponent = static_cast<int>((bits >> exp_shift) & 0x7FFU) - 1023;
    const bool negative = (bits >> 63U) != 0;
    if (exponent >= 0 && exponent < 52) {
        const std::uint64_t mask = signif_mask >> exponent;
        const auto r = static_cast<int>(((bits & signif_mask) | fract_hob) >> (exp_shift - exponent));
        return negative ? ((mask & bits) == 0 ? -r : -r - 1) : r;
    }
    if (exponent < 0) {
        return (bits & ~(std::uint64_t{1} << 63U)) == 0 ? 0 : (negative ? -1 : 0);
    }
    return static_cast<int>(d);
}

// B, S, M and 10*S when they fit in T (int or long), wrapping on overflow as Java's arithmetic
// does.
template <class T>
class small_arithmetic {
public:
    small_arithmetic(std::uint64_t fract_bits, int b5, int b2, int s5, int s2, int m5, int m2)
        : b_(shl(mul(static_cast<T>(fract_bits), pow5(b5)), b2)),
          s_(shl(pow5(s5), s2)),
          m_(shl(pow5(m5), m2)),
          tens_(mul(s_, 10)) {}

    // The next digit: B / S; B becomes 10 * (B % S) and M 10 * M. `low`: the remainder is within
    // M of the digit below, `high`: within M of the digit above.
    int next_digit(bool first, bool& low, bool& high) {
        const int q = static_cast<int>(b_ / s_);
        b_ = mul(10, b_ % s_);
        m_ = mul(m_, 10);
        if (first || m_ > 0) {
            low = b_ < m_;
            high = add(b_, m_) > tens_;
        } else {
            low = true;  // M overflowed
            high = true;
        }
        return q;
    }

    // The sign of 2 * B - 10 * S: whether the remainder is above half a digit.
    std::int64_t low_digit_difference() const {
        return static_cast<std::int64_t>(static_cast<T>(static_cast<U>(shl(b_, 1)) - static_cast<U>(tens_)));
    }

private:
    using U = std::make_unsigned_t<T>;
    static T mul(T a, T b) { return static_cast<T>(static_cast<U>(a) * static_cast<U>(b)); }
    static T add(T a, T b) { return static_cast<T>(static_cast<U>(a) + static_cast<U>(b)); }
    static T shl(T a, int n) { return static_cast<T>(static_cast<U>(a) << static_cast<unsigned>(n)); }
    static T pow5(int i) { return static_cast<T>(long_5_pow[static_cast<std::size_t>(i)]); }

    T b_;
    T s_;
    T m_;
    T tens_;
};

// The same with FDBigInteger's exact arithmetic; Java's test for `high` here is >=, not >.
class big_arithmetic {
public:
    big_arithmetic(std::uint64_t fract_bits, int b5, int b2, int s5, int s2, int m5, int m2)
        : b_(fixed_uint::mul_pow52(fract_bits, b5, b2)),
          s_(fixed_uint::pow52(s5, s2)),
          m_(fixed_uint::pow52(m5 + 1, m2 + 1)),
          ten_s_(fixed_uint::pow52(s5 + 1, s2 + 1)) {}

    int next_digit(bool first, bool& low, bool& high) {
        const int q = b_.quotient_digit_times_ten_remainder(s_);
        if (!first) {
            m_.multiply(10);  // the first M is built as 10 * M
        }
        low = b_.compare(m_) < 0;
        high = ten_s_.compare_with_sum(b_, m_) <= 0;
        return q;
    }

    std::int64_t low_digit_difference() const {
        fixed_uint twice = b_;
        twice.shift_left(1);
        return twice.compare(ten_s_);
    }

private:
    fixed_uint b_;
    fixed_uint s_;
    fixed_uint m_;
    fixed_uint ten_s_;
};

// dtoa's digit loop: digits of B / S until the remainder is within M of a digit, then the last
// digit rounded by the stopping condition (a tie goes to an even digit).
template <class Arithmetic>
void develop_digits(java_digits& out, int& dec_exp, Arithmetic arithmetic) {
    bool low = false;
    bool high = false;
    int ndigit = 0;
    // The first iteration, unrolled: when the estimate of dec_exp was one too high, the first
    // quotient is 0 and is dropped.
    int q = arithmetic.next_digit(true, low, high);
    if (q == 0 && !high) {
        --dec_exp;
    } else {
        out.digits[ndigit++] = static_cast<char>('0' + q);
    }
    // Java always prints a digit after the point in the E form, so it needs a second digit there.
    if (dec_exp < -3 || dec_exp >= 8) {
        high = low = false;
    }
    while (!low && !high) {
        q = arithmetic.next_digit(false, low, high);
        out.digits[ndigit++] = static_cast<char>('0' + q);
    }
    out.count = ndigit;
    out.first = 0;
    out.dec_exponent = dec_exp + 1;
    if (high) {
        bool up = !low;
        if (low) {
            const std::int64_t difference = arithmetic.low_digit_difference();
            up = difference > 0 || (difference == 0 && ((out.last() - '0') & 1) != 0);
        }
        if (up) {
            out.roundup();
        }
    }
}

// FloatingDecimal.BinaryToASCIIBuffer.dtoa for a positive value fract_bits * 2^(bin_exp - 52),
// fract_bits with its bit 52 set.
java_digits dtoa(int bin_exp, std::uint64_t fract_bits, int n_significant_bits) {
    java_digits out;
    const int tail_zeros = std::countr_zero(fract_bits);
    const int n_fract_bits = exp_shift + 1 - tail_zeros;              // significant bits of fract_bits
    const int n_tiny_bits = std::max(0, n_fract_bits - bin_exp - 1);  // bits right of the point
    if (bin_exp <= max_small_bin_exp && bin_exp >= min_small_bin_exp && n_tiny_bits == 0) {
        // An integer that fits in a long.
        const int insignificant =
            bin_exp > n_significant_bits ? insignificant_digits_for_pow2(bin_exp - n_significant_bits - 1) : 0;
        if (bin_exp >= exp_shift) {
            fract_bits <<= static_cast<unsigned>(bin_exp - exp_shift);
        } else {
            fract_bits >>= static_cast<unsigned>(exp_shift - bin_exp);
        }
        develop_long_digits(out, 0, static_cast<std::int64_t>(fract_bits), insignificant);
        return out;
    }
    // d = (B / S) * 10^dec_exp with 1 <= B / S < 10, and M half an ulp of d scaled like B:
    // digits are developed until the remainder is within M.
    int dec_exp = estimate_dec_exp(fract_bits, bin_exp);
    const int b5 = std::max(0, -dec_exp);
    int b2 = b5 + n_tiny_bits + bin_exp;
    const int s5 = std::max(0, dec_exp);
    int s2 = s5 + n_tiny_bits;
    const int m5 = b5;
    int m2 = b2 - n_significant_bits;

    fract_bits >>= static_cast<unsigned>(tail_zeros);
    b2 -= n_fract_bits - 1;
    const int common2 = std::min(b2, s2);
    b2 -= common2;
    s2 -= common2;
    m2 -= common2;
    if (n_fract_bits == 1) {
        m2 -= 1;  // below a power of two the next smaller number is half as far away
    }
    if (m2 < 0) {
        b2 -= m2;
        s2 -= m2;
        m2 = 0;
    }

    const int b_bits =
        n_fract_bits + b2 + (b5 < static_cast<int>(n_5_bits.size()) ? n_5_bits[static_cast<std::size_t>(b5)] : b5 * 3);
    const int ten_s_bits =
        s2 + 1 +
        (s5 + 1 < static_cast<int>(n_5_bits.size()) ? n_5_bits[static_cast<std::size_t>(s5 + 1)] : (s5 + 1) * 3);
    if (b_bits < 32 && ten_s_bits < 32) {
        develop_digits(out, dec_exp, small_arithmetic<std::int32_t>(fract_bits, b5, b2, s5, s2, m5, m2));
    } else if (b_bits < 64 && ten_s_bits < 64) {
        develop_digits(out, dec_exp, small_arithmetic<std::int64_t>(fract_bits, b5, b2, s5, s2, m5, m2));
    } else {
        develop_digits(out, dec_exp, big_arithmetic(fract_bits, b5, b2, s5, s2, m5, m2));
    }
    return out;
}

// getChars: plain for 10^-3 <= |d| < 10^7, otherwise d.dddE[-]x, with at least one digit after
// the point.
void append_digits(std::string& out, bool negative, const java_digits& d) {
    if (negative) {
        out += '-';
    }
    const char* digits = d.digits + d.first;
    const int n = d.count;
    const int e = d.dec_exponent;
    if (e > 0 && e < 8) {
        const int int_len = std::min(n, e);
        out.append(digits, static_cast<std::size_t>(int_len));
        if (int_len < e) {
            out.append(static_cast<std::size_t>(e - int_len), '0');
            out += ".0";
        } else {
            out += '.';
            if (int_len < n) {
                out.append(digits + int_len, static_cast<std::size_t>(n - int_len));
            } else {
                out += '0';
            }
        }
    } else if (e <= 0 && e > -3) {
        out += "0.";
        out.append(static_cast<std::size_t>(-e), '0');
        out.append(digits, static_cast<std::size_t>(n));
    } else {
        out += digits[0];
        out += '.';
        if (n > 1) {
            out.append(digits + 1, static_cast<std::size_t>(n - 1));
        } else {
            out += '0';
        }
        out += 'E';
        out += std::to_string(e - 1);
    }
}

bool append_special(std::string& out, double d) {
    if (std::isnan(d)) {
        out += "NaN";
    } else if (std::isinf(d)) {
        out += d > 0 ? "Infinity" : "-Infinity";
    } else if (d == 0) {
        out += std::signbit(d) ? "-0.0" : "0.0";
    } else {
        return false;
    }
    return true;
}

}  // namespace

void append_java_double_text(std::string& out, double d) {
    if (append_special(out, d)) {
        return;
    }
    const auto bits = std::bit_cast<std::uint64_t>(d);
    std::uint64_t fract_bits = bits & signif_mask;
    int bin_exp = static_cast<int>((bits >> exp_shift) & 0x7FFU);
    int n_significant_bits = exp_shift + 1;
    if (bin_exp == 0) {  // subnormal: normalise
        const int leading_zeros = std::countl_zero(fract_bits);
        const int shift = leading_zeros - (63 - exp_shift);
        fract_bits <<= static_cast<unsigned>(shift);
        bin_exp = 1 - shift;
        n_significant_bits = 64 - leading_zeros;
    } else {
        fract_bits |= fract_hob;
    }
    append_digits(out, std::signbit(d), dtoa(bin_exp - 1023, fract_bits, n_significant_bits));
}

void append_java_float_text(std::string& out, float f) {
    if (append_special(out, static_cast<double>(f))) {
        return;
    }
    constexpr int single_exp_shift = 23;
    const auto bits = std::bit_cast<std::uint32_t>(f);
    std::uint32_t fract_bits = bits & ((1U << single_exp_shift) - 1);
    int bin_exp = static_cast<int>((bits >> single_exp_shift) & 0xFFU);
    int n_significant_bits = single_exp_shift + 1;
    if (bin_exp == 0) {
        const int leading_zeros = std::countl_zero(fract_bits);
        const int shift = leading_zeros - (31 - single_exp_shift);
        fract_bits <<= static_cast<unsigned>(shift);
        bin_exp = 1 - shift;
        n_significant_bits = 32 - leading_zeros;
    } else {
        fract_bits |= 1U << single_exp_shift;
    }
    append_digits(out, std::signbit(f),
                  dtoa(bin_exp - 127, std::uint64_t{fract_bits} << (exp_shift - single_exp_shift), n_significant_bits));
}

std::string java_double_text(double d) {
    std::string out;
    append_java_double_text(out, d);
    return out;
}

std::string java_float_text(float f) {
    std::string out;
    append_java_float_text(out, f);
    return out;
}

std::string java_decimal_text(const decimal& d) {
    std::string digits = decimal(d.unscaled(), 0).to_string();
    if (!digits.empty() && digits.front() == '-') {
        digits.erase(0, 1);
    }
    const std::int64_t scale = d.scale();
    const auto n = static_cast<std::int64_t>(digits.size());
    const std::int64_t adjusted = -scale + n - 1;
    std::string out = d.is_negative() ? "-" : "";
    if (scale >= 0 && adjusted >= -6) {
        if (scale == 0) {
            out += digits;
        } else if (n > scale) {
            out.append(digits, 0, static_cast<std::size_t>(n - scale));
            out += '.';
            out.append(digits, static_cast<std::size_t>(n - scale), std::string::npos);
        } else {
            out += "0.";
            out.append(static_cast<std::size_t>(scale - n), '0');
            out += digits;
        }
        return out;
    }
    out += digits[0];
    if (digits.size() > 1) {
        out += '.';
        out.append(digits, 1, std::string::npos);
    }
    out += 'E';
    if (adjusted > 0) {
        out += '+';
    }
    out += std::to_string(adjusted);
    return out;
}

}  // namespace copycat
