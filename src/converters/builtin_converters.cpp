#include "converters/builtin_converters.hpp"

#include "converters/boolean_converter.hpp"
#include "converters/byte_array_converter.hpp"
#include "converters/json_converter.hpp"
#include "converters/number_converter.hpp"
#include "converters/simple_header_converter.hpp"
#include "converters/string_converter.hpp"

namespace copycat::converters {
namespace {

template <class T>
std::unique_ptr<converter> make_plain() {
    return std::make_unique<T>();
}

template <class T>
std::unique_ptr<header_converter> make_header() {
    return std::make_unique<T>();
}

template <value_kind Kind>
std::unique_ptr<converter> make_number() {
    return std::make_unique<number_converter>(Kind);
}

template <value_kind Kind>
std::unique_ptr<header_converter> make_number_header() {
    return std::make_unique<number_converter>(Kind);
}

constexpr builtin_converter all[] = {
    {json_converter::class_name, &make_plain<json_converter>, &make_header<json_converter>},
    {string_converter::class_name, &make_plain<string_converter>, &make_header<string_converter>},
    {byte_array_converter::class_name, &make_plain<byte_array_converter>, &make_header<byte_array_converter>},
    {number_converter::short_class_name, &make_number<value_kind::int16>, &make_number_header<value_kind::int16>},
    {number_converter::integer_class_name, &make_number<value_kind::int32>, &make_number_header<value_kind::int32>},
    {number_converter::long_class_name, &make_number<value_kind::int64>, &make_number_header<value_kind::int64>},
    {number_converter::float_class_name, &make_number<value_kind::float32>, &make_number_header<value_kind::float32>},
    {number_converter::double_class_name, &make_number<value_kind::float64>, &make_number_header<value_kind::float64>},
    {boolean_converter::class_name, &make_plain<boolean_converter>, &make_header<boolean_converter>},
    {simple_header_converter::class_name, nullptr, &make_header<simple_header_converter>},
};

}  // namespace

std::span<const builtin_converter> builtin_converters() noexcept { return all; }

const builtin_converter* find_builtin_converter(std::string_view class_name) noexcept {
    for (const builtin_converter& c : all) {
        if (c.class_name == class_name) {
            return &c;
        }
    }
    return nullptr;
}

}  // namespace copycat::converters
