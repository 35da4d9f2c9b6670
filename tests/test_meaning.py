"""The hand-written long conversations (benchmarks/conversations) and the meaning benchmark's reading."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from benchmarks.meaning import (CONVERSATIONS, Conversation, Verdict, _items, _shown_current, check, found, norm,
                               table)

FILES = sorted(CONVERSATIONS.glob("*.json"))


def _user_text(data: dict, lang: str, source: str | None) -> str:
    """The words a value must be found in: the user's, with the assistant's for a proposal the user
    accepted, and the tools' too for an id a tool gave ("source": "tool", "SRV-41873")."""
    roles = {"accepted": ("user", "assistant"), "tool": ("user", "assistant", "tool")}.get(source or "", ("user",))
    # (a separator the Chinese norm keeps: "…15157836201" and "10号…" of the next message do not run on)
    return norm("\n/\n".join(m.get("content") or "" for m in data["messages"] if m["role"] in roles), lang)


def test_there_are_twelve_long_conversations_in_each_language_half() -> None:
    langs = [json.loads(p.read_text("utf-8"))["lang"] for p in FILES]
    assert langs.count("zh") >= 6 and langs.count("en") >= 6


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_conversation_is_long_with_tools_and_its_expectations_are_its_own_words(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    messages, lang, expect = data["messages"], data["lang"], data["expect"]
    assert len(messages) >= 70 and messages[0]["role"] == "system" and messages[-1]["role"] == "user"
    calls = {c["id"] for m in messages for c in m.get("tool_calls") or ()}
    results = [m["tool_call_id"] for m in messages if m["role"] == "tool"]
    assert len(results) >= 6 and set(results) <= calls
    assert len(expect["must_keep"]) >= 10 and len(expect["superseded"]) >= 4
    for value in expect["must_keep"]:
        assert found(norm(value["value"], lang), _user_text(data, lang, value.get("source")))
    for change in expect["superseded"]:
        assert found(norm(change["value"], lang), _user_text(data, lang, change.get("source"))), change
        assert found(norm(change["replaced_by"], lang), _user_text(data, lang, "accepted")), change


# (lang, summary item, superseded value, shown as current)
STALE = [
    ("en", "U3: pick it up tomorrow afternoon", "tomorrow afternoon", True),
    ("en", "[pickup] tomorrow afternoon → day after tomorrow morning", "tomorrow afternoon", False),
    ("en", "[pickup] Tuesday → tomorrow afternoon", "tomorrow afternoon", True),
    ("en", "U3: pick it up tomorrow afternoon (changed later)", "tomorrow afternoon", False),
    ("zh", "U3：明天下午来取", "明天下午", True),
    ("zh", "[取件时间] 明天下午 → 后天上午", "明天下午", False),
    ("zh", "U3：明天下午来取（后有更改）", "明天下午", False),
    ("zh", "时间：后天上午 = 2026-12-03", "明天下午", False),
    ("zh", "宽带还是改周日上午十点：已放弃", "周日上午十点", False),          # dropped: not current
    ("en", "pickup tomorrow afternoon: dropped", "tomorrow afternoon", False),
    ("en", "dropped the pickup, now tomorrow afternoon", "tomorrow afternoon", True),   # the status comes after it
]


@pytest.mark.parametrize("lang, item, value, stale", STALE)
def test_an_old_value_is_current_unless_before_an_arrow_or_marked(lang: str, item: str, value: str,
                                                                   stale: bool) -> None:
    changed = norm("（后有更改）" if lang == "zh" else "(changed later)", lang)
    dropped = norm("已放弃" if lang == "zh" else "dropped", lang)
    item, value = norm(item, lang), norm(value, lang)
    assert (found(value, item) and _shown_current(value, item, changed, dropped)) is stale


def test_items_are_lines_and_the_parts_between_separators() -> None:
    assert _items("A: x; y\n\nB: z", ";") == ["A: x", " y", "B: z"]


class _Summarizing:
    """A compressor double: one fixed summary, then the newest message."""

    def __init__(self, summary: str) -> None:
        self.summary = summary

    def compress(self, payload: dict, target_chars: int) -> SimpleNamespace:
        return SimpleNamespace(messages=[{"role": "user", "name": "__squeeze_summary__", "content": self.summary},
                                         payload["messages"][-1]])


def test_the_benchmark_finds_a_dropped_value_a_stale_one_and_a_lost_question() -> None:
    """A compressor that shows the old pickup time as current, drops the budget and states a question."""
    conv = Conversation("x", "en", {"messages": [{"role": "system", "content": "s"},
                                               {"role": "user", "content": "budget $500, pickup day after tomorrow"}]},
                      [{"value": "$500"}], [{"value": "tomorrow afternoon", "replaced_by": "day after tomorrow"}],
                      [{"value": "open on weekends"}])
    verdict = check(conv, 0.5, _Summarizing(
        "[Summary]\nUser constraints: pickup tomorrow afternoon; the shop is open on weekends"))
    assert [e["value"] for e in verdict.missing] == [] and verdict.kept == 1   # the tail holds it
    assert [v for v, _ in verdict.stale] == ["tomorrow afternoon"]
    assert [v for v, _ in verdict.as_statement] == ["open on weekends"]
    assert not verdict.clean
    assert re.search(r"\| 0\.50 \| 1 \|", table([verdict]))
    assert isinstance(verdict, Verdict)


def test_a_value_in_an_item_about_another_of_its_roles_is_not_stale() -> None:
    """The dinner moved from 5:15; the garage arrival stays at 5:15: only the dinner line is stale."""
    conv = Conversation("x", "en", {"messages": [{"role": "user", "content": "dinner at quarter to six"}]}, [],
                        [{"value": "5:15", "replaced_by": "quarter to six", "other_roles": ["garage"]}], [])
    assert [item for _, item in check(conv, 0.5, _Summarizing(
        "[Summary]\nUser constraints: dinner at 5:15; Lakeside garage, arriving 5:15 pm: accepted")).stale] == ["user constraints: dinner at 5:15"]
