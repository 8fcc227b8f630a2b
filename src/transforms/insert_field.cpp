#include "transforms/insert_field.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "field insertion";
constexpr const char* optionality_doc =
    "Suffix with <code>!</code> to make this a required field, or <code>?</code> to keep it optional (the default).";

}  // namespace

const config_def& insert_field::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("topic.field", config_type::string, nullptr, importance::medium,
                 std::string("Field name for Kafka topic. ") + optionality_doc)
            .define("partition.field", config_type::string, nullptr, importance::medium,
                    std::string("Field name for Kafka partition. ") + optionality_doc)
            .define(
                "offset.field", config_type::string, nullptr, importance::medium,
                std::string("Field name for Kafka offset - only applicable to sink connectors.<br/>") + optionality_doc)
            .define("timestamp.field", config_type::string, nullptr, importance::medium,
                    std::string("Field name for record timestamp. ") + optionality_doc)
            .define("static.field", config_type::string, nullptr, importance::medium,
                    std::string("Field name for static data field. ") + optionality_doc)
            .define("static.value", config_type::string, nullptr, importance::medium,
                    "Static field value, if field name configured.")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

void insert_field::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    auto spec = [&cfg](std::string_view key) -> std::optional<insertion> {
        if (cfg.is_null(key)) {
            return std::nullopt;
        }
        std::string name = cfg.get_string(key);
        if (!name.empty() && (name.back() == '?' || name.back() == '!')) {
            const bool optional = name.back() == '?';
            name.pop_back();
            return insertion{std::move(name), optional};
        }
        return insertion{std::move(name), true};
    };
    topic_field_ = spec("topic.field");
    partition_field_ = spec("partition.field");
    offset_field_ = spec("offset.field");
    timestamp_field_ = spec("timestamp.field");
    static_field_ = spec("static.field");
    const bool has_static_value = !cfg.is_null("static.value");
    static_value_ = has_static_value ? cfg.get_string("static.value") : std::string();
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);

    if (!topic_field_ && !partition_field_ && !offset_field_ && !timestamp_field_ && !static_field_) {
        throw config_error("No field insertion configured");
    }
    if (static_field_ && !has_static_value) {
        throw config_error(invalid_value_message("static.value", "null",
                                                 "No value specified for static field: " + static_field_->name));
    }
    schema_updates_.clear();
}

bool insert_field::apply(connect_record& record) {
    if (operating_value(record, part_).is_null()) {
        return true;
    }
    if (!operating_schema(record, part_)) {
        apply_schemaless(record);
    } else {
        apply_with_schema(record);
    }
    return true;
}

void insert_field::apply_schemaless(connect_record& record) {
    value_map updated = require_map(operating_value(record, part_), purpose);
    if (topic_field_) {
        map_put(updated, topic_field_->name, record.topic);
    }
    if (partition_field_ && record.kafka_partition) {
        map_put(updated, partition_field_->name, *record.kafka_partition);
    }
    if (offset_field_) {
        map_put(updated, offset_field_->name, require_sink_record(record, purpose).kafka_offset);
    }
    if (timestamp_field_ && record.timestamp) {
        map_put(updated, timestamp_field_->name, *record.timestamp);
    }
    if (static_field_) {
        map_put(updated, static_field_->name, static_value_);
    }
    operating_value(record, part_) = std::move(updated);
}

void insert_field::apply_with_schema(connect_record& record) {
    const struct_value& original = require_struct(operating_value(record, part_), purpose);
    const schema_ptr updated_schema = schema_updates_.get_or_build(
        original.schema(), [this](const schema_ptr& s) { return make_updated_schema(*s); });

    struct_value updated(updated_schema);
    for (const field& f : original.schema()->fields()) {
        put_unless_null(updated, f.name, read_field(original, f.name, replace_null_with_default_));
    }
    if (topic_field_) {
        updated.put(topic_field_->name, record.topic);
    }
    if (partition_field_ && record.kafka_partition) {
        updated.put(partition_field_->name, *record.kafka_partition);
    }
    if (offset_field_) {
        updated.put(offset_field_->name, require_sink_record(record, purpose).kafka_offset);
    }
    if (timestamp_field_ && record.timestamp) {
        updated.put(timestamp_field_->name, timestamp(*record.timestamp));
    }
    if (static_field_) {
        updated.put(static_field_->name, static_value_);
    }
    operating_schema(record, part_) = updated_schema;
    operating_value(record, part_) = std::move(updated);
}

schema_ptr insert_field::make_updated_schema(const schema& original) const {
    schema_builder builder = schema_builder::struct_();
    copy_schema_basics(original, builder);
    for (const field& f : original.fields()) {
        builder.field(f.name, f.schema);
    }
    if (topic_field_) {
        builder.field(topic_field_->name, topic_field_->optional ? schema::optional_string() : schema::string());
    }
    if (partition_field_) {
        builder.field(partition_field_->name, partition_field_->optional ? schema::optional_int32() : schema::int32());
    }
    if (offset_field_) {
        builder.field(offset_field_->name, offset_field_->optional ? schema::optional_int64() : schema::int64());
    }
    if (timestamp_field_) {
        static const schema_ptr optional_timestamp = timestamp_builder().optional().build();
        builder.field(timestamp_field_->name, timestamp_field_->optional ? optional_timestamp : timestamp_schema());
    }
    if (static_field_) {
        builder.field(static_field_->name, static_field_->optional ? schema::optional_string() : schema::string());
    }
    return builder.build();
}

}  // namespace copycat::transforms
