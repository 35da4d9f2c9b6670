"""The renderer's packing: facts first, context with the room the facts leave."""

from __future__ import annotations

import pytest

from pipeline import Compressor
from pipeline.parse import parse_conversation

# (lang, user turns, a tight budget, the facts it keeps, a whole clause only room brings, chatter)
CASES = [
    ("zh",  ["您看看哪个酒店提供叫醒服务的", "这样", "我想找一个评分4.5分以上的景点", "哇塞",
            "顺便帮我找家餐馆吧，我想吃紫米粥", "我再想想"], 30,
     ["提供叫醒服务", "4.5分以上", "想吃紫米粥"], "您看看哪个酒店提供叫醒服务的", ["这样", "哇塞", "我再想想"]),
    ("en", ["Could you find out which hotel near the river offers free parking and a gym",
            "Hmm, okay I see", "I'd like a train from cambridge to ely on friday", "Oh wow",
            "Then something to eat, we are looking for the golden curry restaurant", "Let me think"], 120,
     ["free parking", "from cambridge to ely", "golden curry restaurant"],
     "find out which hotel near the river offers free parking and a gym",
     ["Hmm, okay I see", "Oh wow", "Let me think"]),
]


def _summary(lang: str, turns: list[str], budget: int) -> str:
    messages = []
    for turn in turns + ["thanks" if lang == "en" else "谢谢"]:
        messages += [{"role": "user", "content": turn}, {"role": "assistant", "content": "OK."}]
    compressor = Compressor({"stages.enabled": ["facts", "state"]})
    conv = parse_conversation(messages[:-1], compressor.settings)
    return compressor.summarize_prefix(conv, len(conv.events) - 1, budget).text


@pytest.mark.parametrize(("lang", "turns", "tight", "facts", "whole", "chatter"), CASES, ids=["zh", "en"])
def test_a_tight_budget_keeps_facts_before_wording(lang, turns, tight, facts, whole, chatter):
    text = _summary(lang, turns, tight)
    assert len(text) <= tight
    for fact in facts:
        assert fact in text, (fact, text)
    assert not any(c in text for c in chatter), text


@pytest.mark.parametrize(("lang", "turns", "tight", "facts", "whole", "chatter"), CASES, ids=["zh", "en"])
def test_a_loose_budget_gives_the_whole_clauses_back(lang, turns, tight, facts, whole, chatter):
    text = _summary(lang, turns, 2000)
    assert whole in text and all(f in text for f in facts), text
    assert chatter[-1] in text, text  # context comes back once the facts are in
