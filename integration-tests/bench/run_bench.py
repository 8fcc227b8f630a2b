#!/usr/bin/env python3
"""Copycat beside Apache Kafka Connect (Java) on the same broker, in one run.

  run_bench.py --build-dir DIR --kafka-lib DIR [--bootstrap HOST:PORT] [options]

(deploy/bench.sh builds Copycat, starts one broker and calls this.) The cases, each run --reps
times per system, alternating Copycat, Java, Copycat, Java, ... with fresh worker processes:

  limit      librdkafka alone producing the same records to the same broker (copycat-bench-kafka):
             the physical limit the pipelines are compared with
  pipeline   --records lines of --record-bytes through FileStreamSource -> topic -> FileStreamSink,
             one task each, standalone worker: wall time from connector creation to the last
             line in the sink file, records/s, worker CPU seconds (/proc), peak RSS (VmHWM)
  eos        --records lines through FileStreamSource -> topic, one task, a one-worker distributed
             cluster with exactly.once.source.support=disabled, then =enabled (the connector with
             exactly.once.support=required; transaction.boundary=poll, the default): wall time from
             connector creation until a read_committed consumer saw every line, records/s, worker
             CPU seconds, records per CPU-second, and EOS on / off of each system's pair of runs
  startup    standalone and distributed worker with no connectors: process start -> GET /health
             200, CPU seconds until then, RSS 10 s after start (idle footprint)
  rebalance  3 distributed workers, one connector with 6 tasks: SIGTERM (then, after a
             replacement joined, SIGKILL) of a non-leader worker -> all 6 tasks RUNNING on the
             survivors, as GET /connectors/<c>/status on a survivor shows it
  rest       standalone worker, --rest-connectors (1,000) idle FileStreamSource connectors with
             one task each on an empty file, created one by one with PUT /connectors/<c>/config:
             seconds to create them and until all are RUNNING, worker RSS and idle CPU with them;
             GET /connectors?expand=status unloaded (median of 10, fresh connection each) and
             under `wrk -t2 -c16 -d<--wrk-seconds>s --latency` (p50/p99 latency, requests/s,
             response size, worker CPU meanwhile; wrk runs on the same 2 cores as the worker);
             SIGTERM -> exit with all of them
  scale      3 distributed workers, --scale-connectors (1,000) idle FileStreamSource connectors
             created by 8 concurrent clients: first PUT -> all RUNNING, idle CPU of the 3 workers
             30 s later, threads per worker (0 connectors / N), RSS of the 3, wrk on
             GET /connectors?expand=status, SIGKILL of all 3 -> 3 fresh workers -> all RUNNING,
             a 4th worker -> assignment settled (tasks moved, others restarted); every step also
             checks that every worker's listing shows all N RUNNING (bench_scale.py); run
             --scale-reps (1) times per system, not --reps

Both systems get the same worker.properties (converters, offset.flush.interval.ms=10000,
internal topics with Kafka's default partition counts, scheduled.rebalance.max.delay.ms=0 so
that lost tasks are reassigned at once instead of after Kafka's 5-minute grace period; session
timeouts are the defaults) and the same connector configs (Kafka's FileStream connector classes;
for the rest case FileStreamSource on an empty file, whose idle task waits 1 s for data per poll
in both, where the test probe's Copycat task wakes every 10 ms;
for the rebalance, org.copycat.test.TaskProbeSourceConnector, which exists as a Copycat test
plugin and as a Java twin compiled here from java/).

Output: the table (Markdown) on stdout, JSON with every run and the machine/versions/load in
--out, the table with its notes in --markdown. Exit status 1 when a case failed or a pipeline
lost a record, or wrk saw errors (--quick checks only that: one small run of every case, the rest
case with 20 connectors and a 2 s wrk run; figures not asserted).
"""

import argparse
import datetime
import json
import os
import shlex
import signal
import statistics
import sys
import tempfile
import shutil
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_cases  # noqa: E402
import bench_report  # noqa: E402
import bench_scale  # noqa: E402
from bench_procs import BenchError, WorkerProcess  # noqa: E402
from bench_systems import JAVA_FLAGS, CopycatSystem, JavaSystem, compile_java_twins  # noqa: E402

