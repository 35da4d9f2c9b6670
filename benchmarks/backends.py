"""Embedding backends side by side, for the English default (DESIGN §10): cold latency of
embedding the 30 user turns of a generated agent conversation, and clustering quality on a
table of paraphrase groups with distractors (share of groups recovered exactly).

    python -m benchmarks.backends [--count 15]
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.generate import conversation
from pipeline import load_settings
from pipeline.backends import load_embedder
from pipeline.stages.intents import cluster_intents
from pipeline.types import Event

GROUPS = {
    "en": [
        (["I forgot my password", "I can't remember my password", "what do I do if I lost my password"],
         ["Is breakfast included?", "No shellfish please"]),
        (["What time do you open on Sunday?", "Are you open on Sundays, and when?", "When do you open on Sundays?"],
         ["Can you book a table for four?", "my dad may have a heart condition"]),
        (["Who pays for return shipping?", "Do I have to pay the return shipping?", "Is return shipping on me or on you?"],
         ["Can I get an invoice?", "I was charged twice"]),
        (["Does the plan cover dental?", "Is dental included in this plan?", "Will the policy pay for dental work?"],
         ["How do I file a claim?", "Can I pay monthly?"]),
        (["Can I cancel for free?", "Is the booking refundable if I cancel?", "What happens if I cancel, do I get my money back?"],
         ["Is there parking at the hotel?", "How far is it from the station?"]),
    ],
    "zh": [
        (["我忘记密码了", "密码想不起来了", "我的密码忘了怎么办"], ["我忘记带伞了", "周日几点开门"]),
        (["周日几点开门", "星期天营业时间是几点", "周日什么时候开门"], ["帮我订一张四人桌", "不要香菜"]),
        (["运费谁出", "退货运费由谁承担", "寄回去的运费谁来付"], ["我爸可能有心脏病", "发票怎么开"]),
    ],
}


def quality(embedder, lang: str, eps: float) -> float:
    exact = 0
    for same, other in GROUPS[lang]:
        texts = same + other
        events = [Event(f"U{i}", i, "user", t, len(t), {}) for i, t in enumerate(texts)]
        clusters = cluster_intents(events, embedder.embed(texts), eps, 2, 24)
        home = next(c for c in clusters if "U0" in c.members)
        exact += set(home.members) == {f"U{i}" for i in range(len(same))}
    return exact / len(GROUPS[lang])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=15)
    args = parser.parse_args()
    settings = load_settings()
    print(f"{'backend':18} {'lang':4} {'load s':>7} {'p50 ms':>7} {'p95 ms':>7} {'groups':>7}")
    for name in ("use-multilingual", "minilm-l3", "minilm", "minilm-int8"):
        started = time.perf_counter()
        try:
            embedder = load_embedder(name, settings).inner  # uncached: every call is cold
        except ImportError as exc:  # minilm fp32 is built with the export extra (torch)
            print(f"{name:18} not measured: {exc}")
            continue
        load = time.perf_counter() - started
        for lang in ("en", "zh"):
            times = []
            for seed in range(args.count):
                turns = [m["content"] for m in conversation(lang, 30, seed)["messages"] if m["role"] == "user"]
                t0 = time.perf_counter()
                embedder.embed(turns)
                times.append((time.perf_counter() - t0) * 1000)
            times.sort()
            print(f"{name:18} {lang:4} {load:7.2f} {statistics.median(times):7.1f} "
                  f"{times[int(0.95 * (len(times) - 1))]:7.1f} {quality(embedder, lang, settings['intents.eps']):7.2f}")


if __name__ == "__main__":
    main()
