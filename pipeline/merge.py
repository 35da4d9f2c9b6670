"""Cross-check and merge the stages' results into the snapshot and the items to render.

Rules (DESIGN §6): every clause holding a strong fact is a must-keep item even when another
stage thinks its event is covered; a value that a later change replaced is history (shown in
the state path, never as a current constraint); what the user asserted is a claim, what a
tool returned is a confirmed fact with the tool event as evidence.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from functools import lru_cache
from itertools import accumulate
from typing import Sequence

from .render import fold, fold_spaced, shown_time
from .rulepacks import RulePack, id_shape, slot_keys
from .stages.base import Memo
from .stages.entities import word_end, words_of
from .stages.times import only_a_weekday
from .types import (Attachment, Conversation, Decision, Event, Fact, IntentCluster, KeyClause, OpenItem, Snapshot, Span,
                    StageResult, Strength, SummaryItem, Transition, said_of_the_past)

__all__ = ["RunGap", "merge"]

_CLAIM_KINDS = ("uncertain", "claim")
_RULE_KINDS = ("negation", "obligation")   # a piece holding one reads as the user's rule
# a thing's verb with it ("have a parking lot"), a trip ("arrive in Xiamen"): cut from a question, it states
_VERB_KINDS = ("feature", "route")
_TOPIC_KINDS = ("topic",)
# what the user wants ("I'd prefer a standard room"): it joins no run of values ("a table" would
# lengthen "6 people at an Italian place downtown on Friday"), it is a shorter form of its own
_WANTED_KINDS = ("wish",)
_SIGNED_NUMBER = re.compile(r"[+-]\d")   # a signed measure's number ("+2.75", "-0.75")
_BARE_NUMBER = re.compile(r"\s*\d+(?:[.,]\d+)?\s*")   # a count with no unit ("12"): its unit is in the value it replaced
_WHOSE_KINDS = ("beneficiary",)   # whom a thing is for: a piece opening on it says nothing of the thing
_PROMOTABLE = ("entity", "person", "product", "term")


def _persistent(facts: Sequence[Fact]) -> list[dict[str, object]]:
    """Names and terms the user comes back to in several messages: one persistent fact each,
    at its first mention, listing every message that mentions it. Their strength stays as
    their kind says: measured on the dev sets, making them strong crowded out constraints."""
    by_name: dict[str, list[Fact]] = {}
    for fact in facts:
        if fact.kind in _PROMOTABLE:
            by_name.setdefault(fold(fact.text), []).append(fact)
    persistent = []
    for mentions in by_name.values():
        events = list(dict.fromkeys(f.span.event_id for f in mentions))
        if len(events) > 1:
            persistent.append({**mentions[0].to_dict(), "mentions": events})
    return persistent


def _once(facts: Sequence[Fact]) -> list[dict[str, object]]:
    """One entry per distinct fact (folded text and value), at its first mention; a fact said
    again ("周末" in five questions) lists the messages that repeat it instead of appearing five
    times. The same words meaning another time ("明天下午" said on another day) stay apart."""
    first: dict[tuple[str, str], dict[str, object]] = {}
    for fact in facts:
        entry = first.setdefault((fold(fact.text), repr(fact.value)), fact.to_dict())
        if entry["source"] != fact.span.to_list():
            mentions = entry.setdefault("mentions", [entry["source"][0]])  # type: ignore[index]
            if fact.span.event_id not in mentions:  # type: ignore[operator]
                mentions.append(fact.span.event_id)  # type: ignore[attr-defined]
    return list(first.values())


def _redundant_turns(intents: Sequence[IntentCluster], clauses: Sequence[KeyClause]) -> set[str]:
    """Covered turns that add nothing their representative does not say: no fact at all, or
    only facts the representative also holds. A covered turn with a fact of its own stays
    (DESIGN §6: the intent stage never hides a constraint)."""
    facts_of: dict[str, set[str]] = {}
    for clause in clauses:
        facts_of.setdefault(clause.span.event_id, set()).update(fold(f.text) for f in clause.facts)
    redundant = set()
    for cluster in intents:
        said = facts_of.get(cluster.representative, set())
        redundant.update(e for e in cluster.covered if facts_of.get(e, set()) <= said)
    return redundant


Interval = tuple[datetime, datetime]


def _interval(fact: Fact) -> Interval | None:
    """The instant or interval a time fact resolved to (None when it did not)."""
    return _resolved(fact.value if fact.kind == "time" and isinstance(fact.value, dict) else {})


def _resolved(value: dict) -> Interval | None:
    try:
        if "at" in value:
            at = datetime.fromisoformat(value["at"])
            return at, at
        return datetime.fromisoformat(value["start"]), datetime.fromisoformat(value["end"])
    except (KeyError, TypeError, ValueError):
        return None


def _told_as_claim(fact: Fact) -> bool:
    """A claim, or a negation or time told like one: what did not happen ("I haven't been to Lisbon
    since college"), what a thing is not ("It isn't open on Sundays"), a case argued ("I don't even
    play video games"), when something happened ("got back Sunday")."""
    return (fact.kind in _CLAIM_KINDS or fact.kind == "negation" and fact.value in ("past", "thing", "argued")
            or said_of_the_past(fact.kind, fact.value))


def _clock_of(value: dict) -> str | None:
    """The clock a resolved time is at ("18:00"), dated or not; None for a day or a span."""
    if "at" in value:
        return str(value["at"])[11:16] or None
    return str(value["time"])[:5] if "time" in value else None


def _one_day(value: dict) -> str | None:
    """The day a resolved time covers whole ("2026-12-07" for "Monday the 7th"), else None."""
    start, end = str(value.get("start", "")), str(value.get("end", ""))
    return start[:10] if start[:10] and start[:10] == end[:10] and start[11:16] == "00:00" else None


_ISO_INSTANT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})")
_TOOL_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?:\s?([ap])\.?m\.?)?", re.IGNORECASE)
# a tool's window of clocks ("time_window=13:00-18:00"): both its clocks are the record's
_TOOL_WINDOW = re.compile(r"(\d{1,2}:\d{2})\s*[-–~]\s*(\d{1,2}:\d{2})")


def _clock_within(clocks: frozenset[str], value: dict) -> bool:
    """Whether one of ``clocks`` ("HH:MM") is the resolved time's, or inside its span."""
    if "at" in value:
        return _clock_of(value) in clocks
    start, end = str(value.get("start", ""))[11:16], str(value.get("end", ""))[11:16]
    return any(start <= clock <= end for clock in clocks)


def _day_of(value: dict) -> str | None:
    """The one day a resolved time is on: an instant's, or an interval's within one day."""
    if "at" in value:
        return str(value["at"])[:10]
    start, end = str(value.get("start", "")), str(value.get("end", ""))
    return start[:10] if start[:10] and start[:10] == end[:10] else None


def _tool_clock(text: str) -> str | None:
    """A tool field's clock as "HH:MM" ("5:15 pm", "18:00"), else None."""
    if not (clock := _TOOL_CLOCK.fullmatch(text.strip())):
        return None
    hour, minute, half = int(clock[1]), clock[2], (clock[3] or "").lower()
    hour = hour % 12 + (12 if half == "p" else 0) if half else hour
    return f"{hour:02d}:{minute}"


def _same_time(text: str, value: dict, current_days: frozenset[str], clocks: frozenset[str]) -> bool:
    """Whether a tool's value names a replaced time: its clock ("start_time=18:00", "5:15 pm"
    after "晚上六点" became "中午十二点"), its day ("date=2026-12-07" after "Monday the 7th"
    moved; "date=2026-11-28" after "周六下午三点" moved to another day, not after only its hour
    moved: a day a current value is on, ``current_days``, holds), the same instant written in full,
    or one inside a replaced part of a day on no current value's day.
    The day of a time within a day is that time's only in a record with ``clocks`` (its clock
    fields) inside it: a delivery the same afternoon is no video visit moved from it."""
    if (clock := _tool_clock(text)) is not None:
        return clock == _clock_of(value)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return text == _one_day(value) or (text == _day_of(value) and text not in current_days
                                           and _clock_within(clocks, value))
    if not _ISO_INSTANT.fullmatch(text) or ("at" not in value and _day_of(value) is None):
        return False
    try:
        at = datetime.fromisoformat(text)
        if at.tzinfo is None:
            return False
        if "at" in value:
            return at == datetime.fromisoformat(value["at"])
        # an instant inside a replaced part of a day ("datetime=2026-12-18T14:00" booked for "后天下午",
        # moved to next Tuesday), unless a current value is on that day
        start, end = datetime.fromisoformat(value["start"]), datetime.fromisoformat(value["end"])
        return start <= at <= end and at.astimezone(start.tzinfo).date().isoformat() not in current_days
    except (KeyError, ValueError):
        return False


def _with_tail(value: str, digits: str) -> str:
    """``value`` with its last digits replaced by ``digits``, its spaces and dashes kept ("138 1042 7756",
    "7765": "138 1042 7765")."""
    chars, new = list(value), [ch for ch in digits if ch.isdigit()]
    for i in range(len(chars) - 1, -1, -1):
        if not new:
            break
        if chars[i].isdigit():
            chars[i] = new.pop()
    return "".join(chars)


def _overlaps(a: Span, b: Span) -> bool:
    return a.event_id == b.event_id and a.start < b.end and b.start < a.end


