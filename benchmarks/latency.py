"""Latency of one ``compress`` call on generated 30-turn agent conversations, both languages.

Prints p50/p95 for: cold (models loaded, texts never seen), warm (the same conversation plus
one new turn), and each stage alone (its own timer in the report), next to the truncation
baseline (LangChain ``trim_messages``) measured in the same run, and the model load time.

    python -m benchmarks.latency [--count 40] [--turns 30] [--json]
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import time
from typing import Any, Callable

from benchmarks.generate import conversation
from pipeline import Compressor


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 2),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2), "n": len(ordered)}


def truncation() -> Callable[[list[dict[str, Any]], int], Any]:
    """The baseline: keep the newest messages that fit, starting on a user message."""
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage, trim_messages

    def run(messages: list[dict[str, Any]], target: int) -> Any:
        converted = []
        for m in messages:
            content = m.get("content") or ""
            if m["role"] == "user":
                converted.append(HumanMessage(content))
            elif m["role"] == "system":
                converted.append(SystemMessage(content))
            elif m["role"] == "tool":
                converted.append(ToolMessage(content, tool_call_id=m["tool_call_id"]))
            else:
                converted.append(AIMessage(content))
        return trim_messages(converted, max_tokens=target, strategy="last", start_on="human",
                             include_system=True, allow_partial=False,
                             token_counter=lambda ms: sum(len(str(x.content)) for x in ms))
    return run


def next_turn(conv: dict[str, Any]) -> dict[str, Any]:
    """The same conversation one turn later: an answer and a new user question."""
    grown = copy.deepcopy(conv)
    zh = conv["lang"] == "zh"
    grown["messages"] += [{"role": "assistant", "content": "好的，我看一下。" if zh else "Sure, let me check."},
                          {"role": "user", "content": "那周六还有空位吗？" if zh else "Any slots left on Saturday?"}]
    return grown


def measure(count: int, turns: int, target_ratio: float) -> dict[str, Any]:
    started = time.perf_counter()
    compressor = Compressor()
    for lang in ("zh", "en"):  # load every model once, outside the timed calls
        compressor.compress(conversation(lang, 6, seed=10_000), target_chars=500)
    load_s = time.perf_counter() - started
    baseline = truncation()
    out: dict[str, Any] = {"load_s": round(load_s, 2), "turns": turns, "count": count, "langs": {}}
    for lang in ("zh", "en"):
        cold, warm, base, stages = [], [], [], {}
        for seed in range(count):
            conv = conversation(lang, turns, seed)
            size = sum(len(m.get("content") or "") for m in conv["messages"])
            target = int(size * target_ratio)
            t0 = time.perf_counter()
            result = compressor.compress(conv, target_chars=target)
            cold.append((time.perf_counter() - t0) * 1000)
            for name, ms in result.report["stage_ms"].items():
                stages.setdefault(name, []).append(ms)
            grown = next_turn(conv)
            t0 = time.perf_counter()
            compressor.compress(grown, target_chars=target)
            warm.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            baseline(conv["messages"], target)
            base.append((time.perf_counter() - t0) * 1000)
        row = {"cold": percentiles(cold), "warm": percentiles(warm), "truncation": percentiles(base),
               "stages": {k: percentiles(v) for k, v in stages.items()}}
        row["cold_vs_truncation_p50"] = round(row["cold"]["p50"] / max(row["truncation"]["p50"], 1e-6), 1)
        out["langs"][lang] = row
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--ratio", type=float, default=0.35, help="target = ratio x original chars")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.count, args.turns, args.ratio)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return
    print(f"models loaded in {result['load_s']} s; {args.count} conversations of {args.turns} turns per language")
    print(f"{'lang':4} {'what':14} {'p50 ms':>8} {'p95 ms':>8}")
    for lang, row in result["langs"].items():
        for what in ("cold", "warm", "truncation"):
            print(f"{lang:4} {what:14} {row[what]['p50']:8} {row[what]['p95']:8}")
        for name, stat in row["stages"].items():
            print(f"{lang:4} {'stage ' + name:14} {stat['p50']:8} {stat['p95']:8}")
        print(f"{lang:4} cold / truncation (p50): {row['cold_vs_truncation_p50']}x")


if __name__ == "__main__":
    main()