CASES = ["limit", "pipeline", "eos", "startup", "rebalance", "rest", "scale"]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build-dir", help="Copycat build dir (copycat, plugins, copycat-bench-kafka)")
    p.add_argument("--kafka-lib", help="Kafka's jar dir (deploy/kafka/kafka.sh lib-dir)")
    p.add_argument("--bootstrap", default=os.environ.get("COPYCAT_BOOTSTRAP_SERVERS"),
                   help="broker address (default: $COPYCAT_BOOTSTRAP_SERVERS)")
    p.add_argument("--quick", action="store_true",
                   help="one small run of every case (20,000 records, 2 s idle wait, 20 connectors and "
                        "2 s of wrk); asserts delivery only")
    p.add_argument("--records", type=int, help="lines through the file pipeline (default 1,000,000)")
    p.add_argument("--record-bytes", type=int, default=100, help="bytes per line without the newline")
    p.add_argument("--reps", type=int, help="runs per case and system (default 3)")
    p.add_argument("--converter", choices=["string", "json"], default="string",
                   help="key/value converters of both systems: StringConverter, or JsonConverter with schemas")
    p.add_argument("--cases", default=",".join(CASES), help="comma-separated subset of " + ",".join(CASES))
    p.add_argument("--systems", default="copycat,java", help="comma-separated subset of copycat,java")
    p.add_argument("--idle-after", type=float, help="seconds after start to read idle RSS (default 10)")
    p.add_argument("--rest-connectors", type=int, help="connectors of the rest case (default 1,000; --quick 20)")
    p.add_argument("--scale-connectors", type=int, help="connectors of the scale case (default 1,000; --quick 20)")
    p.add_argument("--scale-reps", type=int, default=1,
                   help="runs of the scale case per system (default 1: about 10 minutes each with 1,000)")
    p.add_argument("--wrk-seconds", type=float, help="duration of the rest case's wrk run (default 15; --quick 2)")
    p.add_argument("--out", help="JSON results file")
    p.add_argument("--markdown", help="Markdown file for the table and its notes")
    p.add_argument("--command", help="the command line to quote in the Markdown (default: this one)")
    p.add_argument("--workdir", help="where runs put their files (default: a temp dir, removed at the end)")
    p.add_argument("--keep-workdir", action="store_true", help="keep the work dir (worker logs) at the end")
    p.add_argument("--report", metavar="JSON", help="only print (and --markdown) the table of an earlier results file")
    args = p.parse_args(argv)
    if args.report:
        return args
    args.records = args.records or (20_000 if args.quick else 1_000_000)
    args.reps = args.reps or (1 if args.quick else 3)
    args.idle_after = args.idle_after if args.idle_after is not None else (2.0 if args.quick else 10.0)
    args.rest_connectors = args.rest_connectors or (20 if args.quick else 1000)
    args.scale_connectors = args.scale_connectors or (20 if args.quick else 1000)
    args.wrk_seconds = args.wrk_seconds or (2.0 if args.quick else 15.0)
    args.cases = [c for c in args.cases.split(",") if c]
    args.systems = [s for s in args.systems.split(",") if s]
    unknown = set(args.cases) - set(CASES)
    if unknown:
        p.error(f"unknown case(s): {', '.join(sorted(unknown))}")
    if not args.build_dir or not args.kafka_lib:
        p.error("--build-dir and --kafka-lib are required")
    if not args.bootstrap:
        p.error("no broker: pass --bootstrap or set COPYCAT_BOOTSTRAP_SERVERS (deploy/bench.sh starts one)")
    return args


def say(text):
    print(f"run_bench: {text}", file=sys.stderr, flush=True)


def record(runs, case, system, rep, measure):
    """Runs one measurement; stores its figures (or its error) with the load at its start."""
    load1 = os.getloadavg()[0]
    started = time.monotonic()
    try:
        figures = measure()
        figures["load1_at_start"] = load1
        say(f"{case} {system} #{rep + 1}: " + ", ".join(
            f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in figures.items()))
    except BenchError as e:
        figures = {"error": str(e), "load1_at_start": load1}
        say(f"{case} {system} #{rep + 1} FAILED after {time.monotonic() - started:.0f} s: {e}")
    runs.setdefault(case, {}).setdefault(system, []).append(figures)


