#include "datagen/datagen_task.hpp"

#include <algorithm>
#include <charconv>
#include <random>

#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "datagen/record_generator.hpp"

namespace copycat::datagen {
namespace {

// The longest a poll() waits: the worker wants poll() back within about a second.
constexpr auto max_wait = std::chrono::milliseconds(1000);

std::int64_t wall_clock_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::uint64_t random_seed() {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

std::int32_t task_id(const std::map<std::string, std::string>& props) {
    const auto it = props.find(std::string(task_id_key));
    if (it == props.end()) return 0;  // a task started without its connector, as in tests
    std::int32_t id = 0;
    const auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), id);
    if (ec != std::errc() || end != it->second.data() + it->second.size() || id < 0) {
        throw config_error("Invalid value " + it->second + " for configuration " + std::string(task_id_key) +
                           ": must be a task number (0, 1, ...)");
    }
    return id;
}

// A non-negative integer field of a committed offset; 0 when the field is absent.
std::int64_t offset_field(const source_map& offset, std::string_view field) {
    const auto it = offset.find(std::string(field));
    if (it == offset.end() || it->second.is_null()) return 0;
    if (!it->second.is_integer() || it->second.to_int64() < 0) {
        throw connect_error("The committed offset's \"" + std::string(field) + "\" is " + it->second.to_string() +
                            ", not a count; reset the connector's offsets to start again");
    }
    return it->second.to_int64();
}

}  // namespace

std::string datagen_task::version() const { return plugin_version; }

void datagen_task::start(const std::map<std::string, std::string>& props) {
    settings_ = read_settings(props);
    task_id_ = task_id(props);
    partition_ = source_map{{std::string(task_id_key), value(task_id_)}};
    // Each task its own stream, derived from the seed (Confluent's tasks differ the same way).
    const std::uint64_t base =
        settings_.random_seed ? static_cast<std::uint64_t>(*settings_.random_seed) : random_seed();
    task_seed_ = mix64(base ^ mix64(static_cast<std::uint64_t>(task_id_)));
    pacing_ = random_source(random_seed());

    iteration_ = generation_ = 0;
    if (const auto offset = context().offset_storage_reader().offset(partition_)) {
        iteration_ = offset_field(*offset, current_iteration_field);
        generation_ = offset_field(*offset, task_generation_field);
    }

    const auto& fields = settings_.description->fields;
    key_schema_ = schema::optional_string();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].name != settings_.key_field) continue;
        key_index_ = i;
        key_schema_ = fields[i].schema;
    }
    stopping_ = false;
    next_due_ = clock::now();
}

bool datagen_task::finished() const noexcept { return settings_.iterations > 0 && iteration_ >= settings_.iterations; }

std::vector<source_record> datagen_task::poll() {
    std::vector<source_record> records;
    if (stopping_) return records;
    if (finished()) {
        wait_until(clock::now() + max_wait);
        return records;
    }
    if (settings_.max_interval_ms == 0) {
        std::size_t count = batch_size;
        if (settings_.iterations > 0) {
            count = std::min<std::size_t>(count, static_cast<std::size_t>(settings_.iterations - iteration_));
        }
        records.reserve(count);
        const std::int64_t now_ms = wall_clock_ms();
        while (records.size() < count) records.push_back(next_record(now_ms));
        return records;
    }
    const auto now = clock::now();
    if (now < next_due_) {
        wait_until(std::min(next_due_, now + max_wait));
        if (stopping_ || clock::now() < next_due_) return records;
    }
    records.push_back(next_record(wall_clock_ms()));
    next_due_ = clock::now() + next_wait();
    return records;
}

void datagen_task::stop() {
    {
        std::lock_guard lock(wait_mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
}

source_record datagen_task::next_record(std::int64_t now_ms) {
    random_source random(mix64(task_seed_ ^ static_cast<std::uint64_t>(iteration_)));
    value val = generate_value(*settings_.description, random, iteration_, now_ms);
    value key;
    if (!settings_.key_field.empty()) key = val.as_struct().get(val.as_struct().schema()->fields()[key_index_]);
    headers hdrs;
    hdrs.add_int64(std::string(task_generation_field), generation_);
    hdrs.add_int64(std::string(task_id_key), task_id_);
    hdrs.add_int64(std::string(current_iteration_field), iteration_);
    ++iteration_;
    // The offset is the state the next run starts from: this record counted, the next run one
    // generation later (as in Confluent's task).
    source_map offset{{std::string(current_iteration_field), value(iteration_)},
                      {std::string(task_generation_field), value(generation_ + 1)}};
    return source_record(partition_, std::move(offset), settings_.topic, std::nullopt, key_schema_, std::move(key),
                         settings_.description->value_schema, std::move(val), std::nullopt, std::move(hdrs));
}

void datagen_task::wait_until(clock::time_point until) {
    std::unique_lock lock(wait_mutex_);
    wake_.wait_until(lock, until, [this] { return stopping_.load(); });
}

std::chrono::milliseconds datagen_task::next_wait() {
    return std::chrono::milliseconds(pacing_.between(0, settings_.max_interval_ms + 1));  // at most 2^31 - 1
}

}  // namespace copycat::datagen
