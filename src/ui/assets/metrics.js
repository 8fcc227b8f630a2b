// Reads GET /metrics (the Prometheus text format, README.md "Metrics") into what the dashboard
// shows: per connector, records moved per second, sink lag and dead-letter-queue records; for the
// worker, its group generation and whether it leads the group.
//
// /metrics describes the tasks of the worker that answers it only, and Copycat's REST API has no
// call that reaches another worker's metrics, so the figures cover the tasks of the worker that
// serves the page (each worker's own dashboard shows its own).

// "name{a=\"x\",b=\"y\"} 12.5" -> {name, labels: {a: 'x', b: 'y'}, value: 12.5}
export function parseExposition(text) {
    const series = [];
    for (const line of text.split('\n')) {
        if (!line || line.startsWith('#')) continue;
        const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
        if (!m) continue;
        const labels = {};
        for (const l of (m[3] || '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
            labels[l[1]] = l[2].replace(/\\(.)/g, (_, ch) => (ch === 'n' ? '\n' : ch));
        series.push({name: m[1], labels, value: Number(m[4])});
    }
    return series;
}

// Counters of records moving through a task: a source task's records handed to the producer,
// a sink task's records given to put().
const MOVED = new Set(['copycat_source_task_records_written_total', 'copycat_sink_task_records_put_total']);

// Sums the series into per-connector totals and the worker's own figures.
export function summarise(series, now) {
    const connectors = new Map();
    const worker = {generation: null, leader: null, tasks: 0};
    const entry = (name) => {
        if (!connectors.has(name)) connectors.set(name, {moved: 0, lag: null, dlq: 0, errors: 0});
        return connectors.get(name);
    };
    for (const s of series) {
        if (s.name === 'copycat_worker_generation') worker.generation = s.value;
        else if (s.name === 'copycat_worker_leader') worker.leader = s.value === 1;
        const name = s.labels.connector;
        if (name === undefined) continue;
        const e = entry(name);
        if (MOVED.has(s.name)) e.moved += s.value;
        else if (s.name === 'copycat_sink_task_records_lag') e.lag = (e.lag || 0) + s.value;
        else if (s.name === 'copycat_task_dlq_produce_requests_total') e.dlq += s.value;
        else if (s.name === 'copycat_task_record_errors_total') e.errors += s.value;
    }
    return {at: now, connectors, worker};
}

// Adds `rate` (records per second since the previous sample) to each connector of `current`. A
// counter that went down (its task restarted) gives no rate for that interval.
export function withRates(current, previous) {
    for (const [name, e] of current.connectors) {
        const before = previous && previous.connectors.get(name);
        const seconds = previous ? (current.at - previous.at) / 1000 : 0;
        e.rate = before && seconds > 0 && e.moved >= before.moved ? (e.moved - before.moved) / seconds : null;
    }
    return current;
}
