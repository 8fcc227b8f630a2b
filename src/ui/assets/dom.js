// h(): the one way the dashboard builds DOM. Text is always set as text, never parsed as HTML, so
// a connector name, a config value or a stack trace cannot inject markup into the page.
//
//   h('button', {class: 'primary', onclick: save}, 'Save')
//   h('td', {}, h('span', {class: 'state RUNNING'}, 'RUNNING'))

export function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
        if (value === undefined || value === null || value === false) continue;
        if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
        else if (key === 'dataset') Object.assign(el.dataset, value);
        else if (key === 'value') el.value = value;
        else el.setAttribute(key, value === true ? '' : String(value));
    }
    append(el, children);
    return el;
}

function append(el, children) {
    for (const child of children) {
        if (child === undefined || child === null || child === false) continue;
        if (Array.isArray(child)) append(el, child);
        else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
}

// Replaces the element's children.
export function fill(el, ...children) {
    el.replaceChildren();
    append(el, children);
    return el;
}

// A state badge: RUNNING, PAUSED, STOPPED, FAILED, UNASSIGNED, RESTARTING.
export function badge(state, title) {
    return h('span', {class: `state ${state || 'UNKNOWN'}`, title}, state || 'UNKNOWN');
}

// "org.apache.kafka.connect.file.FileStreamSourceConnector" -> "FileStreamSourceConnector".
export function shortClass(name) {
    return (name || '').split('.').pop();
}

export function formatNumber(value, digits = 0) {
    if (value === undefined || value === null || Number.isNaN(value)) return '—';
    return value.toLocaleString('en-US', {maximumFractionDigits: digits});
}
