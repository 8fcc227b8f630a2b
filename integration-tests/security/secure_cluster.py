"""The secured 2-worker cluster the security suite calls, and hand-made HTTP(S) requests to it.

SecureCluster starts two `copycat distributed` workers of one fresh group on the test broker with
basic authentication on (rest.basic.auth.credentials.file), each serving an http and an https
listener and /admin on a listener of its own, all on port 0 (the ports are read from the workers'
logs). The https listeners require a client certificate (listeners.https.ssl.client.auth=required,
mutual TLS): raw_exchange presents the one the workers trust, unless told not to. raw_exchange() sends bytes exactly as given over a new connection, so a test controls the
request line, the headers and how much of a body is sent. Used from pytest's single thread, except
raw_exchange, which any thread may call.
"""

import base64
import os
import re
import socket
import ssl
import subprocess
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench"))

from bench_procs import WorkerProcess, log_tails, poll_until  # noqa: E402
from bench_systems import distributed_properties, worker_properties, write_properties  # noqa: E402

USER, PASSWORD = "ops", "s3cret-pass"
AUTH = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
START_DEADLINE_S = 120.0

LISTENING = re.compile(r"REST server listening on (https?)://([^/\s]+):(\d+)/")
ADMIN_LISTENING = re.compile(r"Admin endpoints \(/admin\) served on (https?)://([^/\s]+):(\d+)/")


class Listener:
    def __init__(self, worker, kind, protocol, port):
        self.worker = worker  # index
        self.kind = kind  # "http", "https" or "admin"
        self.protocol = protocol
        self.port = port

    def __repr__(self):
        return f"worker{self.worker}-{self.kind}:{self.port}"


class Reply:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # lower-case names
        self.body = body

    def __repr__(self):
        return f"<{self.status} {self.body[:200]!r}>"


# The client certificate the https listeners trust (key and certificate in one PEM file); set by
# SecureCluster before the first request.
CLIENT_CERTIFICATE = {"path": None}


def _connect(listener, timeout_s, client_certificate=True):
    sock = socket.create_connection(("127.0.0.1", listener.port), timeout=timeout_s)
    if listener.protocol == "https":
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        if client_certificate:
            context.load_cert_chain(CLIENT_CERTIFICATE["path"])
        sock = context.wrap_socket(sock)
    return sock


def _read_reply(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None if not data else Reply(0, {}, data.decode("latin-1"))
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return Reply(status, headers, rest[:length].decode("utf-8", "replace"))


def raw_exchange(listener, data, body_after=b"", timeout_s=20.0, client_certificate=True):
    """Sends `data` and reads one reply, then sends `body_after` (ignoring a connection the server
    closed meanwhile): the reply must come before the body. A reply of None means the server
    closed (or timed out) without answering. On https, client_certificate=False presents none."""
    with _connect(listener, timeout_s, client_certificate) as sock:
        sock.sendall(data)
        try:
            reply = _read_reply(sock)
        except (ConnectionResetError, ssl.SSLError, socket.timeout):
            reply = None
        try:
            view = memoryview(body_after)
            for start in range(0, len(view), 1 << 16):
                sock.sendall(view[start:start + (1 << 16)])
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, socket.timeout):
            pass
        return reply


def request_bytes(method, target, body=None, headers=None, auth=False):
    hdrs = {"Host": "localhost"}
    if body is not None:
        hdrs["Content-Type"] = "application/json"
    if auth:
        hdrs["Authorization"] = AUTH
    hdrs.update(headers or {})
    payload = b"" if body is None else (body.encode() if isinstance(body, str) else body)
    if body is not None:
        hdrs["Content-Length"] = str(len(payload))
    head = f"{method} {target} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in hdrs.items() if v is not None)
    return head.encode("latin-1") + b"\r\n" + payload


def call(listener, method, target, body=None, headers=None, auth=True):
    return raw_exchange(listener, request_bytes(method, target, body, headers, auth))


