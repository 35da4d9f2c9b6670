"""Latency on realistic agent sessions (issue #15): the sessions ``latency.py`` times are light,
while real agent histories carry long answers and tool results (:mod:`benchmarks.agent_sessions`).

Per language, one warmed Compressor: cold and warm p50/p95 (back to back, and settled between
calls as a service worker does), per-stage cost and truncation in the same run; cold cost against
length (ms per 1,000 chars, fitted slope, R²); the one-shot CLI's wall time and each model's load in
a fresh process.

    python -m benchmarks.realistic [--count 40] [--sizes 25,50,100,200,400,700] [--no-cli] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Nothing here imports pipeline at module level: load_breakdown() times that import in a child.
from benchmarks.agent_sessions import session, sized

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("zh", "en")
SIZES = (25, 50, 100, 200, 400, 700)
SEEDS = {"warm-up": 900_000, "cli": 800_000}   # cold sessions use 0..count-1, lengths 10^6 + ...


def chars(conv: dict[str, Any]) -> int:
    from pipeline.parse import message_size  # the project's one measure of a message
    return sum(message_size(m) for m in conv["messages"])


def _texts(conv: dict[str, Any]) -> set[str]:
    """The texts the per-text caches are keyed by: user turns and tool results."""
    return {m["content"] for m in conv["messages"] if m["role"] in ("user", "tool")}


def latency(compressor: Any, seeds: range, ratio: float, seen: dict[str, set[str]],
            settle: bool = False) -> dict[str, Any]:
    """Cold, warm, per-stage and truncation timings per language, languages interleaved; with
    ``settle``, ``compressor.settle()`` after each session, untimed, as a service worker does
    between requests."""
    from benchmarks.latency import truncation
    from benchmarks.speed import ms, percentiles

    baseline = truncation()
    baseline(session("en", SEEDS["warm-up"])["messages"], 500)   # its lazy imports are not timed
    raw: dict[str, dict[str, Any]] = {
        lang: {"cold": [], "warm": [], "truncation": [], "cpu": [], "chars": [], "messages": [], "stages": {},
               "texts": 0, "repeated": 0} for lang in LANGS}
    for seed in seeds:
        for lang in LANGS:
            row, conv, grown = raw[lang], session(lang, seed), session(lang, seed, grown=True)
            texts = _texts(conv)
            row["texts"] += len(texts)
            row["repeated"] += len(texts & seen[lang])
            seen[lang] |= texts
            size = chars(conv)
            target = int(size * ratio)
            row["chars"].append(size)
            row["messages"].append(len(conv["messages"]))
            t0, cpu0 = time.perf_counter(), time.process_time()
            report = compressor.compress(conv, target_chars=target).report
            row["cold"].append((time.perf_counter() - t0) * 1000)
            # all of this process's threads: above the wall time when threads spin beside the call
            row["cpu"].append((time.process_time() - cpu0) * 1000)
            for name, spent in report["stage_ms"].items():
                row["stages"].setdefault(name, []).append(spent)
            # each stage's time is this thread's (waiting for the embedding process included):
            # the rest is parse, plan, merge and render
            inside = sum(report["stage_ms"].values())
            row["stages"].setdefault("outside stages", []).append(report["total_ms"] - inside)
            row["warm"].append(ms(compressor.compress, grown, target_chars=target))
            row["truncation"].append(ms(baseline, conv["messages"], target))
            if settle:
                compressor.settle()
    out = {}
    for lang, row in raw.items():
        stats = {k: percentiles(row[k]) for k in ("cold", "warm", "truncation", "cpu")}
        base = max(stats["truncation"]["p50"], 1e-6)
        out[lang] = {**stats, "stages": {k: percentiles(v) for k, v in row["stages"].items()},
                     "chars_p50": int(statistics.median(row["chars"])),
                     "messages_p50": int(statistics.median(row["messages"])),
                     "cold_x_truncation": round(stats["cold"]["p50"] / base, 1),
                     "warm_x_truncation": round(stats["warm"]["p50"] / base, 1),
                     "repeated_texts": round(row["repeated"] / max(row["texts"], 1), 4)}
    return out


def per_size(size: int, count: int) -> int:
    """Sessions per length: ``count`` up to 50 messages, fewer above (at least 3, at most count)."""
    return min(count, max(3, count * 50 // size))


def by_length(compressor: Any, sizes: list[int], count: int, ratio: float) -> dict[str, Any]:
    """Cold p50 per session length, its cost per 1,000 chars, and the line through them."""
    from benchmarks.speed import fit
    raw: dict[tuple[str, int], dict[str, list[float]]] = {
        (lang, n): {"ms": [], "chars": [], "messages": []} for lang in LANGS for n in sizes}
    for i in range(max(per_size(n, count) for n in sizes)):
        for n in sizes:
            if i >= per_size(n, count):
                continue
            for lang in LANGS:
                conv = sized(lang, n, 10**6 + n * 1000 + i)
                size = chars(conv)
                t0 = time.perf_counter()
                compressor.compress(conv, target_chars=int(size * ratio))
                raw[(lang, n)]["ms"].append((time.perf_counter() - t0) * 1000)
                raw[(lang, n)]["chars"].append(size)
                raw[(lang, n)]["messages"].append(len(conv["messages"]))
    out: dict[str, Any] = {}
    for lang in LANGS:
        rows: list[dict[str, Any]] = []
        for n in sizes:
            timed = raw[(lang, n)]
            p50 = statistics.median(timed["ms"])
            middle = statistics.median(timed["chars"])
            rows.append({"messages": n, "n": len(timed["ms"]), "actual_messages": int(statistics.median(timed["messages"])),
                         "chars": int(middle), "cold_p50": round(p50, 1), "ms_per_kchar": round(p50 / middle * 1000, 2)})
        out[lang] = {"rows": rows, "fit_per_kchar": fit([r["chars"] / 1000 for r in rows], [r["cold_p50"] for r in rows])}
    return out


def _child(*args: str) -> subprocess.CompletedProcess[str]:
    """This interpreter in a fresh process, from the repository root."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900, check=True)


