"""Seeded valid agent histories and a checker of the safe-compaction contract (DESIGN §3–§4).

Why a plain function and not only a hypothesis strategy: a seed is one integer that replays a
case anywhere (CI, ``python -m benchmarks.properties``, a bug report), and a loop over seeds
scales to 100,000 cases without hypothesis' shrinking and database. Every expectation of the
checker is restated from DESIGN §3–§4 and README "Policy" over the plain messages, never read
from ``pipeline`` (a checker that reuses the code it checks proves nothing).
"""

from __future__ import annotations

import gc
import itertools
import json
import random
import time
import tomllib
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

__all__ = ["Run", "check", "compress_case", "history", "legal_cuts", "run_case", "size", "target_for"]

SUMMARY_NAME = "__squeeze_summary__"
SYSTEM_ROLES = ("system", "developer")
# the contract's numbers are the default config's (read as data: the checker shares no code with what it checks)
_SUMMARY = tomllib.loads((Path(__file__).parent.parent / "pipeline" / "default_config.toml")
                         .read_text(encoding="utf-8"))["summary"]
SUMMARY_FLOOR, FLOOR_SHARE = _SUMMARY["summary_floor"], _SUMMARY["floor_share"]
_ID_PREFIX = {"system": "S", "developer": "S", "user": "U", "assistant": "A", "tool": "T"}

# --------------------------------------------------------------------------------------------
# Generator
# --------------------------------------------------------------------------------------------

_USER = {
    "en": ["Please check order A1042 for me.", "Don't submit the return request yet.",
           "My budget is at most 5000 dollars.", "It has to arrive before next Wednesday 3pm.",
           "You can reach me at 138-0013-8000.", "Actually, change the pickup to Friday.",
           "Never call my office number.", "Who pays for the shipping?", "ok", "Thanks!",
           "I already sent the invoice to billing@example.com.", "Cancel the second item."],
    "zh": ["帮我查一下订单A1042。", "先别提交退货申请。", "预算最多5000元。", "必须在下周三下午之前送到。",
           "我的电话是13800138000。", "取件时间改成后天上午吧。", "千万不要打我办公室电话。",
           "运费谁出？", "好的", "谢谢！", "发票已经发到billing@example.com了。", "第二件取消。"],
}
_ASSISTANT = {
    "en": ["Let me look that up.", "Done. Anything else?", "I found two matching orders.",
           "The return window is 30 days from delivery.", "I will wait for your go-ahead."],
    "zh": ["我来查一下。", "好了，还有别的吗？", "找到两个匹配的订单。", "退货期限是签收后30天。", "等您确认后再操作。"],
}
_SYSTEM = ["You are a support agent. Never submit anything without the user's go-ahead.",
           "你是客服助手。没有工具结果时不要承诺退款。", "Answer briefly. 回答要简洁。",
           "Policy: " + "Follow the store rules and log every action. " * 20]
# emoji with skin tones, ZWJ families and flags, combining marks, astral CJK, RTL, full width
_UNICODE = ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑🏿‍💻", "🇨🇳", "☕️", "e\u0301", "n\u0303o",
            "Z\u0351\u0329a\u0334", "क्षि", "𠀋𡈽", "نعم", "Ελλάδα", "ｆｕｌｌ", "\u200b"]
_TOOLS = ["get_order", "search_kb", "create_ticket", "submit_return", "查询物流", "lookup_user"]
_ZONES = ["Asia/Shanghai", "America/New_York", "Europe/Berlin", "UTC", "Asia/Kolkata"]


def _sentence(rng: random.Random, lang: str, pools: dict[str, list[str]]) -> str:
    """One to four phrases in the history's language (mixed: both), now and then with emoji,
    combining marks or ZWJ sequences between them."""
    words = []
    for _ in range(rng.randint(1, 4)):
        words.append(rng.choice(pools[rng.choice(["en", "zh"]) if lang == "mixed" else lang]))
        if rng.random() < 0.15:
            words.append(rng.choice(_UNICODE))
    return ("" if lang == "zh" else " ").join(words)


def _text(rng: random.Random, lang: str, pools: dict[str, list[str]], long_share: float) -> str:
    """A sentence, or rarely a very long text (2k–50k chars; cut anywhere, even inside a ZWJ
    sequence, which is still valid text)."""
    if rng.random() >= long_share:
        return _sentence(rng, lang, pools)
    size = int(2 ** rng.uniform(11, 15.6))
    parts: list[str] = []
    while sum(map(len, parts)) < size:
        parts.append(_sentence(rng, lang, pools))
    return " ".join(parts)[:size]


