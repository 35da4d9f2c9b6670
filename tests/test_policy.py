"""Property tests of the compression policy (DESIGN §1–§4) over generated conversations.

The conversations are OpenAI chat histories: an optional system prompt, user turns, assistant
text, assistant tool calls followed by their results (in any order, sometimes after a
confirmation-resume message, rarely after the next user question), pending calls that never
get a result, confirmation-resume messages (``{"role": "user", "content": "", "metadata":
{"confirm_results": [...]}}``, which do not open a turn), mid-history system messages, in
English, Chinese or both, with some long tool results.

Every expectation is computed here from the messages themselves (the helpers below restate
the contract), never from ``pipeline.parse`` or ``pipeline.policy``.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, note, settings
from hypothesis import strategies as st

import pipeline
from pipeline import Compressor, ConfigError
from pipeline.config import load_settings

SUMMARY_NAME = "__squeeze_summary__"
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow,
                                                    HealthCheck.data_too_large])

# --------------------------------------------------------------------------------------------
# The contract, restated over plain messages
# --------------------------------------------------------------------------------------------

_PREFIX = {"system": "S", "user": "U", "assistant": "A", "tool": "T"}


def is_resume(m: dict[str, Any]) -> bool:
    """A confirmation-resume user message: empty content and metadata.confirm_results."""
    content = m.get("content")
    empty = content is None or (isinstance(content, str) and not content.strip())
    metadata = m.get("metadata")
    return (m.get("role") == "user" and empty and isinstance(metadata, dict)
            and "confirm_results" in metadata)


def opens_turn(m: dict[str, Any]) -> bool:
    return m.get("role") == "user" and not is_resume(m)


def msize(m: dict[str, Any]) -> int:
    """Content length plus tool-call name and argument lengths (the contract's size)."""
    content = m.get("content")
    size = len(content) if isinstance(content, str) else 0
    for call in m.get("tool_calls") or []:
        size += len(call["function"]["name"]) + len(call["function"]["arguments"])
    return size


def total_size(messages: list[dict[str, Any]]) -> int:
    return sum(msize(m) for m in messages)


def event_ids(messages: list[dict[str, Any]]) -> list[str]:
    return [m["id"] if isinstance(m.get("id"), str) and m["id"]
            else f"{_PREFIX[m['role']]}{i + 1}" for i, m in enumerate(messages)]


def current_turn_start(messages: list[dict[str, Any]]) -> int:
    starts = [i for i, m in enumerate(messages) if opens_turn(m)]
    return starts[-1] if starts else 0


def call_index(messages: list[dict[str, Any]]) -> dict[str, int]:
    """tool-call id -> index of the assistant message that made the call."""
    owner = {}
    for i, m in enumerate(messages):
        for call in m.get("tool_calls") or []:
            owner[call["id"]] = i
    return owner


def result_indices(messages: list[dict[str, Any]]) -> dict[str, list[int]]:
    results: dict[str, list[int]] = {}
    for i, m in enumerate(messages):
        if m.get("role") == "tool":
            results.setdefault(m["tool_call_id"], []).append(i)
    return results


def pending_calls(messages: list[dict[str, Any]]) -> dict[str, int]:
    """Calls with no result anywhere in the history: call id -> index of the calling message."""
    results = result_indices(messages)
    return {cid: i for cid, i in call_index(messages).items() if cid not in results}


def group_ranges(messages: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """(calling message, last message of the group); a pending call extends to the end."""
    results = result_indices(messages)
    ranges = []
    for i, m in enumerate(messages):
        calls = m.get("tool_calls") or []
        if calls:
            ends = [max(results[c["id"]]) if c["id"] in results else len(messages) - 1
                    for c in calls]
            ranges.append((i, max(ends)))
    return ranges


def legal_cuts(messages: list[dict[str, Any]]) -> list[int]:
    """Where a tail may start: a turn-opening user message, something other than system
    messages before it, and no tool-call group reaching across it."""
    ranges = group_ranges(messages)
    return [i for i, m in enumerate(messages)
            if opens_turn(m) and any(x["role"] != "system" for x in messages[:i])
            and not any(a < i <= b for a, b in ranges)]


def forced_tail_start(messages: list[dict[str, Any]]) -> int | None:
    """Start of the shortest legal tail that holds the whole current turn (None: no cut)."""
    current = current_turn_start(messages)
    usable = [c for c in legal_cuts(messages) if c <= current]
    return max(usable) if usable else None


def tool_name(messages: list[dict[str, Any]], result: dict[str, Any]) -> str:
    calls = messages[call_index(messages)[result["tool_call_id"]]]["tool_calls"]
    return next(c["function"]["name"] for c in calls if c["id"] == result["tool_call_id"])


def trim_note_ok(note_text: str, tool: str, event_id: str, size: int) -> bool:
    if tool not in note_text or event_id not in note_text:
        return False
    rest = note_text.replace(event_id, " ")
    return re.search(rf"(?<![\d,.]){size}(?![\d,.])", rest) is not None


def dumps(m: Any) -> str:
    return json.dumps(m, ensure_ascii=False)


# --------------------------------------------------------------------------------------------
# Generators
# --------------------------------------------------------------------------------------------

EN = [
    "Please check order A1042 for me.", "Don't submit the return request yet.",
    "My budget is at most 5000 dollars.", "It has to arrive before next Wednesday afternoon.",
    "You can reach me at 138-0013-8000.", "Actually, change the pickup to the day after tomorrow.",
    "We must keep the blue model, not the red one.", "Who pays for the shipping?", "ok",
    "Thanks!", "The warranty is 12 months, right?", "Never call my office number.",
    "I already sent the invoice to billing@example.com.", "Cancel the second item.",
    "Let's postpone the repair to Friday 3pm.", "What is the refund status?",
]
ZH = [
    "帮我查一下订单A1042。", "先别提交退货申请。", "预算最多5000元。", "必须在下周三下午之前送到。",
    "我的电话是13800138000。", "取件时间改成后天上午吧。", "一定要保留蓝色款，不要红色的。",
    "运费谁出？", "好的", "谢谢！", "保修期是12个月对吗？", "千万不要打我办公室电话。",
    "发票已经发到billing@example.com了。", "第二件取消。", "维修推迟到周五下午3点。", "退款进度怎么样？",
]
ASSISTANT_EN = ["Let me look that up.", "Done. Anything else?", "I found two matching orders.",
                "The return window is 30 days from delivery.", "I will wait for your go-ahead."]
ASSISTANT_ZH = ["我来查一下。", "好了，还有别的吗？", "找到两个匹配的订单。", "退货期限是签收后30天。",
                "等您确认后再操作。"]
SYSTEM = ["You are a helpful customer-service agent. Never promise refunds without a tool result.",
          "你是客服助手。没有工具结果时不要承诺退款。", "Answer briefly.",
          "Policy: " + "Follow the store rules and log every action. " * 12]
TOOLS = ["get_order", "search_kb", "create_ticket", "submit_return", "lookup_user", "查询物流"]


def _phrases(lang: str) -> st.SearchStrategy[list[str]]:
    pool = {"en": EN, "zh": ZH, "mixed": EN + ZH}[lang]
    return st.lists(st.sampled_from(pool), min_size=1, max_size=6)


@st.composite
def _text(draw, lang: str, assistant: bool = False) -> str:
    if assistant:
        pool = {"en": ASSISTANT_EN, "zh": ASSISTANT_ZH, "mixed": ASSISTANT_EN + ASSISTANT_ZH}[lang]
        parts = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4))
    else:
        parts = draw(_phrases(lang))
    sep = "" if lang == "zh" else " "
    text = sep.join(parts)
    if draw(st.integers(0, 9)) == 0:  # now and then a long message
        text = (text + sep) * draw(st.integers(2, 15))
    return text


