"""``python -m benchmarks.properties --cases 100000 [--workers 2] [--start SEED] [--times CSV]``

The contract check of tests/test_compressor_contract.py at scale (the same generator and
checker, benchmarks/histories.py), plus a time bound: no case may take more than 20 × the median
time of the cases of its bucket, since a case far slower than its peers is how a quadratic path
shows up. A bucket is the action taken (none / trim / compact: a compaction runs the stages, the
others only parse, so they cannot share a median), the input's total chars by powers of 2 and,
for a compaction, its user messages' chars by powers of 2: the stages read user text whole (named
entities cost ~25 µs a char) and tool results by field, so a history whose 30 k chars are one
user paste is not the peer of one whose 30 k chars are tool JSON.
Wall time is bounded; each outlier also shows its CPU time against the bucket's CPU median, which
tells a slow path (CPU over the bound too) from a pause of the shared machine (CPU within it).
The CPU compared leaves out garbage collections, which are the process's, not the case's (a
full pass walks every cached object, a young one up to 20 ms, and either lands on whichever case
runs): full passes are counted and reported apart. Workers are spawned processes, each building one Compressor, warming both
languages and freezing what that loaded (``gc.freeze``), as the service's workers do.
"""

from __future__ import annotations

import argparse
import gc
import math
import multiprocessing
import statistics
import sys
import time
import traceback
from typing import Any

from benchmarks.histories import run_case

BOUND = 20  # × the bucket's median
_compressor: Any = None


def _init() -> None:
    """Build this worker's Compressor and load each language's models: the first compaction per
    language pays seconds of loading that no case should be charged."""
    global _compressor
    from benchmarks.generate import conversation
    from pipeline import Compressor
    _compressor = Compressor()
    for lang in ("zh", "en"):
        _compressor.compress(conversation(lang, 6), target_chars=200)
    gc.freeze()


# seed, chars, user chars, action, wall s, cpu s, of which garbage collections, of which full
Case = tuple[int, int, int, str, float, float, float, float]


def _one(seed: int) -> tuple[Case, list[str], str | None]:
    """The case's times, its violations, and its traceback or None."""
    try:
        violations, run = run_case(_compressor, seed)
        action = run.result.report["action"]
        return (seed, run.chars, run.user_chars, action, run.wall, run.cpu, run.collector,
                run.full_collections), violations, None
    except Exception:  # noqa: BLE001  any exception on valid input is a finding, kept with its seed
        return (seed, 0, 0, "", 0.0, 0.0, 0.0, 0.0), [], traceback.format_exc()


def _listing(items: list[str], limit: int = 50) -> str:
    more = f"\n  ... and {len(items) - limit} more" if len(items) > limit else ""
    return "".join(f"\n  {item}" for item in items[:limit]) + more


def _p95(values: list[float]) -> float:
    """Nearest rank: a value that was measured, never below the median."""
    return sorted(values)[math.ceil(0.95 * len(values)) - 1]


def _bucket(low_bit: int) -> str:
    return f"[{2 ** low_bit // 2:>6}, {2 ** low_bit:>6})"