def _content(rng: random.Random, text: str) -> Any:
    """A string, or sometimes a list of text parts (the text split at random places)."""
    if rng.random() < 0.8 or len(text) < 2:
        return text
    cuts = sorted(rng.sample(range(1, len(text)), min(rng.randint(1, 2), len(text) - 1)))
    return [{"type": "text", "text": text[a:b]} for a, b in zip([0, *cuts], [*cuts, len(text)])]


def _tool_result(rng: random.Random, lang: str, long_share: float) -> str:
    """A JSON tool result, escaped or not, sometimes a long listing."""
    record = {"order": f"A{rng.randint(1000, 9999)}", "status": rng.choice(["shipped", "已签收", "pending"]),
              "fee": rng.randint(0, 999), "note": _sentence(rng, lang, _ASSISTANT)}
    repeat = rng.choice([1, 1, 1, 2, 5, 20]) if rng.random() >= long_share else rng.randint(100, 400)
    return json.dumps({"results": [record] * repeat}, ensure_ascii=rng.random() < 0.3)


def history(seed: int) -> dict[str, Any]:
    """A valid conversation object (DESIGN §2) of 2 to about 400 messages, the same for a seed.

    It holds parallel tool calls answered in any order, calls answered after a confirmation
    resume or after the next user question, pending calls (mid-history and at the end; never
    an orphan result), system and developer messages anywhere (even inside a tool-call group),
    content as text parts, empty or absent assistant content beside tool calls, and rarely
    texts of up to ~50k chars.
    """
    rng = random.Random(seed)
    lang = rng.choice(["en", "zh", "mixed"])
    length = round(2 ** rng.uniform(1, 8.65))  # log-uniform, 2 to ~400 messages
    long_share = rng.choice([0.0] * 12 + [0.002, 0.01])
    dangling = rng.random() < 0.2  # calls left unanswered mid-history block every later cut
    ids = itertools.count(1)

    def say(pools: dict[str, list[str]]) -> Any:
        return _content(rng, _text(rng, lang, pools, long_share))

    def system() -> dict[str, Any]:
        return {"role": rng.choice(["system", "system", "developer"]), "content": rng.choice(_SYSTEM)}

    def calls_message() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        calls = [{"id": f"call_{next(ids)}_{rng.getrandbits(24):06x}", "type": "function",
                  "function": {"name": rng.choice(_TOOLS), "arguments": json.dumps(
                      {"q": _sentence(rng, lang, _USER)[:60], "n": rng.randint(1, 9)},
                      ensure_ascii=rng.random() < 0.5)}}
                 for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4]))]
        message: dict[str, Any] = {"role": "assistant", "tool_calls": calls}
        form = rng.choice([None, "", "absent", "text"])
        if form == "text":
            message["content"] = say(_ASSISTANT)
        elif form != "absent":
            message["content"] = form
        return message, calls

    def result(call: dict[str, Any]) -> dict[str, Any]:
        content = _tool_result(rng, lang, long_share)
        return {"role": "tool", "tool_call_id": call["id"],
                "content": content if rng.random() < 0.9 else [{"type": "text", "text": content}]}

    def resume(calls: list[dict[str, Any]], approved: bool) -> dict[str, Any]:
        return {"role": "user", "content": "", "metadata": {
            "confirm_results": [{"id": c["id"], "approved": approved} for c in calls]}}

    msgs: list[dict[str, Any]] = []
    if length > 2 and rng.random() < 0.7:
        msgs.append(system())
    if rng.random() < 0.05:
        msgs.append({"role": "assistant", "content": say(_ASSISTANT)})
    late: list[dict[str, Any]] = []  # results held back until after the next user question
    while len(msgs) < length - 1:
        msgs.append({"role": "user", "content": say(_USER) if rng.random() < 0.98 else ""})
        msgs.extend(late)
        late = []
        for step in rng.choices(["text", "tools", "confirm", "partial", "late", "pending"],
                                weights=[30, 40, 8, 2 * dangling, 3, dangling], k=rng.randint(0, 4)):
            if step == "text":
                msgs.append({"role": "assistant", "content": say(_ASSISTANT)})
                continue
            message, calls = calls_message()
            msgs.append(message)
            if step == "confirm":
                msgs.append(resume(calls, True))
            answered = {"partial": calls[1:], "pending": []}.get(step, calls)
            results = [result(c) for c in rng.sample(answered, len(answered))]
            (late if step == "late" else msgs).extend(results)
    msgs.extend(late)
    ending = rng.choices(["question", "pending", "waiting", "assistant", "tool"],
                         weights=[45, 12, 8, 20, 15])[0]
    if ending == "question" or len(msgs) < 2:
        msgs.append({"role": "user", "content": say(_USER)})
    elif ending == "assistant":
        msgs.append({"role": "assistant", "content": say(_ASSISTANT)})
    else:
        message, calls = calls_message()
        msgs.append(message)
        if ending == "waiting":
            msgs.append(resume(calls[:1], False))
        answered = calls if ending == "tool" else calls[:rng.randint(0, len(calls) - 1)]
        msgs.extend(result(c) for c in rng.sample(answered, len(answered)))
    for _ in range(rng.choice([0, 0, 0, 1, 2, 4])):
        msgs.insert(rng.randint(0, len(msgs)), system())
    if rng.random() < 0.1:
        for i, m in enumerate(msgs):
            m["id"] = f"m{seed}-{i}"
    now = datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=rng.choice([-5, 0, 1, 8])))) \
        + timedelta(minutes=rng.randint(0, 525_000))
    conv: dict[str, Any] = {"id": f"h{seed}", "messages": msgs, "now": now.isoformat(),
                            "timezone": rng.choice(_ZONES)}
    if rng.random() < 0.3:
        conv["lang"] = lang if lang != "mixed" else rng.choice(["zh", "en"])
    return conv


