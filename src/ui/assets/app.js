// The dashboard: polls the REST API every REFRESH_MS (one GET /connectors?expand=status&expand=info
// for every connector, plus GET /metrics; GET / and /connector-plugins once) and redraws the
// cluster panel, the connector table and the selected connector. Polling pauses while the tab is
// hidden. A failed refresh shows a banner and keeps the last data on screen.

import {api} from './api.js';
import {renderCluster} from './cluster_view.js';
import {ConnectorDetails} from './connector_details.js';
import {ConnectorForm} from './connector_form.js';
import {ConnectorList} from './connector_list.js';
import {fill, h} from './dom.js';
import {parseExposition, summarise, withRates} from './metrics.js';

const REFRESH_MS = 3000;

const state = {server: null, plugins: [], connectors: {}, metrics: null, selected: null};
const $ = (id) => document.getElementById(id);

const list = new ConnectorList($('connectors'), select);
const details = new ConnectorDetails($('details'), {
    refresh: () => refresh(),
    edit: (name, config) => openForm({name, config}),
    closed: () => select(null),
});
const form = new ConnectorForm($('form-dialog'), (name) => {
    select(name);
    refresh();
});

// The plugins are read once; the form may be opened before the first refresh has read them.
async function loadPlugins() {
    if (state.plugins.length === 0) state.plugins = await api.plugins();
    return state.plugins;
}

async function openForm(existing) {
    try {
        await form.open(await loadPlugins(), existing);
    } catch (e) {
        showError(e.message);
    }
}

function select(name) {
    state.selected = name;
    if (name) details.show(name);
    history.replaceState(null, '', name ? `#${encodeURIComponent(name)}` : location.pathname);
    draw();
}

function draw() {
    renderCluster($('cluster'), state, (worker) => list.filter(worker));
    list.update(state.connectors, state.metrics, state.selected);
    details.update(state.connectors, state.metrics);
}

function showError(message) {
    const banner = $('banner');
    banner.hidden = !message;
    fill(banner, message || '');
}

let timer = null;
let running = null;

// One refresh at a time; a call while one runs waits for it and then runs again.
async function refresh() {
    if (running) {
        await running;
        return refresh();
    }
    clearTimeout(timer);
    running = (async () => {
        try {
            if (!state.server) state.server = await api.server();
            await loadPlugins();
            const [connectors, exposition] = await Promise.all([api.connectors(), api.metrics()]);
            state.connectors = connectors;
            state.metrics = withRates(summarise(parseExposition(exposition), Date.now()), state.metrics);
            fill($('updated'), `updated ${new Date().toLocaleTimeString()}`);
            showError(null);
            draw();
        } catch (e) {
            showError(e.status === 401 ? 'Not authorised: reload the page to sign in.' : e.message);
        } finally {
            running = null;
            if (!document.hidden) timer = setTimeout(refresh, REFRESH_MS);
        }
    })();
    return running;
}

document.addEventListener('visibilitychange', () => {
    if (!document.hidden) refresh();
});
$('new-connector').addEventListener('click', () => openForm(null));
$('refresh').addEventListener('click', () => refresh());
if (location.hash.length > 1) select(decodeURIComponent(location.hash.slice(1)));
refresh();
