"""When and where to cut (DESIGN §3–§4): budget lines, safe cut points, tail, trimming.

The policy only decides; it never builds messages. Its guarantees, tested as properties:
the cut falls just before a turn-opening user message, never inside a tool-call group (a
pending call keeps everything from it on in the tail), and in target mode the result fits the
target unless the current turn alone does not.
"""

from __future__ import annotations

from dataclasses import replace

from .config import Settings
from .errors import Warnings
from .types import Action, Conversation, Plan

__all__ = ["group_spans", "pending_calls", "plan", "safe_cuts", "wider_cuts", "widen"]


def _last_answers(conv: Conversation) -> dict[str, int]:
    """Call id -> index of its last result (a repeated answer extends the group)."""
    return {e.tool_call_id: e.index for e in conv.events
            if e.role == "tool" and e.tool_call_id is not None}


def pending_calls(conv: Conversation) -> dict[int, tuple[str, ...]]:
    """Event index -> the ids of its calls that no later result answers (an answer before a
    call answers an earlier call of that id)."""
    answered = _last_answers(conv)
    pending = {e.index: tuple(c.id for c in e.tool_calls if answered.get(c.id, -1) <= e.index)
               for e in conv.events if e.tool_calls}
    return {i: ids for i, ids in pending.items() if ids}


def group_spans(conv: Conversation) -> list[tuple[int, int]]:
    """(first, last) event index of every tool-call group; a group with a pending call (no
    result yet) reaches the end of the history."""
    answered, pending = _last_answers(conv), pending_calls(conv)
    end = len(conv.events) - 1
    return [(e.index, end if e.index in pending else max(answered[c.id] for c in e.tool_calls))
            for e in conv.events if e.tool_calls]


def safe_cuts(conv: Conversation) -> list[int]:
    """Indices where the tail may start: turn-opening user messages outside every group, with
    something other than system messages before them."""
    spans = group_spans(conv)
    first_content = next((e.index for e in conv.events if e.role != "system"), len(conv.events))
    return [e.index for e in conv.events
            if e.opens_turn and e.index > first_content
            and not any(a < e.index <= b for a, b in spans)]


def _no_cut(conv: Conversation) -> str:
    """W006, naming the oldest pending call when that is what holds every later turn: the
    caller can close it (a result saying it was cancelled) to let the older turns be summarised.
    A pending call is never summarised (DESIGN §4): it may be waiting for the user's go-ahead."""
    pending = pending_calls(conv)
    if not pending:
        return Warnings.W006.format(detail="")
    first = min(pending)
    return Warnings.W006.format(detail=(
        f"; the call {', '.join(pending[first])} in {conv.events[first].id} has no result, so it and "
        "everything after it stay verbatim (send its result, even \"cancelled\", to free the turns after it)"))


def _suffix_sizes(conv: Conversation) -> list[int]:
    sizes = [0] * (len(conv.events) + 1)
    for event in reversed(conv.events):
        sizes[event.index] = sizes[event.index + 1] + event.size
    return sizes


def _trimmable(conv: Conversation, line: float, keep_from: int, suffix: list[int]) -> tuple[int, ...]:
    """Tool results older than the trim line, outside the newest turn."""
    return tuple(e.index for e in conv.events
                 if e.role == "tool" and e.index < keep_from and suffix[e.index] > line)


