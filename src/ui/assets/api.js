// The dashboard's client of the public REST API (docs/rest-api.md): the same calls curl or
// Kafka Connect's tools make, nothing internal. URLs are relative to the page (/ui/ -> ../), so
// the dashboard also works behind a proxy that adds a path prefix. With basic authentication on,
// the browser adds the credentials it asked the user for to these same-origin requests.

const base = new URL('../', document.baseURI);

export class ApiError extends Error {
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}

async function call(method, path, body) {
    const headers = {Accept: 'application/json'};
    const init = {method, headers, credentials: 'same-origin'};
    if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
    }
    let res;
    try {
        res = await fetch(new URL(path, base), init);
    } catch (e) {
        throw new ApiError(0, `The worker did not answer (${e.message})`);
    }
    const text = await res.text();
    let data = text;
    if (text && (res.headers.get('Content-Type') || '').includes('json')) data = JSON.parse(text);
    if (!res.ok) {
        const message = data && data.message ? data.message : `${res.status} ${res.statusText}`;
        throw new ApiError(res.status, `${method} /${path}: ${message}`);
    }
    return data;
}

const c = (name) => `connectors/${encodeURIComponent(name)}`;
const flag = (value) => (value ? 'true' : 'false');

export const api = {
    server: () => call('GET', ''),
    // Every connector with its info and status in one request, however many there are.
    connectors: () => call('GET', 'connectors?expand=status&expand=info'),
    plugins: () => call('GET', 'connector-plugins'),
    metrics: () => call('GET', 'metrics'),
    validate: (plugin, config) =>
        call('PUT', `connector-plugins/${encodeURIComponent(plugin)}/config/validate`, config),
    create: (name, config) => call('POST', 'connectors', {name, config}),
    update: (name, config) => call('PUT', `${c(name)}/config`, config),
    pause: (name) => call('PUT', `${c(name)}/pause`),
    resume: (name) => call('PUT', `${c(name)}/resume`),
    stop: (name) => call('PUT', `${c(name)}/stop`),
    restart: (name, includeTasks, onlyFailed) =>
        call('POST', `${c(name)}/restart?includeTasks=${flag(includeTasks)}&onlyFailed=${flag(onlyFailed)}`),
    restartTask: (name, task) => call('POST', `${c(name)}/tasks/${task}/restart`),
    remove: (name) => call('DELETE', c(name)),
    offsets: (name) => call('GET', `${c(name)}/offsets`),
    resetOffsets: (name) => call('DELETE', `${c(name)}/offsets`),
};
