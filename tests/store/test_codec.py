"""Stage results survive a trip through JSON, with the fact identities the renderer counts on."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline import Compressor
from pipeline.parse import parse_conversation
from pipeline.store.codec import decode_results, encode_results

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


@pytest.mark.parametrize("name", ["zh_repair.json", "en_insurance.json"])
def test_results_round_trip(name):
    compressor = Compressor()
    conv = parse_conversation(json.loads((EXAMPLES / name).read_text("utf-8")), compressor.settings)
    results = compressor.summarize_prefix(conv, len(conv.events) - 1, 3000).results
    assert any(r.facts for r in results) and any(r.transitions or r.decisions for r in results)
    decoded = decode_results(json.loads(json.dumps(encode_results(results), ensure_ascii=False)))
    assert decoded == tuple(replace(r, seconds=0.0) for r in results)  # timings are not state
    for result in decoded:
        held = {id(f) for f in result.facts}
        assert all(id(f) in held for c in result.clauses for f in c.facts)


def test_a_change_keeps_its_condition_through_the_store():
    from pipeline.types import StageResult, Span, Transition
    change = Transition("money", "$150", "$175", Span("U3", 22, 26), Span("U1", 10, 14), Span("U3", 38, 70))
    result = StageResult("state", transitions=(change,))
    [decoded] = decode_results(json.loads(json.dumps(encode_results((result,)))))
    assert decoded.transitions == (change,)


def test_an_accepted_proposal_keeps_its_short_form_and_times_through_the_store():
    """A session resumed from the store marks an accepted booking changed later as a fresh run does."""
    from pipeline.types import Decision, Span, StageResult
    accepted = Decision("李阿姨，12月5日周六14:00-17:00，上门做保洁", "accepted", "好的", Span("A2", 0, 25),
                        Span("U3", 0, 2), "12月5日周六14:00-17:00",
                        ({"start": "2026-12-05T00:00:00+08:00", "end": "2026-12-05T23:59:59+08:00"},
                         {"at": "2026-12-05T14:00:00+08:00"}))
    [decoded] = decode_results(json.loads(json.dumps(encode_results((StageResult("state", decisions=(accepted,)),)),
                                                     ensure_ascii=False)))
    assert decoded.decisions == (accepted,)
