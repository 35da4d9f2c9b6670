"""Meaning on long hand-written conversations (issues #12 and #13).

``benchmarks/conversations/*.json`` are agent sessions written for the project by hand, apart
from its code and rule packs (Chinese and English, 70-100 messages with tool calls, corrections,
accepted proposals, questions, hypotheticals, hedged claims). Each names, in ``expect``, the
values that hold at its end (``must_keep``) and the values the user replaced (``superseded``,
each with what replaced it), all as the user (or the accepted proposal) wrote them.

Each is compressed to 5, 10, 20 and 35 % of its size and read as the agent would:

- **kept**: a must-keep value is in the output (summary and verbatim tail), matched whole with
  ``../shared/eval/score.py``'s rule (case-folded; Chinese without whitespace; an ASCII letter or
  digit at either end may not run on into the text around it), line by line (score.py joins a
  Chinese line's last digits to the next line's "U10");
- **stale**: a superseded value in an item of the summary (a line, or a part of it between the
  pack's separators) that shows it as current: an item may hold it only before a change arrow
  ("A → B"), with the pack's "changed later" marker, before the status "dropped", or beside the
  value that replaced it (the user's own change, quoted: "switch to the 2-year visa instead of
  the 6-month visa"), or in an item naming one of the value's ``other_roles``, words of another
  thing the same value belongs to (the dinner moved from 5:15, the garage arrival and an SMS
  reminder stay at 5:15: "garage", "reminder"), written with the conversation;
- **as statement**: a question or hypothetical in an item with no question mark and none of the
  pack's question cues nor conditionals (its asking or supposing word lost).

Truncation to the same budget is the baseline (newest whole messages that fit).
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.quality import norm

__all__ = ["CONVERSATIONS", "RATIOS", "Conversation", "Verdict", "check", "load", "run"]

CONVERSATIONS = Path(__file__).resolve().parent / "conversations"
RATIOS = (0.05, 0.10, 0.20, 0.35)
SUMMARY_NAME = "__squeeze_summary__"
ARROW = "→"


def found(value: str, blob: str) -> bool:
    """score.py's whole-value match (both normalised)."""
    if not value:
        return False
    pre = r"(?<![0-9a-z])" if re.match(r"[0-9a-z]", value) else ""
    post = r"(?![0-9a-z])" if re.search(r"[0-9a-z]$", value) else ""
    return re.search(pre + re.escape(value) + post, blob) is not None


@dataclass(frozen=True)
class Conversation:
    """One hand-written session and what must (not) survive its compression."""
    id: str
    lang: str
    payload: dict[str, Any]                   # what ``compress`` takes: messages, now, timezone, lang
    must_keep: list[dict[str, str]]
    superseded: list[dict[str, str]]
    asked: list[dict[str, str]]

    @property
    def size(self) -> int:
        from pipeline.parse import message_size
        return sum(message_size(m) for m in self.payload["messages"])


