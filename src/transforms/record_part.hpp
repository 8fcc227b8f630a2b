// The part of a record a $Key / $Value transformation works on.
#pragma once

#include "copycat/data/records.hpp"

namespace copycat::transforms {

/// Kafka names the two variants of most transformations "<Name>$Key" and "<Name>$Value".
enum class record_part { key, value };

/// The record's key or value schema (Kafka: operatingSchema()).
inline schema_ptr& operating_schema(connect_record& record, record_part part) noexcept {
    return part == record_part::key ? record.key_schema : record.value_schema;
}
inline const schema_ptr& operating_schema(const connect_record& record, record_part part) noexcept {
    return part == record_part::key ? record.key_schema : record.value_schema;
}

/// The record's key or value (Kafka: operatingValue()).
inline value& operating_value(connect_record& record, record_part part) noexcept {
    return part == record_part::key ? record.key : record.val;
}
inline const value& operating_value(const connect_record& record, record_part part) noexcept {
    return part == record_part::key ? record.key : record.val;
}

}  // namespace copycat::transforms
