"""The LLM-summary validator: what it catches and what it costs.

**Corruption tables** (``benchmarks/llm_corruptions.py``, and ``llm_corruptions_heldout.py``
written apart from the validator, on other domains): each corrupted answer goes through the
``LLMSummarizer`` three times (a model that repeats its mistake) with a scripted client, each
faithful answer once. Reported per language: the share of corrupted answers rejected with the
check their row names, the share rejected at all, how many were shipped (0 is the bar), the
share of faithful answers accepted on the first attempt, and the validator's time per answer.

**Cost on generated conversations:**

For each conversation: compress it (no LLM) to get the summary request, write the answer a
faithful model would give (the objective, every must-keep fact verbatim, the claims with their
hedges, the state path, the open items, a few tool facts), then time ``Validator.prepare``
(reading the prefix, once per request) and ``Validator.check`` (one answer; a retry pays only
this again). Prints p50/p95 in ms per language next to the compression itself, and how many
faithful answers drew a finding (false alarms).

``prepare`` is timed right after the compression, as in use (the stages' threads may still be
winding down); ``check`` after ``--settle`` seconds, standing in for the model's answer time.

    python -m benchmarks.llm_validator [--count 40] [--turns 30] [--ratio 0.35] [--settle 0.2] [--json]

(the corruption tables first, then the cost).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from benchmarks.generate import conversation
from benchmarks.latency import percentiles
from pipeline import Compressor
from pipeline.llm import LLMSummarizer
from pipeline.llm.client import Completion
from pipeline.llm.prompt import Sections, load_prompt_pack, parse_answer, render_sections
from pipeline.llm.validator import Validator
from pipeline.rulepacks import load_rule_pack
from pipeline.types import SummaryOutcome, SummaryRequest


class _Capture:
    """A summariser that keeps the request and ships the extractive text."""

    request: SummaryRequest | None = None

    def summarize(self, request: SummaryRequest) -> SummaryOutcome:
        self.request = request
        return SummaryOutcome(request.extractive, "extractive")


class _Scripted:
    """A chat client double (the ``complete`` of pipeline.llm.client): answers from a queue."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers

    def complete(self, messages: list[dict[str, str]]) -> Completion:
        return Completion(self.answers.pop(0), "stop")


def corruption_rates(table: str = "llm_corruptions") -> dict[str, Any]:
    """The rates of one corruption table (module ``benchmarks.<table>``), per language."""
    import importlib

    module = importlib.import_module(f"benchmarks.{table}")
    from pipeline import load_settings

    settings = load_settings(module.SETTINGS)
    compressor = Compressor(settings)
    capture = _Capture()
    compressor.llm = capture
    validator = Validator(settings)
    out: dict[str, Any] = {}
    for lang, conv in module.CONVERSATIONS.items():
        compressor.compress(conv, target_chars=module.TARGET[lang])
        request = capture.request
        assert request is not None
        evidence = validator.prepare(request)
        pack = load_prompt_pack(lang)
        timings: list[float] = []

        def run(answer: dict[str, Any], times: int) -> Any:
            text = module.answer_text(answer)
            sections = parse_answer(text)
            started = time.perf_counter()
            validator.check(evidence, sections, render_sections(sections, pack, request.prefix))
            timings.append((time.perf_counter() - started) * 1000)
            summarizer = LLMSummarizer(settings, _Scripted([text] * times))
            return summarizer.summarize(request)

        rows = [r for r in module.CORRUPTIONS if r.lang == lang]
        caught = rejected = shipped = 0
        missed: list[str] = []
        for row in rows:
            outcome = run(row.answer, 3)
            first = {f["check"] for f in outcome.attempts[0]["findings"]}
            caught += row.check in first
            rejected += bool(first)
            shipped += outcome.path != "fallback"
            if row.check not in first:
                missed.append(row.kind)
        faithful = module.FAITHFUL[lang]
        accepted = [name for name, answer in faithful.items() if run(answer, 1).path == "accepted"]
        out[lang] = {"corruptions": len(rows), "caught": round(caught / len(rows), 3),
                     "rejected": round(rejected / len(rows), 3), "shipped": shipped, "missed": missed,
                     "faithful": len(faithful), "faithful_accepted": round(len(accepted) / len(faithful), 3),
                     "faithful_rejected": [n for n in faithful if n not in accepted],
                     "check_ms": percentiles(timings), "prepare_ms": round(evidence.seconds * 1000, 2)}
    return out


