// The transformations and predicates built into Copycat, by Kafka class name.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "copycat/transform/predicate.hpp"
#include "copycat/transform/transformation.hpp"

namespace copycat::transforms {

/// One built-in transformation class.
struct builtin_transformation {
    /// The full Kafka class name, e.g. "org.apache.kafka.connect.transforms.InsertField$Value"
    /// (the $Key/$Value variants are separate entries). Points to a NUL-terminated literal.
    std::string_view class_name;
    /// Creates an unconfigured instance.
    std::unique_ptr<transformation> (*factory)();
};

/// One built-in predicate class.
struct builtin_predicate {
    /// The full Kafka class name, e.g.
    /// "org.apache.kafka.connect.transforms.predicates.TopicNameMatches".
    std::string_view class_name;
    std::unique_ptr<predicate> (*factory)();
};

/// Every built-in transformation: Cast, DropHeaders, ExtractField, Filter, Flatten, HeaderFrom,
/// HoistField, InsertField, InsertHeader, MaskField, RegexRouter, ReplaceField,
/// SetSchemaMetadata, TimestampConverter, TimestampRouter, ValueToKey, with both the $Key and
/// $Value variants where Kafka has them. Sorted by class name.
std::span<const builtin_transformation> builtin_transformations() noexcept;

/// Every built-in predicate: HasHeaderKey, RecordIsTombstone, TopicNameMatches.
std::span<const builtin_predicate> builtin_predicates() noexcept;

/// The built-in transformation / predicate with this full class name, or nullptr.
const builtin_transformation* find_builtin_transformation(std::string_view class_name) noexcept;
const builtin_predicate* find_builtin_predicate(std::string_view class_name) noexcept;

}  // namespace copycat::transforms
