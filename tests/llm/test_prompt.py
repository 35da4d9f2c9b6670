"""The prompt built from the snapshot, and the reading of the model's answer."""

from __future__ import annotations

import pytest
from llm_scripted import BASE

from pipeline import ConfigError, load_settings
from pipeline.llm.prompt import (
    PromptError,
    Sections,
    build_messages,
    fill,
    load_prompt_pack,
    parse_answer,
    render_sections,
    retry_messages,
)
from pipeline.rulepacks import load_rule_pack
from pipeline.types import SummaryRequest

SETTINGS = load_settings(BASE)


@pytest.mark.parametrize(("lang", "lines"), [
    # the strong facts in the clauses that hold them ("取件时间改成后天上午", not "后天上午")
    ("zh", ["- [U4] 序列号是GX7K2M9QPL", "- [U10] 我预算500元以内", "- [U10] 不要寄顺丰到付",
            "- [U14] 取件时间改成后天上午", "[取件时间] 明天下午 → 后天上午", "- [U4] 未获准：申请先别提交",
            "- [U8] 我觉得可能有质量问题", "后天上午 = 2026-12-02T09:00:00+08:00", "（U2–A15，共 14 条消息）",
            "[U4] 用户：序列号是GX7K2M9QPL。我只是先问问，申请先别提交。", "不超过 640 字"]),
    ("en", ["- [U4] Policy number is HX-4471",
            "- [U4] not authorised: Don't submit the claim yet, I'm only asking for now",
            "- [U14] change the pickup to Friday morning",
            "- [U10] The repair must cost no more than $300 out of pocket",
            "[pickup] tomorrow afternoon → Friday morning", "- [U8] I think the battery might be damaged too",
            "(U2–A15, 14 messages)", "at most 640 characters"]),
])
def test_the_prompt_holds_the_snapshot(requests_by_lang: dict[str, SummaryRequest], lang: str,
                                       lines: list[str]) -> None:
    request = requests_by_lang[lang]
    system, user = build_messages(request, load_prompt_pack(lang), load_rule_pack(lang), SETTINGS, 640)
    assert system["role"] == "system" and user["role"] == "user"
    assert "640" in system["content"]
    assert ("中文" if lang == "zh" else "English") in system["content"]
    for key in ("objective", "constraints", "confirmed_facts", "user_claims", "decisions", "open_items"):
        assert f'"{key}"' in system["content"]
    for line in lines:
        assert line in user["content"], line
    must = user["content"].split("\n\n")[1].splitlines()[1:]
    assert not {"- [U14] 后天上午", "- [U14] Friday morning", "- [U4] GX7K2M9QPL", "- [U4] HX-4471"} & set(must)
    # the long tool result is quoted only in part
    tool_line = next(x for x in user["content"].splitlines() if x.startswith("[T6]"))
    assert len(tool_line) < SETTINGS["llm.transcript_tool_chars"] + 40


def test_the_transcript_keeps_the_users_words_longest(requests_by_lang: dict[str, SummaryRequest]) -> None:
    request = requests_by_lang["en"]
    tight = load_settings({**BASE, "llm.transcript_chars": 900})
    _, user = build_messages(request, load_prompt_pack("en"), load_rule_pack("en"), tight, 500)
    transcript = user["content"].split("The conversation:\n", 1)[1]
    assert "[T6] tool:  … (" in transcript  # the tool result went first
    assert "[U4] user: Policy number is HX-4471. Don't submit the claim yet" in transcript


def test_a_retry_sends_the_answer_back_with_the_findings() -> None:
    pack = load_prompt_pack("zh")
    first = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]
    messages = retry_messages(first, '{"objective": "x"}', ["- 漏掉了「申请先别提交」"], pack, 300)
    assert messages[:2] == first and messages[2] == {"role": "assistant", "content": '{"objective": "x"}'}
    assert "- 漏掉了「申请先别提交」" in messages[3]["content"] and "300" in messages[3]["content"]


@pytest.mark.parametrize(("content", "expected"), [
    ('{"objective": "修耳机", "constraints": ["申请先别提交"]}', Sections("修耳机", ("申请先别提交",))),
    ('```json\n{"objective": "o", "user_claims": ["maybe broken"]}\n```', Sections("o", user_claims=("maybe broken",))),
    ('Here it is:\n{"objective": "o", "decisions": "one"}\nDone.', Sections("o", decisions=("one",))),
    ('{"objective": "o", "constraints": ["1. first", {"text": "- second"}, 300]}',
     Sections("o", ("first", "second", "300"))),
])
def test_answers_are_read_leniently(content: str, expected: Sections) -> None:
    assert parse_answer(content) == expected


@pytest.mark.parametrize("content", ["no json here", '{"objective": ', '["a list"]', '{"objective": 3}',
                                     '{"objective": "o", "constraints": {"a": 1}}',
                                     '{"objective": "o", "constraints": [null]}'])
def test_answers_that_are_not_the_structure_are_errors(content: str) -> None:
    with pytest.raises(PromptError):
        parse_answer(content)


def test_the_summary_layout(requests_by_lang: dict[str, SummaryRequest]) -> None:
    request = requests_by_lang["en"]
    text = render_sections(Sections("Fix the phone", ("No calls",), open_items=("Submit?",)),
                           load_prompt_pack("en"), request.prefix)
    assert text.splitlines() == ["[Summary of earlier conversation U2–A15 (model-written, checked)]",
                                 "Objective: Fix the phone", "User constraints:", "- No calls",
                                 "Open items:", "- Submit?"]


def test_fill_leaves_other_braces() -> None:
    assert fill('{"a": {x}} {y}', x=1) == '{"a": 1} {y}'


def test_a_language_without_prompts_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as caught:
        load_prompt_pack("xx")
    assert caught.value.code == "E024"
