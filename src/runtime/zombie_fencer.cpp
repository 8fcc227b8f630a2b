#include "runtime/zombie_fencer.hpp"

#include "common/logging.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "runtime/client_configs.hpp"
#include "runtime/exactly_once_source.hpp"

namespace copycat::runtime {

result<void> fence_task_producers(const worker_config& worker, const std::string& connector,
                                  const string_map& connector_config, int task_count,
                                  std::chrono::milliseconds timeout) {
    for (int task = 0; task < task_count; ++task) {
        const task_id id{connector, task};
        COPYCAT_TRY(auto settings, producer_settings(worker, connector_config, id));
        make_transactional(settings, worker.group_id, id);
        settings.insert_or_assign("client.id", "connector-fencer-" + id.to_string());
        COPYCAT_TRY(auto client, to_client_config(settings, "fencing producer of task " + id.to_string()));
        COPYCAT_TRY(auto producer, rdkafka::producer::create(client));
        if (auto fenced = producer.init_transactions(timeout); !fenced)
            return error(fenced.err().code, "Failed to fence the producer with transactional.id " +
                                                task_transactional_id(worker.group_id, connector, task) + ": " +
                                                fenced.err().describe());
    }
    log::info("Fenced the producers of {} earlier task(s) of connector {}", task_count, connector);
    return {};
}

}  // namespace copycat::runtime
