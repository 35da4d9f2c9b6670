"""Memory of ``squeeze batch`` over a large archive: it must stay flat, not grow with the input.

Streams ``--count`` small generated conversations (default 200,000; ``benchmarks.generate``,
alternating Chinese and English) to a temporary ``.jsonl.gz`` without holding them in memory,
runs ``python -m pipeline batch`` over it with ``--workers`` worker processes, and samples the
resident memory (RSS) of the parent and of each worker every ``--interval`` seconds. Prints the
peak of each, the RSS at 10 % / 50 % / 90 % / 100 % of the run (flat = no growth with input
read), throughput, and the batch summary.

    python -m benchmarks.batch_memory [--count 200000] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from benchmarks.generate import conversation

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def write_archive(path: Path, count: int, turns: int, tool_chars: int) -> int:
    """One conversation a line, written as generated; returns the uncompressed size."""
    size = 0
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as handle:
        for i in range(count):
            line = json.dumps(conversation("zh" if i % 2 else "en", turns, i,
                                           tool_chars=tool_chars), ensure_ascii=False) + "\n"
            handle.write(line)
            size += len(line.encode("utf-8"))
    return size


def count_lines(path: Path) -> int:
    if not path.exists():
        return 0
    with path.open("rb") as handle:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b""))


def sample(parent: psutil.Process) -> tuple[float, dict[int, float], float]:
    """RSS in MB of the batch process, of each worker, and of multiprocessing's helper."""
    try:
        own = parent.memory_info().rss / MB
        children = parent.children(recursive=True)
    except psutil.NoSuchProcess:
        return 0.0, {}, 0.0
    workers, helper = {}, 0.0
    for child in children:
        try:
            rss = child.memory_info().rss / MB
            if any("resource_tracker" in part for part in child.cmdline()):
                helper = rss
            else:
                workers[child.pid] = rss
        except psutil.NoSuchProcess:
            continue
    return own, workers, helper


