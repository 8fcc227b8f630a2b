#include "copycat/config/range.hpp"

#include <memory>
#include <type_traits>

#include "copycat/data/java_number_text.hpp"

namespace copycat {

namespace {

using number = std::variant<std::int64_t, double>;

std::optional<number> as_number(const parsed_value& v) {
    return std::visit(
        [](const auto& x) -> std::optional<number> {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, double>) {
                return number{x};
            } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
                return number{static_cast<std::int64_t>(x)};
            } else {
                return std::nullopt;
            }
        },
        v);
}

double to_double(const number& n) {
    return std::visit([](auto x) { return static_cast<double>(x); }, n);
}

// <0, 0, >0 like Java's comparison of doubleValue(), but exact when both are integers.
int compare(const number& a, const number& b) {
    if (std::holds_alternative<std::int64_t>(a) && std::holds_alternative<std::int64_t>(b)) {
        auto x = std::get<std::int64_t>(a);
        auto y = std::get<std::int64_t>(b);
        return x < y ? -1 : x > y ? 1 : 0;
    }
    double x = to_double(a);
    double y = to_double(b);
    return x < y ? -1 : x > y ? 1 : 0;
}

}  // namespace

std::string range_bound::to_string() const {
    if (auto* i = std::get_if<std::int64_t>(&v_)) return std::to_string(*i);
    return java_double_text(std::get<double>(v_));
}

validator_ptr range::at_least(range_bound min) { return std::make_shared<range>(min, std::nullopt); }

validator_ptr range::between(range_bound min, range_bound max) { return std::make_shared<range>(min, max); }

range::range(std::optional<range_bound> min, std::optional<range_bound> max) : min_(min), max_(max) {}

void range::ensure_valid(std::string_view name, const parsed_value& v) const {
    if (is_null(v)) throw_invalid_value(name, v, "Value must be non-null");
    auto n = as_number(v);
    if (!n) throw_invalid_value(name, v, "Value must be a number");
    if (min_ && compare(*n, min_->get()) < 0) {
        throw_invalid_value(name, v, "Value must be at least " + min_->to_string());
    }
    if (max_ && compare(*n, max_->get()) > 0) {
        throw_invalid_value(name, v, "Value must be no more than " + max_->to_string());
    }
}

std::string range::to_string() const {
    if (!min_ && !max_) return "[...]";
    if (!min_) return "[...," + max_->to_string() + "]";
    if (!max_) return "[" + min_->to_string() + ",...]";
    return "[" + min_->to_string() + ",...," + max_->to_string() + "]";
}

}  // namespace copycat
