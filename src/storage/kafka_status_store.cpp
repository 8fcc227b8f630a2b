#include "storage/kafka_status_store.hpp"

#include "common/logging.hpp"
#include "storage/completion_latch.hpp"

namespace copycat::storage {
namespace {

std::string status_key_of(bool task, const std::string& c, std::int32_t n) {
    return task ? status_keys::task(c, n) : status_keys::connector(c);
}

}  // namespace

kafka_status_store::kafka_status_store(std::unique_ptr<record_log> log, scheduler& retries,
                                       status_store_options options)
    : log_(std::move(log)), scheduler_(retries), options_(options) {}

kafka_status_store::~kafka_status_store() { stop(); }

std::map<std::string, std::string> kafka_status_store::producer_settings() { return {{"retries", "0"}}; }

result<void> kafka_status_store::start() {
    {
        std::lock_guard lock(mutex_);
        if (started_) return {};
    }
    auto r = log_->start([this](const log_record& record) { on_record(record); });
    if (!r) {
        log::error("Failed to start the status store: {}", r.err().describe());
        return r;
    }
    std::lock_guard lock(mutex_);
    started_ = true;
    stopping_ = false;
    return {};
}

void kafka_status_store::stop() {
    {
        std::unique_lock lock(mutex_);
        stopping_ = true;
        for (const auto& [id, item] : retries_) scheduler_.cancel(item.ticket);
        changed_.wait(lock, [&] { return retries_sending_ == 0; });  // a retry already past its check
    }
    log_->stop();  // pending sends complete with an error; stopping_ keeps them from being retried
    std::lock_guard lock(mutex_);
    for (const auto& [id, item] : retries_) finish(*item.write);
    retries_.clear();
    started_ = false;
}

// ---- writes ----

void kafka_status_store::put_connector(const std::string& c, const connector_status_record& s) {
    put_status(entity::connector, c, 0, s);
}

void kafka_status_store::put_task(const std::string& c, std::int32_t task, const connector_status_record& s) {
    put_status(entity::task, c, task, s);
}

void kafka_status_store::put_status(entity what, const std::string& c, std::int32_t task,
                                    const connector_status_record& s) {
    if (!is_status_state(s.state)) {
        log::error("Not writing status of {} with unknown state '{}'", c, s.state);
        return;
    }
    const bool safe = s.state == "UNASSIGNED" || s.state == "FAILED";
    std::optional<std::string> value;
    if (s.state != "DESTROYED") value = encode_status(s);
    write(what, c, task, s, std::move(value), safe, status_key_of(what == entity::task, c, task));
}

void kafka_status_store::remove_connector(const std::string& c) {
    std::vector<std::int32_t> ids;
    {
        std::lock_guard lock(mutex_);
        if (auto it = tasks_.find(c); it != tasks_.end())
            for (const auto& [id, status] : it->second) ids.push_back(id);
    }
    for (std::int32_t id : ids) remove_task(c, id);
    write(entity::connector, c, 0, std::nullopt, std::nullopt, false, status_keys::connector(c));
}

void kafka_status_store::remove_task(const std::string& c, std::int32_t task) {
    write(entity::task, c, task, std::nullopt, std::nullopt, false, status_keys::task(c, task));
}

void kafka_status_store::put_topic(const topic_status_record& s) {
    write(entity::topic, s.connector, s.task, std::nullopt, encode_topic_status(s), false,
          status_keys::topic(s.topic, s.connector));
}

void kafka_status_store::remove_topic(const std::string& topic, const std::string& c) {
    write(entity::topic, c, 0, std::nullopt, std::nullopt, false, status_keys::topic(topic, c));
}

void kafka_status_store::write(entity what, const std::string& c, std::int32_t task,
                               std::optional<connector_status_record> status, std::optional<std::string> value,
                               bool safe, std::string key) {
    auto w = std::make_shared<pending_write>();
    {
        std::lock_guard lock(mutex_);
        if (!started_ || stopping_) {
            log::warn("Dropping status write for {}: the status store is not running", key);
            return;
        }
        if (status) {
            generation_ = status->generation;
            drop_unwanted_retries();
            if (safe && !can_write_safely(cached(what, c, task), *status)) {
                log::debug("Skipping {} status write for {}: a newer status from another worker is stored",
                           status->state, key);
                return;
            }
        }
        w->what = what;
        w->connector = c;
        w->task = task;
        w->value = std::move(value);
        w->status = std::move(status);
        w->safe = safe;
        w->sequence = ++sequences_[key];
        auto d = deletions_.find(key);
        w->deletions = d == deletions_.end() ? 0 : d->second;
        w->id = next_id_++;
        w->key = std::move(key);
        in_flight_.insert(w->id);
        drop_unwanted_retries();
    }
    send(w);
}

void kafka_status_store::send(const std::shared_ptr<pending_write>& w) {
    log_->send(w->key, w->value, [this, w](result<void> r) { on_sent(w, std::move(r)); });
}

void kafka_status_store::on_sent(const std::shared_ptr<pending_write>& w, result<void> r) {
    std::lock_guard lock(mutex_);
    if (r) {
        finish(*w);
        return;
    }
    if (!still_wanted(*w)) {
        log::debug("Not retrying status write for {}: superseded ({})", w->key, r.err().describe());
    } else if (w->attempts < options_.max_retries) {
        ++w->attempts;
        log::warn("Failed to write status update for {} (attempt {}), retrying: {}", w->key, w->attempts,
                  r.err().describe());
        const auto ticket = scheduler_.post_after(options_.retry_backoff, [this, id = w->id] { retry(id); });
        retries_[w->id] = {ticket, w};
        return;
    } else {
        log::error("Failed to write status update for {}: {}", w->key, r.err().describe());
    }
    finish(*w);
}

void kafka_status_store::finish(const pending_write& w) {
    in_flight_.erase(w.id);
    changed_.notify_all();
}

bool kafka_status_store::still_wanted(const pending_write& w) const {
    if (stopping_) return false;
    auto seq = sequences_.find(w.key);
    if (seq == sequences_.end() || seq->second != w.sequence) return false;  // a newer write for the key
    auto del = deletions_.find(w.key);
    if ((del == deletions_.end() ? 0 : del->second) != w.deletions) return false;  // deleted meanwhile
    if (w.status && w.status->generation != generation_) return false;
    if (w.safe && w.status && !can_write_safely(cached(w.what, w.connector, w.task), *w.status)) return false;
    return true;
}

void kafka_status_store::drop_unwanted_retries() {
    for (auto it = retries_.begin(); it != retries_.end();) {
        if (still_wanted(*it->second.write)) {
            ++it;
            continue;
        }
        scheduler_.cancel(it->second.ticket);
        finish(*it->second.write);
        it = retries_.erase(it);
    }
}

void kafka_status_store::retry(std::uint64_t id) {
    std::shared_ptr<pending_write> w;
    {
        std::lock_guard lock(mutex_);
        auto it = retries_.find(id);
        if (it == retries_.end()) return;  // dropped meanwhile
        w = std::move(it->second.write);
        retries_.erase(it);
        if (!still_wanted(*w)) {
            finish(*w);
            return;
        }
        ++retries_sending_;
    }
    send(w);
    std::lock_guard lock(mutex_);
    --retries_sending_;
    changed_.notify_all();
}

const connector_status_record* kafka_status_store::cached(entity what, const std::string& c,
                                                          std::int32_t task) const {
    if (what == entity::connector) {
        auto it = connectors_.find(c);
        return it == connectors_.end() ? nullptr : &it->second;
    }
    if (what == entity::task) {
        auto it = tasks_.find(c);
        if (it == tasks_.end()) return nullptr;
        auto t = it->second.find(task);
        return t == it->second.end() ? nullptr : &t->second;
    }
    return nullptr;
}

bool kafka_status_store::is_stale(const connector_status_record* current, const connector_status_record& read) const {
    if (current == nullptr) return false;
    // A worker that missed the latest RUNNING may write a stale UNASSIGNED during a rebalance.
    if (read.state == "UNASSIGNED" && current->state == "RUNNING" && current->generation >= read.generation)
        return true;
    // Another worker's record of an older generation, arriving late (see the header).
    return read.worker_id != current->worker_id && read.generation < current->generation &&
           current->generation <= group_generation_;
}

void kafka_status_store::set_group_generation(std::int32_t generation) {
    std::lock_guard lock(mutex_);
    group_generation_ = generation;
}

bool kafka_status_store::can_write_safely(const connector_status_record* current,
                                          const connector_status_record& s) const {
    return current == nullptr || current->worker_id == s.worker_id || current->generation <= s.generation;
}

result<void> kafka_status_store::flush(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    const std::uint64_t mark = next_id_;
    if (!changed_.wait_for(lock, timeout, [&] { return in_flight_.empty() || *in_flight_.begin() >= mark; }))
        return make_error(errc::timeout, "timed out waiting for status writes to be acknowledged");
    return {};
}

result<void> kafka_status_store::read_to_end(std::chrono::milliseconds timeout) {
    auto latch = std::make_shared<completion_latch>(1);
    log_->read_to_end([latch](result<void> r) { latch->complete(std::move(r)); });
    return latch->wait_until(std::chrono::steady_clock::now() + timeout, "the status topic to be read to its end");
}

// ---- reads ----

std::optional<connector_status_record> kafka_status_store::connector(const std::string& c) const {
    std::lock_guard lock(mutex_);
    const auto* s = cached(entity::connector, c, 0);
    return s ? std::optional(*s) : std::nullopt;
}

std::optional<connector_status_record> kafka_status_store::task(const std::string& c, std::int32_t task) const {
    std::lock_guard lock(mutex_);
    const auto* s = cached(entity::task, c, task);
    return s ? std::optional(*s) : std::nullopt;
}

std::map<std::int32_t, connector_status_record> kafka_status_store::tasks(const std::string& c) const {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(c);
    return it == tasks_.end() ? std::map<std::int32_t, connector_status_record>{} : it->second;
}

std::vector<std::string> kafka_status_store::connectors() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [name, status] : connectors_) out.push_back(name);
    return out;
}