@st.composite
def _tool_result(draw, lang: str) -> str:
    record = {"order": "A1042", "status": draw(st.sampled_from(["shipped", "已签收", "pending"])),
              "fee": draw(st.integers(0, 999)), "note": draw(_text(lang))}
    repeat = draw(st.sampled_from([1, 1, 1, 2, 5, 20, 60]))
    return json.dumps([record] * repeat, ensure_ascii=False)


@st.composite
def conversations(draw) -> list[dict[str, Any]]:
    lang = draw(st.sampled_from(["en", "zh", "mixed"]))
    counter = iter(range(1, 10_000))
    msgs: list[dict[str, Any]] = []
    late: list[dict[str, Any]] = []  # results delivered after the next user question

    def call(name: str) -> dict[str, Any]:
        cid = f"call_{next(counter)}"
        args = json.dumps({"order_id": "A1042", "q": draw(_text(lang))[:40]}, ensure_ascii=False)
        return {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}

    def result(c: dict[str, Any]) -> dict[str, Any]:
        return {"role": "tool", "tool_call_id": c["id"], "content": draw(_tool_result(lang))}

    def calls_message() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        calls = [call(draw(st.sampled_from(TOOLS))) for _ in range(draw(st.integers(1, 3)))]
        content = draw(st.sampled_from([None, "", "TEXT"]))
        message = {"role": "assistant",
                   "content": draw(_text(lang, True)) if content == "TEXT" else content,
                   "tool_calls": calls}
        return message, calls

    if draw(st.booleans()):
        prompt = draw(st.sampled_from(SYSTEM))
        msgs.append({"role": "system", "content": prompt * draw(st.sampled_from([1, 1, 3]))})
    if draw(st.integers(0, 7)) == 0:
        msgs.append({"role": "assistant", "content": draw(_text(lang, True))})

    n_turns = draw(st.integers(1, 7))
    for t in range(n_turns):
        msgs.append({"role": "user", "content": draw(_text(lang))})
        msgs.extend(late)
        late = []
        steps = draw(st.lists(st.sampled_from(
            ["text", "text", "tools", "tools", "confirm", "pending", "partial", "late", "system"]),
            max_size=4))
        for step in steps:
            if step == "text":
                msgs.append({"role": "assistant", "content": draw(_text(lang, True))})
            elif step == "system":
                if draw(st.integers(0, 3)) == 0:
                    msgs.append({"role": "system", "content": draw(st.sampled_from(SYSTEM))})
            elif step in ("tools", "confirm", "partial", "late", "pending"):
                message, calls = calls_message()
                msgs.append(message)
                if step == "pending":
                    if draw(st.integers(0, 2)) != 0:  # mostly: the user is asked to confirm
                        continue
                    msgs.append({"role": "user", "content": "",
                                 "metadata": {"confirm_results": [{"id": calls[0]["id"],
                                                                   "approved": False}]}})
                    continue
                if step == "confirm":
                    msgs.append({"role": "user", "content": "",
                                 "metadata": {"confirm_results": [
                                     {"id": c["id"], "approved": True} for c in calls]}})
                if step == "late" and t < n_turns - 1:
                    late.extend(result(c) for c in calls)
                    continue
                answered = calls if step != "partial" else calls[:-1]
                order = draw(st.permutations(list(range(len(answered)))))
                msgs.extend(result(answered[i]) for i in order)
    msgs.extend(late)
    if draw(st.booleans()):  # most compactions happen at a new question
        msgs.append({"role": "user", "content": draw(_text(lang))})
    if draw(st.integers(0, 5)) == 0:
        for i, m in enumerate(msgs):
            m["id"] = f"evt-{i}"
    return msgs


