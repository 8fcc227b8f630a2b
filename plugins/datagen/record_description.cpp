#include "datagen/record_description.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"
#include "datagen/json_reader.hpp"

namespace copycat::datagen {
namespace {

constexpr std::array<std::pair<std::string_view, field_type>, 8> type_names{{
    {"boolean", field_type::boolean},
    {"int32", field_type::int32},
    {"int64", field_type::int64},
    {"float32", field_type::float32},
    {"float64", field_type::float64},
    {"string", field_type::string},
    {"timestamp", field_type::timestamp},
    {"struct", field_type::struct_},
}};

constexpr std::array<std::string_view, 5> generator_keys{"range", "options", "sequence", "regex", "now"};

bool is_integral(field_type t) {
    return t == field_type::int32 || t == field_type::int64 || t == field_type::timestamp;
}
bool is_floating(field_type t) { return t == field_type::float32 || t == field_type::float64; }

// The first member of `object` whose name is not in `allowed`; nullopt when there is none.
std::optional<std::string> unknown_key(const json_node& object, std::initializer_list<std::string_view> allowed) {
    for (const auto& [key, member] : object.members) {
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) return key;
    }
    return std::nullopt;
}

// Reads one field (and, for a struct, its fields); `path` names it in messages ("a.b").
class field_reader {
public:
    field_reader(const json_node& node, std::string path) : node_(node), path_(std::move(path)) {}

    [[noreturn]] void fail(const std::string& what) const { throw config_error("field \"" + path_ + "\": " + what); }

    field_spec read() {
        field_spec spec;
        spec.name = path_.substr(path_.rfind('.') + 1);
        spec.type = type();
        if (spec.type == field_type::struct_) {
            check_keys({"name", "type", "fields", "schema_name"});
            spec.fields = read_fields(node_, path_ + ".");
            spec.schema = struct_schema(node_, spec.fields, path_);
            return spec;
        }
        check_keys({"name", "type", "range", "options", "sequence", "regex", "now"});
        spec.schema = primitive_schema(spec.type);
        spec.gen = read_generator(spec.type);
        return spec;
    }

    // The "fields" array of a struct (or of the whole description), each read as a field.
    static std::vector<field_spec> read_fields(const json_node& parent, const std::string& prefix);

    // The STRUCT schema of `fields`, named by the "schema_name" member of `parent` if it has one.
    static schema_ptr struct_schema(const json_node& parent, const std::vector<field_spec>& fields,
                                    const std::string& where);

private:
    field_type type() const {
        const json_node* t = node_.find("type");
        if (t == nullptr || t->type != json_node::kind::string) fail("needs a \"type\" string");
        for (const auto& [name, type] : type_names) {
            if (t->text == name) return type;
        }
        fail("unknown type \"" + t->text +
             "\" (the types are boolean, int32, int64, float32, float64, string, timestamp and struct)");
    }

    void check_keys(std::initializer_list<std::string_view> allowed) const {
        if (const auto key = unknown_key(node_, allowed)) {
            std::string list;
            for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
            fail("unknown key \"" + *key + "\" (a field of this type takes " + list + ")");
        }
    }

    static schema_ptr primitive_schema(field_type t) {
        switch (t) {
            case field_type::boolean:
                return schema::boolean();
            case field_type::int32:
                return schema::int32();
            case field_type::int64:
                return schema::int64();
            case field_type::float32:
                return schema::float32();
            case field_type::float64:
                return schema::float64();
            case field_type::string:
                return schema::string();
            case field_type::timestamp:
                return timestamp_schema();
            case field_type::struct_:
                break;
        }
        return nullptr;
    }

    generator read_generator(field_type t) const {
        std::string_view chosen;
        for (std::string_view key : generator_keys) {
            if (node_.find(key) == nullptr) continue;
            if (!chosen.empty())
                fail("give one generator, not both \"" + std::string(chosen) + "\" and \"" + std::string(key) + "\"");
            chosen = key;
        }
        if (chosen.empty()) {
            if (t == field_type::boolean || t == field_type::string) return default_generator{};
            fail("a field of this type needs a generator: \"range\", \"options\", \"sequence\"" +
                 std::string(t == field_type::float32 || t == field_type::float64 ? "" : " or \"now\""));
        }
        const json_node& g = *node_.find(chosen);
        if (chosen == "range") return read_range(t, g);
        if (chosen == "options") return read_options(t, g);
        if (chosen == "sequence") return read_sequence(t, g);
        if (chosen == "regex") return read_regex(t, g);
        return read_now(t, g);
    }

