// The cluster panel: the workers and what each runs, the group generation and the leader.
//
// Copycat's REST API, like Kafka Connect's, has no call that lists the group's members, so the
// workers are those that the connector and task statuses name (worker_id); a worker that runs
// nothing does not appear. The generation and whether this worker leads come from this worker's
// /metrics (copycat_worker_generation, copycat_worker_leader).

import {badge, h, fill, formatNumber} from './dom.js';

export function workersOf(connectors) {
    const workers = new Map();
    const of = (id) => {
        if (!workers.has(id)) workers.set(id, {id, connectors: [], tasks: []});
        return workers.get(id);
    };
    for (const [name, c] of Object.entries(connectors)) {
        const status = c.status;
        if (!status) continue;
        if (status.connector && status.connector.worker_id) of(status.connector.worker_id).connectors.push(
            {name, state: status.connector.state});
        for (const t of status.tasks || []) {
            if (t.worker_id) of(t.worker_id).tasks.push({name: `${name}-${t.id}`, state: t.state});
        }
    }
    return [...workers.values()].sort((a, b) => a.id.localeCompare(b.id));
}

function countByState(items) {
    const counts = {};
    for (const i of items) counts[i.state] = (counts[i.state] || 0) + 1;
    return Object.entries(counts).sort().map(([state, n]) => h('span', {class: 'count'}, badge(state), ` ${n}`));
}

export function renderCluster(el, {server, connectors, metrics}) {
    const workers = workersOf(connectors);
    const worker = metrics ? metrics.worker : {};
    let leader = 'unknown';
    if (worker.leader === true) leader = `this worker (${location.host})`;
    else if (worker.leader === false) leader = 'another worker';
    fill(el,
        h('h2', {}, 'Cluster'),
        h('dl', {class: 'facts'},
            h('dt', {}, 'Kafka cluster'), h('dd', {}, server ? server.kafka_cluster_id : '—'),
            h('dt', {}, 'Version'), h('dd', {}, server ? `${server.version} (${server.commit})` : '—'),
            h('dt', {}, 'Generation'), h('dd', {id: 'generation'}, formatNumber(worker.generation)),
            h('dt', {}, 'Leader'), h('dd', {id: 'leader'}, leader),
            h('dt', {}, 'Serving this page'), h('dd', {}, location.host)),
        h('table', {class: 'workers'},
            h('thead', {}, h('tr', {}, h('th', {}, 'Worker'), h('th', {}, 'Connectors'), h('th', {}, 'Tasks'))),
            h('tbody', {}, workers.length === 0
                ? h('tr', {}, h('td', {colspan: 3, class: 'muted'}, 'No connector or task is assigned yet.'))
                : workers.map((w) => h('tr', {dataset: {worker: w.id}},
                    h('td', {}, h('a', {href: `${location.protocol}//${w.id}/ui/`, title: 'This worker\'s dashboard'},
                        w.id)),
                    h('td', {}, countByState(w.connectors)),
                    h('td', {}, countByState(w.tasks)))))),
        h('p', {class: 'note'}, 'Workers are those named by connector and task statuses; throughput, lag and ',
            'DLQ figures come from this worker\'s /metrics and cover the tasks it runs.'));
}
