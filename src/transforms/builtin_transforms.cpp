#include "transforms/builtin_transforms.hpp"

#include "transforms/cast.hpp"
#include "transforms/drop_headers.hpp"
#include "transforms/extract_field.hpp"
#include "transforms/filter.hpp"
#include "transforms/flatten.hpp"
#include "transforms/has_header_key.hpp"
#include "transforms/header_from.hpp"
#include "transforms/hoist_field.hpp"
#include "transforms/insert_field.hpp"
#include "transforms/insert_header.hpp"
#include "transforms/mask_field.hpp"
#include "transforms/record_is_tombstone.hpp"
#include "transforms/regex_router.hpp"
#include "transforms/replace_field.hpp"
#include "transforms/set_schema_metadata.hpp"
#include "transforms/timestamp_converter.hpp"
#include "transforms/timestamp_router.hpp"
#include "transforms/topic_name_matches.hpp"
#include "transforms/value_to_key.hpp"

namespace copycat::transforms {
namespace {

template <class T>
std::unique_ptr<transformation> make() {
    return std::make_unique<T>();
}

template <class T, record_part Part>
std::unique_ptr<transformation> make_for() {
    return std::make_unique<T>(Part);
}

template <class T>
std::unique_ptr<predicate> make_predicate() {
    return std::make_unique<T>();
}

template <class T>
constexpr builtin_transformation key_variant() {
    return {T::key_class_name, &make_for<T, record_part::key>};
}

template <class T>
constexpr builtin_transformation value_variant() {
    return {T::value_class_name, &make_for<T, record_part::value>};
}

constexpr builtin_transformation all_transformations[] = {
    key_variant<cast>(),
    value_variant<cast>(),
    {drop_headers::class_name, &make<drop_headers>},
    key_variant<extract_field>(),
    value_variant<extract_field>(),
    {filter::class_name, &make<filter>},
    key_variant<flatten>(),
    value_variant<flatten>(),
    key_variant<header_from>(),
    value_variant<header_from>(),
    key_variant<hoist_field>(),
    value_variant<hoist_field>(),
    key_variant<insert_field>(),
    value_variant<insert_field>(),
    {insert_header::class_name, &make<insert_header>},
    key_variant<mask_field>(),
    value_variant<mask_field>(),
    {regex_router::class_name, &make<regex_router>},
    key_variant<replace_field>(),
    value_variant<replace_field>(),
    key_variant<set_schema_metadata>(),
    value_variant<set_schema_metadata>(),
    key_variant<timestamp_converter>(),
    value_variant<timestamp_converter>(),
    {timestamp_router::class_name, &make<timestamp_router>},
    {value_to_key::class_name, &make<value_to_key>},
};

constexpr builtin_predicate all_predicates[] = {
    {has_header_key::class_name, &make_predicate<has_header_key>},
    {record_is_tombstone::class_name, &make_predicate<record_is_tombstone>},
    {topic_name_matches::class_name, &make_predicate<topic_name_matches>},
};

}  // namespace

std::span<const builtin_transformation> builtin_transformations() noexcept { return all_transformations; }

std::span<const builtin_predicate> builtin_predicates() noexcept { return all_predicates; }

const builtin_transformation* find_builtin_transformation(std::string_view class_name) noexcept {
    for (const builtin_transformation& t : all_transformations) {
        if (t.class_name == class_name) {
            return &t;
        }
    }
    return nullptr;
}

const builtin_predicate* find_builtin_predicate(std::string_view class_name) noexcept {
    for (const builtin_predicate& p : all_predicates) {
        if (p.class_name == class_name) {
            return &p;
        }
    }
    return nullptr;
}

}  // namespace copycat::transforms
