// The offsets file of a standalone worker on a full disk: the file lives on a small tmpfs that the
// test fills up while lines flow. Every flush then fails with ENOSPC: the worker logs a clear
// error, the previous offsets file stays as it was (offsets are written to a temporary file and
// renamed, src/storage/file_offset_store.cpp), and the worker keeps running and delivering. Once
// space is freed, offsets are stored again. Mounting a tmpfs needs root (CAP_SYS_ADMIN); without
// it the test fails and says so.
#include <catch2/catch.hpp>

#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "faults/fault_report.hpp"
#include "faults/file_pipeline.hpp"
#include "standalone/copycat_process.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace copycat::itest::faults;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

// A tmpfs of `size` mounted on `dir` for the scope.
class tmpfs_mount {
public:
    tmpfs_mount(fs::path dir, const std::string& size) : dir_(std::move(dir)) {
        fs::create_directories(dir_);
        const std::string options = "size=" + size;
        if (::mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) != 0)
            FAIL("mount -t tmpfs -o " << options << " " << dir_.string() << ": " << std::strerror(errno)
                                      << " (the full-disk scenario runs as root, or with CAP_SYS_ADMIN)");
    }
    ~tmpfs_mount() { ::umount2(dir_.c_str(), MNT_DETACH); }
    tmpfs_mount(const tmpfs_mount&) = delete;
    tmpfs_mount& operator=(const tmpfs_mount&) = delete;

private:
    fs::path dir_;
};

std::string read_file(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Writes to `file` until the file system is full; the errno that stopped it.
int fill(const fs::path& file) {
    std::FILE* out = std::fopen(file.c_str(), "wb");
    if (out == nullptr) return errno;
    const std::string block(4096, 'x');
    int code = 0;
    while (code == 0) {
        if (std::fwrite(block.data(), 1, block.size(), out) != block.size() || std::fflush(out) != 0) code = errno;
    }
    std::fclose(out);
    return code;
}

}  // namespace

TEST_CASE("faults: a full disk under the offsets file keeps the old offsets and the worker running",
          "[cluster][faults]") {
    temp_dir dir("copycat-faults-disk");
    const fs::path disk = dir.path() / "disk";
    tmpfs_mount mount(disk, "512k");
    const fs::path offsets = disk / "connect.offsets";
    const std::string properties =
        standalone_worker_properties(dir, COPYCAT_FILE_PLUGIN,
                                     "offset.storage.file.filename=" + offsets.string() + "\noffset.flush.interval.ms=200\n");
    copycat_process worker({"standalone", properties}, dir.path() / "worker.log");
    const auto port = worker.rest_port(60s);
    INFO(worker.log());
    REQUIRE(port);
    const rest_call call = [&](std::string_view method, std::string_view target, std::string body) {
        rest::testing::test_client client(*port, 30s);
        return client.request(method, target, std::move(body), {{"Content-Type", "application/json"}});
    };
    file_pipeline pipeline(dir.path(), "full-disk");
    pipeline.create(call);
    pipeline.start_load(1000);
    REQUIRE(poll_until(30s, [&] { return fs::exists(offsets) && fs::file_size(offsets) > 0; }));

    REQUIRE(fill(disk / "filler") == ENOSPC);
    const std::string before = read_file(offsets);
    const std::size_t produced_at_fill = pipeline.produced();
    const std::string error = "cannot store source offsets";
    const bool logged = poll_until(30s, [&] {
        const std::string log = worker.log();
        return log.find(error) != std::string::npos && log.find("No space left on device") != std::string::npos;
    });
    // Flushes keep failing for a while (every 200 ms); meanwhile the pipeline delivers on.
    const bool delivers = poll_until(30s, [&] { return pipeline.delivered() >= produced_at_fill; });
    const std::string during = read_file(offsets);
    const bool no_leftover = !fs::exists(disk / "connect.offsets.tmp");
    const auto status = call("GET", "/connectors/" + pipeline.source() + "/status", {});

    fs::remove(disk / "filler");
    const auto freed = clock_type::now();
    const bool stored_again = poll_until(30s, [&] { return read_file(offsets) != before; });
    const double recovery = seconds_since(freed);
    const auto counts = pipeline.finish(60s);
    record({"full disk (offsets file)", counts.produced, counts.delivered, counts.missing, counts.duplicated, recovery,
            "space freed to offsets stored again (standalone worker)"});

    INFO("the first missing line: " << counts.first_missing);
    CHECK(counts.missing == 0);
    INFO(worker.log());
    CHECK(logged);
    CHECK(delivers);
    CHECK(during == before);
    CHECK(no_leftover);
    CHECK(status.status == 200);
    CHECK(status.body.find("\"RUNNING\"") != std::string::npos);
    CHECK(stored_again);
    CHECK(worker.running());
}
