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

// "RUNNING 3  FAILED 1", each count's tooltip naming (the first 40 of) its connectors or tasks.
function countByState(items) {
    const byState = {};
    for (const i of items) (byState[i.state] = byState[i.state] || []).push(i.name);
    return Object.entries(byState).sort().map(([state, names]) => h('span', {class: 'count',
        title: names.slice(0, 40).join('\n') + (names.length > 40 ? `\n… ${names.length - 40} more` : '')},
    badge(state), ` ${names.length}`));
}

// showWorker(id): lists that worker's connectors and tasks in the connector table.
export function renderCluster(el, {server, connectors, metrics}, showWorker) {
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
            h('thead', {}, h('tr', {}, h('th', {}, 'Worker'), h('th', {}, 'Connectors'), h('th', {}, 'Tasks'),
                h('th'))),
            h('tbody', {}, workers.length === 0
                ? h('tr', {}, h('td', {colspan: 4, class: 'muted'}, 'No connector or task is assigned yet.'))
                : workers.map((w) => h('tr', {dataset: {worker: w.id}},
                    h('td', {}, h('a', {href: `${location.protocol}//${w.id}/ui/`, title: 'This worker\'s dashboard'},
                        w.id)),
                    h('td', {}, countByState(w.connectors)),
                    h('td', {}, countByState(w.tasks)),
                    h('td', {}, h('button', {class: 'small', onclick: () => showWorker(w.id)}, 'Show in the list')))))),
        h('p', {class: 'note'}, 'Workers are those named by connector and task statuses; throughput, lag and ',
            'DLQ figures come from this worker\'s /metrics and cover the tasks it runs.'));
}