class _Times:
    """The resolved times of the user's time facts, found by a span that overlaps them."""

    def __init__(self, facts: Sequence[Fact]) -> None:
        self.by_event: dict[str, list[tuple[Fact, Interval]]] = {}
        self.by_words: dict[str, Interval] = {}   # the latest saying of the same words (facts come in order)
        for fact in facts:
            if (interval := _interval(fact)) is not None:
                self.by_event.setdefault(fact.span.event_id, []).append((fact, interval))
                self.by_words[fold(fact.text)] = interval

    def at(self, span: Span | None, words: str = "") -> Interval | None:
        """The time at ``span``, else the latest said in ``words`` ("周六下午2点" named again inside
        a negation, where it is no fact of its own)."""
        found = None if span is None else next(
            (i for f, i in self.by_event.get(span.event_id, ()) if _overlaps(f.span, span)), None)
        return found or (self.by_words.get(fold(words)) if words else None)

    @staticmethod
    def within(inner: Interval | None, outer: Interval | None) -> bool:
        """Whether ``inner`` lies in ``outer``, a day or part of one ("周六" holds "周六下午2点";
        "next year" holds no time a change of it replaced)."""
        return (bool(inner and outer) and outer[1] - outer[0] < timedelta(days=1)
                and outer[0] <= inner[0] and inner[1] <= outer[1])

    @staticmethod
    def bounds(inner: Interval | None, outer: Interval | None) -> bool:
        """Whether ``inner``, a day or part of one, is the first or last day of the days
        ``outer`` runs over: moving it moves the stay ("May 21–31" once "friday the 21st" moved)."""
        return (bool(inner and outer) and inner[1] - inner[0] < timedelta(days=1) <= outer[1] - outer[0]
                and (inner[0].date() == outer[0].date() or inner[1].date() == outer[1].date()))


def _dated_by_changes(facts: list[Fact], transitions: Sequence[Transition], order: dict[str, int],
                      pack: RulePack) -> list[Fact]:
    """The facts with each clock a change sets with no day of its own put on the day of the time
    it replaces: changing the hour keeps the day ("改到下周二吧 上午10点" … "不对 10点要送娃上学 改
    11点吧" is Tuesday at 11, though the reply between named other days). A weekday said with no
    week in the message making the change is the one nearest that day ("安装下周三行不行" … "改成周四吧
    周三我临时要加班": Thursday and Wednesday of next week, not of this one)."""
    clocks: dict[str, list[int]] = {}     # where the clocks that name no day are, by event
    weekdays: dict[str, list[int]] = {}   # … and the days named by a weekday alone
    for i, fact in enumerate(facts):
        if fact.kind != "time" or not isinstance(fact.value, dict):
            continue
        if "time" in fact.value and _resolved(fact.value) is None:
            clocks.setdefault(fact.span.event_id, []).append(i)
        elif (day := _resolved(fact.value)) and day[0].date() == day[1].date() and only_a_weekday(fact.text, pack.lang, pack):
            weekdays.setdefault(fact.span.event_id, []).append(i)
    changes = [t for t in transitions if t.old_span is not None and (t.span.event_id in clocks or t.span.event_id in weekdays)]
    if not changes:
        return facts
    facts, times = list(facts), _Times(facts)
    for change in sorted(changes, key=lambda t: order.get(t.span.event_id, -1)):
        was = times.at(change.old_span)
        if was is None or was[0].date() != was[1].date():
            continue
        for i in clocks.get(change.span.event_id, ()):
            fact = facts[i]
            if _overlaps(fact.span, change.span) and "time" in fact.value:
                value = {k: v for k, v in fact.value.items() if k != "time"}
                at = datetime.combine(was[0].date(), time.fromisoformat(fact.value["time"]))
                facts[i] = replace(fact, value={**value, "at": at.isoformat()})
        for i in weekdays.get(change.span.event_id, ()):
            fact = facts[i]
            said = _resolved(fact.value)[0].date()
            nearest = was[0].date() + timedelta(days=(said.weekday() - was[0].weekday() + 3) % 7 - 3)
            if nearest != said:
                shift = nearest - said
                facts[i] = replace(fact, value={k: (datetime.fromisoformat(v) + shift).isoformat()
                                                if k in ("start", "end", "at") else v for k, v in fact.value.items()})
        times = _Times(facts)   # a time moved again later is on this day too
    return facts


def _named(transition: Transition, pack: RulePack) -> bool:
    """Its slot is named in words ("change the pickup to …"), not only by the value's kind."""
    return bool(transition.slot) and transition.slot not in pack.patterns


def _same_named_slot(later: Transition, earlier: Transition, pack: RulePack) -> bool:
    """Both name their slot in the same words."""
    return _named(later, pack) and later.slot.casefold() == earlier.slot.casefold()


def _other_named_slots(later: Transition, earlier: Transition, pack: RulePack) -> bool:
    """Both name their slot, in words that share nothing ("It has to arrive" and "pickup"): the
    same value said for both is no change of one into the other."""
    if not (_named(later, pack) and _named(earlier, pack)):
        return False
    keys = set(slot_keys(earlier.slot))
    return bool(keys) and not keys & set(slot_keys(later.slot))


def _continues(later: Transition, last: Transition, pack: RulePack, times: _Times) -> bool:
    """Whether ``later`` changes the value ``last`` set: it names the same slot in words
    ("改成周五前" … "改成后天上午"; a slot named only by its kind, "time", may be two things),
    or what it replaces is that value, part of it, or a time holding it or held by it
    ("周六…改成周日" after "改成周六下午2点": Saturday holds Saturday 2 pm; "2月3号下午…改成2月4号"
    after "还是2月3号送吧")."""
    if _same_named_slot(later, last, pack):
        return True
    if _other_named_slots(later, last, pack):
        return False
    return _replaces_value(later, last, times)


def _replaces_value(later: Transition, last: Transition, times: _Times) -> bool:
    """Whether what ``later`` replaces is the value ``last`` set, part of it, or a time holding it
    or held by it."""
    if later.old_span is not None and _overlaps(later.old_span, last.span):
        return True
    old, new = fold(later.old or ""), fold(last.new)
    same_kind = later.slot == last.slot
    was, now = times.at(later.old_span), times.at(last.span)
    return bool(old) and (old == new or (len(old) >= 2 and same_kind and (old in new or new in old))
                          or times.within(now, was) or times.within(was, now))


def _records_replaced(facts: Sequence[Fact], roles: dict[str, Event], order: dict[str, int],
                      pack: RulePack) -> list[Transition]:
    """What a tool's result says it replaces ("supersedes": "Q-58227" beside "quote_id": "Q-58234";
    "cancelled": "PK-88213" beside "pickup_id": "PK-88347"): a change of that id to the result's own
    id of the same scheme, said where that id is, replacing the newest earlier saying of the old
    one. A replaced value with no such id beside it (an address, a name) changes nothing here."""
    tools: dict[str, list[Fact]] = {}
    for fact in facts:
        if fact.kind == "confirmed" and fact.value and roles[fact.span.event_id].role == "tool":
            tools.setdefault(fact.span.event_id, []).append(fact)
    changes = []
    for event_id, found in sorted(tools.items(), key=lambda item: order[item[0]]):
        for old in (f for f in found if pack.names_replaced(str(f.value), f.text)):
            new = next((f for f in found if not pack.left_to_snapshot(str(f.value))
                        and id_shape(f.text) == id_shape(old.text) and fold(f.text) != fold(old.text)), None)
            if new is None:
                continue
            said = [f.span for f in facts if order[f.span.event_id] < order[event_id] and fold(f.text) == fold(old.text)]
            slot = str(new.value).rsplit(".", 1)[-1]
            changes.append(Transition(slot, old.text, new.text, new.span, said[-1] if said else None))
    return changes


def _chains(transitions: Sequence[Transition], pack: RulePack, times: _Times,
            order: dict[str, int]) -> list[list[Transition]]:
    """The transitions of each slot in the order said: one path per slot, A → B → C, so that
    B, replaced in turn, never ends a line as if it held."""
    chains: list[list[Transition]] = []

    def set_since(transition: Transition, chain: list[Transition]) -> bool:
        # it replaces another value, said after the chain's last change: another thing's, whatever
        # slot it names (a second move's "搬家日期改成6月24日" replaced its own "7月12日", not the
        # first move's "7月15日")
        old = transition.old_span
        return (old is not None and order.get(old.event_id, -1) > order.get(chain[-1].span.event_id, -1)
                and not _replaces_value(transition, chain[-1], times))

    for transition in transitions:
        # the newest chain it continues: it replaces the value the chain ends with, or again one the chain already replaced
        # ("Pickup at 4:30 pm" … "make it 4 pm" … "make the pickup half past three": 4:30 pm
        # found by the slot's words) — then the chain's newest value is what it replaces
        # ("change the pickup to …" continues the pickup's chain, whatever it replaced in between)
        chain = next((c for c in reversed(chains) if not set_since(transition, c) and (
                      _continues(transition, c[-1], pack, times) or any(_same_named_slot(transition, t, pack) or (
                          t.old_span is not None and transition.old_span is not None
                          and _overlaps(t.old_span, transition.old_span)) for t in c))), None)
        if chain is None:
            chains.append([transition])
        else:
            chain.append(transition)
    return chains


def _steps_replaced(chain: Sequence[Transition], times: _Times) -> list[tuple[str | None, Span | None, Transition]]:
    """What a chain replaced, where it was said, and the change that replaced it: each change's
    old value, and each value set before the last, replaced by the next change, unless that
    change only moved the clock of another time on its day ("下周二" holds after "上午10点", said
    with it, became "11点")."""
    return [(t.old, t.old_span, t) for t in chain] + [
        (t.new, t.span, by) for t, by in zip(chain, chain[1:])
        if not by.clock_only or by.old_span is None or _overlaps(by.old_span, t.span)
        or not times.within(times.at(by.old_span), times.at(t.span))]


