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
    value: float


def _strong(clause: KeyClause) -> list[Fact]:
    return [f for f in clause.facts if f.strength is Strength.STRONG]


def _priority(clause: KeyClause) -> tuple[int, float, int]:
    """Clauses with strong facts first, then by score per char, newer before older."""
    return (1 if _strong(clause) else 0, clause.score / (len(clause.text) + 4), clause.span.start)


def _fact_cover(clause: KeyClause) -> tuple[str, Span] | None:
    """The shortest verbatim stretch of a clause that holds all its facts: "24小时热水和洗衣服务的
    高档型酒店" out of "帮我推荐一个能提供24小时热水和洗衣服务的高档型酒店"."""
    if not clause.facts:
        return None
    start = min(f.span.start for f in clause.facts)
    end = max(f.span.end for f in clause.facts)
    if end - start >= len(clause.text):
        return None
    offset = start - clause.span.start
    text = clause.text[offset:offset + end - start]
    return text, Span(clause.span.event_id, start, end)


def _compose(header: str, units: Sequence[_Unit], pack: RulePack, with_ids: bool) -> str:
    lines = [header, pack.templates["key_sentences"]] if units and with_ids else [header]
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
        event_order = order[clause.span.event_id]
        if attempt(_Unit(clause.text, clause.span, event_order, clause.score)):
            continue
        cover = _fact_cover(clause)
        if cover is not None and attempt(_Unit(*cover, event_order, clause.score)):
            continue
        for fact in _strong(clause):
            if not attempt(_Unit(fact.text, fact.span, event_order, 3.0)):
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
    def merit(fit: tuple[str, list[_Unit], list[Fact]]) -> tuple[int, float]:
        return -len(fit[2]), sum(u.value for u in fit[1])

    # Event ids make the summary checkable; they cost a few chars a line, so a tight budget
    # drops them when that keeps more of what the user said.
    with_ids = _fit(header, clauses, order, budget, pack, measure, True)
    plain = _fit(header, clauses, order, budget, pack, measure, False)
    text, units, missing = with_ids if merit(with_ids) >= merit(plain) else plain
    kept = tuple(KeyClause(u.text, u.span, 0.0) for u in sorted(units, key=lambda u: (u.order, u.span.start)))
    return Rendering(text, kept, tuple(missing))
