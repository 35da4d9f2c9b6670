"""Input parsing: event ids, turns, content parts, language, now and time zone."""

from __future__ import annotations

from datetime import datetime

import pytest

from pipeline import InputError, load_settings
from pipeline.parse import detect_lang, message_size, parse_conversation

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
        {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}},
    ]}], SETTINGS)
    event = conv.events[0]
    assert event.text == "what is this?\nphoto of a cracked screen"
    assert [a.part for a in event.attachments] == [1, 2]     # images are attachments, read when compacted
    assert [w[:6] for w in conv.warnings] == ["[W008]"]      # a part that is neither: counted by nothing


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


# (now as the caller wrote it, configured timezone, now as read, the zone's name in the report)
NOW_ZONES = [
    ("2026-11-30T07:00:00+08:00", "", "2026-11-30T07:00:00+08:00", "+08:00"),       # the server runs in UTC
    ("2026-11-30T07:00:00+08:00", "Asia/Shanghai", "2026-11-30T07:00:00+08:00", "Asia/Shanghai"),
    ("2026-11-30T07:00:00+08:00", "America/New_York", "2026-11-30T07:00:00+08:00", "+08:00"),
    ("2026-11-30T23:30:00-05:00", "", "2026-11-30T23:30:00-05:00", "-05:00"),
    ("2026-07-01T09:00:00-04:00", "America/New_York", "2026-07-01T09:00:00-04:00", "America/New_York"),
    ("2026-11-30T07:00:00", "Asia/Shanghai", "2026-11-30T07:00:00+08:00", "Asia/Shanghai"),  # no offset
    ("2026-11-30T07:00:00Z", "", "2026-11-30T07:00:00+00:00", "UTC"),
]


@pytest.mark.parametrize("now, zone, expected, name", NOW_ZONES)
def test_now_keeps_the_offset_it_was_written_with(now: str, zone: str, expected: str, name: str) -> None:
    """DESIGN §3: times resolve in the offset of `now`, else `timezone`, else the machine's."""
    settings = load_settings({"conversation.timezone": "UTC"})   # the machine's zone, made explicit
    conv = parse_conversation({"messages": [{"role": "user", "content": "hi"}], "now": now,
                               **({"timezone": zone} if zone else {})}, settings)
    assert conv.now.isoformat() == expected and conv.timezone == name


def test_bad_time_zone_is_E011() -> None:
    with pytest.raises(InputError) as caught:
        parse_conversation({"messages": [{"role": "user", "content": "hi"}], "timezone": "Mars/Base"},
                           SETTINGS)
    assert caught.value.code == "E011" and "Mars/Base" in caught.value.message


def test_lang_given_wins_over_detection() -> None:
    conv = parse_conversation({"messages": [{"role": "user", "content": "hello"}], "lang": "zh"}, SETTINGS)
    assert conv.lang == "zh"


# (message, its size in chars): text parts, and an assistant's calls (name + arguments as sent,
# an object as its JSON); tool_calls on another role are not calls and weigh nothing
SIZES = [
    ({"role": "user", "content": "不要香菜"}, 4),
    ({"role": "user", "content": [{"type": "text", "text": "no coriander"}]}, 12),
    ({"role": "assistant", "content": "ok", "tool_calls": [{"id": "c1", "type": "function",
      "function": {"name": "book", "arguments": "{\"n\": 4}"}}]}, 2 + 4 + 8),
    ({"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
      "function": {"name": "book", "arguments": {"n": 4}}}]}, 4 + len('{"n": 4}')),
    ({"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
      "function": {"name": "订座", "arguments": {"人数": 4}}}]}, 2 + len('{"人数": 4}')),
    ({"role": "user", "content": "hi", "tool_calls": [{"id": "c1", "type": "function",
      "function": {"arguments": "{}"}}]}, 2),
    ({"role": "tool", "tool_call_id": "c1", "content": "{\"ok\": true}"}, 12),
]


