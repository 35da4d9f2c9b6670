"""Stage results to JSON and back, so a snapshot's structured state can be stored.

A key clause holds the same ``Fact`` objects as its result's fact list (the renderer counts
strong facts by identity), so clauses store indices into that list and decode to the very
same objects.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..types import (Decision, Fact, IntentCluster, KeyClause, OpenItem, Span, StageResult,
                     Strength, Transition)

__all__ = ["decode_results", "encode_results"]


def _span(span: Span | None) -> list[Any] | None:
    return span.to_list() if span is not None else None


def _unspan(raw: Sequence[Any] | None) -> Span | None:
    return Span(str(raw[0]), int(raw[1]), int(raw[2])) if raw is not None else None


def _transition(t: Transition) -> dict[str, Any]:
    return {"slot": t.slot, "old": t.old, "new": t.new, "span": _span(t.span),
            "old_span": _span(t.old_span), "condition": _span(t.condition)}


def _untransition(raw: dict[str, Any]) -> Transition:
    return Transition(raw["slot"], raw["old"], raw["new"], _unspan(raw["span"]),  # type: ignore[arg-type]
                      _unspan(raw["old_span"]), _unspan(raw.get("condition")))


def _fact(fact: Fact) -> dict[str, Any]:
    return {"kind": fact.kind, "text": fact.text, "strength": fact.strength.value,
            "span": _span(fact.span), "value": fact.value}


def _unfact(raw: dict[str, Any]) -> Fact:
    return Fact(raw["kind"], raw["text"], Strength(raw["strength"]), _unspan(raw["span"]),  # type: ignore[arg-type]
                raw["value"])


def encode_results(results: Sequence[StageResult]) -> list[dict[str, Any]]:
    encoded = []
    for result in results:
        index = {id(f): i for i, f in enumerate(result.facts)}
        encoded.append({
            "name": result.name,
            "error": result.error,
            "facts": [_fact(f) for f in result.facts],
            "clauses": [{"text": c.text, "span": _span(c.span), "score": c.score,
                         "facts": [index[id(f)] for f in c.facts], "asks": c.asks,
                         "needs_mark": c.needs_mark, "cuts": list(c.cuts),
                         "requests": c.requests} for c in result.clauses],
            "decisions": [{"object": d.object, "status": d.status, "text": d.text,
                           "span": _span(d.span), "by": _span(d.by), "core": d.core,
                           "times": [dict(t) for t in d.times], "valued": d.valued} for d in result.decisions],
            "transitions": [_transition(t) for t in result.transitions],
            "later": [_transition(t) for t in result.later],
            "kept_facts": [_fact(f) for f in result.kept_facts],
            "open_items": [{"kind": o.kind, "text": o.text, "span": _span(o.span)}
                           for o in result.open_items],
            "intents": [{"label": i.label, "representative": i.representative,
                         "members": list(i.members), "covered": list(i.covered)}
                        for i in result.intents],
        })
    return encoded


def decode_results(raw: Sequence[dict[str, Any]]) -> tuple[StageResult, ...]:
    results = []
    for item in raw:
        facts = tuple(_unfact(f) for f in item["facts"])
        results.append(StageResult(
            item["name"],
            facts=facts,
            clauses=tuple(KeyClause(c["text"], _unspan(c["span"]), c["score"],  # type: ignore[arg-type]
                                    tuple(facts[i] for i in c["facts"]), c.get("asks", False),
                                    c.get("needs_mark", False), tuple(c.get("cuts", ())),
                                    c.get("requests", True))   # stored before it was read: its level as then
                          for c in item["clauses"]),
            decisions=tuple(Decision(d["object"], d["status"], d["text"], _unspan(d["span"]),  # type: ignore[arg-type]
                                     _unspan(d.get("by")), d.get("core", ""), tuple(d.get("times", ())),
                                     d.get("valued", True))   # stored before it was read: its level as then
                            for d in item["decisions"]),
            transitions=tuple(_untransition(t) for t in item["transitions"]),
            later=tuple(_untransition(t) for t in item.get("later", ())),
            kept_facts=tuple(_unfact(f) for f in item.get("kept_facts", ())),
            open_items=tuple(OpenItem(o["kind"], o["text"], _unspan(o["span"]))  # type: ignore[arg-type]
                             for o in item["open_items"]),
            intents=tuple(IntentCluster(i["label"], i["representative"], tuple(i["members"]),
                                        tuple(i["covered"])) for i in item["intents"]),
            error=item["error"],
        ))
    return tuple(results)
