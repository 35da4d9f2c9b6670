"""The validator as tables of (lang, what the model wrote, the checks that must fire).

The conversations are those of llm_scripted.py, read by the real fact and state stages; each
row changes one section of the faithful summary.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest
from llm_scripted import BASE, GOOD

from pipeline import load_settings
from pipeline.llm.prompt import load_prompt_pack, parse_answer, render_sections
from pipeline.llm.validator import Reader, Validator, char_ngram_similarity, embedding_similarity
from pipeline.rulepacks import load_rule_pack
from pipeline.types import SummaryRequest

VALIDATOR = Validator(load_settings(BASE))


def findings(request: SummaryRequest, summary: dict[str, Any], validator: Validator = VALIDATOR) -> list:
    sections = parse_answer(json.dumps(summary, ensure_ascii=False))
    text = render_sections(sections, load_prompt_pack(request.lang), request.prefix)
    return validator.check(validator.prepare(request), sections, text)


def changed(lang: str, **changes: Any) -> dict[str, Any]:
    summary = copy.deepcopy(GOOD[lang])
    summary.update(changes)
    return summary


def plus(lang: str, section: str, *items: str) -> dict[str, Any]:
    return changed(lang, **{section: [*GOOD[lang][section], *items]})


ZH_CONSTRAINTS = ["序列号是GX7K2M9QPL", "我只是先问问，申请先别提交", "我预算500元以内，不要寄顺丰到付"]
EN_CONSTRAINTS = ["Policy number is HX-4471", "Don't submit the claim yet, I'm only asking for now",
                  "The repair must cost no more than $300 out of pocket", "please don't call me, email only"]

ROWS = [
    # --- every strong fact present, normalised
    ("zh", "faithful", GOOD["zh"], set()),
    ("zh", "reworded, same facts", changed("zh", constraints=[
        "序列号GX7K2M9QPL", "先别提交申请", "预算不超过五百元", "别寄顺丰到付"],
        open_items=["提交申请尚未获准"]), set()),
    ("zh", "negation dropped", changed("zh", constraints=ZH_CONSTRAINTS[::2], open_items=[]), {"missing_fact"}),
    ("zh", "negation turned around", changed("zh", constraints=[
        ZH_CONSTRAINTS[0], "申请已经可以提交", ZH_CONSTRAINTS[2]], open_items=[]), {"missing_fact", "prohibition_violated"}),
    ("zh", "budget dropped", changed("zh", constraints=[*ZH_CONSTRAINTS[:2], "不要寄顺丰到付"]), {"missing_fact"}),
    ("zh", "id mistyped", changed("zh", constraints=["序列号是GX7K2M9QP", *ZH_CONSTRAINTS[1:]]),
     {"missing_fact", "hallucination"}),
    # --- nothing made up
    ("zh", "a price made up", plus("zh", "confirmed_facts", "维修费用预计800元"), {"hallucination"}),
    ("zh", "a range made up", changed("zh", constraints=[*ZH_CONSTRAINTS[:2], "预算3000-5000元，不要寄顺丰到付"]),
     {"missing_fact", "hallucination"}),
    ("zh", "a numeral made up", plus("zh", "constraints", "最多三个人"), {"hallucination"}),
    ("zh", "a negation made up", plus("zh", "constraints", "不需要发票"), {"hallucination"}),
    ("zh", "a tool price restated", plus("zh", "confirmed_facts", "电池服务399元"), set()),
    ("zh", "a numeral that is no number", plus("zh", "constraints", "一定要到店检测"), set()),
    ("zh", "an event id cited", plus("zh", "constraints", "（U4）申请先别提交"), set()),
    # --- hedges kept
    ("zh", "hedge dropped", changed("zh", user_claims=["耳机有质量问题，才用了一年多就这样"]),
     {"uncertainty_lost"}),
    ("zh", "hedge reworded", changed("zh", user_claims=["用户怀疑有质量问题，才用了一年多"]), set()),
    ("zh", "reported, not hedged", changed("zh", user_claims=["用户称有质量问题，才用了一年多"]),
     {"uncertainty_lost"}),
    # --- no authorisation without a confirmation event
    ("zh", "consent claimed", changed("zh", open_items=["用户已同意提交申请"]),
     {"unbacked_authorisation", "prohibition_violated"}),
    ("zh", "consent denied", changed("zh", open_items=["未经用户同意不得提交申请"]), set()),
    # --- the intent
    ("zh", "objective off topic", changed("zh", objective="用户想预订下周去三亚的酒店"), {"intent_drift"}),
    ("zh", "no objective", changed("zh", objective=""), {"intent_drift"}),
    # --- the newest value of a changed slot
    # (a time alone is no fact a model must copy: the changed slot's newest value is checked instead)
    ("zh", "old value as current", changed("zh", decisions=["取件时间定在明天下午"]), {"stale_value"}),

    ("en", "faithful", GOOD["en"], set()),
    ("en", "reworded, same facts", changed("en", constraints=[
        "Policy HX-4471", "Do not submit the claim yet; the user is only asking",
        "Repair costs must stay at most $300 out of pocket", "Do not call; email only"]), set()),
    ("en", "negation dropped", changed("en", constraints=[c for i, c in enumerate(EN_CONSTRAINTS) if i != 1],
                                       open_items=[]), {"missing_fact"}),
    ("en", "negation turned around", changed("en", constraints=[
        EN_CONSTRAINTS[0], "Submit the claim now", *EN_CONSTRAINTS[2:]], open_items=[]),
     {"missing_fact", "prohibition_violated"}),
    ("en", "budget in another form", changed("en", constraints=[
        *EN_CONSTRAINTS[:2], "The repair must cost no more than 300 dollars out of pocket", EN_CONSTRAINTS[3]]),
     set()),
    ("en", "a price made up", plus("en", "confirmed_facts", "The deductible is $150"), {"hallucination"}),
    ("en", "an id made up", plus("en", "confirmed_facts", "Repair order RO-5521 created"), {"hallucination"}),
    ("en", "a negation made up", plus("en", "constraints", "No text messages"), {"hallucination"}),
    ("en", "a tool amount restated", plus("en", "confirmed_facts", "Theft is covered up to $900"), set()),
    ("en", "hedge dropped", changed("en", user_claims=["The battery is damaged too and drains really fast"]),
     {"uncertainty_lost"}),
    ("en", "hedge reworded", changed("en", user_claims=["The user suspects the battery is damaged too"]), set()),
    ("en", "consent claimed", changed("en", open_items=["The user agreed to submit the claim"]),
     {"unbacked_authorisation", "prohibition_violated"}),
    ("en", "consent denied", changed("en", open_items=["The claim has not been authorised by the user"]), set()),
    ("en", "objective off topic", changed("en", objective="Book a table for four at a seafood restaurant"),
     {"intent_drift"}),
    ("en", "old value as current", changed("en", decisions=["pickup: tomorrow afternoon"]), {"stale_value"}),
]


@pytest.mark.parametrize(("lang", "name", "summary", "expected"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS])
def test_findings(requests_by_lang: dict[str, SummaryRequest], lang: str, name: str,
                  summary: dict[str, Any], expected: set[str]) -> None:
    found = findings(requests_by_lang[lang], summary)
    assert {f.check for f in found} == expected, [f.to_dict() for f in found]


def test_a_confirmation_event_backs_an_authorisation(requests_by_lang: dict[str, SummaryRequest]) -> None:
    request = requests_by_lang["zh"]
    confirm = next(e for e in request.prefix if e.role == "user")
    resumed = type(confirm)(id="U99", index=request.prefix[-1].index + 1, role="user", text="", size=0,
                            message={"role": "user", "content": "",
                                     "metadata": {"confirm_results": [{"id": "call_1", "approved": True}]}})
    backed = replace(request, prefix=(*request.prefix, resumed))
    summary = changed("zh", open_items=["用户已同意提交申请"])
    assert {f.check for f in findings(request, summary)} == {"unbacked_authorisation", "prohibition_violated"}
    assert findings(backed, summary) == []  # the confirmation lifts the prohibition made before it


def test_findings_carry_their_source(requests_by_lang: dict[str, SummaryRequest]) -> None:
    found = findings(requests_by_lang["zh"], changed("zh", constraints=ZH_CONSTRAINTS[::2], open_items=[]))
    assert [f.to_dict() for f in found] == [{"check": "missing_fact", "text": "申请先别提交",
                                             "detail": "strong negation fact not in the summary",
                                             "event": "U4", "kind": "negation"}]
    stale = findings(requests_by_lang["en"], changed("en", decisions=["pickup: tomorrow afternoon"]))
    assert any(f.check == "stale_value" and f.kind == "pickup" and f.expected == "Friday morning" for f in stale)


# the normalised forms a fact is matched in
NUMBER_ROWS = [
    ("zh", "预算5000元", "预算5k"),
    ("zh", "预算5000元", "预算5,000"),
    ("zh", "预算五千元", "预算5000元"),
    ("zh", "预算1.5万", "预算15000元"),
    ("zh", "两个人", "2个人"),
    ("zh", "预算５０００元", "预算5000元"),      # full width
    ("en", "budget 5k", "budget of $5,000"),
    ("en", "five months", "5 months"),
    ("en", "$300", "300 dollars"),
]


@pytest.mark.parametrize(("lang", "fact", "written"), NUMBER_ROWS)
def test_numbers_are_compared_in_one_form(lang: str, fact: str, written: str) -> None:
    reader = Reader(load_rule_pack(lang), load_prompt_pack(lang))
    assert reader.unit(fact).numbers == reader.unit(written).numbers != frozenset()


@pytest.mark.parametrize(("lang", "text"), [("zh", "一定要先问问"), ("zh", "万一不行"), ("zh", "十分满意"),
                                            ("zh", "三四个"), ("en", "this one is fine")])
def test_words_made_of_numerals_are_no_numbers(lang: str, text: str) -> None:
    assert Reader(load_rule_pack(lang), load_prompt_pack(lang)).unit(text).numbers == frozenset()


def test_the_default_similarity() -> None:
    similarity = char_ngram_similarity()
    turns = ["我想退A1042这个订单", "运费谁出？", "好的谢谢"]
    assert similarity("退A1042这个订单，运费谁出", turns) > 0.9
    assert similarity("预订三亚的酒店", turns) < 0.3
    assert similarity("", turns) == 0.0
    assert similarity("anything", []) == 0.0


def test_a_similarity_can_be_plugged_in(requests_by_lang: dict[str, SummaryRequest]) -> None:
    class Fixed:  # any embedder with L2-normalised rows
        def embed(self, texts: list[str]) -> Any:
            import numpy as np
            return np.array([[1.0, 0.0]] + [[0.6, 0.8]] * (len(texts) - 1))

    similarity = embedding_similarity(Fixed())
    assert similarity("x", ["a", "b"]) == pytest.approx(0.6)
    validator = Validator(load_settings(BASE), similarity)
    assert {f.check for f in findings(requests_by_lang["zh"], GOOD["zh"], validator)} == {"intent_drift"}
    lenient = Validator(load_settings({**BASE, "llm.intent_min_similarity": 0.5}), similarity)
    assert findings(requests_by_lang["zh"], GOOD["zh"], lenient) == []


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("seed", range(20))
def test_no_false_alarm_on_a_faithful_answer(compressor, lang: str, seed: int) -> None:
    """Generated 30-turn agent conversations (benchmarks/generate.py), answered as the prompt
    asks (benchmarks/llm_validator.py): nothing may be flagged."""
    from benchmarks.generate import conversation
    from benchmarks.llm_validator import _Capture, faithful_answer

    capture = _Capture()
    previous, compressor.llm = compressor.llm, capture
    try:
        conv = conversation(lang, 30, seed)
        size = sum(len(m.get("content") or "") for m in conv["messages"])
        compressor.compress(conv, target_chars=int(size * 0.35))
    finally:
        compressor.llm = previous
    request = capture.request
    assert request is not None
    sections = faithful_answer(request)
    text = render_sections(sections, load_prompt_pack(lang), request.prefix)
    assert [f.to_dict() for f in VALIDATOR.check(VALIDATOR.prepare(request), sections, text)] == []