def _time_bound(done: list[Case]) -> tuple[list[str], int, int]:
    """One row per bucket: p50/p95/max wall ms and the outliers; each outlier whose CPU time
    is over the bound too is shown with its times, the others (the machine's pauses) by seed
    only, the first 10 (all are in the --times CSV)."""
    buckets: dict[tuple[str, int, int], list[tuple[int, float, float]]] = {}
    for seed, chars, user_chars, action, wall, cpu, collector, _ in done:
        user_bit = user_chars.bit_length() if action == "compact" else 0
        buckets.setdefault((action, chars.bit_length(), user_bit), []).append((seed, wall, cpu - collector))
    rows, outliers, slow_cpu = [], 0, 0
    for (action, bit, user_bit), cases in sorted(buckets.items()):
        walls = [w for _, w, _ in cases]
        wall_median, cpu_median = statistics.median(walls), statistics.median(u for _, _, u in cases)
        slow = sorted((w, s, u) for s, w, u in cases if w > BOUND * wall_median)
        cpu_too = [(w, s, u) for w, s, u in slow if u > BOUND * cpu_median]
        paused = [s for w, s, u in slow if u <= BOUND * cpu_median]
        outliers, slow_cpu = outliers + len(slow), slow_cpu + len(cpu_too)
        row = (f"  {action:<8} {_bucket(bit)}  {_bucket(user_bit) if user_bit else '':<16}  {len(cases):>6}  "
               f"{wall_median * 1000:>8.1f}  {_p95(walls) * 1000:>8.1f}  {max(walls) * 1000:>8.1f}  {len(slow):>4}")
        row += "".join(f"\n      seed {s}: {w * 1000:.0f} ms = {w / wall_median:.0f}x, "
                       f"cpu {u * 1000:.0f} ms = {u / cpu_median:.0f}x the CPU median: over the bound"
                       for w, s, u in cpu_too)
        if paused:
            more = f" and {len(paused) - 10} more" if len(paused) > 10 else ""
            row += (f"\n      wall only (CPU within the bound): seeds "
                    f"{', '.join(map(str, sorted(paused)[:10]))}{more}")
        rows.append(row)
    return rows, outliers, slow_cpu


def main(argv: list[str] | None = None) -> int:
    """Run the cases and print the summary; exit 1 on a violation, an exception or an outlier
    whose CPU time is over the bound too."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.properties",
                                     description=(__doc__ or "").split("\n\n")[1])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--times", help="write seed,chars,user_chars,action,wall_ms,cpu_ms,gc_ms,full_gc_ms of every case to this CSV")
    args = parser.parse_args(argv)
    seeds = range(args.start, args.start + args.cases)
    started = time.perf_counter()
    done: list[Case] = []
    violations: list[tuple[int, list[str]]] = []
    errors: list[tuple[int, str]] = []
    with multiprocessing.get_context("spawn").Pool(args.workers, initializer=_init) as pool:
        for case, bad, error in pool.imap_unordered(_one, seeds, chunksize=8):
            if error:
                errors.append((case[0], error))
            else:
                done.append(case)
            if bad:
                violations.append((case[0], bad))
            if (len(done) + len(errors)) % 5000 == 0:
                print(f"[{time.perf_counter() - started:6.0f} s] {len(done) + len(errors)}/{args.cases} cases, "
                      f"{len(violations)} with violations, {len(errors)} exceptions", flush=True)
    elapsed = time.perf_counter() - started
    if args.times:
        with open(args.times, "w", encoding="utf-8") as out:
            out.write("seed,chars,user_chars,action,wall_ms,cpu_ms,gc_ms,full_gc_ms\n" + "".join(
                f"{s},{c},{uc},{a},{w * 1000:.3f},{u * 1000:.3f},{g * 1000:.3f},{f * 1000:.3f}\n"
                for s, c, uc, a, w, u, g, f in sorted(done)))

    rows, outliers, slow_cpu = _time_bound(done)
    print(f"\ncases: {args.cases} (seeds {seeds.start}..{seeds.stop - 1}), {args.workers} workers, {elapsed:.0f} s")
    print(f"violations: {len(violations)}" + _listing([f"seed {s}: {'; '.join(v)}" for s, v in violations]))
    print(f"exceptions: {len(errors)}" + _listing([f"seed {s}: {e.strip().splitlines()[-1]}" for s, e in errors]))
    if errors:
        print(f"first exception (seed {errors[0][0]}):\n{errors[0][1]}")
    print(f"time bound: no case slower (wall) than {BOUND}x the median of its bucket; times in ms")
    print("  action   chars             user chars          cases       p50       p95       max  outliers")
    print("\n".join(rows))
    print(f"outliers: {outliers} over the bound in wall time, {slow_cpu} of them in CPU time too")
    pauses = sorted(c[7] for c in done if c[7] > 0)
    if pauses:
        print(f"full garbage collections: in {len(pauses)} cases, CPU p50 {statistics.median(pauses) * 1000:.0f} ms, "
              f"max {pauses[-1] * 1000:.0f} ms (these and the young collections are left out of the CPU compared)")
    return 1 if violations or errors or slow_cpu else 0


if __name__ == "__main__":
    sys.exit(main())
