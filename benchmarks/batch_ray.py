"""Local engine vs Ray engine on this machine: throughput, start-up cost, peak memory.

Writes ``--count`` generated agent conversations (``benchmarks.generate``, Chinese and English,
``--turns`` user turns with tool results) to a JSONL file, then runs ``python -m pipeline batch``
over it twice with the default config (all three stages): ``--workers N`` (local) and
``--engine ray --actors N``. For each: wall time, time to the first line written (start-up:
processes, Ray's cluster, model loading), throughput after it, and the peak resident memory of
the whole process tree (sampled every ``--interval`` s: the CLI, its workers; for Ray also
the GCS, raylet and the actors). Checks that both wrote the same set of records.

    python -m benchmarks.batch_ray [--count 400] [--turns 20] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

from benchmarks.batch_memory import MB, count_lines
from benchmarks.generate import conversation

ROOT = Path(__file__).resolve().parent.parent


def tree_rss(process: psutil.Process) -> float:
    total = 0.0
    try:
        members = [process, *process.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    for member in members:
        try:
            total += member.memory_info().rss / MB
        except psutil.NoSuchProcess:
            continue
    return total


def run(command: list[str], output: Path, interval: float) -> dict[str, Any]:
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    process = psutil.Process(child.pid)
    peak, first = 0.0, None

    def drain() -> None:  # Ray logs to stderr: read it so the pipe never blocks the run
        assert child.stderr is not None
        for _ in child.stderr:
            pass

    threading.Thread(target=drain, daemon=True).start()
    while child.poll() is None:
        peak = max(peak, tree_rss(process))
        if first is None and output.exists() and output.stat().st_size > 0:
            first = time.perf_counter() - started
        time.sleep(interval)
    wall = time.perf_counter() - started
    return {"wall_s": round(wall, 2), "startup_s": round(first or wall, 2), "peak_rss_mb": round(peak),
            "exit": child.returncode, "lines": count_lines(output)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--tool-chars", type=int, default=1200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--target-chars", type=int, default=4000)
    parser.add_argument("--interval", type=float, default=0.2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        archive = folder / "in.jsonl"
        with archive.open("w", encoding="utf-8") as handle:
            for i in range(args.count):
                handle.write(json.dumps(conversation("zh" if i % 2 else "en", args.turns, i,
                                                     tool_chars=args.tool_chars), ensure_ascii=False) + "\n")
        base = [sys.executable, "-m", "pipeline", "batch", str(archive), "--target-chars",
                str(args.target_chars), "--no-progress"]
        results = {}
        for engine, extra in (("local", ["--workers", str(args.workers)]),
                              ("ray", ["--engine", "ray", "--actors", str(args.workers)])):
            out = folder / f"{engine}.jsonl"
            results[engine] = run(base + ["-o", str(out)] + extra, out, args.interval)
            seconds = results[engine]["wall_s"] - results[engine]["startup_s"]
            results[engine]["conv_per_s_after_startup"] = round(args.count / seconds, 1) if seconds > 0 else None
            results[engine]["conv_per_s_overall"] = round(args.count / results[engine]["wall_s"], 1)

        def ids(path: Path) -> list[str]:
            return sorted(json.loads(line)["id"] for line in path.read_text("utf-8").splitlines())

        same = ids(folder / "local.jsonl") == ids(folder / "ray.jsonl")
        size = archive.stat().st_size
    report = {"count": args.count, "archive_mb": round(size / MB, 1), "workers_or_actors": args.workers,
              "same_records": same, **results}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.count} conversations ({report['archive_mb']} MB), {args.workers} workers / actors, "
          f"same records: {same}")
    for engine in ("local", "ray"):
        r = results[engine]
        print(f"  {engine:<5} wall {r['wall_s']:>6} s  start-up {r['startup_s']:>5} s  "
              f"{r['conv_per_s_after_startup']} conv/s after start-up ({r['conv_per_s_overall']} overall)  "
              f"peak RSS {r['peak_rss_mb']} MB  exit {r['exit']}")


if __name__ == "__main__":
    main()
