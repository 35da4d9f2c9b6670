"""The benchmark suite: speed runs, then quality runs for every system, then the outputs.

``python -m benchmarks`` (or ``squeeze bench``) runs it; see ``benchmarks/README.md``.
Writes ``results.json`` (every figure), ``report.md`` (tables) and the PNG plots into
``results/<timestamp>/`` under the repository root, or ``--out``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RATIOS = [0.25, 0.35, 0.5]
MAIN_RATIO = 0.35


@dataclass(frozen=True)
class Limits:
    limit: int            # dialogues per shared file (0 = all)
    sessions: int         # generated sessions per language
    session_turns: int    # user turns per generated session
    every: int            # a generated checkpoint every this many user turns (and at the end)
    turns: tuple[int, ...]
    count: int            # latency conversations per length up to 30 turns (fewer above)
    batch_count: int      # in-process throughput conversations
    batch_workers: int    # run_batch end to end with this many workers (0 = skip)
    batch_convs: int      # conversations for run_batch


DEFAULT = Limits(limit=60, sessions=6, session_turns=60, every=20, turns=(10, 30, 100, 300),
                 count=20, batch_count=40, batch_workers=2, batch_convs=200)
QUICK = Limits(limit=3, sessions=1, session_turns=20, every=10, turns=(10, 30, 100, 300),
               count=1, batch_count=4, batch_workers=0, batch_convs=0)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Quality (retention, size, EID) and speed (latency, throughput, load, RSS) of "
                    "context-squeeze next to its peers, with a JSON file, a Markdown report and plots.")
    p.add_argument("--quick", action="store_true", help="small limits: under a minute (CI smoke)")
    p.add_argument("--data-dir", type=Path, default=None,
                   help="the shared dialogue files (*.jsonl); default ../shared/data from the repo root")
    p.add_argument("--out", type=Path, default=None, help="output folder (default results/<timestamp>)")
    p.add_argument("--limit", type=int, help="dialogues per shared file (0 = all)")
    p.add_argument("--checkpoints", choices=["last", "all"], default="last",
                   help="checkpoints of each shared dialogue (score.py's default: last)")
    p.add_argument("--sessions", type=int, help="generated agent sessions per language")
    p.add_argument("--session-turns", type=int, help="user turns per generated session")
    p.add_argument("--ratios", default=",".join(map(str, RATIOS)), help="budgets as shares of the original")
    p.add_argument("--systems", default="", help="comma-separated subset (default: all)")
    p.add_argument("--turns", help="conversation lengths of the speed runs, e.g. 10,30,100,300")
    p.add_argument("--count", type=int, help="latency conversations per length (up to 30 turns; fewer above)")
    p.add_argument("--batch-count", type=int, help="conversations for in-process throughput")
    p.add_argument("--batch-workers", type=int, help="run_batch end to end with N workers (0 = skip)")
    p.add_argument("--batch-convs", type=int, help="conversations for run_batch")
    p.add_argument("--config", type=Path, default=None,
                   help="a TOML file of settings for every project Compressor (speed runs and the "
                        "quality variants); default: the default config")
    p.add_argument("--sk-path", type=Path, default=None,
                   help="a folder holding semantic-kernel (pip install --target DIR semantic-kernel), "
                        "searched after the environment's packages; without it the system runs only "
                        "when semantic-kernel is installed")
    p.add_argument("--skip-speed", action="store_true")
    p.add_argument("--skip-quality", action="store_true")
    p.add_argument("--no-plots", action="store_true")
    p.add_argument("--no-progress", action="store_true")
    return p


def limits_of(args: argparse.Namespace) -> Limits:
    base = QUICK if args.quick else DEFAULT
    pick = lambda value, default: default if value is None else value  # noqa: E731
    turns = tuple(int(t) for t in args.turns.split(",")) if args.turns else base.turns
    return Limits(limit=pick(args.limit, base.limit), sessions=pick(args.sessions, base.sessions),
                  session_turns=pick(args.session_turns, base.session_turns), every=base.every,
                  turns=turns, count=pick(args.count, base.count),
                  batch_count=pick(args.batch_count, base.batch_count),
                  batch_workers=pick(args.batch_workers, base.batch_workers),
                  batch_convs=pick(args.batch_convs, base.batch_convs))


def machine() -> dict[str, Any]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = None
    try:
        import psutil
        memory = round(psutil.virtual_memory().total / 2**30, 1)
    except ImportError:
        pass
    return {"platform": platform.platform(), "cpu": model, "cores": os.cpu_count(),
            "memory_gb": memory, "python": platform.python_version(),
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def versions() -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for name in ("context-squeeze", "langchain-core", "semantic-kernel", "spacy", "numpy", "matplotlib"):
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = None
    try:
        found["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                                         capture_output=True, timeout=10).stdout.strip() or None
        found["dirty"] = bool(subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, text=True,
                                             capture_output=True, timeout=10).stdout.strip())
    except (OSError, subprocess.SubprocessError):
        found["commit"] = None
    return found


class Progress:
    """One rich progress bar over every measured call (stderr); silent with ``enabled=False``."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.bar = None
        if enabled:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)
            self.bar = Bar(TextColumn("[bold]{task.description:<34}"), BarColumn(), MofNCompleteColumn(),
                           TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True),
                           transient=False)
            self.task = self.bar.add_task("starting", total=total)
            self.bar.start()

    def stage(self, text: str) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description=text)

    def advance(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, n)

    def log(self, text: str) -> None:
        if self.bar is not None:
            self.bar.console.log(text)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def run(args: argparse.Namespace, argv: list[str] | None = None) -> dict[str, Any]:
    from benchmarks import quality, speed, systems as registry

    started = time.perf_counter()
    if args.sk_path:
        sys.path.append(str(args.sk_path.resolve()))  # after the venv: its packages win
    limits = limits_of(args)
    ratios = [float(r) for r in args.ratios.split(",") if r]
    wanted = [s for s in (args.systems.split(",") if args.systems else registry.SYSTEMS) if s]
    for name in wanted:
        if name not in registry.SYSTEMS:
            raise SystemExit(f"unknown system {name!r}; known: {', '.join(registry.SYSTEMS)}")
    stamp = dt.datetime.now().astimezone()
    out_dir = args.out or ROOT / "results" / stamp.strftime("%Y%m%d-%H%M%S")
    out_dir.mkdir(parents=True, exist_ok=True)
    data_dir = args.data_dir or ROOT.parent / "shared" / "data"
    notes: list[str] = [
        "tokens = chars / 4 for English, chars / 1.5 for Chinese (an estimate; no tokenizer is run)",
        "EID = (verbatim constraints kept + intent clusters covered) per 1,000 compressed tokens; "
        "an intent cluster is a slot's domain (hotel-area -> hotel), covered when any of its "
        "verbatim constraints is kept",
        "sizes count content plus tool-call name and arguments, the same for every system; "
        "budget = int(ratio x original chars)",
        "the p50 ms of the quality tables is informative only: the full project runs first with "
        "cold caches, the ablations share the process's embedding model and its cache",
        "quality runs give the project intents.threads = 1 (no change in output; two BLAS threads "
        "per call oversubscribe a shared 2-core machine); speed runs use the config as it is "
        "(the default config unless --config)",
    ]

    # ---- the cases, so the progress bar knows its length
    cases: list[Any] = []
    datasets: list[dict[str, Any]] = []
    if not args.skip_quality:
        files = sorted(data_dir.glob("*.jsonl")) if data_dir.is_dir() else []
        if not files:
            notes.append(f"no shared data at {data_dir}: shared files skipped (use --data-dir)")
        for path in files:
            found = quality.shared_cases(path, limits.limit, args.checkpoints)
            cases += found
            datasets.append({"name": path.stem, "kind": "shared", "lang": found[0].lang if found else None,
                             "cases": len(found), "constraints": sum(len(c.constraints) for c in found),
                             "mean_chars": round(sum(c.size for c in found) / len(found)) if found else None})
        if limits.sessions:
            generated = quality.generated_cases(limits.sessions, limits.session_turns, limits.every)
            cases += generated
            for lang in ("zh", "en"):
                mine = [c for c in generated if c.lang == lang]
                datasets.append({"name": f"generated_{lang}", "kind": "generated", "lang": lang,
                                 "cases": len(mine), "constraints": sum(len(c.constraints) for c in mine),
                                 "mean_chars": round(sum(c.size for c in mine) / len(mine)) if mine else None})
    speed_units = 0
    if not args.skip_speed:
        speed_units = 2 + 2 * sum(speed.count_for(t, limits.count) for t in limits.turns) \
            + limits.batch_count + (1 if limits.batch_workers and limits.batch_convs else 0)
    quality_units = 0 if args.skip_quality else len(wanted) * (1 + len(cases) * len(ratios))
    progress = Progress(speed_units + quality_units, not args.no_progress)

    result: dict[str, Any] = {
        "meta": {"date": stamp.isoformat(timespec="seconds"), "machine": machine(), "versions": versions(),
                 "command": " ".join(["python -m benchmarks", *(sys.argv[1:] if argv is None else argv)]),
                 "quick": bool(args.quick), "limits": limits.__dict__, "ratios": ratios,
                 "main_ratio": MAIN_RATIO, "data_dir": str(data_dir),
                 "config": str(args.config) if args.config else None},
        "notes": notes,
    }
    try:
        if not args.skip_speed:
            result["speed"] = _speed(speed, limits, progress, args.config)
        if not args.skip_quality:
            result["quality"] = _quality(quality, registry, wanted, cases, datasets, ratios, progress,
                                         args.config)
    finally:
        progress.stop()
    result["main_table"] = main_table(result)
    result["meta"]["elapsed_s"] = round(time.perf_counter() - started, 1)
    result["meta"]["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    result["meta"]["peak_rss_mb_end"] = speed.peak_rss_mb()

    from benchmarks import report
    figures = [] if args.no_plots else report.plots(result, out_dir)
    result["figures"] = figures
    (out_dir / "results.json").write_text(json.dumps(result, ensure_ascii=False, indent=1), "utf-8")
    (out_dir / "report.md").write_text(report.markdown(result), "utf-8")
    result["out_dir"] = str(out_dir)
    return result


def _speed(speed: Any, limits: Limits, progress: Progress, config: Path | None) -> dict[str, Any]:
    progress.stage("speed: loading models")
    compressor, load_s = speed.load(config)
    progress.advance(2)
    progress.stage("speed: latency by length")
    rows = speed.latency(compressor, list(limits.turns), limits.count, MAIN_RATIO, progress.advance)
    progress.stage("speed: throughput")
    through = speed.throughput(compressor, limits.batch_count, MAIN_RATIO, advance=progress.advance) \
        if limits.batch_count else None
    out = {"load_s": load_s, "ratio": MAIN_RATIO, "latency": rows, "growth": speed.growth(rows),
           "throughput": through, "peak_rss_mb": speed.peak_rss_mb()}
    from benchmarks.systems import release
    release(compressor)
    del compressor
    gc.collect()
    if limits.batch_workers and limits.batch_convs:
        progress.stage(f"speed: run_batch, {limits.batch_workers} workers")
        out["batch"] = speed.batch_run(limits.batch_convs, limits.batch_workers, target_chars=4000)
        progress.advance(1)
    return out


def _quality(quality: Any, registry: Any, wanted: list[str], cases: list[Any],
             datasets: list[dict[str, Any]], ratios: list[float], progress: Progress,
             config: Path | None) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    status: list[dict[str, Any]] = []
    for name in wanted:
        progress.stage(f"quality: {name} (loading)")
        try:
            system, handle = registry.build(name, config=config)
        except registry.SystemUnavailable as exc:
            status.append({"system": name, "status": "skipped", "note": str(exc)})
            progress.log(f"[yellow]{name} skipped[/yellow]: {exc}")
            progress.advance(1 + len(cases) * len(ratios))
            continue
        progress.advance(1)
        progress.stage(f"quality: {name}")
        tallies = quality.evaluate(system.run, cases, ratios, project=system.kind in ("project", "ablation"),
                                   advance=progress.advance)
        mine = quality.summarise(name, tallies)
        rows += mine
        status.append({"system": name, "status": "ran", "kind": system.kind, "note": system.note,
                       "load_s": system.load_s, "errors": sum(r["errors"] for r in mine)})
        system.close()
    return {"ratios": ratios, "datasets": datasets, "systems": status, "results": rows}


def main_table(result: dict[str, Any]) -> dict[str, Any]:
    """Retention at the main ratio per system and data set; p50/p95 at 30 turns per language."""
    table: dict[str, Any] = {"ratio": MAIN_RATIO, "retention": {}, "latency_30": {}}
    for row in result.get("quality", {}).get("results", []):
        if abs(row["ratio"] - MAIN_RATIO) < 1e-9:
            table["retention"].setdefault(row["system"], {})[row["dataset"]] = row["retention"]
    for row in result.get("speed", {}).get("latency", []):
        if row["turns"] == 30:
            table["latency_30"][row["lang"]] = {"cold_p50": row["cold"]["p50"], "cold_p95": row["cold"]["p95"],
                                                "warm_p50": row["warm"]["p50"], "warm_p95": row["warm"]["p95"],
                                                "n": row["n"]}
    return table


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    result = run(args, argv)
    from benchmarks.report import console_summary
    console_summary(result)
    return 0