std::vector<topic_status_record> kafka_status_store::topics(const std::string& c) const {
    std::lock_guard lock(mutex_);
    std::vector<topic_status_record> out;
    if (auto it = topics_.find(c); it != topics_.end())
        for (const auto& [topic, status] : it->second) out.push_back(status);
    return out;
}

void kafka_status_store::on_record(const log_record& record) {
    if (!record.key) {
        log::warn("Discarding status record with a null key at offset {}", record.offset);
        return;
    }
    status_key key = parse_status_key(*record.key);
    switch (key.kind) {
        case status_key_kind::connector:
            read_connector(key.connector, record.value);
            ++version_;  // after the change, see version()
            return;
        case status_key_kind::task:
            read_task(key.connector, key.task, record.value);
            ++version_;
            return;
        case status_key_kind::topic:
            read_topic(key.topic, key.connector, record.value);
            return;
        case status_key_kind::invalid:
            log::warn("Discarding record with invalid status key {}", *record.key);
            return;
        case status_key_kind::unknown:
            log::warn("Discarding record with invalid key {}", *record.key);
            return;
    }
}

void kafka_status_store::read_connector(const std::string& c, const std::optional<std::string>& value) {
    if (!value) {
        // Kafka drops the connector's task statuses from the cache along with it.
        std::lock_guard lock(mutex_);
        connectors_.erase(c);
        ++deletions_[status_keys::connector(c)];
        if (auto it = tasks_.find(c); it != tasks_.end()) {
            for (const auto& [id, status] : it->second) ++deletions_[status_keys::task(c, id)];
            tasks_.erase(it);
        }
        drop_unwanted_retries();
        return;
    }
    auto s = decode_status(*value);
    if (!s) {
        log::error("Failed to deserialize status of connector {}: {}", c, s.err().describe());
        return;
    }
    std::lock_guard lock(mutex_);
    if (is_stale(cached(entity::connector, c, 0), *s)) {
        log::debug("Ignoring stale {} status of connector {} from {} at generation {}", s->state, c, s->worker_id,
                   s->generation);
        return;
    }
    connectors_[c] = std::move(s).value();
}

