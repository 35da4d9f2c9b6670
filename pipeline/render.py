"""Snapshot + key clauses → the summary text, fitted to its budget.

Strong facts come first: a clause holding one is chosen before any other; when the whole
clause does not fit, its strong facts go in alone (a negation stays whole with its object).
The text lists, per source event, what was kept, in the order it was said.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .rulepacks import RulePack
from .types import Event, Fact, KeyClause, Span, Strength

__all__ = ["Rendering", "render_summary"]


@dataclass(frozen=True)
class Rendering:
    text: str
    kept: tuple[KeyClause, ...]        # clauses or fact fragments, in source order
    missing: tuple[Fact, ...]          # strong facts that did not fit


@dataclass(frozen=True)
class _Unit:
    text: str
    span: Span
    order: int


def _strong(clause: KeyClause) -> list[Fact]:
    return [f for f in clause.facts if f.strength is Strength.STRONG]


def _priority(clause: KeyClause) -> tuple[int, float, int]:
    """Clauses with strong facts first, then by score per char, newer before older."""
    return (1 if _strong(clause) else 0, clause.score / (len(clause.text) + 4), clause.span.start)


def _compose(header: str, units: Sequence[_Unit], pack: RulePack, with_ids: bool) -> str:
    lines = [header, pack.templates["key_sentences"]] if units else [header]
    by_event: dict[str, list[str]] = {}
    for unit in sorted(units, key=lambda u: (u.order, u.span.start)):
        by_event.setdefault(unit.span.event_id, []).append(unit.text)
    separator = pack.templates["separator"]
    if with_ids:
        lines += [pack.templates["line"].format(event=e, text=separator.join(t))
                  for e, t in by_event.items()]
    else:
        lines.append(separator.join(separator.join(t) for t in by_event.values()))
    return "\n".join(lines)


def _fit(header: str, clauses: Sequence[KeyClause], order: dict[str, int], budget: int,
         pack: RulePack, measure: Callable[[str], int], with_ids: bool) -> tuple[str, list[_Unit], list[Fact]]:
    chosen: list[_Unit] = []
    missing: list[Fact] = []
    seen: set[str] = set()
    text = _compose(header, chosen, pack, with_ids)

    def attempt(unit: _Unit) -> bool:
        nonlocal text
        candidate = _compose(header, chosen + [unit], pack, with_ids)
        if measure(candidate) > budget:
            return False
        chosen.append(unit)
        text = candidate
        return True

    for clause in sorted(clauses, key=_priority, reverse=True):
        if clause.text in seen:
            continue
        seen.add(clause.text)
        if attempt(_Unit(clause.text, clause.span, order[clause.span.event_id])):
            continue
        for fact in _strong(clause):
            if not attempt(_Unit(fact.text, fact.span, order[fact.span.event_id])):
                missing.append(fact)
    return text, chosen, missing


def render_summary(prefix: Sequence[Event], clauses: Sequence[KeyClause], pack: RulePack,
                   budget: int, measure: Callable[[str], int] = len) -> Rendering:
    """The best summary within ``budget``: with event ids if they cost no strong fact."""
    covered = [e for e in prefix if e.role != "system"]
    first, last = covered[0].id, covered[-1].id
    full = pack.templates["header"].format(first=first, last=last, count=len(covered),
                                           chars=sum(e.size for e in covered))
    short = pack.templates["header_short"].format(first=first, last=last)
    order = {e.id: e.index for e in prefix}
    header = full if measure(full) * 8 <= budget else short
    if measure(header) > budget:
        header = ""
    best: tuple[str, list[_Unit], list[Fact]] | None = None
    for with_ids in (True, False):
        attempt = _fit(header, clauses, order, budget, pack, measure, with_ids)
        if best is None or len(attempt[2]) < len(best[2]) or (
                len(attempt[2]) == len(best[2]) and len(attempt[1]) > len(best[1])):
            best = attempt
        if not best[2]:
            break
    text, units, missing = best  # type: ignore[misc]
    kept = tuple(KeyClause(u.text, u.span, 0.0) for u in sorted(units, key=lambda u: (u.order, u.span.start)))
    return Rendering(text, kept, tuple(missing))