MODES = st.sampled_from(["normal", "normal", "target", "force"])


@st.composite
def cases(draw, modes: st.SearchStrategy[str] = MODES) -> dict[str, Any]:
    messages = draw(conversations())
    total = total_size(messages)
    # the budget is set relative to the history so all bands (none/trim/compact) are reached
    load = draw(st.sampled_from([0.2, 0.45, 0.55, 0.7, 0.79, 0.85, 1.0, 1.5, 3.0, 8.0]))
    budget = max(10, int(total / load))
    config = {"policy.budget": budget,
              "policy.tail_ratio": draw(st.sampled_from([0.1, 0.2, 0.2, 0.35])),
              "policy.low_watermark_ratio": draw(st.sampled_from([0.3, 0.5, 0.5, 0.7])),
              "policy.reserve_chars": draw(st.sampled_from([0, 0, 0, budget // 10]))}
    mode = draw(modes)
    target = None
    if mode == "target":
        systems = sum(msize(m) for m in messages if m["role"] == "system")
        if systems and draw(st.integers(0, 3)) == 0:  # a target just above the system prompts
            target = systems + draw(st.integers(0, 300))
        else:
            frac = draw(st.sampled_from([0.02, 0.1, 0.2, 0.35, 0.5, 0.9, 1.2]))
            target = max(1, int(total * frac))
    return {"messages": messages, "config": config, "mode": mode, "target": target}


@functools.lru_cache(maxsize=256)
def _compressor(items: tuple[tuple[str, Any], ...]) -> Compressor:
    return Compressor(config=dict(items))


def run(case: dict[str, Any]) -> tuple[list[dict[str, Any]], Any]:
    """Compress a deep copy (so the case stays pristine) and return (input, result)."""
    messages = copy.deepcopy(case["messages"])
    comp = _compressor(tuple(sorted(case["config"].items())))
    result = comp.compress(messages, target_chars=case["target"], force=case["mode"] == "force")
    note(f"config={case['config']} mode={case['mode']} target={case['target']}")
    note(f"report={ {k: v for k, v in result.report.items() if k not in ('stage_ms', 'now')} }")
    return messages, result


def split_output(out: list[dict[str, Any]]) -> tuple[int | None, list[dict[str, Any]]]:
    """(position of the summary message or None, the messages after it or all of them)."""
    positions = [i for i, m in enumerate(out) if m.get("name") == SUMMARY_NAME]
    assert len(positions) <= 1, "more than one summary message"
    if not positions:
        return None, out
    return positions[0], out[positions[0] + 1:]


def tail_start(inp: list[dict[str, Any]], out: list[dict[str, Any]]) -> int:
    pos, tail = split_output(out)
    return len(inp) - len(tail) if pos is not None else 0


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(cases())
def test_never_splits_a_tool_call_group(case):
    inp, result = run(case)
    out = result.messages
    results_in_input = result_indices(inp)
    seen_calls: set[str] = set()
    for m in out:
        if m.get("role") == "tool":
            assert m["tool_call_id"] in seen_calls, (
                f"tool result for {m['tool_call_id']} without its calling message before it")
        for c in m.get("tool_calls") or []:
            seen_calls.add(c["id"])
    out_results = {m["tool_call_id"] for m in out if m.get("role") == "tool"}
    for cid in seen_calls:
        if cid in results_in_input:
            assert cid in out_results, f"call {cid} kept but its result was dropped"


@PROPERTY_SETTINGS
@given(cases())
def test_never_cuts_inside_a_turn(case):
    inp, result = run(case)
    pos, tail = split_output(result.messages)
    if pos is not None:
        assert tail, "summary with nothing after it"
        assert opens_turn(tail[0]), f"tail starts with {tail[0]!r}, not a turn-opening user message"
        assert not is_resume(tail[0])
    if result.report["action"] == "compact" and case["mode"] == "normal":
        assert opens_turn(inp[-1]), "compacted in the middle of a turn (normal mode)"
    if case["mode"] == "normal" and not opens_turn(inp[-1]):
        assert pos is None and result.report["action"] != "compact"


@PROPERTY_SETTINGS
@given(cases())
def test_tail_is_byte_identical(case):
    inp, result = run(case)
    out, report = result.messages, result.report
    ids = event_ids(inp)
    trimmed = set(report["trimmed"])
    pos, tail = split_output(out)
    if pos is None:
        assert len(out) == len(inp), "messages added or dropped without a summary"
    assert len(tail) <= len(inp)
    start = len(inp) - len(tail)
    for k, (got, want) in enumerate(zip(tail, inp[start:])):
        event = ids[start + k]
        if event in trimmed:
            assert want["role"] == "tool" and got["role"] == "tool"
            assert {k2: v for k2, v in got.items() if k2 != "content"} == \
                   {k2: v for k2, v in want.items() if k2 != "content"}
            assert trim_note_ok(got["content"], tool_name(inp, want), event, msize(want)), \
                got["content"]
            continue
        assert got == want, f"{event} changed in the tail"
        assert dumps(got) == dumps(want), f"{event} is not byte-identical in the tail"
    assert trimmed <= {ids[i] for i in range(start, len(inp)) if inp[i]["role"] == "tool"}, \
        "report lists as trimmed something that is not a tool result of the output"
    if pos is not None:  # everything before the summary: the prefix's system messages only
        assert out[:pos] == [m for m in inp[:start] if m["role"] == "system"]
        covered = [ids[i] for i in range(start) if inp[i]["role"] != "system"]
        assert covered, "a summary that covers nothing"
        assert report["covered"] == [covered[0], covered[-1]]
        assert report["cut_event"] == ids[start]


@PROPERTY_SETTINGS
@given(cases())
def test_system_messages_kept_in_order(case):
    inp, result = run(case)
    systems_out = [m for m in result.messages
                   if m.get("role") == "system" and m.get("name") != SUMMARY_NAME]
    want = [m for m in inp if m["role"] == "system"]
    assert systems_out == want
    assert [dumps(m) for m in systems_out] == [dumps(m) for m in want]


def check_target(case: dict[str, Any]) -> None:
    """Property 5: the output fits the target; the only excess allowed is the current turn
    when it (with the system prompts, which are never touched) cannot fit, and then W002 says
    so and the tail is exactly that turn."""
    inp, result = run(case)
    report = result.report
    limit = case["target"]
    if case["mode"] == "force":
        limit = int(case["config"]["policy.budget"] * case["config"]["policy.low_watermark_ratio"])
        assert report["target"] == limit
    size = total_size(result.messages)
    assert report["chars_after"] == size
    if size <= limit:
        assert not report["over_target"]
        return
    assert report["over_target"]
    forced = forced_tail_start(inp)
    if forced is None:
        # no legal cut at all (one turn, or a group reaching across every turn boundary):
        # nothing may be summarised, so the history comes back unchanged and the report says
        # why.
        assert result.messages == inp and report["action"] == "none"
        assert any(w.startswith(("[W002]", "[W006]")) for w in report["warnings"])
        return
    assert any(w.startswith("[W002]") for w in report["warnings"]), (
        f"output is {size} chars > target {limit} without W002")
    # the only excess allowed: the current turn (plus whatever an unanswered call forces to
    # stay with it: DESIGN §4 keeps a pending call's group in the tail)
    assert tail_start(inp, result.messages) == forced, (
        f"over target with a tail starting at {tail_start(inp, result.messages)}, "
        f"but the current turn starts at {forced}")
    # and the excess was unavoidable: system prompts + that turn take the floor share of the
    # target and leave the summary less than its floor, which is all it gets
    systems = sum(msize(m) for m in inp[:forced] if m["role"] == "system")
    config = load_settings(case["config"])
    floor, unavoidable = config["summary.summary_floor"], systems + total_size(inp[forced:])
    assert unavoidable + floor > limit and unavoidable >= limit * config["summary.floor_share"]
    assert report["summary_chars"] <= floor


# Minimal failing example found by hypothesis (ids and text simplified): a long system prompt
# and two one-message turns. The current turn (U4, 32 chars) is the tail that should be kept.
_SYSTEM_PROMPT_CASE = {
    "messages": [{"role": "system", "content": "P" * 500},
                 {"role": "assistant", "content": "Let me look that up."},
                 {"role": "user", "content": "Please check order A1042 for me."},
                 {"role": "user", "content": "Please check order A1042 for me."}],
    "config": {"policy.budget": 3160, "policy.tail_ratio": 0.2,
               "policy.low_watermark_ratio": 0.3, "policy.reserve_chars": 0},
    "mode": "target", "target": 500}


@example(_SYSTEM_PROMPT_CASE)
@PROPERTY_SETTINGS
@given(cases(modes=st.sampled_from(["target", "target", "force"])))
def test_respects_target(case):
    check_target(case)


@PROPERTY_SETTINGS
@given(cases(modes=st.sampled_from(["target", "target", "force"])))
def test_respects_target_without_system_messages(case):
    """Property 5 where the bug above cannot show (no system message), kept green so other
    regressions of the target mode are still caught while the xfail stands."""
    case = {**case, "messages": [m for m in case["messages"] if m["role"] != "system"]}
    check_target(case)


@pytest.mark.parametrize("messages", [
    [{"role": "user", "content": "Please check order A1042 for me."}],
    [{"role": "system", "content": "Answer briefly."},
     {"role": "user", "content": "帮我查一下订单A1042。" * 5},
     {"role": "assistant", "content": "我来查一下。"}],
])
def test_single_turn_over_target_reports_w002(messages):
    result = Compressor().compress(copy.deepcopy(messages), target_chars=10)
    assert result.messages == messages and result.report["over_target"]
    assert any(w.startswith("[W002]") for w in result.report["warnings"]), result.report["warnings"]


@PROPERTY_SETTINGS
@given(cases(modes=st.just("normal")))
def test_below_the_compact_line_only_old_tool_results_change(case):
    inp, result = run(case)
    out, report = result.messages, result.report
    budget = case["config"]["policy.budget"]
    total = total_size(inp)
    trim_line = budget * 0.5
    compact_line = budget * 0.8
    mid_turn = not opens_turn(inp[-1])
    assume(total <= compact_line or mid_turn)
    if total <= trim_line:
        assert report["action"] == "none"
        assert out == inp
        assert [dumps(m) for m in out] == [dumps(m) for m in inp]
        return
    # above the trim line (or above the compact line mid-turn): no summary, only trimming
    assert report["action"] in ("none", "trim")
    assert len(out) == len(inp)
    ids = event_ids(inp)
    newest = current_turn_start(inp)
    suffix = [total_size(inp[i:]) for i in range(len(inp))]
    changed = []
    for i, (got, want) in enumerate(zip(out, inp)):
        if got == want:
            continue
        changed.append(ids[i])
        assert want["role"] == "tool", f"{ids[i]} ({want['role']}) changed by trimming"
        assert i < newest, f"{ids[i]} is in the newest turn and was trimmed"
        assert suffix[i] > trim_line, f"{ids[i]} is not past the trim line"
        assert {k: v for k, v in got.items() if k != "content"} == \
               {k: v for k, v in want.items() if k != "content"}
        assert trim_note_ok(got["content"], tool_name(inp, want), ids[i], msize(want)), \
            got["content"]
    assert changed == report["trimmed"]
    assert report["action"] == ("trim" if changed else "none")


@PROPERTY_SETTINGS
@given(cases())
def test_newest_turn_tool_results_never_trimmed(case):
    inp, result = run(case)
    ids = event_ids(inp)
    newest = current_turn_start(inp)
    newest_ids = {ids[i] for i in range(newest, len(inp))}
    assert not set(result.report["trimmed"]) & newest_ids


@PROPERTY_SETTINGS
@given(cases())
def test_pending_calls_kept_verbatim_outside_the_summary(case):
    inp, result = run(case)
    out = result.messages
    pos, _ = split_output(out)
    ids = event_ids(inp)
    start = tail_start(inp, out)
    for cid, i in pending_calls(inp).items():
        assert inp[i] in out, f"the message with pending call {cid} is not in the output verbatim"
        assert any(dumps(m) == dumps(inp[i]) for m in out)
        if pos is not None:
            assert i >= start, f"pending call {cid} ({ids[i]}) is inside the summary"
            assert cid not in out[pos]["content"]
            covered = result.report["covered"]
            assert ids.index(covered[1]) < i


@PROPERTY_SETTINGS
@given(cases())
def test_input_is_not_mutated(case):
    original = copy.deepcopy(case["messages"])
    messages = case["messages"]
    comp = _compressor(tuple(sorted(case["config"].items())))
    result = comp.compress(messages, target_chars=case["target"], force=case["mode"] == "force")
    assert messages == original
    assert [dumps(m) for m in messages] == [dumps(m) for m in original]
    json.dumps(result.to_dict(), ensure_ascii=False)  # the whole result is JSON


@PROPERTY_SETTINGS
@given(cases())
@example(case={  # a target of 1: the current turn fills it, the summary gets the floor (W002)
    "messages": [{"role": "user", "content": "Please check order A1042 for me.", "id": "evt-0"},
                 {"role": "user", "content": "Please check order A1042 for me.", "id": "evt-1"}],
    "config": {"policy.budget": 320, "policy.tail_ratio": 0.1, "policy.low_watermark_ratio": 0.3,
               "policy.reserve_chars": 0},
    "mode": "target", "target": 1})
def test_summary_message_shape(case):
    _, result = run(case)
    pos, _ = split_output(result.messages)
    if pos is None:
        assert result.report["action"] != "compact"
        return
    assert result.report["action"] == "compact"
    summary = result.messages[pos]
    assert set(summary) == {"role", "name", "content"}
    assert summary["role"] == "user" and isinstance(summary["content"], str)
    # an explicit target bounds the summary by the room it leaves (the floor when the current
    # turn alone fills it: W002); forced compaction by summary_cap, scaled for large budgets
    config = dict(case["config"])
    cap = (max(6000, 0.06 * config.get("policy.budget", 100000)) if case["target"] is None
           else max(case["target"], 400))
    assert len(summary["content"]) <= cap
    assert result.report["summary_chars"] == len(summary["content"])


# --------------------------------------------------------------------------------------------
# Examples
# --------------------------------------------------------------------------------------------


def _history(tool_content: str, turns: int = 3) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You are a support agent."}]
    for t in range(turns):
        msgs.append({"role": "user", "content": f"Question {t}: please check order A10{t}2."})
        msgs.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{t}", "type": "function",
             "function": {"name": "get_order", "arguments": json.dumps({"id": f"A10{t}2"})}}]})
        msgs.append({"role": "tool", "tool_call_id": f"c{t}", "content": tool_content})
        msgs.append({"role": "assistant", "content": f"Order A10{t}2 is on its way."})
    return msgs