def target_for(seed: int, conv: dict[str, Any]) -> tuple[int | None, bool]:
    """(target_chars, force) for a seed: the policy alone, a tight target (a few % of the
    history, or just above its system messages), a loose one, or force with or without one."""
    rng = random.Random(f"target-{seed}")
    total = sum(size(m) for m in conv["messages"])
    mode = rng.choices(["policy", "tight", "loose", "force", "force+tight"],
                       weights=[30, 30, 15, 15, 10])[0]
    if mode in ("policy", "force"):
        return None, mode == "force"
    if mode == "loose":
        return max(1, int(total * rng.uniform(0.4, 1.5))), False
    systems = sum(size(m) for m in conv["messages"] if m["role"] in SYSTEM_ROLES)
    if systems and rng.random() < 0.2:
        return systems + rng.randint(0, 300), mode == "force+tight"
    return max(1, int(total * rng.uniform(0.01, 0.3))), mode == "force+tight"


@dataclass
class Run:
    """One compressed seed: what ``check`` reads, and the time ``compress`` took (wall, and the
    process's CPU, which a busy shared machine does not inflate)."""

    history: dict[str, Any]
    sent: dict[str, Any]
    result: Any
    limit: int | None
    wall: float
    cpu: float
    collector: float   # CPU s of the garbage collections that ran inside it
    full_collections: float   # of which full (generation 2) passes

    @property
    def chars(self) -> int:
        return sum(size(m) for m in self.history["messages"])

    @property
    def user_chars(self) -> int:
        """The chars of the user's messages: a compaction reads these whole (entities, clauses),
        so they, more than the total, set its cost."""
        return sum(size(m) for m in self.history["messages"] if m.get("role") == "user")


class _Collector:
    """CPU time of the garbage collector, all generations and full passes apart: a collection
    lands on whichever case runs (a full pass walks every object the process holds, the loaded
    models and the caches: hundreds of ms; a young one up to 20 ms, measured), so it is the
    process's time, not the case's."""

    def __init__(self) -> None:
        self.total = self.full = self._started = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.process_time()
            return
        spent = time.process_time() - self._started
        self.total += spent
        if info["generation"] == 2:
            self.full += spent


_COLLECTOR = _Collector()


def compress_case(compressor: Any, seed: int) -> Run:
    """Compress the seed's history with its target; the limit to check is the target, or for
    force alone budget × low watermark (README "Policy"). Exceptions propagate."""
    pristine = history(seed)
    sent = json.loads(json.dumps(pristine))  # a copy of its own, to prove the input is not mutated
    target, force = target_for(seed, pristine)
    wall, cpu, collector, full = time.perf_counter(), time.process_time(), _COLLECTOR.total, _COLLECTOR.full
    result = compressor.compress(sent, target_chars=target, force=force)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    collector, full = _COLLECTOR.total - collector, _COLLECTOR.full - full
    settings = compressor.settings
    limit = target if target is not None else (
        int(settings["policy.budget"] * settings["policy.low_watermark_ratio"]) if force else None)
    return Run(pristine, sent, result, limit, wall, cpu, collector, full)


