// The create / edit form, in a modal dialog. Choosing a plugin asks the worker for its config
// definitions (PUT /connector-plugins/{plugin}/config/validate), which become the form's fields;
// "Validate" and "Create"/"Save" send the config there again and show Kafka's per-field errors
// next to the fields. Only a config without errors is submitted: POST /connectors to create,
// PUT /connectors/{name}/config to edit. Properties that have no field (a transformation's
// settings before its type is known, say) go in "Other properties", one key=value a line.

import {api} from './api.js';
import {fill, h, shortClass} from './dom.js';

const TOP_FIELDS = new Set(['name', 'connector.class']);
const OWN_GROUP = '';  // the plugin's own settings have no group

function parseLines(text) {
    const out = {};
    for (const raw of text.split('\n')) {
        const line = raw.trim();
        if (!line || line.startsWith('#')) continue;
        const eq = line.indexOf('=');
        if (eq <= 0) throw new Error(`"${line}" is not key=value`);
        out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
    return out;
}

export class ConnectorForm {
    // done(name): called after a successful create or save.
    constructor(dialog, done) {
        this.dialog = dialog;
        this.done = done;
        this.definitions = [];  // validate's configs[]
        this.values = {};       // what the user typed, by config name
    }

    async open(plugins, existing) {
        this.editing = existing || null;
        this.definitions = [];
        this.values = existing ? {...existing.config} : {};
        this.nameBox = h('input', {id: 'form-name', name: 'name', required: true, value: existing ? existing.name : '',
            readonly: !!existing, autocomplete: 'off'});
        const current = existing ? existing.config['connector.class'] : '';
        this.pluginBox = h('select', {id: 'form-plugin', name: 'connector.class', disabled: !!existing,
            onchange: () => this.validate(false)},
            h('option', {value: ''}, 'Choose a connector plugin…'),
            plugins.map((p) => h('option', {value: p.class, selected: p.class === current},
                `${shortClass(p.class)} (${p.type}, ${p.version})`)));
        if (current && !plugins.some((p) => p.class === current))
            this.pluginBox.append(h('option', {value: current, selected: true}, current));
        this.nameErrors = h('ul', {class: 'errors'});
        this.pluginErrors = h('ul', {class: 'errors'});
        this.fields = h('div', {class: 'fields'});
        this.other = h('textarea', {id: 'form-other', rows: 4,
            placeholder: 'transforms=route\ntransforms.route.type=…'});
        this.summary = h('p', {class: 'summary', role: 'status'});
        this.submitButton = h('button', {type: 'submit', class: 'primary', id: 'form-submit'},
            existing ? 'Save' : 'Create');
        const form = h('form', {method: 'dialog', onsubmit: (e) => {
            e.preventDefault();
            this.validate(true);
        }},
            h('h2', {}, existing ? `Edit ${existing.name}` : 'New connector'),
            h('label', {}, 'Name', this.nameBox), this.nameErrors,
            h('label', {}, 'Plugin', this.pluginBox), this.pluginErrors,
            this.fields,
            h('label', {}, 'Other properties', this.other),
            this.summary,
            h('div', {class: 'actions'},
                h('button', {type: 'button', id: 'form-validate', onclick: () => this.validate(false)}, 'Validate'),
                this.submitButton,
                h('button', {type: 'button', onclick: () => this.dialog.close()}, 'Cancel')));
        fill(this.dialog, form);
        this.dialog.showModal();
        if (current) await this.validate(false);
    }

    // The config as the form stands: name, class, every non-empty field, the other properties.
    collect() {
        for (const input of this.fields.querySelectorAll('[data-config]'))
            this.values[input.dataset.config] = input.value;
        const config = {};
        const known = new Set(this.definitions.map((d) => d.definition.name));
        for (const [k, v] of Object.entries(this.values)) {
            if (v !== '' && (known.has(k) || this.definitions.length === 0)) config[k] = v;
        }
        Object.assign(config, parseLines(this.other.value));
        config.name = this.nameBox.value.trim();
        config['connector.class'] = this.pluginBox.value;
        return config;
    }

    async validate(submit) {
        const plugin = this.pluginBox.value;
        if (!plugin) {
            fill(this.summary, 'Choose a plugin.');
            return;
        }
        let config;
        try {
            config = this.collect();
        } catch (e) {
            fill(this.summary, `Other properties: ${e.message}`);
            return;
        }
        // Values that have no field yet are shown in "Other properties" once the fields are known.
        try {
            const result = await api.validate(plugin, config);
            const first = this.definitions.length === 0;
            this.definitions = result.configs;
            this.drawFields(config, first);
            if (result.error_count > 0) {
                const n = result.error_count;
                fill(this.summary, `${n} error${n > 1 ? 's' : ''}: see the fields marked.`);
                this.summary.className = 'summary error';
                return;
            }
            if (!submit) {
                fill(this.summary, 'The config is valid.');
                this.summary.className = 'summary ok';
                return;
            }
            const name = config.name;
            if (this.editing) await api.update(name, config);
            else await api.create(name, config);
            this.dialog.close();
            this.done(name);
        } catch (e) {
            fill(this.summary, e.message);
            this.summary.className = 'summary error';
        }
    }

    // The connector's own settings first, then Kafka's common ones; the other groups (transforms,
    // error handling, exactly-once, ...) start folded unless one of their fields has an error.
    drawFields(config, first) {
        const byGroup = new Map([[OWN_GROUP, []], ['Common', []]]);
        const invalid = new Set();
        const shown = new Set();
        const errorsOf = (errors) => h('ul', {class: 'errors'}, (errors || []).map((e) => h('li', {}, e)));
        for (const c of this.definitions) {
            const d = c.definition;
            if (TOP_FIELDS.has(d.name)) {
                fill(d.name === 'name' ? this.nameErrors : this.pluginErrors,
                    (c.value.errors || []).map((e) => h('li', {}, e)));
                continue;
            }
            if (c.value.visible === false) continue;
            shown.add(d.name);
            const group = d.group || OWN_GROUP;
            if (!byGroup.has(group)) byGroup.set(group, []);
            const errors = c.value.errors || [];
            if (errors.length) invalid.add(group);
            byGroup.get(group).push(h('div', {
                class: errors.length ? 'field invalid' : 'field', dataset: {field: d.name}},
                h('label', {title: d.documentation || ''}, d.display_name || d.name, d.required ? ' *' : '',
                    h('code', {}, d.name),
                    h('input', {
                        value: config[d.name] !== undefined ? config[d.name] : '', placeholder: d.default_value || '',
                        autocomplete: 'off', dataset: {config: d.name}})),
                d.documentation ? h('small', {title: d.documentation}, d.documentation) : null,
                errorsOf(errors)));
        }
        if (first) {
            // Config values without a field (an edited connector's transforms, say) stay editable.
            const rest = Object.entries(config).filter(([k]) => !shown.has(k) && !TOP_FIELDS.has(k));
            const others = parseLines(this.other.value);
            for (const [k, v] of rest) others[k] = v;
            this.other.value = Object.entries(others).map(([k, v]) => `${k}=${v}`).join('\n');
        }
        const plugin = shortClass(this.pluginBox.value);
        fill(this.fields, [...byGroup].filter(([, items]) => items.length > 0).map(([group, items]) => {
            const title = group === OWN_GROUP ? plugin : group;
            if (group === OWN_GROUP || group === 'Common')
                return h('fieldset', {}, h('legend', {}, title), items);
            return h('details', {class: 'group', open: invalid.has(group)}, h('summary', {}, title), items);
        }));
        const firstError = this.fields.querySelector('.field.invalid');
        if (firstError) firstError.scrollIntoView({block: 'center'});
    }
}
