"""The ending the deploy/ checks share: every problem on its own FAIL line, a summary, the exit code."""


def finish(failures, summary):
    for failure in failures:
        print(f"FAIL: {failure}")
    print(f"{summary}, {len(failures)} problems")
    return 1 if failures else 0