def test_trim_note_names_tool_event_and_size():
    msgs = _history("x" * 900, turns=2)  # T4 (old, 900 chars) and T8 (newest turn)
    msgs.append({"role": "assistant", "content": None, "tool_calls": [
        {"id": "c9", "type": "function", "function": {"name": "search_kb", "arguments": "{}"}}]})
    msgs.append({"role": "tool", "tool_call_id": "c9", "content": "y" * 50})
    total = total_size(msgs)
    budget = int(total / 0.7)  # between the trim line and the compact line
    result = Compressor(config={"policy.budget": budget}).compress(copy.deepcopy(msgs))
    assert result.report["action"] == "trim"
    assert result.report["trimmed"] == ["T4"]
    note_text = result.messages[3]["content"]
    assert "get_order" in note_text and "T4" in note_text and "900" in note_text
    assert result.messages[3]["tool_call_id"] == "c0"
    assert result.messages[7] == msgs[7]  # the newest turn's result is untouched


def _compacting(config: dict[str, Any]) -> tuple[list[dict[str, Any]], Any]:
    msgs = _history("Order shipped. " * 40, turns=4)
    msgs.append({"role": "user", "content": "Don't submit the return yet. What is the fee?"})
    budget = int(total_size(msgs) / 0.9)
    result = Compressor(config={"policy.budget": budget, **config}).compress(copy.deepcopy(msgs))
    assert result.report["action"] == "compact"
    return msgs, result


