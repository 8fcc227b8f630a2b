"""Summaries of benchmark runs: the machine and versions, median/min/max per system, the
Copycat/Java ratio per pair of runs, and the table (Markdown) printed and put in docs/benchmarks.md."""

import os
import platform
import statistics
import subprocess
import time

from bench_systems import java_label

# (case key, figure key, row label, unit) of the two-system rows of the table.
ROWS = [
    ("pipeline", "seconds", "File pipeline: wall time", "s"),
    ("pipeline", "records_per_second", "File pipeline: throughput", "records/s"),
    ("pipeline", "cpu_seconds", "File pipeline: worker CPU", "CPU-s"),
    ("pipeline", "peak_rss_mb", "File pipeline: worker peak RSS", "MiB"),
    ("pipeline", "share_of_limit", "File pipeline: share of librdkafka's produce rate", "×"),
    ("source-eos-disabled", "records_per_second", "File source → Kafka, EOS disabled: throughput", "records/s"),
    ("source-eos-disabled", "cpu_seconds", "File source → Kafka, EOS disabled: worker CPU", "CPU-s"),
    ("source-eos-disabled", "records_per_cpu_second", "File source → Kafka, EOS disabled: records per CPU-second",
     "records/CPU-s"),
    ("source-eos-enabled", "records_per_second", "File source → Kafka, EOS enabled: throughput", "records/s"),
    ("source-eos-enabled", "cpu_seconds", "File source → Kafka, EOS enabled: worker CPU", "CPU-s"),
    ("source-eos-enabled", "records_per_cpu_second", "File source → Kafka, EOS enabled: records per CPU-second",
     "records/CPU-s"),
    ("source-eos-enabled", "peak_rss_mb", "File source → Kafka, EOS enabled: worker peak RSS", "MiB"),
    ("source-eos-cost", "throughput_on_off", "File source → Kafka: throughput EOS enabled ÷ disabled", "×"),
    ("source-eos-cost", "cpu_on_off", "File source → Kafka: worker CPU EOS enabled ÷ disabled", "×"),
    ("startup-standalone", "ready_seconds", "Start-up, standalone: start → /health 200", "s"),
    ("startup-standalone", "cpu_seconds_to_ready", "Start-up, standalone: CPU until ready", "CPU-s"),
    ("startup-standalone", "idle_rss_mb", "Idle RSS, standalone ({idle:g} s after start)", "MiB"),
    ("startup-distributed", "ready_seconds", "Start-up, distributed: start → /health 200", "s"),
    ("startup-distributed", "cpu_seconds_to_ready", "Start-up, distributed: CPU until ready", "CPU-s"),
    ("startup-distributed", "idle_rss_mb", "Idle RSS, distributed ({idle:g} s after start)", "MiB"),
    ("rebalance", "sigterm_seconds", "Rebalance: SIGTERM of 1 of 3 workers → 6 tasks RUNNING", "s"),
    ("rebalance", "sigkill_seconds", "Rebalance: SIGKILL of 1 of 3 workers → 6 tasks RUNNING", "s"),
    ("rest", "create_seconds", "REST, {connectors:,} connectors: create them one by one (PUT …/config)", "s"),
    ("rest", "running_seconds", "REST, {connectors:,} connectors: first PUT → all tasks RUNNING", "s"),
    ("rest", "rss_mb", "REST, {connectors:,} connectors: worker RSS with all running", "MiB"),
    ("rest", "idle_cpu_percent", "REST, {connectors:,} connectors: worker CPU while they idle", "% of a core"),
    ("rest", "response_kib", "REST: GET /connectors?expand=status response size", "KiB"),
    ("rest", "single_ms", "REST: GET /connectors?expand=status, one request, no load", "ms"),
    ("rest", "wrk_requests_per_second", "REST: same GET under wrk -t{wrk_threads} -c{wrk_connections}: throughput",
     "requests/s"),
    ("rest", "wrk_p50_ms", "REST: same GET under wrk: p50 latency", "ms"),
    ("rest", "wrk_p99_ms", "REST: same GET under wrk: p99 latency", "ms"),
    ("rest", "wrk_worker_cpu_percent", "REST: worker CPU during the wrk run", "% of a core"),
    ("rest", "stop_seconds", "REST, {connectors:,} connectors: SIGTERM → worker exited", "s"),
    ("scale", "create_seconds", "Scale, 3 workers, {scale:,} connectors: 8 clients create them (PUT …/config)", "s"),
    ("scale", "running_seconds", "Scale: first PUT → all {scale:,} connectors and tasks RUNNING", "s"),
    ("scale", "idle_cpu_percent", "Scale: idle CPU of the 3 workers, 30 s after all RUNNING", "% of a core"),
    ("scale", "threads_idle_worker", "Scale: threads per worker, 0 connectors (max of 3)", "threads"),
    ("scale", "threads_worker", "Scale: threads per worker, {scale:,} connectors (max of 3)", "threads"),
    ("scale", "rss_mb", "Scale: RSS of the 3 workers, {scale:,} connectors", "MiB"),
    ("scale", "metrics_ms_median", "Scale: GET /metrics of one worker, one request, no load: median of 10", "ms"),
    ("scale", "metrics_kb", "Scale: GET /metrics response size (one worker)", "KiB"),
    ("scale", "wrk_p99_ms", "Scale: GET /connectors?expand=status, wrk -c16: p99 latency", "ms"),
    ("scale", "wrk_requests_per_second", "Scale: same GET under wrk -c16: throughput", "requests/s"),
    ("scale", "restart_seconds", "Scale: SIGKILL all 3, start 3 fresh → all RUNNING on them", "s"),
    ("scale", "grow_seconds", "Scale: 4th worker healthy → assignment settled, all RUNNING", "s"),
    ("scale", "tasks_moved", "Scale: tasks moved by the 4th worker's arrival", "tasks"),
    ("scale", "tasks_restarted_not_moved", "Scale: tasks restarted without moving", "tasks"),
]