    // A member of a generator object: an integer (for integer fields) or any number.
    std::optional<double> number_member(const json_node& g, std::string_view generator, std::string_view key,
                                        bool integral, std::int64_t& integer) const {
        const json_node* n = g.find(key);
        if (n == nullptr) return std::nullopt;
        const std::string where = "\"" + std::string(generator) + "." + std::string(key) + "\"";
        if (n->type != json_node::kind::number)
            fail(where + " must be a number, not " + std::string(describe(n->type)));
        if (integral) {
            if (!n->integer) fail(where + " must be an integer");
            integer = *n->integer;
        }
        return n->number;
    }

    void check_generator_keys(const json_node& g, std::string_view generator,
                              std::initializer_list<std::string_view> allowed) const {
        if (g.type != json_node::kind::object) {
            fail("\"" + std::string(generator) + "\" must be an object, not " + std::string(describe(g.type)));
        }
        if (const auto key = unknown_key(g, allowed)) {
            fail("\"" + std::string(generator) + "\" has an unknown key \"" + *key + "\"");
        }
    }

    // Integer bounds of a field type, for range and option checks.
    static std::pair<std::int64_t, std::int64_t> integer_limits(field_type t) {
        if (t == field_type::int32) {
            return {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max()};
        }
        return {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()};
    }

    range_generator read_range(field_type t, const json_node& g) const {
        if (!is_integral(t) && !is_floating(t)) fail("\"range\" needs a number or timestamp field");
        check_generator_keys(g, "range", {"min", "max"});
        range_generator r;
        const auto min = number_member(g, "range", "min", is_integral(t), r.int_min);
        const auto max = number_member(g, "range", "max", is_integral(t), r.int_max);
        if (!min || !max) fail("\"range\" needs both \"min\" and \"max\"");
        if (is_integral(t) ? r.int_min >= r.int_max : !(*min < *max)) {
            fail("\"range\" needs \"min\" below \"max\" (values are drawn from [min, max))");
        }
        if (is_integral(t)) {
            const auto [low, high] = integer_limits(t);
            if (r.int_min < low || r.int_max > high) fail("\"range\" goes beyond what an int32 holds");
        } else if (t == field_type::float32 && (std::abs(*min) > std::numeric_limits<float>::max() ||
                                                std::abs(*max) > std::numeric_limits<float>::max())) {
            fail("\"range\" goes beyond what a float32 holds");
        }
        r.float_min = *min;
        r.float_max = *max;
        return r;
    }

    options_generator read_options(field_type t, const json_node& g) const {
        if (g.type != json_node::kind::array || g.items.empty()) fail("\"options\" must be a non-empty array");
        options_generator o;
        for (std::size_t i = 0; i < g.items.size(); ++i) {
            o.choices.push_back(option(t, g.items[i], "\"options\"[" + std::to_string(i) + "]"));
        }
        return o;
    }

    value option(field_type t, const json_node& item, const std::string& where) const {
        const auto mismatch = [&](std::string_view wanted) {
            fail(where + " must be " + std::string(wanted) + ", not " + std::string(describe(item.type)));
        };
        switch (t) {
            case field_type::boolean:
                if (item.type != json_node::kind::boolean) mismatch("a boolean");
                return value(item.boolean);
            case field_type::string:
                if (item.type != json_node::kind::string) mismatch("a string");
                return value(item.text);
            case field_type::float32:
            case field_type::float64:
                if (item.type != json_node::kind::number) mismatch("a number");
                if (t == field_type::float32) {
                    if (std::abs(item.number) > std::numeric_limits<float>::max()) fail(where + " is too large");
                    return value(static_cast<float>(item.number));
                }
                return value(item.number);
            case field_type::int32:
            case field_type::int64:
            case field_type::timestamp: {
                if (item.type != json_node::kind::number || !item.integer) mismatch("an integer");
                const auto [low, high] = integer_limits(t);
                if (*item.integer < low || *item.integer > high) fail(where + " does not fit an int32");
                if (t == field_type::int32) return value(static_cast<std::int32_t>(*item.integer));
                if (t == field_type::timestamp) return value(timestamp(*item.integer));
                return value(*item.integer);
            }
            case field_type::struct_:
                break;
        }
        return value();
    }

