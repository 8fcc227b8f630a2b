#include "runtime/worker_errant_record_reporter.hpp"

#include <optional>
#include <string>
#include <vector>

namespace copycat::runtime {

namespace {

std::optional<std::string_view> view(const std::optional<bytes>& b) {
    if (!b) return std::nullopt;
    return std::string_view(reinterpret_cast<const char*>(b->data()), b->size());
}

}  // namespace

std::future<void> worker_errant_record_reporter::report(const sink_record& record, std::exception_ptr error) {
    headers hdrs = record.hdrs;
    const std::optional<bytes> key =
        converters_.key->from_connect_data(record.topic, hdrs, record.key_schema, record.key);
    const std::optional<bytes> value =
        converters_.value->from_connect_data(record.topic, hdrs, record.value_schema, record.val);
    std::vector<std::optional<bytes>> header_values;
    for (const header& h : hdrs)
        header_values.push_back(converters_.header->from_connect_header(record.topic, h.key, h.schema, h.val));

    consumed_record consumed;
    consumed.topic = record.topic;
    consumed.partition = record.kafka_partition.value_or(0);
    consumed.offset = record.kafka_offset;
    consumed.key = view(key);
    consumed.value = view(value);
    std::size_t i = 0;
    for (const header& h : hdrs) consumed.headers.push_back({h.key, view(header_values[i++])});
    consumed.timestamp_ms = record.timestamp.value_or(-1);
    consumed.ts_type = record.ts_type;

    errors_.handle(error_stage::task_put, "org.apache.kafka.connect.sink.SinkTask", error_origin{&consumed, nullptr},
                   error);
    std::promise<void> reported;
    reported.set_value();
    return reported.get_future();
}

}  // namespace copycat::runtime