def test_summary_has_only_role_name_content_by_default():
    _, result = _compacting({})
    summary = result.messages[1]
    assert result.messages[0] == {"role": "system", "content": "You are a support agent."}
    assert list(summary) == ["role", "name", "content"]
    assert summary["role"] == "user" and summary["name"] == SUMMARY_NAME


def test_annotate_adds_squeeze_metadata_with_covered_ids():
    msgs, result = _compacting({"summary.annotate": True})
    summary = result.messages[1]
    assert set(summary) == {"role", "name", "content", "metadata"}
    squeeze = summary["metadata"]["squeeze"]
    assert squeeze["snapshot_version"] == 1
    assert squeeze["covered"] == result.report["covered"]
    assert squeeze["covered"][0] == "U2"
    start = tail_start(msgs, result.messages)
    assert squeeze["covered"][1] == event_ids(msgs)[start - 1]


def test_summary_role_system():
    msgs, result = _compacting({"summary.role": "system"})
    summary = result.messages[1]
    assert summary == {"role": "system", "name": SUMMARY_NAME, "content": summary["content"]}
    # the real system message is still there, unchanged and first
    assert result.messages[0] == msgs[0]


def test_unknown_config_key_is_e020():
    with pytest.raises(ConfigError) as info:
        Compressor(config={"policy.budgett": 1000})
    assert info.value.code == "E020"
    with pytest.raises(pipeline.ConfigError) as info:
        Compressor(config={"policy": {"no_such_key": 1}})
    assert info.value.code == "E020"


