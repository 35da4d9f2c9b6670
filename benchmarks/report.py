"""The outputs of a suite run: ``report.md`` (tables), PNG plots, and a console summary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

FIGURES = {"retention_vs_size.png": "retention vs. achieved size, every system, each data set",
           "latency_vs_turns.png": "p50 / p95 per compress call vs. conversation turns, cold and warm"}


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _table(head: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_fmt(c) if not isinstance(c, str) else c for c in row) + " |" for row in rows]
    return lines


def _datasets(result: dict[str, Any]) -> list[str]:
    return [d["name"] for d in result.get("quality", {}).get("datasets", [])]


def main_table_lines(result: dict[str, Any]) -> list[str]:
    """Retention at the main ratio, system x data set; then p50/p95 at 30 turns."""
    main = result["main_table"]
    lines: list[str] = []
    if main["retention"]:
        names = _datasets(result)
        lines.append(f"Retention of verbatim constraints at ratio {main['ratio']} "
                     "(output at most 35 % of the original characters):")
        lines.append("")
        lines += _table(["system", *names],
                        [[system, *[_fmt(by.get(n)) for n in names]] for system, by in main["retention"].items()])
        lines.append("")
    if main["latency_30"]:
        config = result["meta"].get("config") or "default config"
        lines.append(f"Latency of one compress call, 30-turn generated agent conversations, {config} (ms):")
        lines.append("")
        lines += _table(["lang", "n", "cold p50", "cold p95", "warm p50", "warm p95"],
                        [[lang, v["n"], v["cold_p50"], v["cold_p95"], v["warm_p50"], v["warm_p95"]]
                         for lang, v in main["latency_30"].items()])
        lines.append("")
    return lines


def markdown(result: dict[str, Any]) -> str:
    meta = result["meta"]
    m = meta["machine"]
    v = meta["versions"]
    lines = [
        "# context-squeeze benchmark report", "",
        f"- date: {meta['date']}; wall time {meta.get('elapsed_s')} s" + (" (--quick)" if meta["quick"] else ""),
        f"- machine: {m['cores']} cores ({m['cpu'] or 'unknown CPU'}), {m['memory_gb']} GB, {m['platform']}, "
        f"Python {m['python']}; load average {m['load_average']} at the start, "
        f"{meta.get('load_average_end')} at the end (other work shares the machine)",
        f"- code: context-squeeze {v.get('context-squeeze')}, commit {v.get('commit')}"
        + (" with uncommitted changes" if v.get("dirty") else "")
        + f"; langchain-core {v.get('langchain-core')}, semantic-kernel {v.get('semantic-kernel') or 'not installed'}",
        f"- command: `{meta['command']}`", f"- limits: {meta['limits']}", "",
        "## Main table", "", *main_table_lines(result),
    ]
    quality = result.get("quality")
    if quality:
        lines += ["## Quality", "", "Data sets (cases = checkpoints compressed, each at every ratio):", ""]
        lines += _table(["data set", "kind", "lang", "cases", "verbatim constraints", "mean chars"],
                        [[d["name"], d["kind"], d["lang"] or "–", d["cases"], d["constraints"], d["mean_chars"]]
                         for d in quality["datasets"]])
        lines += ["", "Systems:", ""]
        lines += _table(["system", "status", "load s", "errors", "what"],
                        [[s["system"], s["status"], s.get("load_s"), s.get("errors"), s["note"]]
                         for s in quality["systems"]])
        ratios = quality["ratios"]
        head = ["system"]
        for r in ratios:
            head += [f"ret {r}", f"size {r}", f"over {r}", f"EID {r}"]
        head.append("p50 ms")
        for name in _datasets(result):
            rows = [r for r in quality["results"] if r["dataset"] == name]
            if not rows:
                continue
            lines += ["", f"### {name}", "",
                      "ret = retention, size = mean output/original chars, over = cases over budget "
                      f"(of {rows[0]['cases']}), EID per 1,000 tokens; p50 = median ms per call over all ratios.", ""]
            body = []
            for system in dict.fromkeys(r["system"] for r in rows):
                mine = {r["ratio"]: r for r in rows if r["system"] == system}
                cells: list[Any] = [system]
                for ratio in ratios:
                    r = mine.get(ratio, {})
                    cells += [r.get("retention"), r.get("mean_size"), r.get("over_budget"),
                              _fmt(r.get("eid_per_1k_tokens"), 1)]
                cells.append(_fmt(mine[ratios[0]]["p50_ms"] if ratios[0] in mine else None, 1))
                body.append(cells)
            lines += _table(head, body)
    speed = result.get("speed")
    if speed:
        lines += ["", "## Speed", "",
                  f"Generated agent conversations (benchmarks/generate.py, about half the turns call a tool), "
                  f"target = {speed['ratio']} x chars, {meta.get('config') or 'default config'}. Lengths and languages "
                  f"interleaved. Model load (Compressor() and a first "
                  f"call per language, fresh process): **{speed['load_s']} s**. Peak RSS after the speed runs: "
                  f"**{speed['peak_rss_mb']} MB**.", ""]
        lines += _table(["lang", "turns", "n", "mean chars", "cold p50", "cold p95", "warm p50", "warm p95",
                         "truncation p50"],
                        [[r["lang"], r["turns"], r["n"], r["mean_chars"], r["cold"]["p50"], r["cold"]["p95"],
                          r["warm"]["p50"], r["warm"]["p95"], r["truncation"]["p50"]] for r in speed["latency"]])
        lines += ["", "Growth with length: least-squares line of p50 (ms) against turns and against thousands "
                  "of chars; p50 per turn at each length (flat = linear).", ""]
        turns = sorted({r["turns"] for r in speed["latency"]})
        body = []
        for lang, modes in speed["growth"].items():
            for mode, g in modes.items():
                body.append([lang, mode, _fmt(g["per_turn"]["slope"]), _fmt(g["per_turn"]["intercept"], 1),
                             _fmt(g["per_turn"]["r2"]), _fmt(g["per_kchar"]["slope"]), _fmt(g["per_kchar"]["r2"]),
                             *[_fmt(g["ms_per_turn"].get(str(t)), 2) for t in turns]])
        lines += _table(["lang", "mode", "ms/turn (slope)", "intercept ms", "R²", "ms/1k chars", "R² (chars)",
                         *[f"p50/turn @{t}" for t in turns]], body)
        t = speed.get("throughput")
        if t:
            lines += ["", f"Throughput in one process ({t['conversations']} new {t['turns']}-turn conversations, "
                      f"one after another): **{t['per_cpu_second']} conversations per CPU-second** "
                      f"(per core), {t['per_second_wall']} per second of wall time with {t['cores_busy']} "
                      "cores busy on average."]
        b = speed.get("batch")
        if b:
            lines += ["", f"`run_batch` end to end ({b['conversations']} {b['turns']}-turn conversations, "
                      f"{b['workers']} worker processes, target {b['target_chars']} chars): {b['seconds']} s, "
                      f"{b['rate']} conversations/s ({b['rate_per_worker']} per worker) including each worker "
                      f"loading its models (first output after {b['first_output_s']} s); from the first output "
                      f"on {b['steady_rate']} /s, **{b['steady_rate_per_worker']} per worker (core)**; "
                      f"{b['failed']} failed."]
    lines += ["", "## Notes", ""] + [f"- {n}" for n in result["notes"]]
    if result.get("figures"):
        lines += ["", "## Figures", ""]
        for name in result["figures"]:
            lines += [f"![{FIGURES.get(name, name)}]({name})", ""]
    return "\n".join(lines) + "\n"


def plots(result: dict[str, Any], out_dir: Path) -> list[str]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written: list[str] = []
    quality = result.get("quality")
    if quality and quality["results"]:
        names = _datasets(result)
        cols = min(3, len(names))
        rows = (len(names) + cols - 1) // cols
        fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 4.2 * rows), squeeze=False)
        systems = list(dict.fromkeys(r["system"] for r in quality["results"]))
        cmap = plt.get_cmap("tab10")
        for k, name in enumerate(names):
            ax = axes[k // cols][k % cols]
            for j, system in enumerate(systems):
                pts = sorted((r["mean_size"], r["retention"]) for r in quality["results"]
                             if r["dataset"] == name and r["system"] == system and r["retention"] is not None)
                if pts:
                    style = "-" if system in ("project", "truncation", "rule-only", "semantic-kernel") else ":"
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker="o", ms=4,
                            color=cmap(j % 10), label=system, lw=2 if system == "project" else 1.2)
            for ratio in quality["ratios"]:
                ax.axvline(ratio, color="0.85", lw=0.8, zorder=0)
            ax.set_title(name)
            ax.set_xlabel("achieved size (output / original chars)")
            ax.set_ylabel("retention of verbatim constraints")
            ax.set_ylim(0, 1.02)
            ax.grid(alpha=0.3)
        for k in range(len(names), rows * cols):
            axes[k // cols][k % cols].axis("off")
        handles, labels = axes[0][0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="lower center", ncol=min(len(labels), 4), frameon=False)
        fig.suptitle(f"Retention vs. size at budgets {', '.join(map(str, quality['ratios']))} "
                     "(grey lines) — " + result["meta"]["date"][:10])
        fig.tight_layout(rect=(0, 0.06 + 0.02 * (len(labels) > 4), 1, 0.96))
        fig.savefig(out_dir / "retention_vs_size.png", dpi=110)
        plt.close(fig)
        written.append("retention_vs_size.png")
    speed = result.get("speed")
    if speed and speed["latency"]:
        langs = list(dict.fromkeys(r["lang"] for r in speed["latency"]))
        fig, axes = plt.subplots(1, len(langs), figsize=(6 * len(langs), 4.4), squeeze=False)
        for ax, lang in zip(axes[0], langs):
            mine = sorted((r for r in speed["latency"] if r["lang"] == lang), key=lambda r: r["turns"])
            turns = [r["turns"] for r in mine]
            for mode, color in (("cold", "tab:blue"), ("warm", "tab:orange")):
                ax.plot(turns, [r[mode]["p50"] for r in mine], "-o", color=color, label=f"{mode} p50")
                ax.plot(turns, [r[mode]["p95"] for r in mine], "--", color=color, alpha=0.7, label=f"{mode} p95")
                fit = speed["growth"][lang][mode]["per_turn"]
                if fit["slope"] is not None:
                    ax.plot(turns, [fit["intercept"] + fit["slope"] * t for t in turns], ":", color=color,
                            alpha=0.6, label=f"{mode} fit {fit['slope']:.2f} ms/turn (R² {fit['r2']:.2f})")
            ax.plot(turns, [r["truncation"]["p50"] for r in mine], "-s", color="tab:gray", ms=3,
                    label="truncation p50")
            ax.set_title(f"{lang}: ms per compress call")
            ax.set_xlabel("user turns")
            ax.set_ylabel("ms")
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
        fig.suptitle(f"Latency vs. conversation length — {result['meta']['machine']['cores']} cores, "
                     + result["meta"]["date"][:10])
        fig.tight_layout(rect=(0, 0, 1, 0.94))
        fig.savefig(out_dir / "latency_vs_turns.png", dpi=110)
        plt.close(fig)
        written.append("latency_vs_turns.png")
    return written


def console_summary(result: dict[str, Any]) -> None:
    print("\n".join(main_table_lines(result)))
    print(f"results: {result['out_dir']}/results.json, report.md"
          + "".join(f", {f}" for f in result.get("figures", [])))
