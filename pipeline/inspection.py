"""One compression as a self-contained HTML page: what was kept, where it came from, and why.

The page is built from the result's typed :class:`~pipeline.types.Trace` (the events, the plan,
every stage's result and the items the renderer placed), never from the summary text, and it
is rendered by a Jinja2 template with autoescaping on: whatever a conversation holds, including
``<script>``, is shown as text. It needs no network and no JavaScript.

>>> html = inspection_html(Compressor().compress(messages, target_chars=4000))  # doctest: +SKIP
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .errors import Errors, InputError
from .render import shown_time
from .policy import pending_calls
from .rulepacks import load_rule_pack
from .types import (CompressionResult, Fact, IntentCluster, PrefixSummary, Span, Strength,
                    SummaryItem, Trace, Transition)

if TYPE_CHECKING:
    from jinja2 import Template

__all__ = ["inspection_html"]


@dataclass(frozen=True)
class _Item:
    """One extracted fact as the page lists it, with its place on the summary's priority
    ladder (the highest level of the items that could carry it) and whether it was carried."""

    id: str
    kind: str
    strength: str
    text: str
    value: str
    event: str
    start: int
    end: int
    level: str
    section: str
    kept: bool
    superseded_by: str = ""    # "后天上午 (U10)": a later change replaced this value


@dataclass(frozen=True)
class _Segment:
    """A stretch of a message's text and the items that cover it (none: plain text)."""

    text: str
    items: tuple[str, ...] = ()
    strength: str = ""
    kept: bool = False


@dataclass(frozen=True)
class _Row:
    """One input message on the timeline."""

    id: str
    role: str
    fate: str          # system | summarised | verbatim | trimmed
    pending: tuple[str, ...]
    size: int
    segments: tuple[_Segment, ...]
    calls: tuple[str, ...]
    carried_by: tuple[str, ...]   # the summary items placed from this message
    intent: str

    @property
    def folded(self) -> bool:
        """Tool results (JSON, lists, documents) open on demand; what people said is shown."""
        return self.role == "tool"


def _key(span: Span) -> tuple[str, int, int]:
    return span.event_id, span.start, span.end


def _forms(item: SummaryItem) -> tuple[SummaryItem, ...]:
    return (item, *item.alternatives, *item.fragments)


def _carried(item: SummaryItem) -> set[tuple[str, int, int]]:
    """The source spans an item's text stands for: the facts it quotes and those it restates."""
    return {_key(f.span) for f in (*item.facts, *item.must)} | {_key(s) for s in item.refs}


def _items(summary: PrefixSummary | None, order: dict[str, int],
           ladder_levels: Sequence[str]) -> list[_Item]:
    """Every fact the stages found (once per span and kind), in source order."""
    if summary is None:
        return []
    facts: dict[tuple[str, int, int, str], Fact] = {}
    for result in summary.results:
        for fact in (*result.facts, *(f for c in result.clauses for f in c.facts)):
            facts.setdefault((*_key(fact.span), fact.kind), fact)
    kept = set().union(*(_carried(i) for i in summary.kept)) if summary.kept else set()
    ladder: dict[tuple[str, int, int], tuple[int, str, str]] = {}
    for item in summary.items:
        for form in _forms(item):
            rank = ladder_levels.index(form.level)
            for span in _carried(form):
                if rank < ladder.get(span, (len(ladder_levels), "", ""))[0]:
                    ladder[span] = (rank, form.level, form.section)
    changes: dict[str, list[Transition]] = {}   # by the event of the value they replaced
    for result in summary.results:
        for change in result.transitions:
            if change.old_span is not None:
                changes.setdefault(change.old_span.event_id, []).append(change)
    listed = sorted(facts.values(), key=lambda f: (order.get(f.span.event_id, 0), f.span.start))
    out = []
    for number, fact in enumerate(listed, 1):
        replaced = next((c for c in changes.get(fact.span.event_id, ())
                         if c.old_span and c.old_span.start < fact.span.end
                         and fact.span.start < c.old_span.end), None)
        _, level, section = ladder.get(_key(fact.span), (0, "", ""))
        value = ("" if fact.value is None else fact.value if isinstance(fact.value, str)
                 else shown_time(fact.value) if fact.kind == "time" and isinstance(fact.value, dict)
                 else json.dumps(fact.value, ensure_ascii=False))
        out.append(_Item(f"F{number}", fact.kind, fact.strength.value, fact.text, value,
                         fact.span.event_id, fact.span.start, fact.span.end, level, section,
                         _key(fact.span) in kept,
                         f"{replaced.new} ({replaced.span.event_id})" if replaced else ""))
    return out