def run_all(args, ctx, systems, runs):
    order = [systems[name] for name in args.systems]
    if "limit" in args.cases:
        for rep in range(args.reps):
            record(runs, "limit", "librdkafka", rep, lambda: bench_cases.producer_limit(ctx, rep))
    if "pipeline" in args.cases:
        for rep in range(args.reps):
            for system in order:
                record(runs, "pipeline", system.name, rep, lambda: bench_cases.file_pipeline(system, ctx, rep))
    if "eos" in args.cases:
        for rep in range(args.reps):
            for eos in ("disabled", "enabled"):
                for system in order:
                    record(runs, f"source-eos-{eos}", system.name, rep,
                           lambda: bench_cases.source_eos(system, ctx, eos, rep))
    if "startup" in args.cases:
        for mode in ("standalone", "distributed"):
            for rep in range(args.reps):
                for system in order:
                    record(runs, f"startup-{mode}", system.name, rep,
                           lambda: bench_cases.startup(system, ctx, mode, rep))
    if "rebalance" in args.cases:
        for rep in range(args.reps):
            for system in order:
                record(runs, "rebalance", system.name, rep, lambda: bench_cases.rebalance(system, ctx, rep))
    if "rest" in args.cases:
        for rep in range(args.reps):
            for system in order:
                record(runs, "rest", system.name, rep, lambda: bench_cases.rest_listing(system, ctx, rep))
    if "scale" in args.cases:
        settings = scale_settings(args)
        for rep in range(args.scale_reps):
            for system in order:
                record(runs, "scale", system.name, rep, lambda: bench_scale.scale(system, ctx, settings, rep))


def scale_settings(args):
    """The scale case's settings: --quick waits 1 s instead of 30 before reading idle CPU."""
    return bench_scale.ScaleSettings(connectors=args.scale_connectors, wrk_seconds=args.wrk_seconds,
                                     idle_wait_s=1.0 if args.quick else 30.0,
                                     idle_window_s=1.0 if args.quick else 10.0,
                                     settle_s=2.0 if args.quick else 5.0)


def add_share_of_limit(runs):
    limits = [r["records_per_second"] for r in runs.get("limit", {}).get("librdkafka", []) if "error" not in r]
    if not limits:
        return
    limit = statistics.median(limits)
    for per_system in runs.get("pipeline", {}).values():
        for r in per_system:
            if "records_per_second" in r:
                r["share_of_limit"] = r["records_per_second"] / limit


def add_eos_cost(runs):
    """Per system and run i: EOS-enabled ÷ EOS-disabled throughput and CPU per record of run i."""
    off, on = runs.get("source-eos-disabled", {}), runs.get("source-eos-enabled", {})
    runs.pop("source-eos-cost", None)
    for system in set(off) & set(on):
        costs = []
        for a, b in zip(off[system], on[system]):
            if "error" in a or "error" in b or not a.get("cpu_seconds") or not b.get("cpu_seconds"):
                costs.append({})
                continue
            costs.append({"throughput_on_off": b["records_per_second"] / a["records_per_second"],
                          "cpu_on_off": b["cpu_seconds"] / a["cpu_seconds"]})
        runs.setdefault("source-eos-cost", {})[system] = costs


def failures(runs):
    """Every failed run, every pipeline/limit run that did not deliver every record, and every
    run with a problem noted (the rest case: wrk saw errors)."""
    found = []
    for case, per_system in runs.items():
        for system, results in per_system.items():
            for rep, r in enumerate(results):
                if "error" in r:
                    found.append(f"{case} {system} #{rep + 1}: {r['error'].splitlines()[0]}")
                elif r.get("all_delivered") is False:
                    found.append(f"{case} {system} #{rep + 1}: delivered {r.get('delivered')} records")
                elif "problem" in r:
                    found.append(f"{case} {system} #{rep + 1}: {r['problem'].splitlines()[0]}")
    return found


