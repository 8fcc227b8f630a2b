#include "runtime/store_offset_reader.hpp"

#include <utility>

#include "common/logging.hpp"

namespace copycat::runtime {

std::optional<source_map> store_offset_reader::offset(const source_map& partition) {
    auto found = offsets({partition});
    if (found.empty()) return std::nullopt;
    return std::move(found.front().second);
}

std::vector<std::pair<source_map, source_map>> store_offset_reader::offsets(const std::vector<source_map>& partitions) {
    std::lock_guard lock(mutex_);
    std::vector<storage::offset_bytes> keys;
    keys.reserve(partitions.size());
    for (const auto& p : partitions) keys.push_back(codec_.encode_key(connector_, p));
    const auto stored = std::exchange(caught_up_, false) ? store_.get_read(keys) : store_.get(keys);
    std::vector<std::pair<source_map, source_map>> out;
    for (std::size_t i = 0; i < partitions.size(); ++i) {
        auto it = stored.find(keys[i]);
        if (it == stored.end()) continue;
        auto decoded = codec_.decode_value(it->second);
        if (!decoded) {
            log::error("CORRUPT: the stored offset of a partition of connector {} is not a JSON object; ignoring it",
                       connector_);
            continue;
        }
        out.emplace_back(partitions[i], std::move(*decoded));
    }
    return out;
}

}  // namespace copycat::runtime
