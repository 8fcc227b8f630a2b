#include "faults/fault_report.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace copycat::itest::faults {
namespace {

void print_row(std::FILE* out, const fault_row& r) {
    std::fprintf(out, "%-28s %9zu %9zu %8zu %10zu %10.1f  %s\n", r.scenario.c_str(), r.produced, r.delivered,
                 r.missing, r.duplicated, r.recovery_seconds, r.note.c_str());
}

void print_header(std::FILE* out) {
    std::fprintf(out, "%-28s %9s %9s %8s %10s %10s  %s\n", "scenario", "produced", "delivered", "missing",
                 "duplicated", "recovery s", "recovery means");
}

// Printed by its destructor at exit, after every scenario of the run.
class table {
public:
    ~table() {
        if (rows_.empty()) return;
        print(stdout);
        // ctest shows a passing test's output to no one: deploy/test.sh prints this file.
        if (const char* path = std::getenv("COPYCAT_FAULTS_TABLE"); path != nullptr && *path != '\0') {
            if (std::FILE* out = std::fopen(path, "w")) {
                print(out);
                std::fclose(out);
            }
        }
    }
    void add(fault_row row) {
        std::lock_guard lock(mutex_);
        std::fprintf(stdout, "fault scenario done: ");
        print_row(stdout, row);
        std::fflush(stdout);
        rows_.push_back(std::move(row));
    }

private:
    void print(std::FILE* out) const {
        std::fprintf(out, "\n== fault-injection suite ==\n");
        print_header(out);
        for (const auto& r : rows_) print_row(out, r);
        std::fflush(out);
    }

    std::mutex mutex_;
    std::vector<fault_row> rows_;
};

table the_table;

}  // namespace

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void record(fault_row row) { the_table.add(std::move(row)); }

}  // namespace copycat::itest::faults