@pytest.mark.parametrize(("message", "size"), SIZES)
def test_one_size_for_a_message_in_and_out(message: dict, size: int) -> None:
    assert message_size(message) == size
    history = [{"role": "user", "content": "x"}] if message["role"] != "user" else []
    if message["role"] == "tool":
        history.append(CALL | {"tool_calls": [{"id": "c1", "type": "function",
                                               "function": {"name": "", "arguments": ""}}]})
    events = parse_conversation(history + [message], SETTINGS).events
    assert events[-1].size == size


def test_output_size_is_the_input_size_when_nothing_changes() -> None:
    """Arguments given as an object once made the report's size disagree with the input's."""
    from pipeline import Compressor

    history = [{"role": "user", "content": "book for four"}, CALL,
               {"role": "tool", "tool_call_id": "c1", "content": "booked"},
               {"role": "user", "content": "thanks", "tool_calls": [{"function": {}}]}]
    report = Compressor({"stages.enabled": []}).compress(history).report
    assert report["action"] == "none"
    assert report["chars_after"] == report["chars_before"] == sum(message_size(m) for m in history)


def test_developer_is_read_as_system_and_sent_back_as_it_came() -> None:
    from pipeline import Compressor

    developer = {"role": "developer", "content": "Answer in English. Never book without asking."}
    history = [developer]
    for n in range(12):
        history += [{"role": "user", "content": f"question {n}: is the table for 4 still free?"},
                    {"role": "assistant", "content": f"answer {n}: yes, the table for 4 is free."}]
    history.append({"role": "user", "content": "book it then"})
    conv = parse_conversation(history, SETTINGS)
    assert (conv.events[0].id, conv.events[0].role) == ("S1", "system")
    result = Compressor({"stages.enabled": []}).compress(history, target_chars=300)
    assert result.report["action"] == "compact"
    assert result.messages[0] == developer  # in place, untouched, not summarised
    assert result.report["covered"][0] == "U2"


@pytest.mark.parametrize("role", ["function", "robot", ["user"], {"r": 1}, None, 3])
def test_other_roles_are_E003_naming_what_to_do(role: object) -> None:
    with pytest.raises(InputError) as error:
        parse_conversation([{"role": "user", "content": "hi"}, {"role": role, "content": "x"}],
                           SETTINGS)
    assert error.value.code == "E003" and "message 2" in error.value.message
    assert "developer" in error.value.message and "tool_call_id" in error.value.message


def _call(call_id: str, name: str = "lookup") -> dict:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}]}


def _result(call_id: str) -> dict:
    return {"role": "tool", "tool_call_id": call_id, "content": "{\"ok\": true}"}


def test_a_second_result_for_one_call_is_kept_with_W009() -> None:
    history = [{"role": "user", "content": "check"}, _call("c1"), _result("c1"), _result("c1")]
    conv = parse_conversation(history, SETTINGS)
    assert [w[:6] for w in conv.warnings] == ["[W009]"]
    assert "'c1'" in conv.warnings[0] and "T3" in conv.warnings[0] and "message 4" in conv.warnings[0]


def test_a_reused_call_id_warns_W010_and_a_pending_reuse_stays_pending() -> None:
    from pipeline.policy import group_spans

    history = [{"role": "user", "content": "check"}, _call("c1"), _result("c1"),
               {"role": "user", "content": "again"}, _call("c1"),
               {"role": "user", "content": "and?"}]
    conv = parse_conversation(history, SETTINGS)
    assert len(conv.warnings) == 1 and conv.warnings[0].startswith("[W010]")
    assert "A2" in conv.warnings[0] and "message 5" in conv.warnings[0]
    # the first call is answered by T3; the second has no answer yet: its group reaches the end
    assert group_spans(conv) == [(1, 2), (4, 5)]


def test_one_call_id_twice_in_one_message_is_E010() -> None:
    twice = _call("c1")
    twice["tool_calls"] = twice["tool_calls"] * 2
    with pytest.raises(InputError) as error:
        parse_conversation([{"role": "user", "content": "x"}, twice], SETTINGS)
    assert error.value.code == "E010" and "'c1' appears twice" in error.value.message