def test_group_with_a_repeated_result_is_not_split():
    call = {"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": "{}"}}
    msgs = [{"role": "user", "content": "check A1042 " * 20},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": "r" * 300},
            {"role": "user", "content": "again please " * 20},
            {"role": "tool", "tool_call_id": "c1", "content": "late duplicate " * 5},
            {"role": "assistant", "content": "done"},
            {"role": "user", "content": "thanks, next question"}]
    for kwargs, config in (({}, {"policy.budget": 800}), ({"target_chars": 200}, {})):
        out = Compressor(config=config).compress(copy.deepcopy(msgs), **kwargs).messages
        seen: set[str] = set()
        for m in out:
            if m.get("role") == "tool":
                assert m["tool_call_id"] in seen, "tool result without its call"
            seen.update(c["id"] for c in m.get("tool_calls") or [])


def _call(call_id: str) -> dict:
    return {"role": "assistant", "content": "", "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": "search", "arguments": "{}"}}]}


@pytest.mark.parametrize(("lang", "turns"), [
    ("en", ["Find flights, no red-eyes.", "Actually, forget it. Budget $300.", "Now hotels please."]),
    ("zh", ["帮我查航班，不要红眼航班。", "算了，先不查了，预算300元。", "现在查酒店吧。"]),
])
def test_an_abandoned_pending_call_blocks_cuts_and_w006_says_which_and_what_to_do(lang, turns):
    """Decision (DESIGN §4): a call with no result is never summarised, wherever it is; it may
    be waiting for the user's go-ahead. W006 names it, so the caller can send its result."""
    messages = [{"role": "user", "content": turns[0]}, _call("c9"), {"role": "user", "content": turns[1]},
                {"role": "assistant", "content": "ok"}, {"role": "user", "content": turns[2]}]
    result = Compressor().compress(messages, target_chars=40)
    (warning,) = result.report["warnings"]
    assert warning.startswith("[W006]") and "c9 in A2 has no result" in warning and "cancelled" in warning
    assert result.messages == messages                       # nothing summarised, nothing lost
    answered = messages[:2] + [{"role": "tool", "tool_call_id": "c9", "content": "cancelled"}] + messages[2:]
    freed = Compressor().compress(answered, target_chars=40).report
    assert freed["action"] == "compact" and not any(w.startswith("[W006]") for w in freed["warnings"])


