#include "storage/kafka_offset_store.hpp"

#include <cstddef>
#include <utility>

#include "common/json.hpp"
#include "common/logging.hpp"

namespace copycat::storage {
namespace {

offset_bytes to_bytes(const std::string& text) { return offset_bytes(text.begin(), text.end()); }
std::string to_string(const offset_bytes& bytes) { return std::string(bytes.begin(), bytes.end()); }

// A key for log lines: at most 200 characters.
std::string shown(const std::string& key) {
    constexpr std::size_t limit = 200;
    return key.size() <= limit ? key : key.substr(0, limit) + "...";
}

enum class key_shape { valid, null_partition, invalid };

// Kafka Connect's offset keys are ["<connector>",{<source partition>}].
key_shape shape_of(const std::string& key) {
    auto parsed = json::parse(key);
    if (!parsed || !parsed->is_array() || parsed->as_array().size() != 2) return key_shape::invalid;
    const json::array& parts = parsed->as_array();
    if (!parts[0].is_string()) return key_shape::invalid;
    if (parts[1].is_null()) return key_shape::null_partition;
    return parts[1].is_object() ? key_shape::valid : key_shape::invalid;
}

// One set() call: `done` runs once every record was acknowledged, with the first failure.
struct write_batch {
    std::mutex mutex;  // guards remaining, failure, done
    std::size_t remaining = 0;
    std::optional<error> failure;
    std::function<void(result<void>)> done;

    void complete(result<void> r) {
        std::function<void(result<void>)> finish;
        std::optional<error> outcome;
        {
            std::lock_guard lock(mutex);
            if (!r && !failure) failure = r.err();
            if (--remaining > 0) return;
            finish = std::move(done);
            outcome = failure;
        }
        if (!finish) return;
        if (outcome) {
            finish(std::move(*outcome));
        } else {
            finish({});
        }
    }
};

}  // namespace

kafka_offset_store::kafka_offset_store(std::unique_ptr<record_log> log, std::chrono::milliseconds read_timeout)
    : log_(std::move(log)), read_timeout_(read_timeout) {}

kafka_offset_store::~kafka_offset_store() { stop(); }

std::map<std::string, std::string> kafka_offset_store::producer_settings() {
    return {{"delivery.timeout.ms", "2147483647"}};
}

result<void> kafka_offset_store::start() {
    COPYCAT_TRY_VOID(log_->start([this](const log_record& record) { on_record(record); }));
    running_ = true;
    std::lock_guard lock(mutex_);
    log::info("read {} source offsets from the offset topic", data_.size());
    return {};
}

void kafka_offset_store::stop() {
    running_ = false;
    log_->stop();
}

void kafka_offset_store::on_record(const log_record& record) {
    if (!record.key) {
        log::warn("ignoring a record with a null key in the offset topic (partition {}, offset {})", record.partition,
                  record.offset);
        return;
    }
    switch (shape_of(*record.key)) {
        case key_shape::valid:
            break;
        case key_shape::null_partition:
            log::debug("ignoring an offset with a null source partition: {}", shown(*record.key));
            return;
        case key_shape::invalid:
            log::warn(
                "ignoring a record in the offset topic (partition {}, offset {}) whose key is not a JSON array "
                "[connector name, source partition]: {}",
                record.partition, record.offset, shown(*record.key));
            return;
    }
    offset_bytes key = to_bytes(*record.key);
    std::lock_guard lock(mutex_);
    if (record.value) {
        data_.insert_or_assign(std::move(key), to_bytes(*record.value));
    } else {
        data_.erase(key);
    }
}

void kafka_offset_store::catch_up() const {
    if (!running_) return;
    if (auto read = log_->read_to_end(read_timeout_); !read) {
        log::warn("cannot read the offset topic to its end; answering from the offsets read so far: {}",
                  read.err().describe());
    }
}

std::map<offset_bytes, offset_bytes> kafka_offset_store::get(const std::vector<offset_bytes>& keys) const {
    catch_up();
    return get_read(keys);
}

void kafka_offset_store::read_to_end(std::function<void(bool)> done) {
    if (!running_) {
        done(true);  // as get(): nothing more to read
        return;
    }
    log_->read_to_end([done = std::move(done)](result<void> read) {
        if (!read) log::warn("cannot read the offset topic to its end: {}", read.err().describe());
        done(read.ok());
    });
}

std::map<offset_bytes, offset_bytes> kafka_offset_store::get_read(const std::vector<offset_bytes>& keys) const {
    std::map<offset_bytes, offset_bytes> out;
    std::lock_guard lock(mutex_);
    for (const auto& key : keys) {
        if (auto found = data_.find(key); found != data_.end()) out.insert(*found);
    }
    return out;
}

std::map<offset_bytes, offset_bytes> kafka_offset_store::all() const {
    catch_up();
    std::lock_guard lock(mutex_);
    return data_;
}

void kafka_offset_store::set(std::map<offset_bytes, std::optional<offset_bytes>> entries,
                             std::function<void(result<void>)> done) {
    if (entries.empty()) {
        if (done) done({});
        return;
    }
    auto batch = std::make_shared<write_batch>();
    batch->remaining = entries.size();
    batch->done = std::move(done);
    for (auto& [key, value] : entries) {
        std::optional<std::string> bytes;
        if (value) bytes = to_string(*value);
        log_->send(to_string(key), std::move(bytes), [batch](result<void> r) { batch->complete(std::move(r)); });
    }
}

}  // namespace copycat::storage
