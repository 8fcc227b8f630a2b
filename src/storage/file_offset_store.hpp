#pragma once
// The offset store of a standalone worker (Kafka: FileOffsetBackingStore, offset.storage.file.filename).
//
// start() loads the file (a missing file is an empty store; a damaged one is an error, never
// silently replaced). Every set() rewrites the whole map atomically: the new contents go to
// "<path>.tmp", are fsync'ed, renamed over <path>, and the directory is fsync'ed, so a crash
// leaves either the old or the new file, never a torn one. `done` is called after the rename.
//
// Thread-safe (the memory_offset_store mutex also serializes file writes). Owned by the
// application.

#include <string>

#include "storage/memory_offset_store.hpp"

namespace copycat::storage {

class file_offset_store final : public memory_offset_store {
public:
    explicit file_offset_store(std::string path);

    result<void> start() override;

    const std::string& path() const { return path_; }

protected:
    result<void> persist(const std::map<offset_bytes, offset_bytes>& data) override;

private:
    std::string path_;
};

}  // namespace copycat::storage
