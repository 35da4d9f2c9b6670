"""Speed runs: model load, latency per ``compress`` call by conversation length, throughput, RSS.

Reuses :mod:`benchmarks.latency` (percentiles, the next-turn growth for a warm call, the
truncation baseline) over generated agent conversations (:mod:`benchmarks.generate`) of each
length in both languages, with the project's default config:

- load: ``Compressor()`` plus a first tiny compression per language (every model, jieba's
  dictionary and spaCy loaded), in a process that has not loaded them yet;
- cold: a conversation never seen (every text new to the caches); warm: the same conversation
  one turn later (an answer and a new question), so only the new texts are analysed; target =
  ``ratio`` x the conversation's chars;
- growth: least-squares line of p50 against turns (slope in ms per turn, R^2), and the p50 per
  turn at each length (flat = linear);
- throughput: new 30-turn conversations compressed one after another in this process; per core =
  conversations per CPU-second of the process (all its threads), plus the wall rate; and, unless
  switched off, ``pipeline.batch.run_batch`` end to end with worker processes;
- peak RSS: the process's high-water mark after the speed runs.
"""

from __future__ import annotations

import json
import math
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from benchmarks.generate import conversation
from benchmarks.latency import next_turn, truncation
from benchmarks.systems import size_of

__all__ = ["batch_run", "count_for", "growth", "latency", "load", "peak_rss_mb", "percentiles",
           "throughput"]


def percentiles(values: list[float]) -> dict[str, float]:
    """p50 (the median) and p95 by nearest rank (never below p50, also for a handful of values)."""
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 2),
            "p95": round(ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)], 2), "n": len(ordered)}


def count_for(turns: int, count: int) -> int:
    """Conversations per length: ``count`` up to 30 turns, fewer for longer ones (the same
    number of turns in all, at least one)."""
    return max(1, count if turns <= 30 else count * 30 // turns)


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def load(config: Path | None = None) -> tuple[Any, float]:
    from pipeline import Compressor
    from pipeline.config import load_settings

    started = time.perf_counter()
    compressor = Compressor(load_settings(file=config))
    for lang in ("zh", "en"):
        compressor.compress(conversation(lang, 6, seed=10_000), target_chars=500)
    return compressor, round(time.perf_counter() - started, 2)


def latency(compressor: Any, turns_list: list[int], count: int, ratio: float,
            advance: Callable[[int], None] = lambda n: None) -> list[dict[str, Any]]:
    baseline = truncation()
    warm_up = conversation("en", 6, seed=10_000)["messages"]
    baseline(warm_up, 500)  # langchain's first call pays for lazy imports: not a measurement
    timings: dict[tuple[str, int], dict[str, list[float]]] = {
        (lang, turns): {"cold": [], "warm": [], "truncation": [], "chars": []}
        for lang in ("zh", "en") for turns in turns_list}
    # lengths and languages interleaved, so a change in the machine's load hits them alike
    for seed in range(max(count_for(t, count) for t in turns_list)):
        for turns in turns_list:
            if seed >= count_for(turns, count):
                continue
            for lang in ("zh", "en"):
                times = timings[(lang, turns)]
                conv = conversation(lang, turns, seed)
                size = size_of(conv["messages"])
                times["chars"].append(size)
                target = int(size * ratio)
                times["cold"].append(ms(compressor.compress, conv, target_chars=target))
                times["warm"].append(ms(compressor.compress, next_turn(conv), target_chars=target))
                times["truncation"].append(ms(baseline, conv["messages"], target))
                advance(1)
    return [{"lang": lang, "turns": turns, "n": len(t["cold"]), "mean_chars": round(statistics.mean(t["chars"])),
             "cold": percentiles(t["cold"]), "warm": percentiles(t["warm"]),
             "truncation": percentiles(t["truncation"])}
            for (lang, turns), t in timings.items()]


def fit(xs: list[float], ys: list[float]) -> dict[str, float | None]:
    """Least squares y = intercept + slope * x, and R²."""
    if len(set(xs)) < 2:
        return {"slope": None, "intercept": None, "r2": None}
    slope, intercept = statistics.linear_regression(xs, ys)
    r2 = statistics.correlation(xs, ys) ** 2 if len(set(ys)) > 1 else 1.0
    return {"slope": round(slope, 4), "intercept": round(intercept, 2), "r2": round(r2, 4)}


def ms(call: Any, *args: Any, **options: Any) -> float:
    """Wall milliseconds of one call."""
    t0 = time.perf_counter()
    call(*args, **options)
    return (time.perf_counter() - t0) * 1000


def growth(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per language and mode: the line p50_ms = intercept + slope x turns, its R^2, the same
    against thousands of chars, and p50 per turn at each length."""
    out: dict[str, Any] = {}
    for lang in sorted({r["lang"] for r in rows}):
        mine = sorted((r for r in rows if r["lang"] == lang), key=lambda r: r["turns"])
        out[lang] = {}
        for mode in ("cold", "warm"):
            turns = [float(r["turns"]) for r in mine]
            kchars = [r["mean_chars"] / 1000 for r in mine]
            p50 = [r[mode]["p50"] for r in mine]
            out[lang][mode] = {"per_turn": fit(turns, p50), "per_kchar": fit(kchars, p50),
                               "ms_per_turn": {str(r["turns"]): round(r[mode]["p50"] / r["turns"], 3)
                                               for r in mine}}
    return out


def throughput(compressor: Any, count: int, ratio: float, turns: int = 30,
               advance: Callable[[int], None] = lambda n: None) -> dict[str, Any]:
    convs = [conversation("zh" if i % 2 else "en", turns, 20_000 + i) for i in range(count)]
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for conv in convs:
        compressor.compress(conv, target_chars=int(size_of(conv["messages"]) * ratio))
        advance(1)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"conversations": count, "turns": turns, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
            "per_second_wall": round(count / wall, 2) if wall else None,
            "per_cpu_second": round(count / cpu, 2) if cpu else None,
            "cores_busy": round(cpu / wall, 2) if wall else None}


def batch_run(count: int, workers: int, target_chars: int, turns: int = 30) -> dict[str, Any]:
    """``pipeline.batch.run_batch`` end to end (worker processes load their own models); the
    steady rate counts from the first written chunk on, when every worker is loaded."""
    from pipeline.batch import run_batch

    with tempfile.TemporaryDirectory(prefix="squeeze-bench-") as tmp:
        source, target = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
        with source.open("w", encoding="utf-8") as handle:
            for i in range(count):
                handle.write(json.dumps(conversation("zh" if i % 2 else "en", turns, 30_000 + i),
                                        ensure_ascii=False) + "\n")
        marks: list[tuple[float, int]] = []
        started = time.perf_counter()
        summary = run_batch(source, target, workers=workers, target_chars=target_chars,
                            on_progress=lambda s, _: marks.append((time.perf_counter(), s.done)))
    total = time.perf_counter() - started
    steady = None
    if len(marks) >= 2 and marks[-1][0] > marks[0][0]:
        steady = (marks[-1][1] - marks[0][1]) / (marks[-1][0] - marks[0][0])
    return {"conversations": count, "turns": turns, "workers": workers, "target_chars": target_chars,
            "done": summary.done, "failed": summary.failed, "seconds": round(total, 2),
            "first_output_s": round(marks[0][0] - started, 2) if marks else None,
            "rate": round(summary.done / total, 2) if total else None,
            "rate_per_worker": round(summary.done / total / workers, 2) if total else None,
            "steady_rate": round(steady, 2) if steady else None,
            "steady_rate_per_worker": round(steady / workers, 2) if steady else None,
            "cores": os.cpu_count()}
