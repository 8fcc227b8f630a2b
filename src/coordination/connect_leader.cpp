#include "coordination/connect_leader.hpp"

#include <algorithm>

#include "common/logging.hpp"
#include "coordination/eager_assignor.hpp"

namespace copycat::coordination {

namespace {

connect_assignment header_only(const leader_request& request, const std::string& leader_url, std::int64_t offset,
                               std::int16_t error) {
    connect_assignment a;
    a.version = protocol_version(request.protocol);
    a.error = error;
    a.leader = request.context->leader_id;
    a.leader_url = leader_url;
    a.config_offset = offset;
    return a;
}

work_owners owners_after(const std::map<std::string, connect_assignment>& assignments,
                         const std::map<std::string, member_state>& members, bool eager) {
    work_owners owners;
    for (const auto& [id, a] : assignments) {
        auto m = members.find(id);
        if (m == members.end()) continue;
        const work_set full = eager ? a.assigned : apply_assignment(m->second.allocation, a.revoked, a.assigned);
        for (const auto& c : full.connectors) owners.connectors[c] = m->second.url;
        for (const auto& t : full.tasks) owners.tasks[t] = m->second.url;
    }
    return owners;
}

}  // namespace

result<leader_outcome> connect_leader::assign(const leader_request& request) {
    const auto& context = *request.context;
    leader_outcome out;
    std::map<std::string, member_state> members;
    std::optional<std::int64_t> max_offset;
    std::string leader_url = request.own_url;
    for (const auto& member : context.members) {
        auto metadata = decode_worker_metadata(member.metadata);
        if (!metadata) {
            log::error("connect leader: member {} sent metadata that does not decode; it gets no work: {}",
                       member.member_id, metadata.err().describe());
            continue;
        }
        max_offset = std::max(max_offset.value_or(metadata->config_offset), metadata->config_offset);
        if (member.member_id == context.leader_id) leader_url = metadata->url;
        out.member_urls[member.member_id] = metadata->url;
        members[member.member_id] = member_state{metadata->url, metadata->allocation.value_or(work_set{})};
    }

    config_view config = request.snapshot;
    const std::int64_t wanted = max_offset.value_or(config.offset);
    std::int64_t offset = wanted;
    if (config.offset < wanted) {
        if (request.fresh_snapshot) config = request.fresh_snapshot();
        if (config.offset < wanted) {
            log::info(
                "connect leader: elected to assign, but the config snapshot (offset {}) is behind offset {} "
                "seen in the group; answering CONFIG_MISMATCH to trigger a re-sync",
                config.offset, wanted);
            for (const auto& member : context.members) {
                out.assignments[member.member_id] =
                    header_only(request, leader_url, wanted, assignment_config_mismatch);
            }
            out.config_mismatch = true;
            return out;
        }
        offset = config.offset;
    }
    config.offset = offset;

    assignor_input input;
    input.leader_id = context.leader_id;
    input.leader_url = leader_url;
    input.members = std::move(members);
    input.config = std::move(config);
    input.generation = context.generation;
    input.last_completed_generation = request.last_completed_generation;
    input.version = protocol_version(request.protocol);
    input.now = request.now;
    input.departed_gracefully_urls = request.departed_gracefully_urls;

    const bool eager = request.protocol == connect_protocol::eager;
    out.assignments = eager ? assign_eager(input) : incremental_.assign(input);
    out.owners = owners_after(out.assignments, input.members, eager);
    for (const auto& member : context.members) {
        if (!out.assignments.count(member.member_id)) {
            out.assignments[member.member_id] = header_only(request, leader_url, offset, assignment_no_error);
        }
    }
    return out;
}

result<std::vector<kafka_client::member_assignment>> encode_assignments(
    const std::map<std::string, connect_assignment>& assignments) {
    std::vector<kafka_client::member_assignment> out;
    out.reserve(assignments.size());
    for (const auto& [id, a] : assignments) {
        COPYCAT_TRY(auto bytes, try_encode(a));
        out.push_back({id, std::move(bytes)});
    }
    return out;
}

}  // namespace copycat::coordination