def _replaced(chains: Sequence[Sequence[Transition]], facts: Sequence[Fact], order: dict[str, int],
              times: _Times, min_chars: int) -> list[Span]:
    """Where a value a later one replaced was said: the spans the changes name, every earlier
    mention of the same words (``min_chars`` or longer) or of a time inside it (a date said twice
    before it moved; "下周六上午10点" once "周六上午" moved), and every earlier saying of a fact
    holding one word for word ("Budget no more than $500 a month", said twice before it changed)."""
    spans: list[Span] = []
    for chain in chains:
        final = fold(chain[-1].new)
        replaced = [(value, span) for value, span, _ in _steps_replaced(chain, times)]
        # (one change read as two kinds, "预算是4000元" and "4000元", is one new value)
        named = [span for value, span in replaced if span is not None and fold(value or "") != final
                 and not _overlaps(span, chain[-1].span)]
        spans += named
        holding = {fold(f.text) for f in facts if any(_overlaps(f.span, span) for span in named)}
        words = {fold(v) for v, _ in replaced if v and len(fold(v)) >= min_chars} - {final}
        until = order[chain[-1].span.event_id]
        # a replaced time takes the times said inside it along, unless the new one is inside it too
        # ("周六" → "周六下午3点" replaces nothing said on Saturday)
        kept = times.at(chain[-1].span)
        gone = [g for _, span in replaced if (g := times.at(span)) is not None and not times.within(kept, g)]

        def stale(fact: Fact) -> bool:
            inside = _interval(fact)
            # (the replaced words said again in the change's own message, by no change, are left to
            # the mentions: "那数学改成40节 英语还是20节" holds another slot's 20节)
            # ("改成周四吧 周三我临时要加班": the old day, said as the reason, neither)
            return fact.span.event_id != chain[-1].span.event_id and (
                fold(fact.text) in words or fold(fact.text) in holding or any(times.within(inside, g) for g in gone))

        # (a fact holding the replaced value where it was named is stale through that span alone:
        # "on Saturday" in "I need a reservation for 6 people for 5 nights starting on Saturday"
        # still holds after "5 nights" became "1 night")
        spans += [f.span for f in facts if order[f.span.event_id] <= until
                  and not _overlaps(f.span, chain[-1].span) and stale(f)
                  and not any(_overlaps(f.span, span) for span in named)]
    return spans


def _dropped_name(decision: Decision, pack: RulePack) -> str:
    """The name of a thing dropped, past its determiners ("the city 5": "city 5")."""
    obj = decision.object
    return obj[pack.state.determiners.strip_run(obj, 0, len(obj), from_end=False):].rstrip("…. ")


def _of_dropped(decisions: Sequence[Decision], facts: Sequence[Fact], roles: dict[str, Event],
                order: dict[str, int], pack: RulePack) -> list[Span]:
    """Where a value of a thing later dropped was said, right after its name ("连花清瘟2盒" …
    "连花清瘟也拿掉", "lianhua 2 boxes" … "remove the lianhua"): a quote of it is history."""
    spans = []
    for decision in decisions:
        if decision.status != "dropped":
            continue
        said = _dropped_name(decision, pack)
        name, until = fold(said), order.get(decision.span.event_id, -1)
        spans += [f.span for f in facts if len(name) >= 2 and order.get(f.span.event_id, until) < until
                  and fold(roles[f.span.event_id].text[max(0, f.span.start - len(said) - 1):f.span.start]).endswith(name)]
    return spans


def _named_before_dropped(decisions: Sequence[Decision], events: Sequence[Event], order: dict[str, int],
                          pack: RulePack, turned_down: "_Spans") -> list[Span]:
    """Where the user named a thing (``named_value_chars`` or longer: "朗逸") in a message before
    the one that dropped it for good ("the city 5 sounds fine tbh" … "scratch the city 5, … let's
    do the city 7"): a quote of it is history, as one of a replaced value's words is. A naming
    that turns it down agrees with the drop."""
    last_status = {d.object: d.status for d in decisions}
    spans: list[Span] = []
    for decision in decisions:
        if decision.status != "dropped" or last_status[decision.object] != "dropped":
            continue
        name = _dropped_name(decision, pack)
        if len(fold(name)) < pack.state.named_value_chars:
            continue
        said, until = re.compile(_whole(name), re.IGNORECASE), order[decision.span.event_id]
        spans += [at for e in events if e.role == "user" and order[e.id] < until
                  for m in said.finditer(e.text) if not turned_down.overlap(at := Span(e.id, m.start(), m.end()))]
    return spans


@lru_cache(maxsize=8192)
def _whole(value: str, edge: str = "[0-9A-Za-z]") -> str:
    """A pattern finding ``value`` with no ASCII letter or digit (``edge``) running on at an end
    that is one ("$500" is not in "$5000"; "3间" is in "订3间房"; remembered: every call of a
    growing conversation asks again for the same replaced values). In a text folded without its
    spaces, only digits can run on (``edge="[0-9]"``)."""
    before = f"(?<!{edge})" if re.match(edge, value) else ""
    after = f"(?!{edge})" if re.search(f"{edge}$", value) else ""
    return before + re.escape(value) + after