def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    archive, output = folder / "archive.jsonl.gz", folder / "out.jsonl"
    started = time.perf_counter()
    raw_size = write_archive(archive, args.count, args.turns, args.tool_chars)
    generated = time.perf_counter() - started
    command = [sys.executable, "-m", "pipeline", "batch", str(archive), "-o", str(output),
               "--workers", str(args.workers), "--no-progress"]
    if args.target_chars:
        command += ["--target-chars", str(args.target_chars)]
    if args.config:
        command += ["--config", args.config]
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    parent = psutil.Process(process.pid)
    samples: list[dict[str, Any]] = []
    started = time.perf_counter()
    next_progress = 0.0
    while process.poll() is None:
        own, workers, helper = sample(parent)
        elapsed = time.perf_counter() - started
        row = {"t": round(elapsed, 1), "parent_mb": round(own, 1),
               "workers_mb": sorted(round(v, 1) for v in workers.values()),
               "tracker_mb": round(helper, 1),
               "output_mb": round(output.stat().st_size / MB, 1) if output.exists() else 0.0}
        if elapsed >= next_progress:  # counting output lines is cheap but not free
            row["written"] = count_lines(output)
            next_progress = elapsed + args.progress_every
            if args.verbose:
                print(json.dumps(row), file=sys.stderr, flush=True)
        samples.append(row)
        time.sleep(args.interval)
    seconds = time.perf_counter() - started
    stderr = process.stderr.read() if process.stderr else ""
    written = count_lines(output)
    errors = count_lines(Path(str(output) + ".errors.jsonl"))
    with_workers = [s for s in samples if len(s["workers_mb"]) == args.workers]
    # steady state: the models are loaded and output is flowing (before: loading, growing)
    steady = [s for s in with_workers if s["output_mb"] > 0] or with_workers

    def at(share: float) -> dict[str, Any]:
        if not steady:
            return {}
        s = steady[min(len(steady) - 1, int(share * (len(steady) - 1)))]
        return {"t": s["t"], "parent_mb": s["parent_mb"], "workers_mb": s["workers_mb"],
                "output_mb": s["output_mb"]}

    def growth(key: str) -> float:
        if len(steady) < 2:
            return 0.0
        value = (lambda s: max(s[key])) if key == "workers_mb" else (lambda s: s[key])
        first = steady[:max(1, len(steady) // 10)]
        last = steady[-max(1, len(steady) // 10):]
        return round(max(map(value, last)) - max(map(value, first)), 1)

    return {
        "count": args.count, "turns": args.turns, "workers": args.workers,
        "target_chars": args.target_chars, "archive_gz_mb": round(archive.stat().st_size / MB, 1),
        "archive_raw_mb": round(raw_size / MB, 1), "generate_seconds": round(generated, 1),
        "batch_seconds": round(seconds, 1), "written": written, "failed": errors,
        "conversations_per_second": round((written + errors) / seconds, 1),
        "exit_code": process.returncode, "samples": len(samples),
        "peak_parent_mb": round(max((s["parent_mb"] for s in samples), default=0), 1),
        "peak_worker_mb": round(max((max(s["workers_mb"]) for s in with_workers), default=0), 1),
        "peak_tracker_mb": round(max((s["tracker_mb"] for s in samples), default=0), 1),
        "first_output_seconds": steady[0]["t"] if steady else None,
        "rss_over_time": {f"{int(share * 100)}%": at(share) for share in (0.0, 0.1, 0.5, 0.9, 1.0)},
        "steady_growth_mb": {"parent": growth("parent_mb"), "worker": growth("workers_mb")},
        "output_mb": round(output.stat().st_size / MB, 1) if output.exists() else 0,
        "batch_summary": stderr.strip().splitlines()[-12:],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200_000, help="conversations in the archive")
    parser.add_argument("--turns", type=int, default=3, help="user turns per conversation")
    parser.add_argument("--tool-chars", type=int, default=200, help="typical tool result size")
    parser.add_argument("--target-chars", type=int, default=600,
                        help="compact each conversation to this (0: let the policy decide)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--config", help="a TOML config for the batch")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between samples")
    parser.add_argument("--progress-every", type=float, default=30.0,
                        help="seconds between counts of the lines written")
    parser.add_argument("--keep", help="keep the archive and output in this folder")
    parser.add_argument("--verbose", action="store_true", help="print samples as they come")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.keep:
        Path(args.keep).mkdir(parents=True, exist_ok=True)
        report = run(args, Path(args.keep))
    else:
        with tempfile.TemporaryDirectory(prefix="squeeze-batch-") as folder:
            report = run(args, Path(folder))
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return
    print(f"{report['count']:,} conversations ({report['turns']} turns, archive "
          f"{report['archive_gz_mb']} MB gz / {report['archive_raw_mb']} MB raw, generated in "
          f"{report['generate_seconds']} s), {report['workers']} workers, target "
          f"{report['target_chars'] or 'policy'}")
    print(f"batch: {report['batch_seconds']} s, {report['conversations_per_second']} conv/s, "
          f"written {report['written']:,}, failed {report['failed']}, exit {report['exit_code']}")
    print(f"peak RSS: parent {report['peak_parent_mb']} MB, worker {report['peak_worker_mb']} MB, "
          f"multiprocessing tracker {report['peak_tracker_mb']} MB ({report['samples']} samples "
          f"every {args.interval} s)")
    print(f"steady state from t={report['first_output_seconds']} s (models loaded, output "
          "flowing); RSS at each share of it:")
    for share, s in report["rss_over_time"].items():
        print(f"  {share:>4} (t={s.get('t')} s, output {s.get('output_mb')} MB): parent "
              f"{s.get('parent_mb')} MB, workers {s.get('workers_mb')} MB")
    grown = report["steady_growth_mb"]
    print(f"growth over the steady state (last tenth vs first tenth): parent {grown['parent']} MB, "
          f"worker {grown['worker']} MB")


if __name__ == "__main__":
    main()