def _segments(text: str, items: Sequence[_Item]) -> tuple[_Segment, ...]:
    """The text cut at every item boundary; each piece names the items covering it and takes
    the strongest one's colour, so nested facts ("不要香菜" inside a longer request) both show.
    One sweep over the boundaries: a long message with thousands of items stays linear."""
    opening: dict[int, list[_Item]] = {}
    for item in items:
        opening.setdefault(item.start, []).append(item)
    bounds = sorted({0, len(text), *(i.start for i in items), *(i.end for i in items)})
    active: dict[str, _Item] = {}
    pieces = []
    for a, b in pairwise(bounds):
        active.update((i.id, i) for i in opening.get(a, ()))
        for gone in [k for k, i in active.items() if i.end <= a]:
            del active[gone]
        if not active:
            pieces.append(_Segment(text[a:b]))
            continue
        over = list(active.values())
        top = max(over, key=lambda i: Strength(i.strength).rank)
        pieces.append(_Segment(text[a:b], tuple(i.id for i in over), top.strength,
                               any(i.kept for i in over)))
    return tuple(p for p in pieces if p.text)


def _rows(trace: Trace, items: Sequence[_Item]) -> list[_Row]:
    conv, plan, summary = trace.conversation, trace.plan, trace.summary
    cut = plan.cut if trace.summary_index is not None and plan.cut is not None else 0
    pending = pending_calls(conv)
    by_event: dict[str, list[_Item]] = {}
    for item in items:
        by_event.setdefault(item.event, []).append(item)
    carried: dict[int, list[str]] = {}
    for placed in summary.kept if summary else ():
        carried.setdefault(placed.order[0], []).append(placed.text)
    intent: dict[str, str] = {}
    for number, cluster in enumerate(_clusters(summary), 1):
        if len(cluster.members) < 2:
            continue  # a turn alone in its cluster says nothing about the others
        intent[cluster.representative] = f"represents intent {number}"
        for member in cluster.members:
            if member != cluster.representative:
                intent[member] = f"intent {number}, represented by {cluster.representative}"
    rows = []
    for event in conv.events:
        fate = ("system" if event.role == "system" else "summarised" if event.index < cut
                else "trimmed" if event.index in plan.trimmed else "verbatim")
        rows.append(_Row(
            event.id, event.role, fate,
            pending.get(event.index, ()),
            event.size, _segments(event.text, by_event.get(event.id, ())),
            tuple(f"{c.name}({c.arguments})" for c in event.tool_calls),
            tuple(carried.get(event.index, ())), intent.get(event.id, "")))
    return rows


def _clusters(summary: PrefixSummary | None) -> list[IntentCluster]:
    return [c for r in summary.results for c in r.intents] if summary else []


def _sizes(trace: Trace) -> dict[str, Any]:
    """Before / target / after, the after split into system messages, summary and tail, each
    as a share of the widest of the three for the bar."""
    conv, plan, at = trace.conversation, trace.plan, trace.summary_index
    summary = trace.sizes[at] if at is not None else 0
    system = sum(s for i, (s, e) in enumerate(zip(trace.sizes, _roles(trace), strict=True))
                 if e == "system" and i != at)
    after = sum(trace.sizes)
    widest = max(conv.size, after, plan.limit or 0, 1)
    return {"before": conv.size, "after": after, "target": plan.limit, "system": system,
            "summary": summary, "tail": after - system - summary, "unit": "chars",
            "pct": {k: round(100 * v / widest, 2) for k, v in (
                ("before", conv.size), ("system", system), ("summary", summary),
                ("tail", after - system - summary), ("target", plan.limit or 0))}}


def _roles(trace: Trace) -> list[str]:
    """The role of each output message, read off the events it came from: the kept system
    messages, then the tail (the summary's own place is ``trace.summary_index``)."""
    conv, plan, at = trace.conversation, trace.plan, trace.summary_index
    if at is None or plan.cut is None:
        return [e.role for e in conv.events]
    head = [e.role for e in conv.events[:plan.cut] if e.role == "system"]
    return head + ["summary"] + [e.role for e in conv.events[plan.cut:]]


@lru_cache(maxsize=1)
def _template() -> Template:
    """Loaded and compiled once per process."""
    from jinja2 import Environment, PackageLoader

    env = Environment(loader=PackageLoader("pipeline", "templates"), autoescape=True,
                      trim_blocks=True, lstrip_blocks=True)
    return env.get_template("inspect.html.j2")


def inspection_html(result: CompressionResult, *, title: str | None = None) -> str:
    """The page for one ``Compressor.compress`` result (it needs the result's trace)."""
    trace = result.trace
    if trace is None or len(trace.sizes) != len(result.messages):  # none, or not this result's
        raise InputError(Errors.E015)
    conv, summary = trace.conversation, trace.summary
    order = {e.id: e.index for e in conv.events}
    items = _items(summary, order, load_rule_pack(conv.lang).ladder)
    at = trace.summary_index
    summary_text = result.messages[at].get("content", "") if at is not None else None
    transitions = [t for r in summary.results for t in r.transitions] if summary else []
    decisions = [d for r in summary.results for d in r.decisions] if summary else []
    open_items = [o for r in summary.results for o in r.open_items] if summary else []
    return _template().render(
        title=title or conv.id or "squeeze inspect", conv=conv, report=result.report,
        snapshot=result.snapshot, plan=trace.plan, rows=_rows(trace, items), items=items,
        kept_count=sum(1 for i in items if i.kept), summary_text=summary_text,
        summary_path=summary.path if summary else None, sizes=_sizes(trace),
        clusters=_clusters(summary), transitions=transitions, decisions=decisions,
        open_items=open_items)