def _mentioned(chains: Sequence[Sequence[Transition]], events: Sequence[Event], order: dict[str, int],
               pack: RulePack, clauses: dict[str, list[KeyClause]], turned_down: "_Spans") -> list[Span]:
    """Where the words of a replaced value no fact holds, or its number in words
    (``mentioned_chars`` or longer), were said before the change that replaced them ("Standard
    shipping is fine" before "make it expedited instead of standard shipping"), or in its
    message outside the clause that changes it ("Sorry, I meant $2,550 max. Twenty-six hundred
    was before parking"): a quote of such a clause is history too. A replaced value written
    with digits counts from ``named_value_chars`` on, found whole ("With $500 a month, no
    investment-linked plans" before "budget $410": the $500 inside a wider fact). One the changing
    message turns down is the change itself ("是13851723069 不是13851723096" needs no mark)."""
    spans: list[Span] = []
    for chain in chains:
        final = fold(chain[-1].new)
        for t in chain:
            old = t.old or ""
            # (where the change says the old value was said, a user's words of any length: the "lemon" of
            # "8 inch lemon raspberry" once "swap the lemon one for strawberry vanilla")
            if (t.old_span is not None and t.old_span.event_id != t.span.event_id and fold(old) != final
                    and any(e.id == t.old_span.event_id and e.role == "user" for e in events)):
                spans.append(t.old_span)
            words = [w for w in {old, *(m.group() for m in pack.number.finditer(old))} if fold(w) != final and len(fold(w)) >= (
                pack.state.named_value_chars if w == old and any(ch.isdigit() for ch in w) else pack.state.mentioned_chars)]
            if not words:
                continue
            # whole: no letter or digit runs on ("$500" is not in "$5000")
            said = re.compile("|".join(_whole(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)
            changing = [c.span for c in clauses.get(t.span.event_id, ()) if _overlaps(c.span, t.span)]
            keys = slot_keys(t.slot) if _named(t, pack) else ()

            def of_another(at: Span) -> bool:
                """Said in the change's message in a clause of another named slot ("那数学改成40节 英语还是20节")."""
                held = next((c for c in clauses.get(at.event_id, ()) if c.span.start <= at.start and at.end <= c.span.end), None)
                return (bool(keys) and held is not None and not any(k in fold(held.text) for k in keys)
                        and any(ch.isalnum() for ch in held.text[:at.start - held.span.start]))

            spans += [Span(e.id, m.start(), m.end()) for e in events
                      if e.role == "user" and order[e.id] <= order[t.span.event_id] for m in said.finditer(e.text)
                      if e.id != t.span.event_id or not (any(_overlaps(c, Span(e.id, m.start(), m.end())) for c in changing)
                                                         or turned_down.overlap(Span(e.id, m.start(), m.end()))
                                                         or of_another(Span(e.id, m.start(), m.end())))]
    return spans


def _widened(item: OpenItem, clauses: dict[str, list[KeyClause]]) -> OpenItem:
    """The open item as the whole clause it was said in, when a clause holds it."""
    holder = next((c for c in clauses.get(item.span.event_id, ())
                   if c.span.start <= item.span.start and item.span.end <= c.span.end), None)
    return item if holder is None else OpenItem(item.kind, holder.text, holder.span)


def _held(facts: tuple[list[int], list[Fact]], span: Span) -> tuple[Fact, ...]:
    """The facts (starts and facts of span's event, sorted by start) that lie inside span."""
    starts, ordered = facts
    first, last = bisect_left(starts, span.start), bisect_right(starts, span.end)
    return tuple(f for f in ordered[first:last] if f.span.end <= span.end)


class _Spans:
    """Spans to test others against for overlap, in log time per test (a long conversation
    has thousands of superseded values and of facts to check)."""

    def __init__(self, spans: Sequence[Span]) -> None:
        by_event: dict[str, list[tuple[int, int]]] = {}
        for span in spans:
            by_event.setdefault(span.event_id, []).append((span.start, span.end))
        self._starts: dict[str, list[int]] = {}
        self._reach: dict[str, list[int]] = {}   # the furthest end among the first i spans
        self._pairs = by_event
        for event, pairs in by_event.items():
            pairs.sort()
            self._starts[event] = [a for a, _ in pairs]
            self._reach[event] = list(accumulate((b for _, b in pairs), max))

    def within(self, span: Span) -> tuple[tuple[int, int], ...]:
        """The spans overlapping this one, in order."""
        return tuple((a, b) for a, b in self._pairs.get(span.event_id, ()) if a < span.end and b > span.start)

    def overlap(self, span: Span) -> bool:
        starts = self._starts.get(span.event_id)
        if not starts:
            return False
        before = bisect_left(starts, span.end)  # the spans starting before this one ends
        return before > 0 and self._reach[span.event_id][before - 1] > span.start

    def contain(self, span: Span) -> bool:
        """Whether one of the spans holds this one whole."""
        starts = self._starts.get(span.event_id)
        if not starts:
            return False
        before = bisect_right(starts, span.start)  # the spans starting at or before this one
        return before > 0 and self._reach[span.event_id][before - 1] >= span.end


@dataclass(frozen=True)
class RunGap:
    """How far apart two facts may stand and still be quoted as one run: at most ``chars``
    characters, or in a spaced script at most ``words`` words with no punctuation between
    ("14-inch lightweight laptop from Lenovo"; not across "Lenovo, preferably ...")."""

    chars: int = 3
    words: int = 2
    spaced: bool = False

    def joins(self, between: str) -> bool:
        if len(between) <= self.chars:
            return True
        if not self.spaced or len(between.split()) > self.words:
            return False
        return not any(unicodedata.category(ch).startswith("P") for ch in between)


def _named_from(clause: KeyClause, start: int, pack: RulePack) -> int:
    """Where a piece opening on a measure starts with the word naming it, one space apart or none:
    "右眼 +2.75", "散光-0.75", "right -2.75" (cut to "+2.75", "-0.75", it says of neither eye)."""
    at = start - clause.span.start
    if not _SIGNED_NUMBER.match(clause.text, at):
        return start
    end = at - 1 if clause.text[at - 1:at] == " " else at
    name = end
    while name > 0 and not clause.text[name - 1].isspace() and not pack.value_separator.match(clause.text[name - 1]):
        name -= 1
    word = clause.text[name:end]
    if (0 < len(word) <= pack.piece_snap and any(ch.isalpha() for ch in word)
            and not pack.lead.covers(word) and not pack.filler.covers(word)):
        return clause.span.start + name
    return start


def _runs(facts: Sequence[Fact], text: str, offset: int, gap: RunGap) -> list[tuple[int, int, list[Fact]]]:
    """Facts that stand (nearly) next to each other, as verbatim runs: "24小时热水和洗衣服务"."""
    runs: list[tuple[int, int, list[Fact]]] = []
    for fact in sorted(facts, key=lambda f: f.span.start):
        if runs and (fact.span.start <= runs[-1][1]
                     or gap.joins(text[runs[-1][1] - offset:fact.span.start - offset])):
            start, end, members = runs[-1]
            runs[-1] = (start, max(end, fact.span.end), members + [fact])
        else:
            runs.append((fact.span.start, fact.span.end, [fact]))
    return runs


def _bracketed(text: str, start: int, end: int, brackets: Sequence[tuple[str, str]]) -> tuple[int, int]:
    """``text[start:end]`` widened to the brackets it opens or closes, when ``text`` holds their
    other half: "Manuel Medeiros (Manny)", never "Manuel Medeiros (Manny"."""
    for opening, closing in brackets:
        piece = text[start:end]
        if opening not in piece and closing not in piece:
            continue
        depth = 0
        for ch in piece:
            if ch == opening:
                depth += 1
            elif ch == closing and depth:
                depth -= 1
            elif ch == closing:   # closes a bracket opened before the piece
                before = text.rfind(opening, 0, start)
                start = before if before >= 0 else start
        if depth:
            after = text.find(closing, end)
            end = after + 1 if after >= 0 else end
    return start, end


def _worth_alone(facts: Sequence[Fact], pack: RulePack) -> bool:
    """A piece shown without the rest of its clause must relate things of several kinds or say
    something alone ("don't book yet", "Indian", "3 people at 13:45"); "this month", "$175",
    "酒店" alone say nothing, nor a person's name ("Dana" of "My sister Dana turns forty"), nor
    values of one measure side by side ("8am and 8pm" of "eliquis 2.5 twice a day, 8am and 8pm",
    "1小时 - 2小时"; "5 people and 3 nights" relates two)."""
    measures = {(f.kind, pack.approximate_number.sub("", f.text).strip().casefold() if f.kind == "quantity" else "")
                for f in facts}
    return len(measures) > 1 or any(
        f.kind not in pack.not_alone and (f.kind != "entity" or f.value not in pack.not_alone_labels) for f in facts)


def _joins(clauses: Sequence[KeyClause], text: str) -> dict[int, tuple[int, str]]:
    """For each clause of a message (by id) followed by another with only marks and spaces between
    ("，", ", "): where that one starts and the marks. Quoted side by side, they are joined as written."""
    joins = {}
    clauses = sorted(clauses, key=lambda c: c.span.start)
    for clause, after in zip(clauses, clauses[1:]):
        between = text[clause.span.end:after.span.start]
        if between and not any(ch.isalnum() for ch in between) and "\n" not in between:
            joins[id(clause)] = (after.span.start, between)
    return joins


def _within(fact: Fact, facts: Sequence[Fact]) -> bool:
    """Whether ``fact``'s words lie inside one of ``facts``'."""
    return any(f.span.start <= fact.span.start and fact.span.end <= f.span.end for f in facts)


def _level(facts: Sequence[Fact], pack: RulePack, floor: str = "key") -> str:
    """The highest ladder level the facts reach, at least ``floor``."""
    return min([floor, *(pack.level_of(f.kind, f.value) for f in facts)], key=pack.ladder.index)


def _says_more(text: str, start: int, facts: Sequence[Fact]) -> bool:
    """Whether a piece of a clause (``text`` from ``start``) holds words besides its facts'."""
    covered = [False] * len(text)
    for f in facts:
        for i in range(max(f.span.start - start, 0), min(f.span.end - start, len(text))):
            covered[i] = True
    return any(ch.isalnum() and not c for ch, c in zip(text, covered))


def _one_word(clause: KeyClause, start: int, end: int, pack: RulePack) -> bool:
    """Whether ``clause[start:end]`` is one fact's words alone, cut from a short clause (no more
    cut than a lead kept with its values, ``[text] piece_snap``): the task is never that ("便宜" of
    "换个便宜点的套餐" said no task; "Suzhou" of a long first clause may)."""
    # facts of one span are one word read twice ("place": a wish and a topic)
    return ({(f.span.start, f.span.end) for f in clause.facts} == {(start, end)}
            and len(clause.text) - (end - start) <= pack.piece_snap)


def _case_asked(clause: KeyClause, pack: RulePack) -> bool:
    """Whether a clause asks about a case it opens on, asking for nothing done ("what if tomas gets
    the third one done by thursday morning, could it go on the same truck?"): its values are supposed."""
    return clause.asks and not clause.requests and _opens_on_case(clause, pack)


def _opens_on_case(clause: KeyClause, pack: RulePack) -> bool:
    case = pack.state.conditional.search(clause.text)
    return case is not None and pack.lead.strip_run(clause.text, 0, case.start(), from_end=False) >= case.start()


def _supposed(by_event: dict[str, list[KeyClause]], roles: dict[str, Event], pack: RulePack) -> list[Span]:
    """The clauses of cases asked about: one asking about the case it opens on, or opening on a case
    the question after it in its sentence asks about ("要是第三张周四上午就做好了，能一起走吗？")."""
    spans = []
    for event_id, said in by_event.items():
        text = roles[event_id].text
        for i, clause in enumerate(said):
            if _case_asked(clause, pack) or _opens_on_case(clause, pack) and any(
                    later.asks and not later.requests for later in said[i + 1:i + 2]
                    if pack.sentence_end is None or not pack.sentence_end.search(text, clause.span.end, later.span.start)):
                spans.append(clause.span)
    return spans


def _clause_item(clause: KeyClause, order: dict[str, int], superseded: _Spans, gap: RunGap,
                 pack: RulePack, source: str = "", task: bool = False,
                 mentioned: _Spans | None = None, setting: _Spans | None = None,
                 drops: bool = False, chooses: bool = False, joins: tuple[int, str] = (),
                 still_dropped: bool = False) -> SummaryItem:
    """A quoted clause with its shorter forms, on the ladder level of its facts (``task``: it
    states the user's request). With ``source`` (where in an attachment it was
    read), it is what a document says: quoted after its source, never a user constraint. A
    quote holding a value a later change replaced ends with the pack's ``changed`` mark
    ("(changed later)"), so the old value never reads as the current one, unless it also sets
    the current value (``setting``: "About the 2 nights I mentioned, make it 4 nights"). It is
    cut down only to facts that say something alone (not a measurement: ``[ladder] not_alone``), and
    not at all when it ``drops`` something ("cancel the Nordic one" is never "Nordic"); one dropping what is
    ``still_dropped`` is no "(changed later)" for the value it drops ("周六下午2点那个算了"). A clause in
    which the user ``chooses`` what still holds ("就去中国国家博物馆吧") reaches at least the level of a
    choice (``[ladder] decision_chosen``): the agent acts on it."""
    changed = pack.templates.get("changed", "")
    asked = pack.templates.get("asked", "")
    strong = [f for f in clause.facts if f.strength is Strength.STRONG
              and not superseded.overlap(f.span)] if not source else []
    strong_ids = {id(f) for f in strong}
    # (what a thing is not, what did not happen, told like a claim, is one too: "budget" cut from
    # "That's not expensive, it's even below my budget range" read as a want)
    claims = [f for f in clause.facts if _told_as_claim(f)] if not source else []
    claimed: list[Fact] = []   # the claims of a clause that forbids: never cut to pieces of their words
    forbidding = [f for f in clause.facts if not _told_as_claim(f) and pack.level_of(f.kind, f.value) == "prohibitions"]
    whole_only = False
    if claims and forbidding:
        # a prohibition with its reason told like a claim is a prohibition ("don't put down any
        # deposit until Nadia signs off, she hasn't even seen pics yet" had been filed as a claim);
        # one said after the claim may point into it ("I think the budget is $500, don't go over
        # it"): the clause is quoted whole or not at all
        claimed, claims = claims, []
        whole_only = any(f.span.start > c.span.start for f in forbidding for c in claimed)
        strong = [f for f in strong if not _within(f, claimed)]
        strong_ids = {id(f) for f in strong}
    # a case asked about, opening its clause and asking for nothing done, is quoted whole or not at
    # all: cut, "so if Helen drags her feet, HLD-88120 and SHT-30552 just expire?" had become "Helen
    # drags her feet, HLD-88120 and SHT-30552?" ("If not, can you try 2 nights?" asks for something;
    # "I was wondering if you can tell me…" opens on no case)
    whole_only = whole_only or _case_asked(clause, pack)
    said_before = mentioned is not None and not source and mentioned.overlap(clause.span)

    # (a new value the facts do not type is set in the clause too: "make it 11, she has a call at 9:30")
    sets_untyped = setting is not None and setting.overlap(clause.span)

    def sets(facts: Sequence[Fact], start: int = clause.span.start, end: int = clause.span.end) -> bool:
        return setting is not None and (any(setting.overlap(f.span) for f in facts) or sets_untyped and setting.overlap(
            Span(clause.span.event_id, max(start, clause.span.start), min(end, clause.span.end))))

    stale = (said_before or any(superseded.overlap(f.span) for f in clause.facts)) and not sets(clause.facts)
    if source:
        section, level = "attachments", "confirmed" if any(f.strength.rank >= 2 for f in clause.facts) else "key"
    elif claims:
        section, level = "claims", "task" if task else "claims"
    else:
        # a question asks; it sets nothing ("它周末开吗" is not a constraint of the user's)
        section = "constraints" if strong and not clause.asks else "key"
        current = [f for f in clause.facts if not superseded.overlap(f.span)]
        level = _level(current, pack, "task" if task else "key")
        asked_level = pack.ladder_kinds.get("asked")
        if (clause.asks and not task and not clause.requests and asked_level and level != "prohibitions"
                and pack.ladder.index(level) < pack.ladder.index(asked_level)):
            # a question that asks to be told ("Does the $148 include the tip?", "是不是除夕当天也能送")
            # requires nothing: its values are asked about, below what was decided; one in a
            # sentence asking for something done ("Can you book a table for 2?",
            # "你能帮我推荐…，人均消费100-150元的餐馆吗") keeps its level
            level = asked_level
        chosen_level = pack.ladder_kinds.get("decision_chosen")
        if chooses and chosen_level and not clause.asks and pack.ladder.index(chosen_level) < pack.ladder.index(level):
            level = chosen_level
        set_level = pack.ladder_kinds.get("value_set")
        if sets(current) and set_level and not clause.asks and pack.ladder.index(set_level) < pack.ladder.index(level):
            level = set_level
    value = clause.score / 2 if stale and not strong else clause.score
    event_order = order[clause.span.event_id]
    label = clause.span.event_id

    def replaced(facts: Sequence[Fact], start: int = 0, end: int = sys.maxsize) -> tuple[Fact, ...]:
        """The facts whose words shown (from ``start`` to ``end``) hold a replaced value."""
        return () if sets(facts, start, end) else tuple(f for f in facts if superseded.overlap(
            Span(f.span.event_id, max(f.span.start, start), min(f.span.end, end))))

    def marked(text: str, facts: Sequence[Fact], start: int, end: int) -> str:
        said = mentioned is not None and mentioned.overlap(Span(clause.span.event_id, start, end))
        if not changed or still_dropped or not (replaced(facts, start, end) or said and not sets(facts, start, end)):
            return text
        return with_mark(text, facts, start, end)

    def with_mark(text: str, facts: Sequence[Fact], start: int, end: int) -> str:
        """The quote with the ``changed`` mark after it, or, when a prohibition or a contact or id said
        after the replaced value still holds, right after the value ("联系人写我妈李秀兰 13917285046（后有
        更改） 千万别打我爸电话": the prohibition is current; "mobile is 773-555-0148 (changed later), email
        …": the e-mail is)."""
        here = Span(clause.span.event_id, start, end)
        old_ends = [f.span.end for f in facts if superseded.overlap(f.span)] + [
            b for _, b in (mentioned.within(here) if mentioned is not None else ())]
        at = min(max(old_ends, default=end), end) - start
        if 0 < at < end - start and text.startswith(clause.text[start - clause.span.start:][:at]) and any(
                f.span.start >= start + at and pack.level_of(f.kind, f.value) in ("prohibitions", "ids")
                and not superseded.overlap(f.span) for f in facts):
            return text[:at] + changed + text[at:]
        return text + changed

    def piece(start: int, end: int, facts: Sequence[Fact], piece_value: float, cut: bool = False) -> SummaryItem:
        start, end = (clause.span.start + i for i in _bracketed(clause.text, start - clause.span.start,
                                                                 end - clause.span.start, pack.brackets))
        # never closing before the one word a count runs on into at the clause's end ("给我爸妈的结婚
        # 三十周年礼物" had been cut before 礼物; "20-50元的地方走走" is more words)
        at = end - clause.span.start
        if (0 < len(clause.text) - at <= pack.piece_snap and clause.text[at].isalnum()
                and any(f.span.end == end and f.kind == "quantity" for f in facts)
                and word_end(clause.text, at + 1, pack.lang) == len(clause.text)):
            end = clause.span.end
        # … nor before a short rest of the clause holding a number no fact read ("maya is 9 and leo"
        # of "… and leo is 6" said she was 9 and left his age out)
        elif 0 < len(clause.text) - at <= pack.piece_snap and any(
                any(ch.isdigit() for ch in m.group())   # (digits: "一" of "一下" is no number said)
                and not any(f.span.start <= clause.span.start + m.start() < f.span.end for f in clause.facts)
                for m in pack.number.finditer(clause.text, at)):
            start, end = (clause.span.start + i for i in _bracketed(clause.text, start - clause.span.start,
                                                                     len(clause.text), pack.brackets))
        offset = start - clause.span.start
        held = tuple(f for f in facts if id(f) in strong_ids)
        text = clause.text[offset:offset + end - start]
        if cut:   # the clause goes on: "We need a room for 2 adults…"
            text = pack.templates["cut"].format(text=text)
        if (clause.asks and asked and not text.endswith(tuple(pack.state.question_marks))
                and (any(f.kind in _RULE_KINDS + _VERB_KINDS for f in facts) or _says_more(text, start, facts)
                     # a time asked about, not asked for ("the temperature in Shanghai next Friday?")
                     or not clause.requests and any(f.kind == "time" for f in facts))):
            # cut from a question, a piece would read as the user's rule ("only get medical" from
            # "Can we skip it and only get medical?") or as a fact ("the Maple Court one close to
            # a bus" from "Is the Maple Court one close to a bus stop?", "have a parking lot" from "Does it
            # have a parking lot?"): it stays a question. A
            # piece that is only the things it names ("标准间") states nothing and keeps its room
            text = asked.format(text=text)
        return SummaryItem(section, marked(text, facts, start, end), level, piece_value,
                           label, (event_order, start), must=held, facts=tuple(facts), source=source,
                           replaced=replaced(facts, start, end))

    alternatives = []
    if source:  # a document's line (a table row) is quoted whole: a value cut from its label means nothing
        return SummaryItem(section, clause.text, level, value, label, (event_order, clause.span.start),
                           facts=clause.facts, source=source)
    if clause.facts and _worth_alone(clause.facts, pack) and not whole_only:
        start = min(f.span.start for f in clause.facts)
        end = max(f.span.end for f in clause.facts)
        # never opening on a word leaning on what it cuts ("that I definitely didn't make"), and
        # with a short lead that asks for nothing and names another person or what happened ("I was
        # definitely asleep at 3:47 …" is no appointment at 3:47, "我闺蜜现在想吃…" no wish of the
        # user's); "Book me a" of "Book me a table for 3", "I prefer", an article may go
        lead = clause.text[:start - clause.span.start]
        if (pack.leaning.regex.match(clause.text, len(lead)) is not None
                or len(lead) <= pack.piece_snap and pack.obligation.search(lead) is None
                and (pack.request is None or pack.request.search(lead) is None)
                and pack.piece_subject.search(lead) is not None):
            start = clause.span.start
        elif lead.strip() and min(clause.facts, key=lambda f: f.span.start).kind in _WHOSE_KINDS:
            # a piece opening on whom a thing is for says nothing of the thing: it keeps the words before,
            # past a greeting ("trying to book a cruise for my parents …" had been "for my parents …", the
            # cruise gone)
            start = clause.span.start + pack.lead.strip_run(clause.text, 0, len(lead), from_end=False)
        else:
            start = _named_from(clause, start, pack)
        if end - start < len(clause.text) and not (task and _one_word(clause, start, end, pack)):
            alternatives.append(piece(start, end, clause.facts, value))
    # the runs a clause can be cut down to: its strong facts with the named things beside them
    # ("14-inch lightweight laptop from Lenovo"), else (no room) the strong facts' own runs, the
    # closest only ("14-inch"), then runs of other named things
    others = [f for f in clause.facts if f.strength is Strength.MEDIUM
              and f.kind not in _TOPIC_KINDS + _CLAIM_KINDS + _WANTED_KINDS and not _within(f, claimed)]
    # a clause holding a replaced value is cut only to pieces holding a current one: its other
    # words name what was replaced ("Budget" alone was kept of "Budget's about $600" after it
    # became $700, and of "budget is about $900 a week, … (he does saturdays)")
    stale_values = any(superseded.overlap(f.span) for f in clause.facts) and not sets(clause.facts)
    runs = _runs(strong + others, clause.text, clause.span.start, gap)
    # a claim is kept as a claim or not at all: "surgery" cut from "the surgery date might get
    # moved" would state nothing the user said
    runs = [] if claims or whole_only else ([r for r in runs if any(id(f) in strong_ids for f in r[2])]
                              + _runs(strong, clause.text, clause.span.start, RunGap(gap.chars))
                              + ([] if stale_values else [r for r in runs if not any(id(f) in strong_ids for f in r[2])])
                              + [(f.span.start, f.span.end, [f]) for f in clause.facts if f.kind in _WANTED_KINDS
                                 and not stale_values
                                 # a product word wanted says nothing alone ("I'd like a plan with …": "plan")
                                 and not any(g.span == f.span and g.kind in pack.not_alone for g in clause.facts)])
    # a run inside a thing described ("美国" in "一部2010年代的美国科幻片") is first offered with
    # that thing, so a qualifier keeps what it qualifies when there is room; alone after it
    described = [f for f in clause.facts if f.kind in pack.descriptive_kinds]
    runs = [(_named_from(clause, a, pack), b, members) for a, b, members in runs]
    runs = [run for a, b, members in runs
            for run in [*[(d.span.start, d.span.end, [*members, d]) for d in described
                          if d.span.start <= a and b <= d.span.end and (d.span.start, d.span.end) != (a, b)][:1],
                        (a, b, members)]]
    # a name is worth a piece alone when it is what the user describes or wants ("一部周杰伦的
    # 电影": 周杰伦), not a person of the user's life ("My sister Dana turns forty": Dana)
    fragments = tuple(piece(a, b, members, 1.0 + sum(f.strength.rank for f in members))
                      for i, (a, b, members) in enumerate(runs)
                      if (_worth_alone(members, pack) or (all(f.kind == "entity" for f in members) and any(
                          d.span.start <= a and b <= d.span.end for d in described)))
                      and (a, b) not in {r[:2] for r in runs[:i]}
                      and not (task and _one_word(clause, a, b, pack)))
    # a requirement said at length, cut after a thing it names, its cue kept (the longest that
    # fits): it carries the requirement, short of its last words
    for cut in () if claims or whole_only else reversed(clause.cuts):
        held = [f for f in clause.facts if f.span.start < cut]
        if _worth_alone(held, pack):
            fragments += (piece(clause.span.start, cut, held, 1.0, cut=True),)
    if drops:   # "cancel the Nordic one": a piece without its verb ("Nordic") would read as wanted
        alternatives, fragments = [], ()
    quoted = asked.format(text=clause.text) if clause.needs_mark and asked else clause.text
    whole = (with_mark(quoted, clause.facts, clause.span.start, clause.span.end) if said_before and changed and not still_dropped
             else marked(quoted, clause.facts, clause.span.start, clause.span.end))
    return SummaryItem(section, whole, level, value, label,
                       (event_order, clause.span.start), tuple(alternatives), fragments, tuple(strong),
                       clause.facts, source=source, replaced=replaced(clause.facts),
                       joins=joins if whole == clause.text else ())


def _source(event: Event, span: Span, pack: RulePack) -> str:
    """Where in an attachment ``span`` was read ("【附件 体检报告.pdf 第1页】"), or "" when it is
    in the sender's own words."""
    attachment = event.attachment_at(span.start) if event.attachments else None
    if attachment is None or attachment.reading is None:
        return ""
    notes = pack.attachments
    name = _name(attachment)
    if attachment.reading.kind == "pdf":
        return notes["page"].format(name=name, page=attachment.page_at(span.start))
    return notes["image" if attachment.reading.kind == "image" else "file"].format(name=name)


def _name(attachment: Attachment) -> str:
    return attachment.name or f"#{attachment.part + 1}"


def _attachments(prefix: Sequence[Event], facts: Sequence[Fact], order: dict[str, int],
                 pack: RulePack) -> tuple[list[dict[str, object]], list[SummaryItem]]:
    """The snapshot's record of every attachment read in the prefix (with the facts read in
    it), and a line for each one that could not be read, so the agent knows it was not seen."""
    records, items = [], []
    notes = pack.attachments
    for event in prefix:
        for attachment in event.attachments:
            reading = attachment.reading
            if reading is None:
                continue
            inside = [f for f in facts if f.span.event_id == event.id
                      and event.attachment_at(f.span.start) is attachment]
            records.append({
                "event": event.id, "part": attachment.part, "name": attachment.name,
                "kind": reading.kind, "media_type": attachment.media_type,
                "pages_read": len(reading.pages), "page_count": reading.page_count,
                "size": [reading.width, reading.height] if reading.kind == "image" else None,
                "problem": reading.problem, "detail": reading.detail or None,
                "facts": [{**f.to_dict(), "page": attachment.page_at(f.span.start)} for f in inside],
            })
            if reading.problem:
                reason = notes["reasons"].get(reading.problem, reading.problem)
                sized = reading.kind == "image" and reading.width
                text = notes["unread_image" if sized else "unread"].format(
                    name=_name(attachment), width=reading.width, height=reading.height, reason=reason)
                items.append(SummaryItem("attachments", text, "confirmed", 1.0, event.id,
                                         (order[event.id], len(event.text))))
    return records, items


def _task(clauses: Sequence[KeyClause], sources: dict[int, str], by_event: dict[str, list[KeyClause]],
          roles: dict[str, Event], pack: RulePack) -> list[KeyClause]:
    """The clauses stating the task: the user's first message's first clause ("I love watching
    movies, especially action movies") and its request when that names what it asks for ("I'm
    looking for a nice restaurant serving Jiangsu-Zhejiang cuisine" after "Hi, I'm Suzhou but
    I'm from out-of-town"; not "Could you recommend me some?")."""
    first = next((c for c in clauses if not sources[id(c)]), None)
    if first is None or pack.request is None:
        return [first] if first else []
    opening = [c for c in by_event[first.span.event_id] if not sources[id(c)]]
    text = roles[first.span.event_id].text
    # a clause's words start after the one before it (its lead, "I'm looking for", included)
    request = next((c for c, before in zip(opening, [None, *opening])
                    if c.facts and pack.request.search(text[before.span.end if before else 0:c.span.end])), first)
    # (a first clause holding nothing worth saying alone only leads in to the request: "hi, first time buyer here and
    # kinda panicking lol" had taken the room of "need a home inspection asap" at 5 %, cut to "kinda"; a name the
    # recogniser found in small letters, where letters have case, is no such thing there: "kinda" as a place)
    said = [f for f in first.facts if not (f.kind == "entity" and f.text.lower() == f.text != f.text.upper())]
    if request is not first and not _worth_alone(said, pack) and not any(f.strength is Strength.STRONG for f in said):
        return [request]
    return [first] if request is first else [first, request]


def merge(conv: Conversation, prefix: Sequence[Event], results: Sequence[StageResult],
          pack: RulePack, gap: RunGap = RunGap(), memo: Memo | None = None
          ) -> tuple[Snapshot, list[SummaryItem], list[Fact]]:
    """The snapshot, the items for the renderer, and the strong facts the text must hold. With
    ``memo``, a clause's item made by an earlier call is reused when the clause is the same
    object (the fact stage gives a growing conversation its remembered clauses) in the same
    context (what was replaced, set or said before in it): making them was a third of a call."""
    facts = [f for r in results for f in r.facts]
    clauses = [c for r in results for c in r.clauses]
    decisions = [d for r in results for d in r.decisions]
    transitions = [t for r in results for t in r.transitions]
    later = [t for r in results for t in r.later]
    open_items = [o for r in results for o in r.open_items]
    # the messages after the prefix are placed too: a change said there ends a chain of the prefix
    order = {e.id: e.index for e in conv.events}
    roles = {e.id: e for e in (*conv.events[len(prefix):], *prefix)}
    summarised = {e.id for e in prefix}
    # what the tools said they replaced, in the prefix or in a result kept after it
    kept_facts = [f for r in results for f in r.kept_facts]
    replaced_records = _records_replaced(facts + kept_facts, roles, order, pack)
    transitions += [t for t in replaced_records if t.span.event_id in summarised]
    later += [t for t in replaced_records if t.span.event_id not in summarised]
    facts = _dated_by_changes(facts, transitions + later, order, pack)
    templates = pack.templates
    sources = {id(c): _source(roles[c.span.event_id], c.span, pack) for c in clauses}
    documented = {id(f) for f in facts if roles[f.span.event_id].attachment_at(f.span.start)}
    user_facts = [f for f in facts if roles[f.span.event_id].role == "user" and id(f) not in documented]
    times = _Times(user_facts)
    # a chain said after the prefix alone is the kept messages' own: only one changing a value of the prefix is told
    chains = [c for c in _chains(transitions + later, pack, times, order)
              if any(t.span.event_id in summarised or t.old_span is not None and t.old_span.event_id in summarised for t in c)]
    superseded = _Spans(_replaced(chains, user_facts, order, times, pack.state.named_value_chars)
                        + _of_dropped(decisions, user_facts, roles, order, pack))
    tool_facts = [f for f in facts if roles[f.span.event_id].role == "tool"]
    by_event: dict[str, list[KeyClause]] = {}
    for clause in clauses:
        by_event.setdefault(clause.span.event_id, []).append(clause)
    # the words of a replaced value said before its change ("At most 4 people, we need a cabin"
    # … "Change it to 6 people"): quoted, such a clause is marked as changed; it holds no current
    # fact either, unless it also sets the current value
    # … and a clause choosing or adding what the user dropped since ("再加个延保" … "算了，延保不要了"),
    # or dropping what the user added since ("skip the insurance" … "ok add the insurance")
    last_status = {d.object: d.status for d in decisions}
    undone = [d.span for d in decisions if d.span.event_id in roles and roles[d.span.event_id].role == "user"
              and (d.status in ("chosen", "added") and last_status[d.object] == "dropped"
                   or d.status == "dropped" and last_status[d.object] in ("chosen", "added"))]
    turned_down = _Spans([f.span for f in user_facts if f.kind == "negation"])
    mentioned = _Spans(_mentioned(chains, prefix, order, pack, by_event, turned_down) + undone
                       + _named_before_dropped(decisions, prefix, order, pack, turned_down))
    setting = _Spans([chain[-1].span for chain in chains])   # where each slot's current value is set
    current = [f for f in user_facts if not superseded.overlap(f.span)
               and (not mentioned.overlap(f.span) or setting.overlap(f.span))]
    # a claim's own facts ("surgery" in "the surgery date might get moved") are kept with the
    # claim, as a claim: alone they would state what the user did not
    claimed = _Spans([f.span for f in current if f.kind in _CLAIM_KINDS])
    # claims, and negations told like them, are kept on their level, never forced in
    must = [f for f in current if f.strength is Strength.STRONG and not _told_as_claim(f)
            and not claimed.contain(f.span)]

    intents = [i for r in results for i in r.intents]
    redundant = _redundant_turns(intents, clauses)
    # an open item quotes its whole clause and says more ("未获准：申请先别提交", "not authorised:
    # Evergreen sounds fine but don't book anything yet"): the clause is not quoted a second
    # time, and the item carries the clause's strong facts
    widened = [(_widened(o, by_event), o) for o in open_items]
    open_items = [w for w, _ in widened]
    said_open = _Spans([o.span for o in open_items])
    task = _task(clauses, sources, by_event, roles, pack)
    stating = {id(c) for c in task}
    # a clause dropping something is quoted whole or not at all (the decision says it too)
    dropping = _Spans([d.span for d in decisions if d.status == "dropped" and d.span.event_id in roles
                       and roles[d.span.event_id].role == "user"])
    paths: dict[str, list[str]] = {}
    said_at: dict[str, list[Span]] = {}
    latest: dict[str, Decision] = {}   # what holds now: its last decision (dropped, accepted: the assistant's words)
    for decision in decisions:
        statuses = paths.setdefault(decision.object, [])
        if not statuses or statuses[-1] != templates[decision.status]:
            statuses.append(templates[decision.status])
        said_at.setdefault(decision.object, []).extend(s for s in (decision.span, decision.by) if s)
        latest[decision.object] = decision
    # … and one choosing what still holds at the end (not dropped since) is a decision, unless it
    # accepts a proposal whose line says so ("Sounds good, go with the Bogotá one" beside
    # "Traducciones Andinas: all 8 pages for $152: assistant's proposal, accepted")
    accepting = _Spans([d.by for d in decisions if d.status == "accepted" and d.by is not None])
    # (… and one dropping what was not taken back since says it, with no mark)
    held_dropped = _Spans([d.span for d in decisions if d.status == "dropped" and latest[d.object].status == "dropped"])
    choosing = _Spans([d.span for d in decisions if d.status in ("chosen", "added") and latest[d.object].status == d.status
                       and d.span.event_id in roles and roles[d.span.event_id].role == "user"
                       and not accepting.overlap(d.span)])

    joined = {k: v for event_id, said in by_event.items() for k, v in _joins(said, roles[event_id].text).items()}

    def item(c: KeyClause) -> SummaryItem:
        source, task, drops, chooses = sources[id(c)], id(c) in stating, dropping.contain(c.span), choosing.overlap(c.span)
        joins = joined.get(id(c), ())
        still_dropped = drops and held_dropped.contain(c.span)

        def make() -> SummaryItem:
            return _clause_item(c, order, superseded, gap, pack, source, task, mentioned, setting, drops, chooses, joins,
                                still_dropped)
        if memo is None:
            return make()
        # everything the item depends on beside the clause itself
        key = (id(c), order[c.span.event_id], tuple(superseded.overlap(f.span) for f in c.facts),
               tuple(setting.overlap(f.span) for f in c.facts), setting.overlap(c.span), mentioned.within(c.span),
               source, task, drops, chooses, still_dropped,
               joins, gap, pack.lang, pack.version)
        held = memo.get(key, lambda: (c, make()))
        if held[0] is not c:   # another clause had this id, since collected
            held = (c, make())
            memo.put(key, held)
        return held[1]

    # a question whose every value a change took up ("How about 16:30?" … "Booked at 16:30"; "Can you
    # move APT-90317 to Tuesday the 8th at 4:45?" … "Done", the id naming the change's slot) is
    # said by the change's line: quoted, it would read as still asked
    slots = {fold(t.slot) for chain in chains for t in chain}
    items = [item(c) for c in clauses
             if (c.span.event_id not in redundant or any(f.strength is Strength.STRONG for f in c.facts))
             and not said_open.contain(c.span)
             and not (c.asks and any(setting.overlap(f.span) for f in c.facts)
                      and all(setting.overlap(f.span) or fold(f.text) in slots for f in c.facts))]
    must_at: dict[str, tuple[list[int], list[Fact]]] = {}
    for fact in sorted(must, key=lambda f: f.span.start):
        starts, ordered = must_at.setdefault(fact.span.event_id, ([], []))
        starts.append(fact.span.start)
        ordered.append(fact)
    for item, own in widened:
        template = templates["unauthorised" if item.kind == "unauthorised" else "authorised_by_user"]
        level = "prohibitions" if item.kind == "unauthorised" else "open"

        def quoted(open_item: OpenItem, shorter: tuple[SummaryItem, ...] = ()) -> SummaryItem:
            held = _held(must_at.get(open_item.span.event_id, ([], [])), open_item.span)
            return SummaryItem("open", template.format(text=open_item.text), level, 5.0, "",
                               (order[open_item.span.event_id], open_item.span.start), shorter, must=held,
                               facts=held, refs=(open_item.span,))
        # with no room for its whole clause, the item's own words ("don't charge it until I confirm
        # with finance" of "…, Raj still hasn't signed off")
        items.append(quoted(item, (quoted(own),) if len(own.text) < len(item.text) else ()))
    state_path = []
    # the old values one change replaced together ("make it 7 of everything") are one line's
    together: dict[Span, list[Transition]] = {}
    for chain in chains:
        if len(chain) == 1 and chain[0].old:
            together.setdefault(chain[0].span, []).append(chain[0])
    for chain in chains:
        path: list[str] = [chain[0].old] if chain[0].old else []
        if len(chain) == 1 and len(group := together.get(chain[0].span, ())) > 1:
            if chain[0] is not group[0]:
                continue
            path = [templates["values_replaced_together"].join(t.old or "" for t in group)]
        for i, t in enumerate(chain):
            step = t.new if t.condition is None else templates["conditional"].format(
                value=t.new, condition=roles[t.condition.event_id].text[t.condition.start:t.condition.end])
            if t.tail_only and path:   # "138 1042 7756 → 138 1042 7765", not "→ 7765"
                step = _with_tail(path[-1], t.new)
            if i and _overlaps(t.span, chain[i - 1].span):   # one change read as two kinds: one step
                path[-1] = step
            elif not path or fold(step) != fold(path[-1]):
                path.append(step)
        slot = next((t.slot for t in chain if t.slot not in pack.patterns), chain[0].slot)
        last = chain[-1]
        label = ""
        shorter: tuple[str, ...] = ()
        # a slot named by the kind of its value ("quantity") reads in the summary's language; with
        # no value before it, the kind alone says nothing ("[clock] 6:30"): its words say it
        if slot and (len(path) > 1 or slot not in pack.patterns):
            named = templates.get(f"kind_{slot}", slot)
            line = templates["transition"].format(slot=named, path=" → ".join(path))
            # short of room, the current value alone, said as changed ("[APT-90317] now Tuesday
            # the 8th at 4:45"): the history is what gives way, unless the value is a bare number its
            # old value gives the unit of ("[quantity] now 12" of "6 months → 12" said nothing)
            if len(path) > 1 and "transition_now" in templates and not _BARE_NUMBER.fullmatch(path[-1]):
                shorter = (templates["transition_now"].format(slot=named, value=path[-1]),)
        elif len(path) == 1 and (said := next((c for c in by_event.get(last.span.event_id, ())
                                                if c.span.start <= last.span.start and last.span.end <= c.span.end),
                                               None)):
            # a change naming neither its slot nor what it replaces ("Let's switch to the train
            # station instead", "还是换成市中心吧"): its value alone says nothing, its words do
            line, label = said.text, last.span.event_id
        else:
            line = " → ".join(path)
        state_path.append(line)
        # a value set by a question the answer did ("How about 16:30?" … "Booked at 16:30") is said
        # by this line alone (the question is not quoted): one the ladder puts higher (a time, a
        # count) lifts the line there, above the quote that names the value it replaced ("table
        # for two at 17:30 on Thursday (changed later)" had stayed, "[clock] 17:30 on Thursday →
        # 16:30" dropped)
        # the facts saying the current value, in its words or wider ones ("The plate is Y28-KPL, not Y23")
        saying = tuple(f for f in must_at.get(last.span.event_id, ([], []))[1] if _overlaps(f.span, last.span))
        level = (_level([f for f in saying if last.span.start <= f.span.start and f.span.end <= last.span.end],
                        pack, "changes")
                 if any(c.asks and c.span.start <= last.span.start and last.span.end <= c.span.end
                        for c in by_event.get(last.span.event_id, ())) else "changes")
        refs = tuple(s for t in chain for s in (t.old_span, t.span) if s)
        at = (order[last.span.event_id], last.span.start)
        # (the facts saying the current value: once the quote setting it is placed, the line is
        # context, placed with the room left: "预算提到三千二；[金额] 现为预算提到三千二" said it twice)
        items.append(SummaryItem("state", line, level, 5.0, label, at, refs=refs, facts=saying, alternatives=tuple(
            SummaryItem("state", text, level, 5.0, label, at, refs=refs, facts=saying) for text in shorter)))
    cores = {d.object: d.core for d in decisions if d.core}
    # every value a change replaced, and where; a value the user chose or accepted and later
    # changed ("book … at 4 pm": yes; "make it 3:15 pm") is found inside the decision's words
    replaced_anywhere = [(order[by.span.event_id], value) for chain in chains
                         for value, _, by in _steps_replaced(chain, times) if value and fold(value) != fold(chain[-1].new)]
    # (three characters or more, or fewer with a digit, its digits found whole: "6辆" of "头车…+
    # 6辆白色奔驰E300L" accepted, then "跟车改成8辆")
    named_chars = pack.state.named_value_chars
    replaced_at = [(at, re.compile(_whole(old, "[0-9]"))) for at, value in replaced_anywhere
                   if len(old := fold(value)) >= 3 or len(old) >= named_chars and any(ch.isdigit() for ch in old)]
    # … or a time it names, in other words ("11月21日周六14:00-17:00" accepted; "周六下午2点" moved)
    replaced_times = [(order[by.span.event_id], interval, next((slot_keys(t.slot) for t in chain if _named(t, pack)), ()),
                       times.at(chain[-1].span))
                      for chain in chains
                      for value, span, by in _steps_replaced(chain, times) if fold(value or "") != fold(chain[-1].new)
                      and (interval := times.at(span, value or "")) is not None]
    # … and what those times resolved to ("晚上六点" = 18:00, "Monday the 7th" = 2026-12-07)
    replaced_values = [(order[by.span.event_id], f.value) for chain in chains
                       for value, span, by in _steps_replaced(chain, times) if span and fold(value or "") != fold(chain[-1].new)
                       for f in user_facts if f.kind == "time" and isinstance(f.value, dict) and _overlaps(f.span, span)]
    # the days the current values are on: a tool's date on one of them still holds
    current_days = frozenset(day for chain in chains for f in user_facts
                             if f.kind == "time" and isinstance(f.value, dict) and _overlaps(f.span, chain[-1].span)
                             and (day := _day_of(f.value)))
    # (a time of a slot named in words, a span of the day, is a decision's only when the decision
    # names the slot: "send both … tomorrow afternoon" is no video visit moved from Friday afternoon)
    # (… in the message that took it too: "yes add them. oh sorry phone is 021 448 3970 not 3907")
    changed_later = {d.object for d in decisions if latest[d.object].status != "dropped" and any(
        at >= order[(d.by or d.span).event_id] and old.search(fold(d.object)) for at, old in replaced_at) or any(
        at >= order[(d.by or d.span).event_id]
        and (interval == held or _Times.within(interval, held) or _Times.bounds(interval, held)
             # (a time on a day moved, the new time not on it: "安装下周三行不行" … "2027年1月27日（周三）上午
             # 9:00–12:00" accepted … "改成周四吧")
             or _Times.within(held, interval) and not _Times.within(now_at, interval))
        and (not keys or interval[0] == interval[1] or any(k in fold(d.object) for k in keys))
        for at, interval, keys, now_at in replaced_times for held in map(_resolved, d.times) if held)}
    # (… or the newest accepted proposal holding a time, before one taken since that moves a thing to another day:
    # "Shall I book Thursday, 10 December 2026 …?" "yes" … "Shall I move you to Friday at 8:00–9:00 am?" "ok do that")
    timed = sorted(((order[(d.by or d.span).event_id], d.object, {day for v in d.times if (day := _day_of(v))})
                    for d in decisions if d.status == "accepted" and d.times), key=lambda t: t[0])
    for (_, held, days), (_, moving, to) in zip(timed, timed[1:]):
        cue = pack.state.change.search(moving)
        # (the move names no other thing before its cue: "把除甲醛改到5月27日" moves no battery change set for Monday)
        named = [w for w in words_of(moving[:cue.start()].casefold(), pack.lang) if len(w) >= pack.state.own_word_chars
                 and w.isalnum() and w not in pack.state.pronouns] if cue else []
        if days and to and not days & to and cue and all(w in held.casefold() for w in named):
            changed_later.add(held)
    for obj, statuses in paths.items():
        mark = templates.get("changed", "") if obj in changed_later else ""
        line = templates["decision"].format(object=obj, status=" → ".join(statuses)) + mark
        state_path.append(line)
        # a drop or an accepted proposal changes what holds; a choice is usually in its own
        # clause already. Short of room, an accepted proposal is said by the clauses holding its values
        # (an accepted proposal holds like a constraint the user set: [ladder] decision_accepted;
        # one naming no value is a decision, below the clauses holding the values: decision_accepted_bare)
        status = latest[obj].status
        bare = status == "accepted" and not latest[obj].valued
        level, value = ((pack.ladder_kinds.get(f"decision_{status}{'_bare' if bare else ''}", "changes"), 4.0)
                        if status in ("dropped", "accepted") else ("key", 0.2))
        at = (order[said_at[obj][-1].event_id], said_at[obj][-1].start)
        shorter = (SummaryItem("state", templates["decision"].format(object=cores[obj], status=" → ".join(statuses)) + mark,
                               level, value, "", at, refs=tuple(said_at[obj])),) if obj in cores else ()
        items.append(SummaryItem("state", line, level, value, "", at, alternatives=shorter, refs=tuple(said_at[obj])))

    def element(fact: Fact) -> tuple[str, str]:   # "products[0].speed" → "products[0]"
        field = str(fact.value or "")
        return fact.span.event_id, field[:field.rfind("]") + 1]

    olds = [(at, fold(old), fold_spaced(old)) for at, old in replaced_anywhere]
    # the clock fields of each record a tool returned (an element of a list, or the whole result)
    clocks_of: dict[tuple[str, str], set[str]] = {}
    for fact in tool_facts:
        window = _TOOL_WINDOW.fullmatch(fact.text.strip())
        for clock in (window.groups() if window else (fact.text,)):
            if (clock := _tool_clock(clock)) is not None:
                clocks_of.setdefault(element(fact), set()).add(clock)
    record_clocks = {record: frozenset(clocks) for record, clocks in clocks_of.items()}

    def replaced_later(fact: Fact) -> bool:
        said = roles[fact.span.event_id].index
        later = [(folded, plain) for at, folded, plain in olds if at > said]
        if later:
            folded, plain = fold(fact.text), fold_spaced(fact.text)
            if any(folded == old or len(old) >= 3 and re.search(_whole(old_plain), plain) is not None for old, old_plain in later):
                return True
        clocks = record_clocks.get(element(fact), frozenset())
        return any(at > said and _same_time(fact.text, value, current_days, clocks) for at, value in replaced_values)

    # an element of a list the tool returned holding a value the user replaced after it
    # ("products[0].speed=300M", then "改成500M") is an option now turned down: history, left to
    # the snapshot, with its other fields
    history = {element(f) for f in tool_facts if "[" in str(f.value or "") and replaced_later(f)}
    # … and one the user never named after it is an option not taken up: left to the snapshot
    # (a long session's summary was 194 search-result ids with its prohibitions among them)
    user_indexes = [e.index for e in prefix if e.role == "user"]
    user_folded = [fold(e.text) for e in prefix if e.role == "user"]
    user_said = "\0".join(user_folded)   # one search from the first user turn after the tool's
    user_starts = list(accumulate((len(t) + 1 for t in user_folded[:-1]), initial=0))

    def named_later(fact: Fact) -> bool:
        value, after = fold(fact.text), bisect_right(user_indexes, roles[fact.span.event_id].index)
        return len(value) >= 2 and after < len(user_folded) and user_said.find(value, user_starts[after]) >= 0

    for fact in tool_facts:
        event = roles[fact.span.event_id]
        # a JSON field keeps its name, even one that is also a kind of fact: "date=2026-12-09",
        # not a bare "2026-12-09"
        text = f"{fact.value}={fact.text}" if fact.value else fact.text
        # one element of a list a tool returned ("slots[1].time=14:00") is an option it offered,
        # said with key sentences; a single object's field ("booking_id=…") is what was done
        listed = "[" in str(fact.value or "")
        if listed and (element(fact) in history or not named_later(fact)):
            continue
        if pack.left_to_snapshot(str(fact.value or "")):
            continue   # "previous.time=6:00 pm": the tool's own history, beside "new.time"; "updated_at=…"
        if not listed and replaced_later(fact):   # what was done, changed since ("rooms=3间")
            text += templates.get("changed", "")
        items.append(SummaryItem("confirmed", text, "confirmed" if fact.strength is Strength.STRONG and not listed
                                 else "key", 1.0 if listed else 2.0, f"{event.id} {event.tool_name or ''}".strip(),
                                 (event.index, fact.span.start), refs=(fact.span,)))
    # (a time only supposed is no time of the plan: "by thursday morning = …" read as a deadline)
    supposed = _Spans(_supposed(by_event, roles, pack))
    for fact in current:
        if fact.kind == "time" and isinstance(fact.value, dict) and not supposed.contain(fact.span):
            # the words are already quoted with their clause; the absolute value is a bonus
            items.append(SummaryItem("times", f"{fact.text} = {shown_time(fact.value)}", "times", 0.3,
                                     fact.span.event_id,
                                     (order[fact.span.event_id], fact.span.start),
                                     refs=(fact.span,)))

    attachments, unread = _attachments(prefix, facts, order, pack)
    items += unread
    covered = [e.id for e in prefix if e.role != "system"]
    snapshot = Snapshot(
        lang=conv.lang,
        covered_events=[covered[0], covered[-1]],
        # the task's words as the user wrote them, from its first clause to its request
        objective=roles[task[0].span.event_id].text[task[0].span.start:task[-1].span.end] if task else "",
        constraints=_once(must),
        confirmed_facts=[{**f.to_dict(), "field": f.value} for f in tool_facts],
        user_claims=[f.to_dict() for f in current if _told_as_claim(f)],
        decisions=[d.to_dict() for d in decisions],
        open_items=[o.to_dict() for o in open_items],
        times=_once([f for f in current if f.kind == "time"]),
        persistent=_persistent(user_facts),
        state_path=state_path,
        intents=[i.to_dict() for i in intents],
        evidence_refs=sorted({f.span.event_id for f in must + tool_facts}, key=lambda i: order[i]),
        attachments=attachments,
    )
    return snapshot, items, must
