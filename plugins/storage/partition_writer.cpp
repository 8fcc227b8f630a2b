#include "storage/partition_writer.hpp"

#include <set>
#include <sstream>
#include <system_error>
#include <vector>

#include "copycat/errors.hpp"
#include "copycat/plugin_log.hpp"
#include "storage/record_format.hpp"

namespace copycat::storage {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view logger = "io.copycat.connect.storage.PartitionedFileSinkTask";
constexpr std::string_view temp_root = "+tmp";
constexpr std::string_view lock_name = "lock";
constexpr std::string_view manifest_name = "commit";
constexpr std::string_view manifest_temp_name = "commit.tmp";

}  // namespace

partition_writer::partition_writer(const storage_settings& settings, const partitioner& partitioner, topic_partition tp,
                                   std::chrono::milliseconds lock_wait)
    : settings_(settings),
      partitioner_(partitioner),
      tp_(std::move(tp)),
      topic_dir_(fs::path(settings.topics_root) / tp_.topic),
      temp_dir_(fs::path(settings.topics_root) / temp_root / tp_.topic / std::to_string(tp_.partition)) {
    create_directories_durably(temp_dir_);
    lock_ = std::make_unique<file_lock>(temp_dir_ / lock_name, lock_wait);
    recover();
}

partition_writer::~partition_writer() {
    // A commit that failed after its manifest is for recovery to finish: its files must stay.
    if (committing_) return;
    for (const auto& [encoded, f] : open_) {
        std::error_code ignored;
        fs::remove(f.file->path(), ignored);  // recovery would remove it anyway
    }
}

void partition_writer::recover() {
    finish_interrupted_commit();
    std::error_code error;
    std::vector<fs::path> leftovers;
    for (const auto& entry : fs::directory_iterator(temp_dir_, error))
        if (entry.path().filename() != lock_name) leftovers.push_back(entry.path());
    if (error) throw connect_error("Cannot list " + temp_dir_.string() + ": " + error.message());
    for (const auto& path : leftovers) {
        plugin_log::info(logger, "Removing the uncommitted file " + path.string());
        fs::remove(path, error);
        if (error) throw connect_error("Cannot remove " + path.string() + ": " + error.message());
    }
    sync_directory(temp_dir_);

    committed_.reset();
    if (fs::exists(topic_dir_)) {
        for (auto it = fs::recursive_directory_iterator(topic_dir_, error); !error && it != fs::end(it);
             it.increment(error)) {
            if (!it->is_regular_file()) continue;
            const auto range = parse_committed_file_name(it->path().filename().string(), tp_.topic, tp_.partition);
            if (range && (!committed_ || range->end + 1 > *committed_)) committed_ = range->end + 1;
        }
        if (error) throw connect_error("Cannot list " + topic_dir_.string() + ": " + error.message());
    }
    last_written_.reset();
    if (committed_) last_written_ = *committed_ - 1;
    plugin_log::info(logger, tp_.to_string() + ": " +
                                (committed_ ? "committed files end before offset " + std::to_string(*committed_)
                                            : std::string("no committed files")));
}

// The manifest lists "<temporary name>\t<final path below topics.dir>" lines. Renames done
// before the crash left no temporary file behind; the others are done now.
void partition_writer::finish_interrupted_commit() {
    const fs::path manifest = temp_dir_ / manifest_name;
    if (!fs::exists(manifest)) return;
    std::istringstream lines(read_whole_file(manifest));
    std::set<fs::path> dirs;
    for (std::string line; std::getline(lines, line);) {
        const auto tab = line.find('\t');
        if (tab == std::string::npos) throw connect_error("Corrupt commit manifest " + manifest.string());
        const fs::path temp = temp_dir_ / line.substr(0, tab);
        const fs::path target = fs::path(settings_.topics_root) / line.substr(tab + 1);
        if (fs::exists(temp)) {
            plugin_log::info(logger, "Completing an interrupted commit: " + target.string());
            create_directories_durably(target.parent_path());
            if (::rename(temp.c_str(), target.c_str()) != 0)
                throw connect_error("Cannot rename " + temp.string() + " to " + target.string());
            dirs.insert(target.parent_path());
        } else if (!fs::exists(target)) {
            plugin_log::error(logger, "The commit manifest " + manifest.string() + " names " + target.string() +
                                         ", which neither it nor its temporary file holds");
        }
    }
    for (const auto& dir : dirs) sync_directory(dir);
    fs::remove(manifest);
    sync_directory(temp_dir_);
}