    sequence_generator read_sequence(field_type t, const json_node& g) const {
        if (t == field_type::boolean) fail("\"sequence\" needs a number, string or timestamp field");
        check_generator_keys(g, "sequence", {"start", "step"});
        sequence_generator s;
        // Strings count in integers: their values are the decimal text of the number.
        const bool integral = !is_floating(t);
        if (const auto start = number_member(g, "sequence", "start", integral, s.int_start)) s.float_start = *start;
        if (const auto step = number_member(g, "sequence", "step", integral, s.int_step)) s.float_step = *step;
        return s;
    }

    regex_generator read_regex(field_type t, const json_node& g) const {
        if (t != field_type::string) fail("\"regex\" needs a string field");
        if (g.type != json_node::kind::string) fail("\"regex\" must be a string");
        try {
            return regex_generator{string_pattern(g.text)};
        } catch (const config_error& e) {
            fail(e.what());
        }
    }

    now_generator read_now(field_type t, const json_node& g) const {
        if (t != field_type::int64 && t != field_type::timestamp) fail("\"now\" needs an int64 or timestamp field");
        if (g.type != json_node::kind::boolean || !g.boolean) fail("\"now\" must be true");
        return {};
    }

    const json_node& node_;
    std::string path_;
};

std::vector<field_spec> field_reader::read_fields(const json_node& parent, const std::string& prefix) {
    const std::string owner =
        prefix.empty() ? "the description" : "field \"" + prefix.substr(0, prefix.size() - 1) + "\"";
    const json_node* fields = parent.find("fields");
    if (fields == nullptr || fields->type != json_node::kind::array || fields->items.empty()) {
        throw config_error(owner + " needs \"fields\": a non-empty array of fields");
    }
    std::vector<field_spec> out;
    for (std::size_t i = 0; i < fields->items.size(); ++i) {
        const json_node& item = fields->items[i];
        const json_node* name = item.find("name");
        if (item.type != json_node::kind::object || name == nullptr || name->type != json_node::kind::string ||
            name->text.empty()) {
            throw config_error(owner + ": fields[" + std::to_string(i) + "] needs a non-empty \"name\" string");
        }
        if (name->text.find('.') != std::string::npos) {
            throw config_error(owner + ": the field name \"" + name->text + "\" contains a '.'");
        }
        for (const field_spec& earlier : out) {
            if (earlier.name == name->text) {
                throw config_error(owner + " has two fields named \"" + name->text + "\"");
            }
        }
        out.push_back(field_reader(item, prefix + name->text).read());
    }
    return out;
}

schema_ptr field_reader::struct_schema(const json_node& parent, const std::vector<field_spec>& fields,
                                       const std::string& where) {
    schema_builder builder = schema_builder::struct_();
    if (const json_node* name = parent.find("schema_name")) {
        if (name->type != json_node::kind::string || name->text.empty()) {
            throw config_error((where.empty() ? std::string("the description") : "field \"" + where + "\"") +
                               ": \"schema_name\" must be a non-empty string");
        }
        builder.name(name->text);
    }
    for (const field_spec& f : fields) builder.field(f.name, f.schema);
    return builder.build();
}

}  // namespace

const field_spec* record_description::field(std::string_view name) const noexcept {
    for (const field_spec& f : fields) {
        if (f.name == name) return &f;
    }
    return nullptr;
}

std::shared_ptr<const record_description> parse_description(std::string_view json) {
    json_node root;
    try {
        root = parse_json(json);
    } catch (const config_error& e) {
        throw config_error(std::string("not valid JSON: ") + e.what());
    }
    if (root.type != json_node::kind::object) {
        throw config_error("the description must be a JSON object with \"fields\", not " +
                           std::string(describe(root.type)));
    }
    if (const auto key = unknown_key(root, {"fields", "schema_name"})) {
        throw config_error("the description has an unknown key \"" + *key + "\" (it takes fields, schema_name)");
    }
    auto description = std::make_shared<record_description>();
    description->fields = field_reader::read_fields(root, "");
    description->value_schema = field_reader::struct_schema(root, description->fields, "");
    return description;
}

}  // namespace copycat::datagen
