"""Quality runs: what survives compression, for every system on the same cases and budgets.

A case is one checkpoint of a dialogue: the history ``messages[:turn]`` (ending on a user
message) and the annotated constraints that hold there. Each system compresses it to
``int(ratio x original chars)`` for each ratio. Per (data set, system, ratio):

- retention: kept / total verbatim constraints; a constraint is kept when its value (or an
  alternative) is found in the output's text after ``../shared/eval/score.py``'s normalisation
  (case-folded; for Chinese all whitespace removed, else runs of whitespace made one space);
- size: mean of output chars / original chars; over budget: cases whose output exceeds the
  budget (the one measure: content plus tool-call name and arguments);
- EID, effective information density: (constraints kept + intent clusters covered) per 1,000
  compressed tokens, tokens = chars / 4 for English and chars / 1.5 for Chinese. An intent
  cluster is the domain of a slot (``hotel-area`` -> ``hotel``; the generated sessions use the
  same ``intent-topic`` slots); it is covered when any of its verbatim constraints is kept.

Data: the shared files (``<data-dir>/*.jsonl``, format in its README; by default the last
checkpoint of each dialogue with at least 5 messages, as score.py) and long generated agent
sessions (``benchmarks.generate``, with tool calls, annotated with the constraint phrases the
generator inserted; a checkpoint every ``every`` user turns and at the end).
"""

from __future__ import annotations

import json
import math
import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from benchmarks.generate import checkpoints, conversation
from benchmarks.systems import size_of

__all__ = ["Case", "TOKENS_PER_CHAR", "evaluate", "generated_cases", "norm", "shared_cases",
           "summarise", "text_of"]

# chars per token: the report's token estimate (stated in every report)
CHARS_PER_TOKEN = {"en": 4.0, "zh": 1.5}
TOKENS_PER_CHAR = {k: 1 / v for k, v in CHARS_PER_TOKEN.items()}


def norm(s: str, lang: str) -> str:
    """score.py's normalisation, the same for every system (tests check it matches)."""
    s = s.casefold()
    return re.sub(r"\s+", "", s) if lang == "zh" else re.sub(r"\s+", " ", s)


def text_of(messages: list[dict[str, Any]]) -> str:
    """score.py's text of a history: the contents, content parts joined, one per line."""
    parts = []
    for m in messages:
        c = m.get("content")
        if isinstance(c, list):
            c = " ".join(p.get("text", "") for p in c if isinstance(p, dict))
        parts.append(c or "")
    return "\n".join(parts)


@dataclass
class Case:
    dataset: str
    id: str
    lang: str
    messages: list[dict[str, Any]]
    constraints: list[dict[str, Any]]          # verbatim ones only
    payload: Any = None                        # what the project gets (a conversation object)
    size: int = 0

    def __post_init__(self) -> None:
        self.size = size_of(self.messages)
        if self.payload is None:
            self.payload = self.messages

    @property
    def clusters(self) -> set[str]:
        return {cluster_of(c["slot"]) for c in self.constraints}


def cluster_of(slot: str) -> str:
    return slot.split("-", 1)[0].casefold()


def shared_cases(path: Path, limit: int, which: str = "last", min_turn: int = 5) -> list[Case]:
    """Cases of one shared file: its first ``limit`` dialogues (0 = all), their last checkpoint
    (or all) with at least ``min_turn`` messages, as ``score.py`` selects them."""
    cases: list[Case] = []
    dialogues = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if limit and dialogues >= limit:
                break
            row = json.loads(line)
            dialogues += 1
            points = row["checkpoints"] if which == "all" else row["checkpoints"][-1:]
            for cp in points:
                if cp["turn"] < min_turn:
                    continue
                history = [{"role": m["role"], "content": m["content"]} for m in row["messages"][:cp["turn"]]]
                cases.append(Case(path.stem, f"{row['id']}@{cp['turn']}", row["lang"], history,
                                  [c for c in cp["constraints"] if c.get("verbatim")]))
    return cases


def generated_cases(count: int, turns: int, every: int) -> list[Case]:
    """Annotated long agent sessions, ``count`` per language, seeds 0..count-1."""
    cases: list[Case] = []
    for lang in ("zh", "en"):
        for seed in range(count):
            conv, inserted = conversation(lang, turns, seed, annotated=True)
            for cp in checkpoints(conv["messages"], inserted, every=every):
                history = conv["messages"][:cp["turn"]]
                payload = {**conv, "messages": history}
                cases.append(Case(f"generated_{lang}", f"{conv['id']}@{cp['turn']}", lang, history,
                                  cp["constraints"], payload))
    return cases


@dataclass
class Tally:
    cases: int = 0
    constraints: int = 0
    kept: int = 0
    clusters: int = 0
    covered: int = 0
    over: int = 0
    tokens: float = 0.0
    sizes: list[float] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    errors: int = 0


def score(case: Case, out: list[dict[str, Any]], target: int) -> dict[str, Any]:
    blob = norm(text_of(out), case.lang)
    kept_clusters: set[str] = set()
    kept = 0
    for c in case.constraints:
        values = [c["value"], *(c.get("alts") or [])]
        if any(v and norm(v, case.lang) in blob for v in values):
            kept += 1
            kept_clusters.add(cluster_of(c["slot"]))
    size = size_of(out)
    return {"kept": kept, "covered": len(kept_clusters), "size": size, "over": size > target,
            "tokens": size * TOKENS_PER_CHAR[case.lang]}


def evaluate(run: Callable[[Any, int, str], list[dict[str, Any]]], cases: Iterable[Case],
             ratios: list[float], *, project: bool = False,
             advance: Callable[[int], None] = lambda n: None) -> dict[tuple[str, float], Tally]:
    """Run one system over every case and ratio; tallies per (data set, ratio)."""
    tallies: dict[tuple[str, float], Tally] = {}
    for case in cases:
        for ratio in ratios:
            target = int(case.size * ratio)
            tally = tallies.setdefault((case.dataset, ratio), Tally())
            started = time.perf_counter()
            try:
                out = run(case.payload if project else case.messages, target, case.lang)
            except Exception:  # a failure counts as nothing kept, and is reported
                tally.errors += 1
                out = []
            tally.ms.append((time.perf_counter() - started) * 1000)
            got = score(case, out, target)
            tally.cases += 1
            tally.constraints += len(case.constraints)
            tally.kept += got["kept"]
            tally.clusters += len(case.clusters)
            tally.covered += got["covered"]
            tally.over += int(got["over"])
            tally.tokens += got["tokens"]
            tally.sizes.append(got["size"] / case.size if case.size else 1.0)
            advance(1)
    return tallies


def summarise(system: str, tallies: dict[tuple[str, float], Tally]) -> list[dict[str, Any]]:
    rows = []
    for (dataset, ratio), t in sorted(tallies.items()):
        ordered = sorted(t.ms)
        rows.append({
            "dataset": dataset, "system": system, "ratio": ratio, "cases": t.cases,
            "constraints": t.constraints, "kept": t.kept,
            "retention": round(t.kept / t.constraints, 4) if t.constraints else None,
            "mean_size": round(statistics.mean(t.sizes), 4) if t.sizes else None,
            "over_budget": t.over, "clusters": t.clusters, "clusters_covered": t.covered,
            "tokens": round(t.tokens, 1),
            "eid_per_1k_tokens": round(1000 * (t.kept + t.covered) / t.tokens, 2) if t.tokens else None,
            "p50_ms": round(statistics.median(ordered), 2) if ordered else None,
            "p95_ms": round(ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)], 2) if ordered else None,
            "errors": t.errors,
        })
    return rows
