"""Input parsing: event ids, turns, content parts, language, now and time zone."""

from __future__ import annotations

from datetime import datetime

import pytest

from pipeline import InputError, load_settings
from pipeline.parse import detect_lang, parse_conversation

SETTINGS = load_settings()
CALL = {"role": "assistant", "content": None,
        "tool_calls": [{"id": "c1", "type": "function",
                        "function": {"name": "book_table", "arguments": {"people": 4}}}]}


def test_event_ids_by_role_and_position_or_the_callers() -> None:
    conv = parse_conversation([
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "hi", "id": "msg-42"},
        CALL,
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
    ], SETTINGS)
    assert [e.id for e in conv.events] == ["S1", "msg-42", "A3", "T4"]
    assert conv.events[3].tool_name == "book_table"
    assert conv.events[2].tool_calls[0].arguments == '{"people": 4}'  # non-string arguments serialised


def test_confirmation_resume_does_not_open_a_turn() -> None:
    conv = parse_conversation([
        {"role": "user", "content": "book it"},
        CALL,
        {"role": "user", "content": "", "metadata": {"confirm_results": [{"id": "c1", "ok": True}]}},
        {"role": "tool", "tool_call_id": "c1", "content": "booked"},
        {"role": "user", "content": "thanks, and a taxi?"},
    ], SETTINGS)
    assert [e.opens_turn for e in conv.events] == [True, False, False, False, True]
    assert [(t.start, t.end) for t in conv.turns] == [(0, 4), (4, 5)]


def test_content_parts_count_text_and_fingerprints() -> None:
    conv = parse_conversation([{"role": "user", "content": [
        {"type": "text", "text": "what is this?"},
        {"type": "image_url", "image_url": {"url": "x"}, "description": "photo of a cracked screen"},
        {"type": "image_url", "image_url": {"url": "y"}},
    ]}], SETTINGS)
    assert conv.events[0].text == "what is this?\nphoto of a cracked screen"
    assert any(w.startswith("[W008]") for w in conv.warnings)


@pytest.mark.parametrize(("text", "lang"), [
    ("我想订一张明天去上海的高铁票", "zh"),
    ("帮我查一下订单 A1042 的物流", "zh"),
    ("AirPods Pro 左耳有杂音", "zh"),
    ("I need a table for 4 on Friday", "en"),
    ("Book the Hotel Lucia, room 1204", "en"),
    ("OK", "en"),
])
def test_language_detection(text: str, lang: str) -> None:
    assert detect_lang(text, SETTINGS["conversation.cjk_share"]) == lang


def test_now_from_object_then_last_timestamp_in_the_time_zone() -> None:
    conv = parse_conversation({"messages": [{"role": "user", "content": "hi"}],
                               "now": "2026-12-01T09:00:00", "timezone": "Asia/Shanghai"}, SETTINGS)
    assert conv.now.isoformat() == "2026-12-01T09:00:00+08:00" and conv.timezone == "Asia/Shanghai"
    conv = parse_conversation([{"role": "user", "content": "hi", "timestamp": "2026-12-01T01:00:00Z"}],
                              SETTINGS, timezone="Asia/Shanghai")
    assert conv.now.isoformat() == "2026-12-01T09:00:00+08:00"
    conv = parse_conversation([{"role": "user", "content": "hi"}], SETTINGS,
                              now=datetime(2026, 1, 2, 3, 4), timezone="UTC")
    assert conv.now.year == 2026 and conv.now.tzinfo is not None


def test_bad_time_zone_is_E011() -> None:
    with pytest.raises(InputError) as caught:
        parse_conversation({"messages": [{"role": "user", "content": "hi"}], "timezone": "Mars/Base"},
                           SETTINGS)
    assert caught.value.code == "E011" and "Mars/Base" in caught.value.message


def test_lang_given_wins_over_detection() -> None:
    conv = parse_conversation({"messages": [{"role": "user", "content": "hello"}], "lang": "zh"}, SETTINGS)
    assert conv.lang == "zh"