def test_a_current_turn_that_fills_the_target_still_gets_the_floor_summary_and_w002_says_so():
    """Decision: the target is lost to the current turn anyway; the floor-sized summary keeps the
    older turns' constraints (without it the model would get the current turn alone)."""
    messages = [{"role": "user", "content": "Don't call me before 9am, budget $300."},
                {"role": "assistant", "content": "ok"}] * 3 + [{"role": "user", "content": "Book it now please."}]
    result = Compressor().compress(messages, target_chars=5)
    (warning,) = result.report["warnings"]
    assert warning.startswith("[W002]") and "summary.summary_floor" in warning
    summary = next(m["content"] for m in result.messages if m.get("name") == "__squeeze_summary__")
    assert "Don't call me before 9am" in summary and len(summary) <= 400
    assert result.messages[-1] == messages[-1] and result.report["over_target"]


@pytest.mark.parametrize("room", [1, 14, 200, 399])
def test_a_current_turn_that_leaves_the_summary_less_than_its_floor_still_gets_the_floor(room: int) -> None:
    """A target the current turn fits with a few chars to spare gets the same floor-sized summary
    as one it does not fit: the summary had been those few chars ("for my parents") while a
    target a little smaller got 400, and the older turns' prohibitions with it."""
    system = {"role": "system", "content": "You are a booking agent. " * 200}
    messages = [system] + [{"role": "user", "content": "Don't call me before 9am, budget $300."},
                           {"role": "assistant", "content": "Noted, I will keep that in mind. " * 8}] * 4 \
        + [{"role": "user", "content": "Book it now please."}]
    unavoidable = len(system["content"]) + len(messages[-1]["content"])
    result = Compressor().compress(messages, target_chars=unavoidable + room)
    (w002,) = [w for w in result.report["warnings"] if w.startswith("[W002]")]
    assert f"leaves {room} chars of the target" in w002 and "summary.summary_floor" in w002
    summary = next(m["content"] for m in result.messages if m.get("name") == "__squeeze_summary__")
    assert "Don't call me before 9am" in summary and "$300" in summary and len(summary) <= 400
    assert result.messages[-1] == messages[-1] and result.messages[0] == system


def test_room_the_current_turn_leaves_under_the_floor_all_goes_to_the_summary() -> None:
    """A target the current turn and the system messages take most of (not all) keeps no older turn
    verbatim: the little room left is the summary's (a 907-char target had kept "行" and an assistant
    reply of 123 chars, and a summary of 32 chars that held none of the user's constraints)."""
    system = {"role": "system", "content": "You are a booking agent. " * 28}
    messages = [system] + [{"role": "user", "content": "Don't call me before 9am, budget $300."},
                           {"role": "assistant", "content": "Noted, I will keep that in mind. " * 8}] * 4 \
        + [{"role": "user", "content": "ok"}, {"role": "assistant", "content": "Great, booking it now for you."},
           {"role": "user", "content": "Book it now please."}]
    target = len(system["content"]) + len(messages[-1]["content"]) + 200
    result = Compressor().compress(messages, target_chars=target)
    assert result.report["chars_after"] <= target and not result.report["over_target"]
    summary = next(m["content"] for m in result.messages if m.get("name") == "__squeeze_summary__")
    assert result.messages[-1] == messages[-1] and result.messages[-2]["name"] == "__squeeze_summary__"
    assert "Don't call me before 9am" in summary, summary


