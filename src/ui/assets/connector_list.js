// The connector table: a filter box (name, class, type, state or worker), a state filter and
// pages of PAGE_SIZE rows. Only the rows of the current page are built, so a refresh costs the
// same with 10 or 1,000 connectors; filtering is a scan of plain objects.

import {badge, fill, formatNumber, h, shortClass} from './dom.js';

const PAGE_SIZE = 50;
const STATES = ['', 'RUNNING', 'PAUSED', 'STOPPED', 'FAILED', 'UNASSIGNED', 'RESTARTING'];

// One row's data from the /connectors?expand=status&expand=info entry and the metrics.
export function rowOf(name, c, metrics) {
    const status = c.status || {};
    const info = c.info || {};
    const config = info.config || {};
    const tasks = status.tasks || [];
    const m = metrics ? metrics.connectors.get(name) : undefined;
    const workers = new Set([status.connector && status.connector.worker_id, ...tasks.map((t) => t.worker_id)]);
    workers.delete(undefined);
    return {
        name,
        type: status.type || info.type || '',
        className: config['connector.class'] || '',
        state: status.connector ? status.connector.state : 'UNKNOWN',
        tasks,
        workers: [...workers].sort(),
        rate: m ? m.rate : undefined,
        lag: m ? m.lag : undefined,
        dlq: m ? m.dlq : undefined,
    };
}

function matches(row, text, state) {
    if (state && row.state !== state && !row.tasks.some((t) => t.state === state)) return false;
    if (!text) return true;
    return [row.name, row.className, row.type, row.state, ...row.workers].some((v) => v.toLowerCase().includes(text));
}

export class ConnectorList {
    constructor(el, onSelect) {
        this.el = el;
        this.onSelect = onSelect;
        this.page = 0;
        this.text = '';
        this.state = '';
        this.rows = [];
        this.selected = null;
        this.filterBox = h('input', {
            type: 'search', id: 'filter', placeholder: 'Filter by name, class, state, worker…',
            'aria-label': 'Filter connectors', oninput: () => {
                this.text = this.filterBox.value.trim().toLowerCase();
                this.page = 0;
                this.draw();
            }});
        this.stateBox = h('select', {id: 'state-filter', 'aria-label': 'State', onchange: () => {
            this.state = this.stateBox.value;
            this.page = 0;
            this.draw();
        }}, STATES.map((s) => h('option', {value: s}, s || 'any state')));
        this.body = h('tbody');
        this.pager = h('div', {class: 'pager'});
        this.summary = h('span', {class: 'muted'});
        fill(el,
            h('div', {class: 'toolbar'}, h('h2', {}, 'Connectors'), this.filterBox, this.stateBox, this.summary),
            h('table', {class: 'connectors'},
                h('thead', {}, h('tr', {},
                    ['Name', 'Type', 'State', 'Tasks', 'Workers', 'Class', 'Records/s', 'Lag', 'DLQ'].map(
                        (t) => h('th', {}, t)))),
                this.body),
            this.pager);
    }

    // Shows the rows matching `text` (a worker id, say) from the first page.
    filter(text) {
        this.filterBox.value = text;
        this.text = text.toLowerCase();
        this.page = 0;
        this.draw();
    }

    update(connectors, metrics, selected) {
        this.selected = selected;
        this.rows = Object.keys(connectors).sort().map((name) => rowOf(name, connectors[name], metrics));
        this.draw();
    }

    draw() {
        const shown = this.rows.filter((r) => matches(r, this.text, this.state));
        const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
        this.page = Math.min(this.page, pages - 1);
        const first = this.page * PAGE_SIZE;
        const slice = shown.slice(first, first + PAGE_SIZE);
        fill(this.summary, `${shown.length} of ${this.rows.length}`);
        fill(this.body, slice.length === 0
            ? h('tr', {}, h('td', {colspan: 9, class: 'muted'},
                this.rows.length ? 'No connector matches.' : 'No connectors yet.'))
            : slice.map((r) => this.rowElement(r)));
        const go = (page) => () => { this.page = page; this.draw(); };
        fill(this.pager,
            h('button', {onclick: go(this.page - 1), disabled: this.page === 0}, '‹ Previous'),
            h('span', {}, `Page ${this.page + 1} of ${pages}`),
            h('button', {onclick: go(this.page + 1), disabled: this.page >= pages - 1}, 'Next ›'));
    }

    rowElement(r) {
        return h('tr', {dataset: {connector: r.name}, class: r.name === this.selected ? 'selected' : null,
            onclick: () => this.onSelect(r.name)},
            h('td', {}, h('a', {href: `#${encodeURIComponent(r.name)}`, class: 'name'}, r.name)),
            h('td', {}, r.type),
            h('td', {class: 'connector-state'}, badge(r.state)),
            h('td', {class: 'tasks'}, r.tasks.map((t) => badge(t.state, `task ${t.id} on ${t.worker_id}`))),
            h('td', {}, r.workers.join(', ')),
            h('td', {title: r.className}, shortClass(r.className)),
            h('td', {class: 'num'}, formatNumber(r.rate, 1)),
            h('td', {class: 'num'}, formatNumber(r.lag)),
            h('td', {class: 'num'}, formatNumber(r.dlq)));
    }
}