def _run(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return (out.stdout or out.stderr).strip()


def machine():
    info = {"cores": os.cpu_count(), "kernel": platform.release(), "python": platform.python_version()}
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                info["memory_gib"] = round(int(line.split()[1]) / 1024 / 1024, 1)
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    return info


def load():
    """The load averages and `uptime`'s line: other work on the machine skews every figure."""
    one, five, fifteen = os.getloadavg()
    return {"at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "load1": one, "load5": five, "load15": fifteen,
            "uptime": _run(["uptime"])}


def versions(copycat, java, build_dir, source_dir):
    build_type = ""
    cache = os.path.join(build_dir, "CMakeCache.txt")
    if os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    build_type = line.split("=", 1)[1].strip()
    commit = _run(["git", "-C", source_dir, "rev-parse", "--short=12", "HEAD"])
    dirty = _run(["git", "-C", source_dir, "status", "--porcelain", "--untracked-files=no"])
    return {"copycat": copycat.version(), "copycat_build_type": build_type,
            "git_commit": commit + ("+uncommitted changes" if dirty else ""),
            "kafka_connect": java.kafka_version(), "java": java.java_version(),
            "librdkafka": _run(["pkg-config", "--modversion", "rdkafka"])}


# Figures a run may lack because the clock was stopped: (figure, the key that holds the limit).
CENSORED = {"stop_seconds": "stop_killed_after_seconds"}


def _values(runs, case, system, key):
    return [r.get(key) for r in runs.get(case, {}).get(system, [])]


def summarise(runs, settings):
    """One entry per table row: per system median/min/max over the successful runs, and the
    Copycat/Java ratio of each pair (runs i of both systems that both succeeded)."""
    rows = []
    for case, key, label, unit in ROWS:
        label = label.format(idle=settings["idle_after_seconds"], connectors=settings.get("rest_connectors", 1000),
                             scale=settings.get("scale_connectors", 1000),
                             wrk_threads=settings.get("wrk_threads", 2),
                             wrk_connections=settings.get("wrk_connections", 16))
        copycat = _values(runs, case, "copycat", key)
        java = _values(runs, case, "java", key)
        if not any(v is not None for v in copycat + java):
            continue
        ratios = [c / j for c, j in zip(copycat, java) if c is not None and j is not None and j != 0]
        rows.append({"case": case, "figure": key, "label": label, "unit": unit,
                     "copycat": _stats(copycat, _censored(runs, case, "copycat", key)),
                     "java": _stats(java, _censored(runs, case, "java", key)),
                     "ratio_per_pair": ratios, "ratio_median": statistics.median(ratios) if ratios else None})
    limit = [r.get("records_per_second") for r in runs.get("limit", {}).get("librdkafka", [])]
    if any(v is not None for v in limit):
        rows.append({"case": "limit", "figure": "records_per_second",
                     "label": "librdkafka alone: produce rate, same records (the limit)", "unit": "records/s",
                     "librdkafka": _stats(limit)})
    return rows


def _censored(runs, case, system, key):
    """The limits of the runs that lack `key` because it exceeded one (e.g. killed after 60 s)."""
    if key not in CENSORED:
        return []
    return [r[CENSORED[key]] for r in runs.get(case, {}).get(system, [])
            if r.get(key) is None and r.get(CENSORED[key]) is not None]


def _stats(values, censored=()):
    if not values and not censored:
        return {"n": 0, "runs": 0}  # the system was not run (--systems)
    ok = [v for v in values if v is not None]
    if not ok and not censored:
        return None
    stats = {"n": len(ok), "runs": len(values)}
    if ok:
        stats.update({"median": statistics.median(ok), "min": min(ok), "max": max(ok)})
    if censored:
        stats["over_limit"] = list(censored)
    return stats


def _num(v):
    if v is None:
        return "–"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    if abs(v) >= 100:
        return f"{v:.0f}"
    if abs(v) >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def _cell(stats):
    if not stats:
        return "failed"
    if not stats["runs"]:
        return "not run"
    over = stats.get("over_limit", [])
    if not stats["n"]:
        text = f"> {_num(min(over))} (killed)"
        failed = stats["runs"] - len(over)
        return text + (f" [{failed} failed]" if failed else "")
    text = _num(stats["median"])
    if stats["runs"] > 1:
        text += f" ({_num(stats['min'])}–{_num(stats['max'])})"
    if over:
        text += f" [{len(over)} killed after {_num(min(over))}]"
    if stats["n"] + len(over) < stats["runs"]:
        text += f" [{stats['runs'] - stats['n'] - len(over)} failed]"
    return text


def table(rows, kafka_release):
    """The Markdown table: median (min–max) per system and the Copycat/Java ratio per pair."""
    lines = [f"| Measurement | Unit | Copycat | {java_label(kafka_release)} (Java) | Copycat / Java, per pair |",
             "|---|---|---|---|---|"]
    for row in rows:
        if "librdkafka" in row:
            lines.append(f"| {row['label']} | {row['unit']} | {_cell(row['librdkafka'])} | | |")
            continue
        ratios = ", ".join(f"{r:.2f}" for r in row["ratio_per_pair"]) or "–"
        if len(row["ratio_per_pair"]) > 1:
            ratios = f"**{row['ratio_median']:.2f}** ({ratios})"
        lines.append(f"| {row['label']} | {row['unit']} | {_cell(row['copycat'])} | {_cell(row['java'])} | {ratios} |")
    return "\n".join(lines)


def describe(meta):
    """Lines under the table: machine, load, versions, settings."""
    m, v, s = meta["machine"], meta["versions"], meta["settings"]
    loads = " → ".join(f"{l['load1']:.1f}" for l in (meta["load_start"], meta.get("load_end")) if l)
    loads = f"1-minute load average {loads} (start → end of the run)"
    during = meta.get("load1_at_run_starts")
    if during:
        loads += (f", at the start of each measurement median {during['median']:.1f} "
                  f"({during['min']:.1f}–{during['max']:.1f})")
    busy = ""
    if during and during["median"] > m["cores"]:
        busy = " The machine was busy with other work (load above its core count): treat small differences as noise."
    return "\n".join([
        f"Machine: {m['cores']} cores ({m.get('cpu', '?')}), {m.get('memory_gib', '?')} GiB, {m.get('os', '')} "
        f"(kernel {m['kernel']}); {loads}.{busy}",
        f"Versions: {v['copycat']} ({v['copycat_build_type']} build; source tree {v['git_commit']}); "
        f"Apache Kafka Connect "
        f"{v['kafka_connect']} on {v['java']}; librdkafka {v['librdkafka']}; one local Kafka "
        f"{v['kafka_connect']} broker (KRaft, deploy/kafka/kafka.sh) for everything.",
        f"Settings: {s['records']:,} records × {s['record_bytes']} B, {s['converter']} converters, "
        f"{s['reps']} run(s) per system alternating Copycat, Java, Copycat, Java, …; "
        f"every run starts fresh worker processes. Cells: median (min–max); ratio: Copycat ÷ Java of "
        f"each pair of runs, median in bold.",
        "How: the pipeline clock runs from creating the sink and source connectors (REST, standalone "
        "worker) to the sink file holding every line; CPU is the worker's user+system time over that "
        "span (/proc, 10 ms resolution), peak RSS its VmHWM. Start-up ends at the first 200 from "
        "GET /health; idle RSS is "
        f"read {s['idle_after_seconds']:g} s after start, or at readiness when that came later. "
        "Rebalance: a non-leader worker is signalled; the clock stops when GET /connectors/<c>/status "
        "on a survivor shows all 6 tasks RUNNING on the survivors (default session.timeout.ms 10 s, so "
        "SIGKILL includes its detection; scheduled.rebalance.max.delay.ms=0 on both, otherwise both "
        "would wait 5 min). Both systems use plugin.discovery=service_load (Kafka's own advice; in one "
        "run here its default, a reflective scan of every jar, took 16 s of Java's start-up). "
        f"Java runs with: {s['java_flags']}.",
    ] + ([_describe_eos()] if "eos" in s.get("cases", []) else [])
      + ([_describe_rest(s)] if "rest" in s.get("cases", []) else [])
      + ([_describe_scale(s)] if "scale" in s.get("cases", []) else []))


def _describe_eos():
    return (
        "EOS: the same lines through FileStreamSource alone (tasks.max=1) into a one-partition topic, "
        "on a one-worker distributed cluster (exactly-once source support exists in distributed mode "
        "only) with exactly.once.source.support=disabled, then =enabled with the connector's "
        "exactly.once.support=required (transaction.boundary=poll, Kafka's default: one transaction per "
        "poll() batch of 2,000 lines, with its offsets). The clock runs from creating the connector to a "
        "read_committed consumer (a process of its own, started before) having seen every line; CPU is "
        "the worker's over that span. Enabled ÷ disabled is taken per system and pair of runs.")


def _describe_scale(s):
    return (
        f"Scale: 3 distributed workers of each system (a fresh group and internal topics each) get "
        f"{s.get('scale_connectors', 1000):,} FileStreamSource connectors, tasks.max=1, all reading one empty "
        f"file, created by 8 client threads at once (keep-alive connections spread over the 3 workers; "
        f"followers forward to the leader; 409 is retried after 0.2 s). “All RUNNING” is the first "
        f"GET /connectors?expand=status (polled every 0.5 s on the first worker) showing every connector "
        f"and task RUNNING, and every worker's listing then shows the same. Idle CPU is the 3 workers' "
        f"user+system time over 10 s starting 30 s after that; threads (/proc Threads, the largest of "
        f"the 3) and RSS (sum) are read then. wrk -t{s['wrk_threads']} -c{s['wrk_connections']} "
        f"-d{s['wrk_seconds']:g}s on the first worker. Restart: SIGKILL to all 3, then 3 fresh "
        f"processes; the clock runs from the SIGKILL until every connector and task is RUNNING on a fresh "
        f"worker. 4th worker: from its first GET /health 200 until everything is RUNNING, it hosts tasks, "
        f"and the task → worker map has not changed for 5 s (the time is when that map first showed); "
        f"“moved” counts tasks whose worker changed, “restarted without moving” the “Creating task” "
        f"log lines of the 3 older workers since the 4th started, for tasks that did not move.")


def _describe_rest(s):
    stop = s.get("rest_stop_deadline_seconds", 60)
    return (
        f"REST: a standalone worker (distributed would add a config-topic round trip and a rebalance "
        f"per connector to what is measured here, the REST layer and the herder) gets "
        f"{s['rest_connectors']:,} FileStreamSource connectors, tasks.max=1, all reading one empty file "
        f"(an idle task waits 1 s for data per poll in both), created one after the "
        f"other with PUT /connectors/<c>/config on one keep-alive connection; “all RUNNING” is the first "
        f"GET /connectors?expand=status (polled every 0.5 s) showing every connector and task RUNNING. "
        f"RSS is read then; idle CPU over the next few seconds. The unloaded GET is the median of 10 "
        f"requests on a fresh connection each, 0.1 s apart. Then wrk -t{s['wrk_threads']} "
        f"-c{s['wrk_connections']} -d{s['wrk_seconds']:g}s --latency on the same URL: wrk runs on the "
        f"same {os.cpu_count()} cores as the worker (and the broker), so throughput is what the machine "
        f"gives both together, and the worker's CPU share during the run is shown beside it. Kafka 4.1's "
        f"status entries carry a “version” per connector and task, Copycat's do not (the size "
        f"difference). Last, SIGTERM to the worker; one still running {stop:g} s later is killed "
        f"(“> {stop:g} (killed)”).")