def main(argv):
    args = parse_args(argv)
    if args.report:
        return rerender(args.report, args.markdown)
    started = time.monotonic()
    workdir = args.workdir or tempfile.mkdtemp(prefix="copycat-bench.")
    os.makedirs(workdir, exist_ok=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    meta = {"command": args.command or " ".join(shlex.quote(a) for a in [sys.argv[0]] + argv),
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "machine": bench_report.machine(), "load_start": bench_report.load()}
    runs = {}
    try:
        tool = os.path.join(args.build_dir, "integration-tests", "bench", "copycat-bench-kafka")
        if not os.path.exists(tool):
            raise BenchError(f"{tool} is missing: build the target copycat-bench-kafka")
        probe = compile_java_twins(os.path.join(HERE, "java"), args.kafka_lib, os.path.join(workdir, "java-probe"))
        systems = {"copycat": CopycatSystem(args.build_dir), "java": JavaSystem(args.kafka_lib, probe, workdir)}
        meta["versions"] = bench_report.versions(systems["copycat"], systems["java"], args.build_dir,
                                                 os.path.dirname(os.path.dirname(HERE)))
        input_file = os.path.join(workdir, "input.txt")
        input_bytes = 0
        if {"limit", "pipeline", "eos"} & set(args.cases):  # only they read it
            input_bytes = bench_cases.write_input(input_file, args.records, args.record_bytes)
        ctx = bench_cases.Context(bootstrap=args.bootstrap, workdir=workdir, tool=tool, input_file=input_file,
                                  records=args.records, input_bytes=input_bytes, converter=args.converter,
                                  idle_after_s=args.idle_after, rest_connectors=args.rest_connectors,
                                  wrk_seconds=args.wrk_seconds,
                                  idle_cpu_window_s=1.0 if args.quick else 5.0)
        meta["settings"] = {"records": args.records, "record_bytes": args.record_bytes, "reps": args.reps,
                            "converter": args.converter, "cases": args.cases, "systems": args.systems,
                            "idle_after_seconds": args.idle_after, "quick": args.quick,
                            "rest_connectors": args.rest_connectors, "scale_connectors": args.scale_connectors,
                            "wrk_seconds": args.wrk_seconds,
                            "wrk_threads": ctx.wrk_threads, "wrk_connections": ctx.wrk_connections,
                            "rest_stop_deadline_seconds": ctx.rest_stop_deadline_s,
                            "java_flags": " ".join(JAVA_FLAGS),
                            "bootstrap": args.bootstrap}
        say(f"work dir {workdir}; {args.records:,} records ({input_bytes:,} bytes), {args.reps} run(s) per case; "
            f"load {os.getloadavg()[0]:.1f}")
        run_all(args, ctx, systems, runs)
    except BenchError as e:
        say(f"cannot run: {e}")
        return 1
    finally:
        WorkerProcess.kill_all()
        if not args.keep_workdir and not args.workdir:
            shutil.rmtree(workdir, ignore_errors=True)
        elif args.keep_workdir:
            say(f"kept work dir {workdir}")

    meta["load_end"] = bench_report.load()
    meta["seconds"] = time.monotonic() - started
    return report(meta, runs, args.out, args.markdown)


def report(meta, runs, out=None, markdown=None):
    """Prints the table and its notes, writes the JSON and Markdown files; returns the exit
    status (1 when a run failed or lost records)."""
    add_share_of_limit(runs)
    add_eos_cost(runs)
    loads = [r["load1_at_start"] for per_system in runs.values() for results in per_system.values() for r in results
             if "load1_at_start" in r]
    if loads:
        meta["load1_at_run_starts"] = {"min": min(loads), "median": statistics.median(loads), "max": max(loads)}
    rows = bench_report.summarise(runs, meta["settings"])
    text = bench_report.table(rows, meta["versions"]["kafka_connect"])
    notes = bench_report.describe(meta)
    print(text)
    print()
    print(notes)
    if out:
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out, "w") as f:
            json.dump({"meta": meta, "summary": rows, "runs": runs}, f, indent=2)
        say(f"wrote {out}")
    if markdown:
        with open(markdown, "w") as f:
            f.write(f"Measured {meta['date'][:10]} with `{meta['command']}` "
                    f"({meta['seconds'] / 60:.0f} min).\n\n{text}\n\n{notes}\n")
        say(f"wrote {markdown}")
    problems = failures(runs)
    for p in problems:
        say(f"FAILED: {p}")
    say(f"done in {meta['seconds']:.0f} s")
    return 1 if problems else 0


def rerender(path, markdown):
    """--report: the table and notes of an earlier results file, with this version's layout."""
    with open(path) as f:
        results = json.load(f)
    return report(results["meta"], results["runs"], None, markdown)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