void kafka_status_store::read_task(const std::string& c, std::int32_t task, const std::optional<std::string>& value) {
    if (!value) {
        std::lock_guard lock(mutex_);
        ++deletions_[status_keys::task(c, task)];
        if (auto it = tasks_.find(c); it != tasks_.end()) {
            it->second.erase(task);
            if (it->second.empty()) tasks_.erase(it);
        }
        drop_unwanted_retries();
        return;
    }
    auto s = decode_status(*value);
    if (!s) {
        log::warn("Failed to parse status of task {}-{}: {}", c, task, s.err().describe());
        return;
    }
    std::lock_guard lock(mutex_);
    if (is_stale(cached(entity::task, c, task), *s)) {
        log::debug("Ignoring stale {} status of task {}-{} from {} at generation {}", s->state, c, task, s->worker_id,
                   s->generation);
        return;
    }
    tasks_[c][task] = std::move(s).value();
}

void kafka_status_store::read_topic(const std::string& topic, const std::string& c,
                                    const std::optional<std::string>& value) {
    if (!value) {
        std::lock_guard lock(mutex_);
        if (auto it = topics_.find(c); it != topics_.end()) {
            it->second.erase(topic);
            if (it->second.empty()) topics_.erase(it);
        }
        return;
    }
    auto s = decode_topic_status(*value);
    if (!s) {
        log::warn("Failed to parse topic status {} of connector {}: {}", topic, c, s.err().describe());
        return;
    }
    std::lock_guard lock(mutex_);
    topics_[c][topic] = std::move(s).value();
}

}  // namespace copycat::storage
