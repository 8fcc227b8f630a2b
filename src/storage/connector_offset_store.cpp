#include "storage/connector_offset_store.hpp"

#include <utility>

#include "common/logging.hpp"

namespace copycat::storage {
namespace {

using entry_map = std::map<offset_bytes, std::optional<offset_bytes>>;

// Kafka's secondary write: the entries with a value, to the worker's store; a failure is logged.
void copy_values(offset_store& worker, const entry_map& entries) {
    entry_map values;
    for (const auto& [key, value] : entries)
        if (value) values.emplace(key, value);
    if (values.empty()) return;
    worker.set(std::move(values), [](result<void> r) {
        if (!r) log::warn("Failed to write offsets to the worker's offsets topic as well: {}", r.err().describe());
    });
}

}  // namespace

connector_offset_store::connector_offset_store(std::unique_ptr<offset_store> connector, offset_store& worker,
                                               std::function<result<void>()> prepare)
    : connector_(std::move(connector)), worker_(worker), prepare_(std::move(prepare)) {}

connector_offset_store::~connector_offset_store() = default;

result<void> connector_offset_store::start() {
    if (prepare_) COPYCAT_TRY_VOID(prepare_());
    return connector_->start();
}

void connector_offset_store::stop() { connector_->stop(); }

std::map<offset_bytes, offset_bytes> connector_offset_store::get(const std::vector<offset_bytes>& keys) const {
    auto out = worker_.get(keys);
    for (auto& [key, value] : connector_->get(keys)) out.insert_or_assign(key, std::move(value));
    return out;
}

std::map<offset_bytes, offset_bytes> connector_offset_store::all() const {
    auto out = worker_.all();
    for (auto& [key, value] : connector_->all()) out.insert_or_assign(key, std::move(value));
    return out;
}

void connector_offset_store::copy_to_worker_store(const entry_map& entries) { copy_values(worker_, entries); }

void connector_offset_store::set(entry_map entries, std::function<void(result<void>)> done) {
    auto finish = std::make_shared<std::function<void(result<void>)>>(std::move(done));
    entry_map tombstones;
    for (const auto& [key, value] : entries)
        if (!value) tombstones.emplace(key, std::nullopt);
    // The callbacks hold the stores, not this: the worker store's callback may come after this
    // store is gone (a caller that stopped waiting).
    auto write_connector_store = [connector = connector_, &worker = worker_, entries = std::move(entries),
                                  finish]() mutable {
        auto copy = entries;
        connector->set(std::move(entries), [&worker, copy = std::move(copy), finish](result<void> r) {
            if (r) copy_values(worker, copy);
            if (*finish) (*finish)(std::move(r));
        });
    };
    if (tombstones.empty()) {
        write_connector_store();
        return;
    }
    worker_.set(std::move(tombstones), [write = std::move(write_connector_store), finish](result<void> r) mutable {
        if (!r) {
            if (*finish) (*finish)(std::move(r));
            return;
        }
        write();
    });
}

}  // namespace copycat::storage