@pytest.mark.parametrize(("message", "warned"), [
    ({"role": "user"}, True),
    ({"role": "system"}, True),
    ({"role": "assistant"}, True),
    ({"role": "user", "content": ""}, False),
    ({"role": "user", "content": None}, False),
    ({"role": "assistant", "tool_calls": CALL["tool_calls"]}, False),
    ({"role": "user", "metadata": {"confirm_results": [{"id": "c1", "ok": True}]}}, False),
])
def test_a_message_without_content_is_read_as_empty_with_W011(message: dict, warned: bool) -> None:
    conv = parse_conversation([{"role": "user", "content": "hi"}, message], SETTINGS)
    assert conv.events[-1].text == ""
    assert [w.startswith("[W011]") and "message 2" in w for w in conv.warnings] == (
        [True] if warned else [])


def test_nan_in_tool_arguments_is_E010() -> None:
    bad = _call("c1")
    bad["tool_calls"][0]["function"]["arguments"] = {"price": float("nan")}
    with pytest.raises(InputError) as error:
        parse_conversation([{"role": "user", "content": "x"}, bad], SETTINGS)
    assert error.value.code == "E010" and "NaN" in error.value.message


def _deep(depth: int) -> list:
    """Lists nested past the recursion limit: repr(), str() and json.dumps() all fail on it."""
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    return nested


def _user(content: object) -> list[dict]:
    return [{"role": "user", "content": content}]


HI = _user("hi")
# inputs benchmarks/fuzz_parse.py found raising a foreign exception, minimised: (history,
# compress options, the numbered error it must end as); a W code: compressed, with that warning
FUZZ_CRASHES = [
    pytest.param(_user([{"type": "image_url", "image_url": "http://[::1"}]), {}, "E018",
                 id="url-urllib-cannot-split"),
    pytest.param({"messages": [{"role": "user", "content": "hi", "timestamp": "9999-12-31T23:59:59-01:00"}],
                  "timezone": "UTC"}, {}, "E011", id="last-timestamp-past-9999-in-the-zone"),
    pytest.param(_user([{"type": "file", "file": {"file_id": _deep(5000)}}]), {}, "E018",
                 id="file-id-not-a-string"),
    pytest.param(_user([{"type": "input_file", "file_url": ("x", _deep(5000))}]), {}, "E018",
                 id="file-url-tuple-read-as-origin-payload"),
    pytest.param({"messages": HI, "id": _deep(5000)}, {}, "E011", id="conversation-id-no-str"),
    pytest.param({"messages": HI, "timezone": "America"}, {}, "E011", id="timezone-is-a-folder"),
    pytest.param(HI + [_call("c1") | {"tool_calls": [{"id": "c1", "function": {
        "name": "f", "arguments": {"at": datetime(2026, 1, 2)}}}]}], {}, "E010",
                 id="arguments-not-json"),
    # found by reading while fixing those: the same OSError from a name too long for a file,
    # and a refused value echoed by its repr() making the refusal itself fail
    pytest.param({"messages": HI, "timezone": "x" * 300}, {}, "E011", id="timezone-name-too-long"),
    pytest.param([{"role": _deep(5000), "content": "x"}], {}, "E003", id="role-no-repr"),
    pytest.param(HI, {"now": -10 ** 5000}, "E011", id="now-no-repr"),
    pytest.param(_user([{"type": _deep(5000)}]), {}, "W008", id="part-type-no-repr"),
    pytest.param(HI, {"target_chars": _deep(5000)}, "E011", id="target-no-repr"),
    pytest.param(HI, {"target_chars": -10 ** 5000}, "E011", id="target-huge-no-repr"),
]


@pytest.mark.parametrize(("data", "options", "code"), FUZZ_CRASHES)
def test_fuzz_crashes_end_as_numbered_errors(data: object, options: dict, code: str) -> None:
    from pipeline import Compressor, SqueezeError

    compressor = Compressor({"stages.enabled": []})
    if code.startswith("W"):
        warnings = compressor.compress(data, **options).report["warnings"]
        assert [w[:6] for w in warnings] == [f"[{code}]"]
        return
    with pytest.raises(SqueezeError) as error:
        compressor.compress(data, **options)
    assert error.value.code == code
    assert "\n" not in error.value.message and len(error.value.message) < 300