def plan(conv: Conversation, settings: Settings, *, target: int | None = None,
         force: bool = False) -> Plan:
    """Decide none / trim / compact for this history under the settings."""
    budget = settings["policy.budget"]
    total = conv.size
    suffix = _suffix_sizes(conv)
    newest_turn = conv.turns[-1].start
    cuts = safe_cuts(conv)

    if target is not None or force:
        limit = target if target is not None else int(budget * settings["policy.low_watermark_ratio"])
        # forced compaction sizes the summary as the automatic one does; a target is the caller's
        cap = _summary_cap(settings) if target is None else None
        return _plan_to_target(conv, settings, limit, cuts, suffix, cap)

    if total <= budget * settings["policy.trim_ratio"]:
        return Plan(Action.NONE, reason="below the trim line")
    at_turn_start = conv.events[-1].opens_turn
    warnings: list[str] = []
    if total > budget * settings["policy.compact_ratio"]:
        if at_turn_start and cuts:
            return _plan_compaction(conv, settings, cuts, suffix)
        warnings.append(Warnings.W005.format() if not at_turn_start else _no_cut(conv))
    trimmed = _trimmable(conv, budget * settings["policy.trim_ratio"], newest_turn, suffix)
    if not trimmed:
        return Plan(Action.NONE, reason="above the trim line, but no old tool result to trim",
                    warnings=tuple(warnings))
    return Plan(Action.TRIM, trimmed=trimmed, reason="old tool results past the trim line",
                warnings=tuple(warnings))


def _summary_cap(settings: Settings) -> int:
    """The largest summary the policy chooses by itself: summary_cap, or a share of a budget
    so large that the share is more."""
    return max(settings["summary.summary_cap"],
               int(settings["policy.budget"] * settings["summary.summary_cap_ratio"]))


def _system_size(conv: Conversation, cut: int) -> int:
    return sum(e.size for e in conv.events[:cut] if e.role == "system")


def _kept_size(conv: Conversation, suffix: list[int], cut: int) -> int:
    """What a cut keeps as it is: the tail and the system messages before it."""
    return suffix[cut] + _system_size(conv, cut)


def _plan_compaction(conv: Conversation, settings: Settings, cuts: list[int],
                     suffix: list[int]) -> Plan:
    """Shortest turn-aligned tail of at least tail_ratio × budget; the summary gets what the
    low watermark leaves; tool results in the tail (not the newest turn) are trimmed if needed."""
    budget = settings["policy.budget"]
    tail_min = budget * settings["policy.tail_ratio"]
    reaching = [c for c in cuts if suffix[c] >= tail_min]
    cut = max(reaching) if reaching else min(cuts)
    low = budget * settings["policy.low_watermark_ratio"] - settings["policy.reserve_chars"]
    room = int(low - _kept_size(conv, suffix, cut))
    floor, cap = settings["summary.summary_floor"], _summary_cap(settings)
    trimmed: tuple[int, ...] = ()
    warnings: list[str] = []
    if room < floor:
        newest = conv.turns[-1].start
        candidates = [e for e in conv.events[cut:newest] if e.role == "tool"]
        chosen = []
        for event in candidates:  # oldest first, only as many as needed
            if room >= floor:
                break
            chosen.append(event.index)
            room += event.size
        trimmed = tuple(chosen)
        if room < floor:
            warnings.append(Warnings.W003.format(size=int(low - room + floor), limit=int(low),
                                                  unit=settings["policy.unit"]))
    return Plan(Action.COMPACT, cut=cut, trimmed=trimmed,
                summary_budget=min(cap, max(room, floor)), limit=None,
                reason="above the compact line at a turn start", warnings=tuple(warnings))


def _system_warning(conv: Conversation, settings: Settings, limit: int) -> list[str]:
    """W017 when the system messages (never touched) alone take most of a target."""
    size = sum(e.size for e in conv.events if e.role == "system")
    if size < limit * settings["policy.system_warn_ratio"]:
        return []
    return [Warnings.W017.format(size=size, target=limit, unit=settings["policy.unit"], rest=max(limit - size, 0))]


