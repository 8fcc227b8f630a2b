"""HTTP load and latency for the benchmark's REST case (bench_cases.rest_listing): runs `wrk`
(the Debian package deploy/install-deps.sh installs) and parses its --latency report, and times
single requests on a fresh connection each. Used from the driver's single thread.
"""

import http.client
import re
import shutil
import subprocess
import time

from bench_procs import BenchError

WRK = "/usr/bin/wrk"

_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3, "h": 3600e3}
_SIZE_UNITS = {"B": 1, "KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3, "TB": 1024 ** 4}
_PERCENTILE = re.compile(r"^\s*(50|75|90|99)(?:\.0+)?%\s+([\d.]+)(us|ms|s|m|h)\s*$", re.M)
_TOTAL = re.compile(r"(\d+) requests in ([\d.]+)(us|ms|s|m|h), ([\d.]+)(B|KB|MB|GB|TB) read")
_RATE = re.compile(r"Requests/sec:\s+([\d.]+)")
_SOCKET_ERRORS = re.compile(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)")
_NON_2XX = re.compile(r"Non-2xx or 3xx responses: (\d+)")


def wrk_binary():
    path = WRK if shutil.which(WRK) else shutil.which("wrk")
    if not path:
        raise BenchError("wrk is missing: install the Debian package wrk (deploy/install-deps.sh does)")
    return path


def parse_wrk(text):
    """The figures of one `wrk --latency` report: p50/p75/p90/p99 latency (ms), requests/s,
    requests, bytes read, socket errors and non-2xx/3xx answers."""
    percentiles = {p: float(v) * _UNITS[u] for p, v, u in _PERCENTILE.findall(text)}
    total = _TOTAL.search(text)
    rate = _RATE.search(text)
    if not total or not rate or "50" not in percentiles or "99" not in percentiles:
        raise BenchError(f"cannot parse wrk's report:\n{text}")
    errors = _SOCKET_ERRORS.search(text)
    non_2xx = _NON_2XX.search(text)
    return {
        "wrk_requests_per_second": float(rate.group(1)),
        "wrk_p50_ms": percentiles["50"],
        "wrk_p75_ms": percentiles.get("75"),
        "wrk_p90_ms": percentiles.get("90"),
        "wrk_p99_ms": percentiles["99"],
        "wrk_requests": int(total.group(1)),
        "wrk_seconds": float(total.group(2)) * _UNITS[total.group(3)] / 1e3,
        "wrk_bytes_read": round(float(total.group(4)) * _SIZE_UNITS[total.group(5)]),
        "wrk_socket_errors": sum(int(n) for n in errors.groups()) if errors else 0,
        "wrk_non_2xx": int(non_2xx.group(1)) if non_2xx else 0,
    }


def run_wrk(url, threads, connections, seconds, timeout_s=10):
    """`wrk -t<threads> -c<connections> -d<seconds>s --latency --timeout <timeout_s>s URL`;
    returns (parsed figures, wrk's report)."""
    command = [wrk_binary(), f"-t{threads}", f"-c{connections}", f"-d{seconds:g}s", "--latency",
               f"--timeout={timeout_s:g}s", url]
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False, timeout=seconds + 60)
    except subprocess.TimeoutExpired as e:
        raise BenchError(f"{' '.join(command)} did not finish") from e
    if out.returncode != 0:
        raise BenchError(f"{' '.join(command)} failed ({out.returncode}): {out.stderr.strip()}")
    return parse_wrk(out.stdout), out.stdout


def timed_get(port, path, timeout_s=30.0):
    """(status, body bytes, seconds) of one GET on a fresh loopback connection: the time from
    connecting to the last byte of the body, as a client with nothing else to do sees it."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout_s)
    try:
        conn.request("GET", path, headers={"Accept": "application/json"})
        reply = conn.getresponse()
        body = reply.read()
        seconds = time.perf_counter() - started
        return reply.status, body, seconds
    except (OSError, http.client.HTTPException) as e:
        raise BenchError(f"GET {path} on port {port} failed: {e}") from e
    finally:
        conn.close()


class KeepAliveClient:
    """One keep-alive HTTP/1.1 connection to a worker, for many requests in a row (creating
    connectors one by one); reconnects after an error. request() returns (status, body text),
    or (None, reason) when no answer came."""

    def __init__(self, port, timeout_s=120.0):
        self.port = port
        self.timeout_s = timeout_s
        self.conn = None

    def request(self, method, path, body=None):
        headers = {"Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout_s)
            self.conn.request(method, path, body=body, headers=headers)
            reply = self.conn.getresponse()
            text = reply.read().decode("utf-8", "replace")
            if reply.getheader("Connection", "").lower() == "close":
                self.close()
            return reply.status, text
        except (OSError, http.client.HTTPException) as e:
            self.close()
            return None, str(e)

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None
