#!/usr/bin/env python3
"""The quick variant of the benchmark's scale case, as a cluster test (ctest scale_quick_test):
100 FileStreamSource connectors on 3 `copycat distributed` workers, created by 8 concurrent
clients, through the whole scenario of bench_scale.py (all RUNNING, every worker's listing the
same, SIGKILL of all 3 and 3 fresh workers, a 4th worker). It asserts only correctness: every
step raises when a connector or task is not RUNNING, a count is off or a worker's view differs.
The figures are printed, not asserted.

  scale_quick_test.py <build-dir> [connectors]     (needs COPYCAT_BOOTSTRAP_SERVERS)
"""

import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_cases  # noqa: E402
import bench_scale  # noqa: E402
from bench_procs import BenchError, WorkerProcess  # noqa: E402
from bench_systems import CopycatSystem  # noqa: E402


def main(argv):
    if len(argv) < 1 or not os.environ.get("COPYCAT_BOOTSTRAP_SERVERS"):
        print(__doc__, file=sys.stderr)
        return 2
    build_dir = os.path.abspath(argv[0])
    connectors = int(argv[1]) if len(argv) > 1 else 100
    workdir = tempfile.mkdtemp(prefix="copycat-scale-quick.")
    ok = False
    try:
        ctx = bench_cases.Context(bootstrap=os.environ["COPYCAT_BOOTSTRAP_SERVERS"], workdir=workdir,
                                  tool=os.path.join(build_dir, "integration-tests", "bench", "copycat-bench-kafka"))
        settings = bench_scale.ScaleSettings(connectors=connectors, idle_wait_s=0.0, idle_window_s=1.0,
                                             wrk_seconds=2.0, settle_s=2.0)
        figures = bench_scale.scale(CopycatSystem(build_dir), ctx, settings, 0)
        for key, value in figures.items():
            print(f"{key}: {value:.3f}" if isinstance(value, float) else f"{key}: {value}")
        if "problem" in figures:
            raise BenchError(figures["problem"])
        if figures["tasks_on_newcomer"] < 1:
            raise BenchError("the 4th worker runs no task")
        ok = True
    except BenchError as e:
        print(f"FAILED: {e}", file=sys.stderr)
    finally:
        WorkerProcess.kill_all()
        if ok:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"kept the worker logs in {workdir}", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