def load_breakdown() -> None:
    """Run in a fresh process: each model's load timed apart, in the order a first call needs
    them, then the first compression per language; prints [{"step", "ms"}] as JSON."""
    import importlib

    steps: list[dict[str, Any]] = []

    def timed(step: str, fn: Any, *args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        value = fn(*args, **kwargs)
        steps.append({"step": step, "ms": round((time.perf_counter() - t0) * 1000, 1)})
        return value

    timed("import pipeline", importlib.import_module, "pipeline")
    from pipeline import Compressor
    from pipeline.backends import backend_for, shared_embedder
    from pipeline.rulepacks import load_rule_pack
    from pipeline.stages.entities import get_recognizer
    from pipeline.stages.times import preload

    # as the one-shot command makes it: its entities are read in this process (models.ner_apart)
    compressor = timed("Compressor()", Compressor, {"models.ner_apart": []})
    settings = compressor.settings
    for lang in LANGS:
        embedder = None
        if "intents" in settings["stages.enabled"]:   # first, as the Compressor does
            backend = backend_for(lang, settings)
            where = "in a child process" if settings["intents.process"] else "here"
            embedder = timed(f"embedder {backend} ({lang}; {where}): start",
                             shared_embedder, backend, settings)
        pack = timed(f"rule pack {lang}", load_rule_pack, lang)
        timed(f"times {lang} (grammar, dateparser; cn2an for zh)", preload, pack)
        if settings["stages.entities"]:
            segmenter = settings.values.get(f"models.segmenter_{lang}")
            model = settings.values.get(f"models.spacy_{lang}")
            if (model or segmenter != "jieba") and "spacy" not in sys.modules:   # jieba alone needs no spaCy
                timed("import spacy", importlib.import_module, "spacy")
            timed(f"entities {lang} ({model or (segmenter or 'spaCy tokenizer') + ' + lexicon'})",
                  get_recognizer, lang, pack.version, settings=settings)
        if embedder is not None:
            timed(f"embedder {backend} ({lang}): ready (what is left to wait)", embedder.ready)
        conv = session(lang, SEEDS["cli"])
        timed(f"first compression {lang} ({len(conv['messages'])} messages)", compressor.compress, conv,
              target_chars=int(chars(conv) * 0.35))
    print(json.dumps(steps))


def one_shot(ratio: float, runs: int) -> dict[str, Any]:
    """``squeeze compress FILE --target-chars N`` in a fresh process, per language; then the
    interpreter and CLI start alone (``--version``) and the per-model load breakdown."""
    out: dict[str, Any] = {"runs": runs, "langs": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for lang in LANGS:
            conv = session(lang, SEEDS["cli"])
            path = Path(tmp) / f"{lang}.json"
            path.write_text(json.dumps(conv, ensure_ascii=False), "utf-8")
            target = int(chars(conv) * ratio)
            walls, calls = [], []
            for _ in range(runs):
                t0 = time.perf_counter()
                done = _child("-m", "pipeline", "compress", str(path), "--target-chars", str(target))
                walls.append(time.perf_counter() - t0)
                report = json.loads(done.stdout)["report"]
                if report["action"] != "compact":
                    raise RuntimeError(f"the CLI did not compact ({report['action']}): not the cost measured")
                calls.append(report["total_ms"] / 1000)
            out["langs"][lang] = {"messages": len(conv["messages"]), "chars": chars(conv), "target": target,
                                  "wall_s": [round(w, 2) for w in walls], "wall_p50_s": round(statistics.median(walls), 2),
                                  "compress_call_p50_s": round(statistics.median(calls), 2)}
    t0 = time.perf_counter()
    _child("-m", "pipeline", "--version")
    out["startup_s"] = round(time.perf_counter() - t0, 2)
    out["load"] = json.loads(_child("-c", "from benchmarks.realistic import load_breakdown; load_breakdown()").stdout)
    return out


def measure(count: int, sizes: list[int], ratio: float = 0.35, cli: bool = True, cli_runs: int = 3) -> dict[str, Any]:
    from pipeline import Compressor

    started = time.perf_counter()
    compressor = Compressor()
    for lang in LANGS:   # every model loaded and its first call paid, outside the timed calls
        warm_up = session(lang, SEEDS["warm-up"])
        compressor.compress(warm_up, target_chars=int(chars(warm_up) * ratio))
    seen = {lang: _texts(session(lang, SEEDS["warm-up"])) for lang in LANGS}
    out: dict[str, Any] = {"count": count, "ratio": ratio, "sizes": sizes,
                           "load_and_warm_up_s": round(time.perf_counter() - started, 2),
                           "load_average": [round(x, 2) for x in os.getloadavg()], "cores": os.cpu_count()}
    out["latency"] = latency(compressor, range(count), ratio, seen)
    # other sessions (never seen), settled between calls: what a service worker's requests wait
    out["settled"] = latency(compressor, range(count, 2 * count), ratio, seen, settle=True)
    out["length"] = by_length(compressor, sizes, count, ratio)
    out["cli"] = one_shot(ratio, cli_runs) if cli else None
    out["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    return out


def table(result: dict[str, Any]) -> str:
    lines, lat = [], result["latency"]
    lines.append(f"realistic agent sessions: {result['count']} per language, target {result['ratio']} x chars; "
                 f"{result['cores']} cores, load average {result['load_average'][0]} -> {result['load_average_end'][0]}")
    lines.append(f"Compressor() and a warm-up call per language: {result['load_and_warm_up_s']} s (not in the timings)")
    lines.append("sessions (p50): " + ", ".join(f"{lang} {lat[lang]['messages_p50']} messages, {lat[lang]['chars_p50']:,} chars"
                                               for lang in LANGS))
    lines.append("")
    lines.append(f"{'':16}" + "".join(f"{lang + ' p50 ms':>12}{'p95 ms':>9}{'x trunc':>9}" for lang in LANGS))
    for what in ("cold", "warm", "truncation"):
        cells = ""
        for lang in LANGS:
            row = lat[lang][what]
            ratio = "" if what == "truncation" else f"{lat[lang][what + '_x_truncation']:.1f}"
            cells += f"{row['p50']:12.1f}{row['p95']:9.1f}{ratio:>9}"
        lines.append(f"{what:16}{cells}")
    for stage in lat[LANGS[0]]["stages"]:
        cells = "".join(f"{lat[lang]['stages'][stage]['p50']:12.1f}{lat[lang]['stages'][stage]['p95']:9.1f}{'':9}" for lang in LANGS)
        lines.append(f"{'  ' + stage:16}{cells}")
    cells = "".join(f"{lat[lang]['cpu']['p50']:12.1f}{lat[lang]['cpu']['p95']:9.1f}{'':9}" for lang in LANGS)
    lines.append(f"{'CPU here (cold)':16}{cells}")
    settled = result["settled"]
    for what in ("cold", "warm"):
        cells = "".join(f"{settled[lang][what]['p50']:12.1f}{settled[lang][what]['p95']:9.1f}"
                        f"{settled[lang][what + '_x_truncation']:9.1f}" for lang in LANGS)
        lines.append(f"{what + ', settled':16}{cells}")
    lines.append("(settled: other sessions, Compressor.settle() between them, untimed, as a service worker does)")
    lines.append("repeated user/tool texts (seen earlier in the run): " +
                 ", ".join(f"{lang} {lat[lang]['repeated_texts']:.1%}" for lang in LANGS))
    lines.append("")
    lines.append("cold cost against length (p50)")
    lines.append(f"{'messages':>8}" + "".join(f"{lang + ' n':>6}{'chars':>9}{'ms':>9}{'ms/1k':>8}" for lang in LANGS))
    length = result["length"]
    for i, n in enumerate(result["sizes"]):
        cells = "".join(f"{r['n']:6}{r['chars']:9,}{r['cold_p50']:9.1f}{r['ms_per_kchar']:8.2f}"
                        for r in (length[lang]["rows"][i] for lang in LANGS))
        lines.append(f"{n:8}{cells}")
    for lang in LANGS:
        f = length[lang]["fit_per_kchar"]
        if f["slope"] is not None:
            lines.append(f"fit {lang}: {f['slope']} ms per 1,000 chars + {f['intercept']} ms, R² {f['r2']}")
    cli = result["cli"]
    if cli:
        lines.append("")
        lines.append(f"one-shot CLI (squeeze compress FILE --target-chars N, a fresh process per run, {cli['runs']} runs)")
        for lang, row in cli["langs"].items():
            lines.append(f"{lang}: {row['messages']} messages, {row['chars']:,} chars: wall {' / '.join(map(str, row['wall_s']))} s "
                         f"(p50 {row['wall_p50_s']} s), of which compress() {row['compress_call_p50_s']} s (its models' load included)")
        lines.append(f"python -m pipeline --version (interpreter and CLI import): {cli['startup_s']} s")
        lines.append("a fresh process, step by step:")
        lines += [f"  {s['step']:52}{s['ms']:9.1f} ms" for s in cli["load"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40, help="cold sessions per language")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="session lengths in messages")
    parser.add_argument("--ratio", type=float, default=0.35, help="target = ratio x the session's chars")
    parser.add_argument("--cli-runs", type=int, default=3)
    parser.add_argument("--no-cli", action="store_true", help="skip the one-shot CLI and model-load subprocesses")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.count, [int(s) for s in args.sizes.split(",")], args.ratio, not args.no_cli, args.cli_runs)
    print(json.dumps(result, ensure_ascii=False) if args.json else table(result))
    return result


if __name__ == "__main__":
    main()