def load(path: Path) -> Conversation:
    data = json.loads(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    payload = {k: data[k] for k in ("id", "lang", "now", "timezone", "messages") if k in data}
    return Conversation(data["id"], data["lang"], payload, expect["must_keep"], expect["superseded"],
                        expect.get("asked", []) + expect.get("hypothetical", []))


@dataclass
class Verdict:
    """What one compression kept, showed stale, or turned from a question into a statement."""
    id: str
    lang: str
    ratio: float
    size: float                                       # output / input, the project's measure
    missing: list[dict[str, str]] = field(default_factory=list)
    stale: list[tuple[str, str]] = field(default_factory=list)        # (value, summary item)
    as_statement: list[tuple[str, str]] = field(default_factory=list)
    kept: int = 0
    truncation_missing: int = 0

    @property
    def clean(self) -> bool:
        return not (self.missing or self.stale or self.as_statement)


def _items(summary: str, separator: str) -> list[str]:
    return [part for line in summary.splitlines() for part in line.split(separator) if part.strip()]


def _marks(lang: str) -> dict[str, Any]:
    import tomllib
    from pipeline.rulepacks import rules_dir
    pack = tomllib.loads((rules_dir() / f"{lang}.toml").read_text("utf-8"))
    state, summary = pack["state"], pack["summary"]
    asking = [*pack["questions"]["cues"], *state["question_marks"], *state["conditionals"]]
    return {"separator": summary["separator"].strip(), "changed": summary["changed"].strip(),
            "dropped": summary["dropped"].strip(), "asking": [norm(w, lang) for w in asking]}


def _shown_current(value: str, item: str, changed: str, dropped: str) -> bool:
    """Whether an item shows ``value`` as current: not with the changed mark, not before a change
    arrow, not before the status that says it was dropped ("宽带还是改周日上午十点：已放弃")."""
    if changed in item:
        return False
    at = item.find(value)
    return at >= 0 and ARROW not in item[at:] and dropped not in item[at:]


def check(conv: Conversation, ratio: float, compressor: Any, baseline: Any = None) -> Verdict:
    """Compress ``conv`` to ``ratio`` of its size and read the output against its expectations."""
    from pipeline.parse import message_size
    target = int(conv.size * ratio)
    out = [m if isinstance(m, dict) else m.to_dict()
           for m in compressor.compress(conv.payload, target_chars=target).messages]
    lang, marks = conv.lang, _marks(conv.lang)
    # line by line: a Chinese line ending in digits is not run on into the event id ("U10") of the next
    blob = "\n".join(norm(line, lang) for m in out for line in str(m.get("content") or "").splitlines())
    summary = next((str(m.get("content") or "") for m in out if m.get("name") == SUMMARY_NAME), "")
    items = [norm(i, lang) for i in _items(summary, marks["separator"])]
    verdict = Verdict(conv.id, lang, ratio, sum(message_size(m) for m in out) / conv.size)
    verdict.missing = [e for e in conv.must_keep if not found(norm(e["value"], lang), blob)]
    verdict.kept = len(conv.must_keep) - len(verdict.missing)
    for change in conv.superseded:
        old = norm(change["value"], lang)
        by = norm(change.get("replaced_by") or "", lang)
        verdict.stale += [(change["value"], i) for i in items
                          if found(old, i) and _shown_current(old, i, norm(marks["changed"], lang),
                                                              norm(marks["dropped"], lang))
                          and not (by and found(by, i))
                          and not any(norm(w, lang) in i for w in change.get("other_roles", ()))]
    for asked in conv.asked:
        value = norm(asked["value"], lang)
        verdict.as_statement += [(asked["value"], i) for i in items
                                 if found(value, i) and not any(found(w, i) for w in marks["asking"])]
    if baseline is not None:
        kept = norm("\n".join(str(m.content) for m in baseline(conv.payload["messages"], target)), lang)
        verdict.truncation_missing = sum(not found(norm(e["value"], lang), kept) for e in conv.must_keep)
    return verdict


def run(ratios: tuple[float, ...] = RATIOS, paths: list[Path] | None = None,
        with_baseline: bool = True) -> list[Verdict]:
    from pipeline import Compressor
    from benchmarks.latency import truncation
    compressor = Compressor()
    baseline = truncation() if with_baseline else None
    convs = [load(p) for p in paths or sorted(CONVERSATIONS.glob("*.json"))]
    return [check(c, r, compressor, baseline) for c in convs for r in ratios]


def table(verdicts: list[Verdict]) -> str:
    """Per ratio: must-keep values kept (project vs truncation), stale items, questions lost."""
    rows = ["| ratio | conversations | size | must-keep kept | truncation kept | all kept | stale values | "
            "questions as statements |", "|---|---|---|---|---|---|---|---|"]
    for ratio in sorted({v.ratio for v in verdicts}):
        vs = [v for v in verdicts if v.ratio == ratio]
        total = sum(len(v.missing) + v.kept for v in vs)
        rows.append(f"| {ratio:.2f} | {len(vs)} | {sum(v.size for v in vs) / len(vs):.3f} | "
                    f"{sum(v.kept for v in vs)}/{total} | {total - sum(v.truncation_missing for v in vs)}/{total} | "
                    f"{sum(not v.missing for v in vs)}/{len(vs)} | {sum(len(v.stale) for v in vs)} | "
                    f"{sum(len(v.as_statement) for v in vs)} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ratios", type=float, nargs="+", default=list(RATIOS))
    ap.add_argument("--only", nargs="*", help="conversation files (default: all in benchmarks/conversations)")
    ap.add_argument("--show", action="store_true", help="print each miss, stale item and lost question")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    verdicts = run(tuple(args.ratios), [Path(p) for p in args.only] if args.only else None)
    if args.json:
        print(json.dumps([v.__dict__ for v in verdicts], ensure_ascii=False, indent=1))
        return 0
    if args.show:
        for v in verdicts:
            for e in v.missing:
                print(f"{v.id} @{v.ratio:.2f} missing [{e.get('kind', '')}] {e['value']}")
            for value, item in v.stale:
                print(f"{v.id} @{v.ratio:.2f} stale {value!r} in: {item[:160]}")
            for value, item in v.as_statement:
                print(f"{v.id} @{v.ratio:.2f} as statement {value!r} in: {item[:160]}")
    print(table(verdicts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