def run_case(compressor: Any, seed: int) -> tuple[list[str], Run]:
    """The violations of one seed, and its run."""
    run = compress_case(compressor, seed)
    return check(run.history, run.result, run.limit, sent=run.sent), run

# --------------------------------------------------------------------------------------------
# The contract over plain messages
# --------------------------------------------------------------------------------------------


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _text_of(content: Any) -> str:
    """Text parts (strings, or parts with ``text``/``description``), one line each."""
    if isinstance(content, str):
        return content
    parts = [p if isinstance(p, str) else p.get("text", p.get("description")) for p in content or []]
    return "\n".join(p for p in parts if isinstance(p, str))


def size(message: dict[str, Any]) -> int:
    """The contract's size (README "Use it"): text parts, plus each call's name and arguments
    for an assistant."""
    calls = message.get("tool_calls") or [] if message.get("role") == "assistant" else []
    return len(_text_of(message.get("content"))) + sum(
        len(c["function"]["name"]) + len(c["function"].get("arguments", "")) for c in calls)


def _is_resume(m: dict[str, Any]) -> bool:
    return (m.get("role") == "user" and not _text_of(m.get("content")).strip()
            and isinstance(m.get("metadata"), dict) and "confirm_results" in m["metadata"])


def _opens_turn(m: dict[str, Any]) -> bool:
    return m.get("role") == "user" and not _is_resume(m)


def _event_ids(msgs: list[dict[str, Any]]) -> list[str]:
    return [m["id"] if isinstance(m.get("id"), str) and m["id"] else f"{_ID_PREFIX[m['role']]}{i + 1}"
            for i, m in enumerate(msgs)]