def _plan_to_target(conv: Conversation, settings: Settings, limit: int, cuts: list[int],
                    suffix: list[int], cap: int | None) -> Plan:
    """Target mode: the newest turns verbatim up to tail_ratio × limit (at least the current
    turn), the summary gets the rest, up to ``cap`` when the policy chose the limit; only the
    current turn, with a summary of ``summary_floor``, may exceed the limit."""
    if conv.size <= limit:
        return Plan(Action.NONE, limit=limit, reason="already within the target")
    current = conv.turns[-1].start
    usable = [c for c in cuts if c <= current]
    system = _system_warning(conv, settings, limit)
    if not usable:
        content = [e for e in conv.events if e.role != "system"]
        one_turn = not content or content[0].index >= current
        warning = (Warnings.W002.format(size=_kept_size(conv, suffix, current), target=limit,
                                        unit=settings["policy.unit"], fits="does not fit", detail="") if one_turn
                   else _no_cut(conv))
        return Plan(Action.NONE, limit=limit, reason="no safe cut point", warnings=(*system, warning))
    tail_cap = limit * settings["policy.tail_ratio"]
    # the longest tail within its share that still leaves the summary some room
    fitting = [c for c in usable
               if suffix[c] <= tail_cap and _kept_size(conv, suffix, c) < limit]
    cut = min(fitting) if fitting else max(usable)
    floor = settings["summary.summary_floor"]
    # what no cut can summarise: the current turn (and a pending call's group) with the system messages
    taken = _kept_size(conv, suffix, max(usable))
    floored = limit - taken < floor and taken >= limit * settings["summary.floor_share"]
    if limit - taken < floor:
        # what the current turn leaves is less than a summary's floor: all of it goes to the summary, none
        # to older turns kept verbatim (a 907-char target had kept a "行" and a reply, and a summary of 32)
        cut = max(usable)
    room = limit - _kept_size(conv, suffix, cut)
    warnings = system
    if floored:
        # the target is lost to the current turn, or nearly: a summary of the floor's size costs
        # little more and keeps what the user said must hold (without it the model would get the
        # current turn alone, or with a summary of a few words: truncation)
        unit = settings["policy.unit"]
        warnings.append(Warnings.W002.format(
            size=_kept_size(conv, suffix, cut), target=limit, unit=unit,
            fits="does not fit" if room < 1 else f"leaves {room} {unit} of",
            detail=f", with a summary of at most {floor} {unit} (summary.summary_floor) "
                   "so that the older turns' constraints are not lost"))
        room = floor
    return Plan(Action.COMPACT, cut=cut, summary_budget=room if cap is None else min(cap, room), limit=limit,
                reason="compacted to the target", warnings=tuple(warnings),
                # (room under the floor is all the summary's: none is given back)
                fill=cap is None and limit - taken >= floor and settings["policy.fill_target"])


def wider_cuts(conv: Conversation, decision: Plan, summary_size: int = 0, suffix: list[int] | None = None) -> list[int]:
    """The cuts before the plan's whose longer tail fits a caller's target beside a summary of
    ``summary_size`` (none unless the plan may fill): with 0, every cut a second summary may take."""
    if not decision.fill or decision.cut is None or decision.limit is None:
        return []
    suffix = _suffix_sizes(conv) if suffix is None else suffix
    return [c for c in safe_cuts(conv) if c < decision.cut and c <= conv.turns[-1].start
            and _kept_size(conv, suffix, c) + summary_size <= decision.limit]


def widen(conv: Conversation, decision: Plan, summary_size: int) -> Plan | None:
    """Once the summary is made: when it left room under a caller's target, the plan whose tail
    starts at the earliest cut that fits beside a summary of that size (None when none is earlier).
    A tail share chosen before the summary's size was known had left a long history at 55–70 % of
    a 35 % target, its older turns neither summarised nor kept."""
    suffix = _suffix_sizes(conv)
    earlier = wider_cuts(conv, decision, summary_size, suffix)
    if not earlier:
        return None
    cut = min(earlier)
    assert decision.limit is not None
    return replace(decision, cut=cut, summary_budget=decision.limit - _kept_size(conv, suffix, cut),
                   reason="compacted to the target, the room the summary left kept verbatim", fill=False)
