"""Cost of one compression against the length of one message: is it linear?

A user message that repeats a cue ("don't call me before 9am, ", "取件时间改到周五，换成后天上午，")
was the worst case found (DESIGN: every cost linear in size); plain prose is the usual one. For
each text and each doubling of its length, one cold compression (the text never seen) with all
three stages, next to the truncation baseline measured in the same run; then the cost per
1,000 chars and the growth per doubling (2.0 = linear, 4.0 = quadratic).

    python -m benchmarks.long_messages [--sizes 5000,10000,20000,40000] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from benchmarks.latency import truncation
from pipeline import Compressor

TEXTS = [
    ("en", "repeated cue", "don't call me before 9am, "),
    ("zh", "repeated change", "取件时间改到周五，换成后天上午，"),
    ("en", "prose", "We land on Jan 12 and fly back June 10; my budget is no more than $300 a "
                    "month, it's for my parents, not me, and please email rather than call. "),
    ("zh", "prose", "我们1月12日到，6月10日走；预算每月不超过300美元，是给我父母买的，不是我自己，"
                    "有事请发邮件，别打电话。"),
]


def history(text: str, size: int, salt: int) -> list[dict[str, Any]]:
    """One long user message (``text`` repeated to ``size`` chars, made unseen by ``salt``),
    an answer, and the current question: the long message is in the part compacted."""
    body = (text * (size // len(text) + 1))[:size - len(str(salt))] + str(salt)
    return [{"role": "user", "content": body}, {"role": "assistant", "content": "ok"},
            {"role": "user", "content": "and now?"}]


def measure(compressor: Compressor, sizes: list[int]) -> list[dict[str, Any]]:
    baseline = truncation()
    baseline(history(TEXTS[0][2], 500, -1), 200)  # its imports are not the cost measured
    rows = []
    for number, (lang, label, text) in enumerate(TEXTS):
        compressor.compress(history(text, 500, -1), target_chars=200, lang=lang)  # models loaded
        for size in sizes:
            messages = history(text, size, number * 1000 + size)
            started = time.perf_counter()
            baseline(messages, 200)
            cut = time.perf_counter() - started
            started = time.perf_counter()
            report = compressor.compress(messages, target_chars=200, lang=lang).report
            spent = time.perf_counter() - started
            rows.append({"lang": lang, "text": label, "chars": size, "ms": round(spent * 1000, 1),
                         "ms_per_1000_chars": round(spent * 1e6 / size, 2),
                         "x_truncation": round(spent / cut, 1) if cut else None,
                         "stage_ms": report["stage_ms"]})
    for previous, row in zip(rows, rows[1:]):
        if (previous["lang"], previous["text"]) == (row["lang"], row["text"]):
            row["growth_per_doubling"] = round(row["ms"] / previous["ms"] * previous["chars"]
                                               / row["chars"] * 2, 2)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="5000,10000,20000,40000")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(Compressor(), [int(s) for s in args.sizes.split(",")])
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    print(f"{'lang':4} {'text':16} {'chars':>7} {'ms':>8} {'ms/1k':>7} {'x trunc':>8} {'growth':>7}")
    for row in rows:
        print(f"{row['lang']:4} {row['text']:16} {row['chars']:7d} {row['ms']:8.1f} "
              f"{row['ms_per_1000_chars']:7.2f} {row['x_truncation'] or 0:8.0f} "
              f"{row.get('growth_per_doubling', ''):>7}")


if __name__ == "__main__":
    main()
