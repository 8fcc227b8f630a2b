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
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_scale  # noqa: E402


def main(argv):
    if len(argv) < 1 or not os.environ.get("COPYCAT_BOOTSTRAP_SERVERS"):
        print(__doc__, file=sys.stderr)
        return 2
    build_dir = os.path.abspath(argv[0])
    connectors = int(argv[1]) if len(argv) > 1 else 100

    def measure(system, ctx):
        settings = bench_scale.ScaleSettings(connectors=connectors, idle_wait_s=0.0, idle_window_s=1.0,
                                             wrk_seconds=2.0, settle_s=2.0)
        figures = bench_scale.scale(system, ctx, settings, 0)
        if "problem" not in figures and figures["tasks_on_newcomer"] < 1:
            figures["problem"] = "the 4th worker runs no task"
        return figures

    return bench_scale.run_on_copycat(build_dir, "copycat-scale-quick.", measure)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
