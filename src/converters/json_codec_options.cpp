#include "converters/json_codec_options.hpp"

#include "copycat/data/logical_types.hpp"

namespace copycat::converters {

logical_kind logical_kind_of(const schema& s) noexcept {
    const auto& name = s.name();
    if (!name) {
        return logical_kind::none;
    }
    switch (s.type()) {
        case schema_type::bytes:
            return *name == decimal_logical_name ? logical_kind::decimal : logical_kind::none;
        case schema_type::int32:
            if (*name == date_logical_name) {
                return logical_kind::date;
            }
            return *name == time_logical_name ? logical_kind::time : logical_kind::none;
        case schema_type::int64:
            return *name == timestamp_logical_name ? logical_kind::timestamp : logical_kind::none;
        default:
            return logical_kind::none;
    }
}

std::string_view json_node_type_name(const json::value* node) noexcept {
    if (node == nullptr) {
        return "MISSING";
    }
    switch (node->type()) {
        case json::kind::null:
            return "NULL";
        case json::kind::boolean:
            return "BOOLEAN";
        case json::kind::int64:
        case json::kind::uint64:
        case json::kind::number:
            return "NUMBER";
        case json::kind::string:
            return "STRING";
        case json::kind::array:
            return "ARRAY";
        case json::kind::object:
            return "OBJECT";
    }
    return "MISSING";
}

}  // namespace copycat::converters