bool partition_writer::wall_clock_rotation() const {
    return settings_.rotate_interval_ms > 0 &&
           (settings_.partitioner != partitioner_kind::time_based || settings_.extractor == extractor_kind::wallclock);
}

void partition_writer::rotate_if_due(std::int64_t now_ms) {
    if (wall_clock_rotation() && batch_records_ > 0 && now_ms - batch_time_ >= settings_.rotate_interval_ms) commit();
}

void partition_writer::write(const sink_record& record, std::int64_t now_ms) {
    const std::int64_t offset = record.original_kafka_offset;
    if (last_written_ && offset <= *last_written_) {  // delivered again before a seek took effect
        ++skipped_;
        return;
    }
    if (record.val.is_null() && !settings_.ignore_null_values)
        throw data_error("The record at offset " + std::to_string(offset) + " of " + tp_.to_string() +
                         " has a null value (set behavior.on.null.values=ignore to skip such records)");
    const std::int64_t time = partitioner_.record_time(record, now_ms).value_or(now_ms);
    if (settings_.rotate_interval_ms > 0 && batch_records_ > 0 && time - batch_time_ >= settings_.rotate_interval_ms)
        commit();
    last_written_ = offset;
    if (record.val.is_null()) return;  // ignored: delivered again after a crash, and ignored again

    const std::string encoded = partitioner_.encode(record, now_ms);
    if (batch_records_ == 0) {
        batch_start_offset_ = offset;
        batch_time_ = time;
    }
    auto it = open_.find(encoded);
    if (it == open_.end()) {
        const std::string name = std::to_string(batch_start_offset_) + "-" + std::to_string(open_.size()) + ".tmp";
        it = open_.emplace(encoded, open_file{std::make_unique<buffered_file>(temp_dir_ / name), {offset, offset}})
                 .first;
    }
    append_record_value(settings_.format, it->second.file->buffer(), record.val);
    it->second.file->written();
    it->second.offsets.end = offset;
    if (++batch_records_ >= settings_.flush_size) commit();
}

void partition_writer::commit() {
    if (open_.empty()) return;
    std::vector<std::pair<fs::path, fs::path>> renames;  // temporary -> final
    std::string manifest;
    std::int64_t end = 0;
    for (auto& [encoded, f] : open_) {
        f.file->sync_and_close();
        const std::string relative = tp_.topic + "/" + encoded + "/" +
                                     committed_file_name(tp_.topic, tp_.partition, f.offsets, settings_.zero_pad_width,
                                                         file_extension(settings_.format));
        manifest += f.file->path().filename().string() + "\t" + relative + "\n";
        renames.emplace_back(f.file->path(), fs::path(settings_.topics_root) / relative);
        end = std::max(end, f.offsets.end);
    }
    if (renames.size() > 1) {
        // The commit point: once "commit" exists, recovery completes every rename below.
        write_file_synced(temp_dir_ / manifest_temp_name, manifest);
        rename_durably(temp_dir_ / manifest_temp_name, temp_dir_ / manifest_name);
        committing_ = true;
    }
    for (const auto& [temp, target] : renames) {
        create_directories_durably(target.parent_path());
        rename_durably(temp, target);
    }
    if (renames.size() > 1) {
        fs::remove(temp_dir_ / manifest_name);
        sync_directory(temp_dir_);
        committing_ = false;
    }
    open_.clear();
    batch_records_ = 0;
    committed_ = end + 1;
}

}  // namespace copycat::storage