def faithful_answer(request: SummaryRequest) -> Sections:
    """What a model that follows the prompt writes: the snapshot's own words."""
    snapshot = request.snapshot
    templates = load_rule_pack(request.lang).templates
    opened = [templates["unauthorised" if o["kind"] == "unauthorised" else "authorised_by_user"]
              .format(text=o["text"]) for o in snapshot.open_items]
    confirmed = [f"{c['field']}={c['text']}" if c.get("field") else c["text"]
                 for c in snapshot.confirmed_facts[:6]]
    # the task as the renderer quotes it: marked "(changed later)" when it holds a value the
    # user changed ("预算5000元以内" … "预算改成500元")
    task = min((i for i in request.items if i.level == "task"), key=lambda i: i.order, default=None)
    return Sections(task.text if task else snapshot.objective, tuple(dict.fromkeys(f.text for f in request.must)),
                    tuple(confirmed), tuple(c["text"] for c in snapshot.user_claims),
                    tuple(snapshot.state_path), tuple(opened))


def measure(count: int, turns: int, ratio: float, settle: float = 0.2) -> dict[str, Any]:
    compressor = Compressor()
    capture = _Capture()
    compressor.llm = capture
    validator = Validator(compressor.settings)
    for lang in ("zh", "en"):  # models, rule packs, prompt packs and cue regexes load here
        compressor.compress(conversation(lang, 6, seed=10_000), target_chars=500)
        if capture.request is not None:
            validator.check(validator.prepare(capture.request), faithful_answer(capture.request), "")
    out: dict[str, Any] = {"turns": turns, "count": count, "settle_s": settle, "langs": {}}
    for lang in ("zh", "en"):
        prepare: list[float] = []
        check: list[float] = []
        total: list[float] = []
        compress: list[float] = []
        alarms: dict[str, int] = {}
        for seed in range(count):
            conv = conversation(lang, turns, seed)
            size = sum(len(m.get("content") or "") for m in conv["messages"])
            t0 = time.perf_counter()
            compressor.compress(conv, target_chars=int(size * ratio))
            compress.append((time.perf_counter() - t0) * 1000)
            request = capture.request
            assert request is not None
            sections = faithful_answer(request)
            text = render_sections(sections, load_prompt_pack(lang), request.prefix)
            t0 = time.perf_counter()
            evidence = validator.prepare(request)
            prepare.append((time.perf_counter() - t0) * 1000)
            time.sleep(settle)
            t0 = time.perf_counter()
            findings = validator.check(evidence, sections, text)
            check.append((time.perf_counter() - t0) * 1000)
            total.append(prepare[-1] + check[-1])
            for finding in findings:
                alarms[finding.check] = alarms.get(finding.check, 0) + 1
        out["langs"][lang] = {"prepare": percentiles(prepare), "check": percentiles(check),
                              "validator": percentiles(total), "compress": percentiles(compress),
                              "false_alarms": alarms}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--ratio", type=float, default=0.35, help="target = ratio x original chars")
    parser.add_argument("--settle", type=float, default=0.2,
                        help="seconds between prepare and check (the model's answer time)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tables = {name: corruption_rates(name) for name in ("llm_corruptions", "llm_corruptions_heldout")}
    result = measure(args.count, args.turns, args.ratio, args.settle)
    if args.json:
        print(json.dumps({"tables": tables, **result}, ensure_ascii=False))
        return
    print(f"{'table':24} {'lang':4} {'rows':>4} {'caught':>7} {'rejected':>8} {'shipped':>7} "
          f"{'faithful ok':>11} {'check p50/p95 ms':>17}")
    for name, rates in tables.items():
        for lang, row in rates.items():
            print(f"{name:24} {lang:4} {row['corruptions']:4} {row['caught']:7.0%} {row['rejected']:8.0%} "
                  f"{row['shipped']:7} {row['faithful_accepted']:11.0%} "
                  f"{row['check_ms']['p50']:>8}/{row['check_ms']['p95']}")
            if row["missed"] or row["faithful_rejected"]:
                print(f"{'':29} missed: {row['missed'] or '-'}; faithful rejected: {row['faithful_rejected'] or '-'}")
    print()
    print(f"{args.count} conversations of {args.turns} turns per language; a faithful answer each")
    print(f"{'lang':4} {'what':26} {'p50 ms':>8} {'p95 ms':>8}")
    for lang, row in result["langs"].items():
        for what, label in (("prepare", "validator: read the prefix"), ("check", "validator: check answer"),
                            ("validator", "validator: total"), ("compress", "compress (for scale)")):
            print(f"{lang:4} {label:26} {row[what]['p50']:8} {row[what]['p95']:8}")
        print(f"{lang:4} findings on faithful answers: {row['false_alarms'] or 'none'}")


if __name__ == "__main__":
    main()
