// The panel of the selected connector: its state, tasks (with the trace of a FAILED one), config,
// this worker's figures for it, and the actions of the REST API: pause, resume, stop, restart
// (includeTasks / onlyFailed), restart of one task, reset of a stopped connector's offsets, edit
// and delete. It is redrawn only when the connector's data changed, so a refresh does not reset
// what the user is reading or the restart options being chosen.

import {api} from './api.js';
import {badge, fill, formatNumber, h, shortClass} from './dom.js';

// A config value as the panel shows it: [hidden] for a key whose name says secret, the rule of
// src/runtime/secret_configs.hpp (docs/security.md#secrets). A value that is a provider
// placeholder (${file:...}) is not a secret and shows as it is.
export function shownValue(key, value) {
    const k = key.trim().toLowerCase();
    const secret = k.endsWith('password') || k.includes('secret') || k.endsWith('sasl.jaas.config') ||
        k.endsWith('basic.auth.user.info') || k.endsWith('key.pem') || k.includes('private.key');
    const placeholder = typeof value === 'string' && /^\$\{[^}]*\}$/.test(value);
    return secret && value && !placeholder ? '[hidden]' : value;
}

export class ConnectorDetails {
    // actions: {refresh(), edit(name, config), closed()}
    constructor(el, actions) {
        this.el = el;
        this.actions = actions;
        this.name = null;
        this.drawn = '';
        this.message = null;  // {text, error}
        this.includeTasks = false;
        this.onlyFailed = false;
    }

    show(name) {
        if (name !== this.name) {
            this.message = null;
            this.includeTasks = false;
            this.onlyFailed = false;
        }
        this.name = name;
        this.drawn = '';
    }

    update(connectors, metrics) {
        if (!this.name) {
            this.el.hidden = true;
            return;
        }
        const c = connectors[this.name];
        const m = metrics ? metrics.connectors.get(this.name) : undefined;
        const key = JSON.stringify([c, m, this.message]);
        if (key === this.drawn) return;
        this.drawn = key;
        this.el.hidden = false;
        if (!c) {
            fill(this.el, this.header(this.name, 'DELETED'),
                h('p', {class: 'muted'}, 'This connector no longer exists.'),
                this.messageElement());
            return;
        }
        this.draw(c, m);
    }

    header(name, state) {
        return h('div', {class: 'details-head'},
            h('h2', {}, name, ' ', badge(state)),
            h('button', {class: 'close', title: 'Close', 'aria-label': 'Close', onclick: () => {
                this.name = null;
                this.actions.closed();
            }}, '×'));
    }

    messageElement() {
        if (!this.message) return null;
        return h('p', {class: this.message.error ? 'message error' : 'message', role: 'status'}, this.message.text);
    }

    draw(c, m) {
        const name = this.name;
        const status = c.status || {connector: {}, tasks: []};
        const config = (c.info && c.info.config) || {};
        const state = status.connector.state;
        const act = (label, run, opts = {}) => h('button', {
            class: opts.danger ? 'danger' : null, disabled: opts.disabled,
            title: opts.title, onclick: () => this.run(label, run, opts.confirm)}, label);
        fill(this.el,
            this.header(name, state),
            h('dl', {class: 'facts'},
                h('dt', {}, 'Type'), h('dd', {}, status.type || (c.info && c.info.type) || ''),
                h('dt', {}, 'Class'),
                h('dd', {title: config['connector.class']}, shortClass(config['connector.class'])),
                h('dt', {}, 'Worker'), h('dd', {}, status.connector.worker_id || '—'),
                h('dt', {}, 'Records/s'), h('dd', {}, formatNumber(m && m.rate, 1)),
                h('dt', {}, 'Lag'), h('dd', {}, formatNumber(m && m.lag)),
                h('dt', {}, 'DLQ records'), h('dd', {}, formatNumber(m && m.dlq))),
            status.connector.trace ? h('pre', {class: 'trace'}, status.connector.trace) : null,
            h('div', {class: 'actions'},
                act('Pause', () => api.pause(name), {disabled: state === 'PAUSED'}),
                act('Resume', () => api.resume(name), {disabled: state === 'RUNNING'}),
                act('Stop', () => api.stop(name), {disabled: state === 'STOPPED'}),
                act('Reset offsets', () => api.resetOffsets(name), {disabled: state !== 'STOPPED',
                    title: 'Only a STOPPED connector\'s offsets can be reset',
                    confirm: `Reset the offsets of ${name}? It starts from scratch when resumed.`}),
                h('button', {onclick: () => this.actions.edit(name, config)}, 'Edit config'),
                act('Delete', () => api.remove(name), {danger: true, confirm: `Delete the connector ${name}?`})),
            h('div', {class: 'actions restart'},
                act('Restart', () => api.restart(name, this.includeTasks, this.onlyFailed)),
                this.checkbox('includeTasks', 'include tasks'),
                this.checkbox('onlyFailed', 'only failed')),
            this.messageElement(),
            h('h3', {}, `Tasks (${status.tasks.length})`),
            h('table', {class: 'tasks'},
                h('thead', {}, h('tr', {}, h('th', {}, 'Task'), h('th', {}, 'State'), h('th', {}, 'Worker'), h('th'))),
                h('tbody', {}, status.tasks.map((t) => [
                    h('tr', {dataset: {task: t.id}},
                        h('td', {}, t.id), h('td', {}, badge(t.state)), h('td', {}, t.worker_id),
                        h('td', {}, h('button', {'aria-label': `Restart task ${t.id}`,
                            onclick: () => this.run(`Restart task ${t.id}`,
                            () => api.restartTask(name, t.id))}, 'Restart'))),
                    t.trace ? h('tr', {class: 'trace-row'}, h('td', {colspan: 4},
                        h('div', {class: 'trace-title'}, `Task ${t.id} failed:`),
                        h('pre', {class: 'trace', dataset: {task: t.id}}, t.trace))) : null,
                ]))),
            h('h3', {}, 'Config'),
            h('table', {class: 'config'}, h('tbody', {}, Object.keys(config).sort().map((k) =>
                h('tr', {}, h('th', {}, k), h('td', {}, shownValue(k, config[k])))))));
    }

    checkbox(field, label) {
        return h('label', {}, h('input', {type: 'checkbox', name: field, checked: this[field], onchange: (e) => {
            this[field] = e.target.checked;
        }}), ` ${label}`);
    }

    async run(label, call, question) {
        if (question && !window.confirm(question)) return;
        try {
            await call();
            this.message = {text: `${label}: done.`, error: false};
        } catch (e) {
            this.message = {text: `${label} failed: ${e.message}`, error: true};
        }
        this.drawn = '';
        this.actions.refresh();
    }
}