def _status(reply):
    return None if reply is None else reply.status


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class SecureCluster:
    def __init__(self, build_dir, bootstrap, workdir):
        self.build_dir = build_dir
        self.workdir = workdir
        self.group = f"security-{uuid.uuid4().hex[:8]}"
        self.workers = []
        self.listeners = []  # by worker: {"http": Listener, "https": ..., "admin": ...}
        credentials = os.path.join(workdir, "rest-users.properties")
        with open(credentials, "w") as f:
            f.write(f"{USER}={PASSWORD}\n")
        keystore = self._certificate("rest", "localhost")
        CLIENT_CERTIFICATE["path"] = self._certificate("client", "ops-client")
        self.props = worker_properties(bootstrap, "string")
        self.props.update(distributed_properties(self.group))
        self.props.update({
            "heartbeat.interval.ms": "300",
            "listeners": "http://127.0.0.1:0,https://127.0.0.1:0",
            "listeners.https.ssl.keystore.type": "PEM",
            "listeners.https.ssl.keystore.location": keystore,
            "listeners.https.ssl.client.auth": "required",
            "listeners.https.ssl.truststore.type": "PEM",
            "listeners.https.ssl.truststore.location": os.path.join(workdir, "client-cert.pem"),
            "admin.listeners": "http://127.0.0.1:0",
            "rest.basic.auth.credentials.file": credentials,
            "plugin.path": os.path.join(build_dir, "plugins", "copycat-file.so"),
        })

    def _certificate(self, name, common_name):
        """A self-signed key and certificate in <name>-key.pem and <name>-cert.pem; returns the PEM
        file holding both."""
        key = os.path.join(self.workdir, f"{name}-key.pem")
        cert = os.path.join(self.workdir, f"{name}-cert.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                        "-days", "2", "-subj", f"/CN={common_name}",
                        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                       check=True, capture_output=True)
        keystore = os.path.join(self.workdir, f"{name}-keystore.pem")
        with open(keystore, "w") as out:
            for path in (key, cert):
                with open(path) as f:
                    out.write(f.read())
        return keystore

    def start(self):
        binary = os.path.join(self.build_dir, "src", "app", "copycat")
        for i in range(2):
            path = write_properties(os.path.join(self.workdir, f"worker{i}.properties"), self.props)
            self.workers.append(WorkerProcess(f"copycat distributed worker{i}", [binary, "distributed", path],
                                              os.path.join(self.workdir, f"worker{i}.log")))
        for i, worker in enumerate(self.workers):
            self.listeners.append(self._listeners_of(i, worker))
        for i in range(2):
            ready = poll_until(START_DEADLINE_S, lambda i=i: _status(call(self.listener(i, "http"), "GET",
                                                                           "/connectors")) == 200, 0.05)
            assert ready, f"worker{i} did not answer GET /connectors:\n{self.log_tails()}"

    def _listeners_of(self, i, worker):
        def found():
            assert worker.alive(), f"worker{i} exited:\n{worker.log_tail()}"
            text = worker.log_text()
            plain = [m for m in LISTENING.finditer(text)]
            admin = ADMIN_LISTENING.search(text)
            if len(plain) < 2 or not admin:
                return None
            out = {}
            for m in plain:
                out[m.group(1)] = Listener(i, m.group(1), m.group(1), int(m.group(3)))
            out["admin"] = Listener(i, "admin", admin.group(1), int(admin.group(3)))
            return out

        listeners = poll_until(START_DEADLINE_S, found, 0.02)
        assert listeners, f"worker{i} did not log its listeners:\n{worker.log_tail()}"
        return listeners

    def listener(self, i, kind):
        return self.listeners[i][kind]

    def every_listener(self):
        return [l for by_kind in self.listeners for l in by_kind.values()]

    def connectors(self):
        reply = call(self.listener(0, "http"), "GET", "/connectors")
        assert reply.status == 200, reply
        return reply.body

    def log_tails(self):
        return log_tails(self.workers)

    def stop(self):
        for worker in self.workers:
            worker.stop()

    @staticmethod
    def wait(deadline_s, check):
        return poll_until(deadline_s, check, 0.05)

    @staticmethod
    def now():
        return time.monotonic()
