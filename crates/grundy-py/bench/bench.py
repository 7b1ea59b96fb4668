"""Speed and memory of the Python package against the CLI and the built-in rulesets.

    python crates/grundy-py/bench/bench.py [--grundy target/release/grundy] [--quick] [--census]

1. `grundy.seq("saliquant", 10**7)` against the same computation in the CLI: the
   library's own timing (`grundy bench arith/seq-1e7/saliquant`, the dense sequence in
   a child process) and the whole command `grundy seq saliquant --to 10000000` (with
   printing). Requirement: Python within 1.1× of the CLI's computation.
2. A subtraction game written in Python, `lambda n: [n - s for s in S if s <= n]`, to
   10^6 (requirement: under 5 s) and its ratio to the built-in `subtraction[S]`.
3. Peak memory (max RSS of a fresh child process) of `grundy.seq` for 10^8 values,
   against the 400 MB of the values themselves (uint32): the table is handed to numpy
   without a copy.
4. With ``--census`` (needs ``dask[distributed]``): ``grundy.census("octal:2",
   to=2**16)`` through a two-worker ``LocalCluster`` (one thread each) against the same
   census on one core (``jobs=1``), and ``jobs=2`` on this machine. Requirement (issue
   24): ≥ 1.6× for the cluster over one core on two cores.

Times are the best of three runs (the saliquant runs interleaved with the CLI's);
compare ratios, not seconds, since the machine's load changes them.
"""

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

import grundy


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def cli_library_seconds(exe):
    out = subprocess.run(
        [exe, "bench", "arith/seq-1e7/saliquant", "--format", "json"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out)[0]["target_seconds"]


def cli_command_seconds(exe, runs=3):
    def once():
        with open(os.devnull, "w") as null:
            subprocess.run([exe, "seq", "saliquant", "--to", "10000000"], check=True, stdout=null)

    return best(once, runs)


# The peak resident memory of this process (VmHWM; ru_maxrss would include the parent's
# peak, which survives exec on Linux).
CHILD_MEMORY = """
import sys, grundy
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
before = peak()
a = grundy.seq("subtraction[1,3,4]", int(sys.argv[1]) - 1)
after = peak()
print(before, after, a.nbytes, a.dtype, a.size)
"""


def peak_memory(n):
    out = subprocess.run([sys.executable, "-c", CHILD_MEMORY, str(n)], check=True, capture_output=True, text=True)
    before, after, nbytes, dtype, size = out.stdout.split()
    return int(before), int(after), int(nbytes), dtype, int(size)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--grundy", default="target/release/grundy", help="the release CLI binary")
    ap.add_argument("--quick", action="store_true", help="10^6 values for the memory check")
    ap.add_argument("--census", action="store_true", help="only the census on a Dask LocalCluster")
    a = ap.parse_args()
    mib = 1 << 20
    if a.census:
        census_bench()
        return

    print("== 1. seq saliquant to 10^7")
    grundy.seq("saliquant", 10**6)  # warm-up
    # Interleaved, so that a change of the machine's load hits both sides alike.
    py, lib, cmd = [], [], []
    for _ in range(3):
        py.append(best(lambda: grundy.seq("saliquant", 10**7), 1))
        lib.append(cli_library_seconds(a.grundy))
        cmd.append(cli_command_seconds(a.grundy, 1))
    py, lib, cmd = min(py), min(lib), min(cmd)
    print(f"python grundy.seq: {py:.2f} s")
    print(f"CLI computation (grundy bench arith/seq-1e7/saliquant): {lib:.2f} s  -> ratio {py / lib:.3f}")
    print(f"CLI command (grundy seq saliquant --to 10000000 > /dev/null): {cmd:.2f} s  -> ratio {py / cmd:.3f}")

    print("== 2. a subtraction game written in Python, to 10^6")
    S = (1, 3, 4)
    sub = grundy.HeapRuleset("bench-sub", lambda n: [n - s for s in S if s <= n])
    t_py = best(lambda: grundy.seq(sub, 10**6))
    t_builtin = best(lambda: grundy.seq("subtraction[1,3,4]", 10**6))
    same = np.array_equal(grundy.seq(sub, 10**6), grundy.seq("subtraction[1,3,4]", 10**6))
    print(f"Python ruleset: {t_py:.2f} s; built-in subtraction[1,3,4]: {t_builtin:.4f} s; ratio {t_py / t_builtin:.0f}; same values: {same}")

    n = 10**6 if a.quick else 10**8
    print(f"== 3. peak memory of grundy.seq for {n:.0e} values")
    before, after, nbytes, dtype, size = peak_memory(n)
    print(
        f"{size} values ({dtype}, {nbytes / mib:.0f} MiB): max RSS {before / mib:.0f} MiB after import, "
        f"{after / mib:.0f} MiB after seq; growth {(after - before) / mib:.0f} MiB = {(after - before) / nbytes:.2f} × the array"
    )


def census_bench():
    from dask.distributed import Client, LocalCluster

    print("== 4. census octal:2 to 2^16: a two-worker LocalCluster against one core")
    one = best(lambda: grundy.census("octal:2", to=1 << 16, jobs=1), 1)
    two = best(lambda: grundy.census("octal:2", to=1 << 16, jobs=2), 1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            client.run(lambda: grundy.census("octal:1", to=64))  # warm the workers
            dask = best(lambda: grundy.census("octal:2", to=1 << 16, client=client), 1)
    print(f"jobs=1: {one:.2f} s; jobs=2: {two:.2f} s (ratio {one / two:.2f}); LocalCluster(2): {dask:.2f} s (ratio {one / dask:.2f})")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
