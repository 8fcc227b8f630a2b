#include "datagen/record_generator.hpp"

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "copycat/data/struct_value.hpp"
#include "copycat/data/temporal.hpp"

namespace copycat::datagen {
namespace {

// The default for strings without a generator, like the 8 to 16 characters of Avro's random
// generator.
const string_pattern& default_string() {
    static const string_pattern pattern("[a-z]{8,16}");
    return pattern;
}

// An integer of the field's type. int32 sequences wrap around rather than overflow.
value integer_value(field_type type, std::int64_t i) {
    if (type == field_type::int32) return value(static_cast<std::int32_t>(i));
    if (type == field_type::timestamp) return value(timestamp(i));
    if (type == field_type::string) return value(std::to_string(i));
    return value(i);
}

value floating_value(field_type type, double d) {
    if (type == field_type::float32) return value(static_cast<float>(d));
    return value(d);
}

value generate_struct(const schema_ptr& schema, const std::vector<field_spec>& fields, random_source& random,
                      std::int64_t iteration, std::int64_t now_ms);

value generate_field(const field_spec& f, random_source& random, std::int64_t iteration, std::int64_t now_ms) {
    if (f.type == field_type::struct_) return generate_struct(f.schema, f.fields, random, iteration, now_ms);
    const bool floating = f.type == field_type::float32 || f.type == field_type::float64;
    return std::visit(
        [&](const auto& g) -> value {
            using G = std::decay_t<decltype(g)>;
            if constexpr (std::is_same_v<G, default_generator>) {
                if (f.type == field_type::boolean) return value((random.next() & 1) != 0);
                return value(default_string().generate(random));
            } else if constexpr (std::is_same_v<G, range_generator>) {
                if (floating) {
                    const double d = g.float_min + (g.float_max - g.float_min) * random.unit();
                    return floating_value(f.type, d < g.float_max ? d : g.float_min);  // rounding up to max
                }
                return integer_value(f.type, random.between(g.int_min, g.int_max));
            } else if constexpr (std::is_same_v<G, options_generator>) {
                return g.choices[random.below(g.choices.size())];
            } else if constexpr (std::is_same_v<G, sequence_generator>) {
                if (floating)
                    return floating_value(f.type, g.float_start + g.float_step * static_cast<double>(iteration));
                // Unsigned arithmetic: a long sequence wraps around instead of overflowing.
                const auto n = static_cast<std::uint64_t>(g.int_start) +
                               static_cast<std::uint64_t>(g.int_step) * static_cast<std::uint64_t>(iteration);
                return integer_value(f.type, static_cast<std::int64_t>(n));
            } else if constexpr (std::is_same_v<G, regex_generator>) {
                return value(g.pattern.generate(random));
            } else {
                return integer_value(f.type, now_ms);
            }
        },
        f.gen);
}

value generate_struct(const schema_ptr& schema, const std::vector<field_spec>& fields, random_source& random,
                      std::int64_t iteration, std::int64_t now_ms) {
    struct_value s(schema);
    for (std::size_t i = 0; i < fields.size(); ++i) {
        s.put(schema->fields()[i], generate_field(fields[i], random, iteration, now_ms));
    }
    return value(std::move(s));
}

}  // namespace

value generate_value(const record_description& description, random_source& random, std::int64_t iteration,
                     std::int64_t now_ms) {
    return generate_struct(description.value_schema, description.fields, random, iteration, now_ms);
}

}  // namespace copycat::datagen