def _results(msgs: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Call id -> positions of its results."""
    found: dict[str, list[int]] = {}
    for i, m in enumerate(msgs):
        if m.get("role") == "tool":
            found.setdefault(m["tool_call_id"], []).append(i)
    return found


def _calls(m: dict[str, Any]) -> list[str]:
    return [c["id"] for c in m.get("tool_calls") or []] if m.get("role") == "assistant" else []


def legal_cuts(msgs: list[dict[str, Any]]) -> list[int]:
    """Where a tail may start (DESIGN §4): a turn-opening user message with something other
    than system messages before it, outside every tool-call group (a group with a pending
    call reaches the end of the history)."""
    results = _results(msgs)
    spans = [(i, max(max(results[c]) if c in results else len(msgs) - 1 for c in _calls(m)))
             for i, m in enumerate(msgs) if _calls(m)]
    first = next((i for i, m in enumerate(msgs) if m["role"] not in SYSTEM_ROLES), len(msgs))
    return [i for i, m in enumerate(msgs)
            if _opens_turn(m) and i > first and not any(a < i <= b for a, b in spans)]


def check(history: dict[str, Any], result: Any, target: int | None,
          sent: dict[str, Any] | None = None) -> list[str]:
    """Violations of the contract by ``result`` (a CompressionResult) for ``history`` (the
    pristine input); ``target`` is the limit of target or force mode (None: the policy alone);
    ``sent``, the object given to ``compress``, must still equal ``history``."""
    inp, out, report = history["messages"], result.messages, result.report
    bad: list[str] = []
    if sent is not None and _dumps(sent) != _dumps(history):
        bad.append("the input was mutated")
    try:
        json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError, UnicodeError) as exc:
        bad.append(f"the result is not JSON-serialisable: {exc}")
    summaries = [i for i, m in enumerate(out) if m.get("name") == SUMMARY_NAME]
    if len(summaries) > 1:
        return [*bad, f"{len(summaries)} summary messages"]
    pos = summaries[0] if summaries else None
    start = len(inp) - (len(out) - pos - 1) if pos is not None else 0
    if pos is None and len(out) != len(inp):
        return [*bad, f"{len(inp)} messages in, {len(out)} out, and no summary"]
    ids = _event_ids(inp)
    if pos is not None:
        if not 0 < start < len(inp):
            return [*bad, f"summary at {pos}: a tail of {len(out) - pos - 1} of {len(inp)} messages"]
        if start not in legal_cuts(inp):
            bad.append(f"cut before {ids[start]} (message {start}): not a turn start outside "
                       "every tool-call group")
        if target is None and not _opens_turn(inp[-1]):
            bad.append("compacted by the policy although the history ends mid-turn")
        systems = [_dumps(m) for m in inp[:start] if m["role"] in SYSTEM_ROLES]
        if [_dumps(m) for m in out[:pos]] != systems:
            bad.append("what precedes the summary is not the prefix's system messages")
    bad += _tail(inp, out[len(out) - (len(inp) - start):], start, ids, report, target)
    bad += _groups(inp, out)
    if [_dumps(m) for m in out if m.get("role") in SYSTEM_ROLES and m.get("name") != SUMMARY_NAME] != \
            [_dumps(m) for m in inp if m["role"] in SYSTEM_ROLES]:
        bad.append("system/developer messages not kept verbatim and in order")
    if target is not None:
        bad += _target(inp, out, start if pos is not None else None, report, target)
    return bad


def _tail(inp: list[dict[str, Any]], tail: list[dict[str, Any]], start: int, ids: list[str],
          report: dict[str, Any], target: int | None) -> list[str]:
    """The tail is the input's suffix, byte for byte; only the policy (no target) may replace
    an old tool result, outside the newest turn, by a note naming its event."""
    trimmed, bad = set(report.get("trimmed") or ()), []
    newest = max((i for i, m in enumerate(inp) if _opens_turn(m)), default=0)
    for i, got in enumerate(tail, start):
        want = inp[i]
        if _dumps(got) == _dumps(want):
            continue
        note_ok = (target is None and ids[i] in trimmed and want["role"] == "tool" and i < newest
                   and {**got, "content": None} == {**want, "content": None}
                   and ids[i] in str(got.get("content")))
        if not note_ok:
            bad.append(f"{ids[i]} (message {i}) is not verbatim in the output")
    return bad


def _groups(inp: list[dict[str, Any]], out: list[dict[str, Any]]) -> list[str]:
    """No split tool-call group: a result's call precedes it in the output, a call in the
    output has all its results there, and a pending call's message is there verbatim."""
    bad, seen = [], set()
    wanted = Counter(m["tool_call_id"] for m in inp if m["role"] == "tool")
    got: Counter[str] = Counter()
    for m in out:
        if m.get("role") == "tool":
            got[m["tool_call_id"]] += 1
            if m["tool_call_id"] not in seen:
                bad.append(f"result of {m['tool_call_id']} in the output without its call before it")
        seen.update(_calls(m))
    bad += [f"call {c}: {got[c]} of its {wanted[c]} results in the output"
            for c in seen if got[c] != wanted[c]]
    kept = {_dumps(m) for m in out}
    bad += [f"message {i} holds a pending call and is not in the output verbatim"
            for i, m in enumerate(inp)
            if any(c not in wanted for c in _calls(m)) and _dumps(m) not in kept]
    return bad


def _target(inp: list[dict[str, Any]], out: list[dict[str, Any]], start: int | None,
            report: dict[str, Any], target: int) -> list[str]:
    """At most ``target``, unless the current turn (from the last safe cut at or before its
    start: a pending call keeps more) with the system messages before it takes the floor share
    of it and leaves less than the summary's floor: then that is the tail, the summary is at most
    its floor, and W002 says so; with no safe cut at all, the input comes back
    whole with W002 or W006."""
    after = sum(size(m) for m in out)
    reported = report.get("chars_after")
    bad = [] if reported == after else [f"report chars_after {reported} != the output's {after}"]
    if after <= target:
        return bad
    warned = [w[:6] for w in report.get("warnings", [])]
    newest = max((i for i, m in enumerate(inp) if _opens_turn(m)), default=0)
    forced = max((c for c in legal_cuts(inp) if c <= newest), default=None)
    if forced is None:
        if not {"[W002]", "[W006]"} & set(warned):
            bad.append(f"output {after} > target {target}, no safe cut, and neither W002 nor W006")
        if start is not None:
            bad.append("a summary although no cut is safe")
        return bad
    if "[W002]" not in warned:
        bad.append(f"output {after} > target {target} without W002")
    if start != forced:
        bad.append(f"output {after} > target {target} with the tail from message {start}, "
                   f"but the current turn can start it at {forced}")
    unavoidable = sum(size(m) for m in inp[:forced] if m["role"] in SYSTEM_ROLES) \
        + sum(size(m) for m in inp[forced:])
    floor = SUMMARY_FLOOR
    if unavoidable + floor <= target or unavoidable < target * FLOOR_SHARE:
        bad.append(f"output {after} > target {target} although the current turn and the system "
                   f"messages make only {unavoidable}, leaving the summary its floor of {floor}")
    if report.get("summary_chars", 0) > floor:
        bad.append(f"output {after} > target {target} with a summary of {report['summary_chars']} > its floor {floor}")
    return bad