def test_a_target_the_current_turn_takes_a_small_share_of_is_kept_with_a_smaller_summary() -> None:
    """(Control) the floor is for a target the current turn takes nearly all of (summary.floor_share):
    a small target of a short chat is kept."""
    messages = [{"role": "user", "content": "Don't call me before 9am, budget $300."},
                {"role": "assistant", "content": "Noted, I will keep that in mind. " * 8}] * 4 \
        + [{"role": "user", "content": "Book it now please."}]
    result = Compressor().compress(messages, target_chars=300)
    assert result.report["chars_after"] <= 300 and not result.report["over_target"]
    assert not any(w.startswith("[W002]") for w in result.report["warnings"])


def _long_history(lang: str, turns: int) -> list[dict[str, Any]]:
    """A long session: every user turn states its own order and amount, with a long answer."""
    messages: list[dict[str, Any]] = []
    for n in range(turns):
        text = (f"Order B{1000 + n}: no more than ${100 + n}, deliver to dock {n}." if lang == "en"
                else f"订单B{1000 + n}：预算{100 + n}元以内，送到{n}号码头。")
        messages += [{"role": "user", "content": text}, {"role": "assistant", "content": "Noted. " * 30}]
    return messages + [{"role": "user", "content": "Go on." if lang == "en" else "继续。"}]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_explicit_target_lets_the_summary_use_the_room_beyond_the_automatic_cap(lang):
    """#13: a caller asking for 35 % of a long history gets a summary of about what the target
    leaves after the tail, not summary_cap (6,000 chars): the cap is for the policy's own choice."""
    messages = _long_history(lang, 300)
    total = sum(len(m["content"]) for m in messages)
    result = Compressor({"stages.enabled": ["facts", "state"]}).compress(messages, target_chars=int(total * 0.35))
    report = result.report
    assert report["action"] == "compact" and not report["over_target"]
    assert report["summary_chars"] > 6000, report
    summary = next(m["content"] for m in result.messages if m.get("name") == "__squeeze_summary__")
    covered = int(report["covered"][1][1:]) // 2          # user turns in the prefix
    assert all(f"B{1000 + n}" in summary for n in range(covered))   # with the room, every order
    forced = Compressor({"stages.enabled": ["facts", "state"], "policy.budget": 60000}).compress(messages, force=True)
    assert forced.report["summary_chars"] <= 6000    # forced: the policy sizes it, capped


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_room_the_summary_leaves_under_a_target_keeps_older_turns_verbatim(lang):
    """#13: the tail's share is chosen before the summary's size is known; a summary that needs
    less than its room gives the rest to the turns before the tail, kept verbatim (half of a
    60-turn history had come back at 60–65 % of the target, the turns between neither
    summarised nor kept)."""
    messages = _long_history(lang, 60)
    total = sum(len(m["content"]) for m in messages)
    target = total // 2
    report = (result := Compressor({"stages.enabled": ["facts", "state"]}).compress(messages, target_chars=target)).report
    assert not report["over_target"] and report["chars_after"] >= 0.85 * target, report
    tail = result.messages[[m.get("name") for m in result.messages].index("__squeeze_summary__") + 1:]
    assert sum(len(m["content"]) for m in tail) > 0.3 * target and tail == messages[-len(tail):]
    sent = "\n".join(m["content"] for m in result.messages)
    assert all(f"B{1000 + n}" in sent for n in range(60))
    # (control) a summary that fills its room leaves none
    tight = Compressor({"stages.enabled": ["facts", "state"]}).compress(messages, target_chars=total // 5).report
    assert tight["reason"] == "compacted to the target" and not tight["over_target"]

@pytest.mark.parametrize("lang", ["en", "zh"])
def test_system_messages_that_take_most_of_a_target_are_named_with_their_size(lang):
    """#13: W017 says how much of the target the (untouched) system prompt takes; W002's size
    counts it too."""
    system = {"role": "system", "content": "You are a careful agent. " * 40}   # 1,000 chars
    messages = [system] + _long_history(lang, 6)
    result = Compressor({"stages.enabled": ["facts", "state"]}).compress(messages, target_chars=1500)
    warnings = result.report["warnings"]
    w017 = [w for w in warnings if w.startswith("[W017]")]
    assert w017 and "take 1000 of the target of 1500 chars" in w017[0] and "remaining 500" in w017[0], warnings
    roomy = Compressor({"stages.enabled": ["facts", "state"]}).compress(messages, target_chars=2500)
    assert not any(w.startswith("[W017]") for w in roomy.report["warnings"])
    tight = Compressor({"stages.enabled": ["facts", "state"]}).compress(messages, target_chars=900)
    (w002,) = [w for w in tight.report["warnings"] if w.startswith("[W002]")]
    current = len(messages[-1]["content"])
    assert f"({1000 + current} chars, with the system messages)" in w002, w002
