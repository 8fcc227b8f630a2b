#pragma once
// A Java SourceTask behind Copycat's source_task (docs/jvm-bridge.md "Crossing records and
// configs"): called from the task's thread by Copycat's source task loop; one JNI call per
// poll() batch, records in the binary format of binary_records. Its OffsetStorageReader reads
// Copycat's offset store through a native method, only on the task's own thread. With
// transaction.boundary=connector its TransactionContext keeps the task's requests in Java; they
// are taken after each poll(), on the task's thread, and passed to the context's
// transaction_context (docs/jvm-bridge.md "Exactly-once source").

#include <memory>
#include <optional>

#include "copycat/connector/source_task.hpp"
#include "jvm/binary_records.hpp"
#include "jvm/plugin_calls.hpp"

namespace copycat::jvm {

class java_source_task final : public source_task {
public:
    // `instance`: a new_task_instance() of the Java connector.
    explicit java_source_task(std::unique_ptr<java_object> instance) : instance_(std::move(instance)) {}

    std::string version() const override;
    void initialize(source_task_context& context) override;
    void start(const std::map<std::string, std::string>& props) override;
    std::vector<source_record> poll() override;
    void commit() override;
    void commit_record(const source_record& record, const std::optional<record_metadata>& metadata) override;
    void stop() override;

private:
    void pass_transaction_requests();

    std::unique_ptr<java_object> instance_;
    // The Java TransactionContext (copycat.bridge.TransactionRequests); null without one.
    std::unique_ptr<java_object> transactions_;
    std::string requests_;  // the last requests' bytes, its memory reused
    binary_records records_;
    std::string batch_;  // the last poll()'s bytes, its memory reused
    // Whether the Java task overrides commitRecord; when not, acknowledgements do not cross.
    bool forwards_commit_record_ = false;
};

}  // namespace copycat::jvm
