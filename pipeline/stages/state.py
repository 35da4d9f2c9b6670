"""State-path extraction: what the user chose, added, dropped or changed, in order, and which
actions they have not authorised ("申请先别提交", "don't book yet").

Reads user messages of the prefix only; every item keeps its source span. The path is what
lets the snapshot show the current value as current and the old one as history.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
import unicodedata
from difflib import SequenceMatcher
from itertools import takewhile
from collections import OrderedDict
from dataclasses import dataclass, field, fields, replace
from datetime import date, datetime
from typing import Callable, Sequence

from ..config import Settings, load_settings
from ..rulepacks import Hit, Lexicon, RulePack, StateRules, covered, id_shape, slot_keys
from ..types import Decision, Event, OpenItem, Span, StageResult, Transition
from .base import Memo, StageInput
from .entities import opens_a_word, word_end, word_start, words_of
from .facts import (NextHit, clause_hits, cued_scope, negations, own_phrase, refers_back, refuses_by_itself,
                    sentence_of, split_clauses, times_of, with_conditions)
from .times import (a_month_or_more, count_of, day_of, day_within, gone_by, names_a_clock, names_a_date, names_a_day,
                    names_one_day, points_back, said_as_past, single_day, time_kinds, weekdays_of)

__all__ = ["StateStage", "extract_state", "read_clauses"]

# the fact kinds whose later value replaces an earlier one
# (an id a correction may replace: "The plate is Y28-KPL, not Y23", "我看错了，是XQG100-14B")
_VALUE_KINDS = ("days", "time", "clock", "date", "born", "money", "age", "quantity", "percentage", "email", "phone", "address", "org",
                "person", "name", "id")
# kinds one slot may hold in turn: "5:15" (a clock) is replaced by "quarter to six" (a time)
_FAMILY = {"clock": "time", "date": "time", "born": "time"}
# the kinds an amount is read as: "预算八万" (money) holds "八万" (a quantity)
_AMOUNTS = ("money", "quantity")
_CONTACTS = ("phone", "email", "address")   # how to reach someone: never a thing of theirs
_PARTY = "\0party"   # the unit of a count of the party, whichever word counts it
_ONE_PART = ((True, False), (False, True))   # a time naming (its day, its clock): one of the two only


@dataclass
class _Memory:
    """What the walk over the prefix has seen so far (local to one run)."""

    lookback: int | None             # a change pairs with one of the last this many values of its kind
    number: re.Pattern[str]          # the pack's numbers, approximate ones too: what a quantity's unit is left without ("三十多人": 人)
    names_day: Callable[[str], bool] = lambda _: False   # whether a time names its day ("December 30th")
    currencies: frozenset[str] = frozenset()   # units of a quantity that is money ("块")
    names_clock: Callable[[str], bool] = lambda _: False   # whether a time names a time of day ("2:30 pm")
    kinds: Callable[[str], frozenset[str]] = lambda _: frozenset()   # what a time's parts name (times.KINDS)
    same_day: Callable[[str, str], bool] = lambda _, __: False   # whether two times name one day
    day_within: Callable[[str, str], bool] = lambda _, __: False   # whether a day lies in several days named
    single_day: Callable[[str], bool] = lambda _: False   # whether a time names one day, no stretch of days
    month_long: Callable[[str], bool] = lambda _: False   # whether a time names a month or more ("12月份")
    # the one day a time names, resolved from the conversation's ``now`` ("后天" and "周六" may be one)
    day_of: Callable[[str, datetime], date | None] = lambda _, __: None
    now: datetime | None = None      # the conversation's, for ``day_of``; set by each walk
    # whether a time, with the words before and after it, is of what happened ("last year", "got back Sunday")
    told_as_past: Callable[[str, str, str], bool] = lambda _, __, ___: False
    weekdays: Callable[[str], frozenset[int]] = lambda _: frozenset()   # the days of the week a schedule names
    # the largest number a value says ("six people": 6, "预算一共1400": 1400, not the 一 of 一共)
    count: Callable[[str], float | None] = lambda _: None
    bare_scale: float = 0.0   # a bare number replaces no value this many times larger or smaller
    alike: float = 1.0        # how alike two spellings are at least when one fixes a typo in the other
    headcounts: frozenset[str] = frozenset()   # units counting the party ("people"): what a bare "we're 14 now" replaces
    bounds: frozenset[str] = frozenset()   # words bounding a value ("左右", "以内"): no part of its unit
    headcount_slots: frozenset[str] = frozenset()   # words naming the party's count ("人数"): whatever counts it
    magnitudes: frozenset[str] = frozenset()   # units measuring a size ("gb", "升"): no count of things
    lang: str = ""   # the pack's: how its words are cut (jieba for Chinese)
    unit_forms: tuple[tuple[re.Pattern[str], str], ...] = ()   # a unit's plural made its singular ("monitors")
    slot_key_forms: tuple[tuple[re.Pattern[str], str], ...] = ()   # a slot's word as said in any form ("pickup": "pick")
    slot_stopwords: frozenset[str] = frozenset()   # words naming no slot ("till"): they tie no value to one
    # the pack's names of value kinds, each to its kind ("时间": time, "phone"): a slot named so is that kind
    kind_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sentence_end: re.Pattern[str] | None = None   # the pack's: where a value's sentence begins
    # whether the count at text[start:end] is said of some of the party (:func:`_of_some`)
    of_some: Callable[[str, int, int], bool] = lambda _, __, ___: False
    # whether the name at clause[start:end] is said as a place (:func:`_as_place`)
    as_place: Callable[[str, int, int], bool] = lambda _, __, ___: False
    hour_leads: Lexicon | None = None   # words after which a bare number is an hour ("come at 9 not 8")
    rate: re.Pattern[str] | None = None   # the unit a price is of, after it ("£180 a night")
    # a change naming a slot no value was said with pairs with a value of one of the last this many
    # user messages only ("Change the pickup to Sunday" replaces no date of a task long done)
    reach: int | None = None
    clauses: list[tuple[str, Span]] = field(default_factory=list)
    # kind -> (lead, clause, message: casefolded once), value, span
    values: dict[str, list[tuple[tuple[str, str, str], str, Span]]] = field(default_factory=dict)
    last_object: str | None = None
    last_mention: str | None = None
    # proposals the user took, where, and the days and times they name (each with where)
    accepted: list[tuple[str, Span, tuple[tuple[str, Span], ...]]] = field(default_factory=list)
    # (id of a folded text held in values, slot keys) -> whether a key is in it
    near: dict[tuple[int, tuple[str, ...]], bool] = field(default_factory=dict)
    # a clause's own words, values left out -> the values it last held: (text, kind, span)
    frames: dict[str, tuple[tuple[str, str, Span], ...]] = field(default_factory=dict)
    asking: set[str] = field(default_factory=set)   # events that ask something: their values are not settled
    order: dict[str, int] = field(default_factory=dict)   # event id -> position, for "newest" across kinds
    # the lists the assistant offered, in order: (user messages before it, the names it offers)
    lists: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    settled: set[Span] = field(default_factory=set)  # where a change or a correction set a new value
    replaced: set[Span] = field(default_factory=set)  # values a change replaced: never replaced again
    # their words, casefolded -> the place of the message that replaced them
    old_values: dict[str, int] = field(default_factory=dict)
    slots: dict[str, str] = field(default_factory=dict)  # slots a change named ("预算") -> the kind it set
    hedged: set[Span] = field(default_factory=set)   # values said unsure or supposed ("好像是1月8号下的"): nothing set
    questioned: set[Span] = field(default_factory=set)   # values said in a clause that asks ("他们要搬21层吗")
    supposed: set[Span] = field(default_factory=set)   # … only supposed ("what if it's done by thursday"): no slot's value
    # days a change gave as its reason, said after it ("make it 4 pm, Friday traffic there is brutal"): no slot's value
    reasons: set[Span] = field(default_factory=set)
    born: set[Span] = field(default_factory=set)     # birth dates: only a correction replaces them
    # counts of some of the party said doing or not doing a thing ("好像有三四个人不吃辣", "2 people can't
    # make it"), or of each of another thing ("两人一间"): no total replaces them ("一共28个人" is the
    # party's, said before as "大概26个人")
    some_of: set[Span] = field(default_factory=set)
    # values the user said to keep ("Don't cancel the Monday sessions", "周一的别取消"): no change
    # that does not name them replaces them
    kept_as_is: set[Span] = field(default_factory=set)
    # where a change naming its slot set a value -> that slot ("Move the date to March 28": "date")
    set_under: dict[Span, str] = field(default_factory=dict)

    def begin_task(self) -> None:
        """Another matter begins ("换个事儿问你，…", "Separate issue. …"): no value said before it is
        one a change or a restatement replaces (a second move's "搬家日期改成6月24日" had replaced
        the first move's date, "我妈现在53岁" the wife's "62岁")."""
        self.values.clear()
        self.frames.clear()
        self.slots.clear()
        self.set_under.clear()
        self.near.clear()
        self.clauses.clear()
        self.accepted.clear()
        self.last_object = self.last_mention = None

    def newest(self, said: Callable[[tuple[str, str, str], str], bool]) -> tuple[str, Span] | None:
        """The newest value of any kind for which ``said(texts, value)`` holds."""
        found = max(((span, value) for values in self.values.values() for texts, value, span in values
                     if said(texts, value)), default=None,
                    key=lambda hit: (self.order.get(hit[0].event_id, -1), hit[0].start))
        return (found[1], found[0]) if found else None

    def said_words(self, words: str, event_id: str) -> tuple[str, Span] | None:
        """Where the user said ``words`` last, before this message, as said: a thing no pattern
        types ("古城那个店" for "不是古城那个店，是三义机场店")."""
        for clause, span in reversed(self.clauses):
            at = clause.casefold().find(words) if span.event_id != event_id else -1
            if at >= 0:
                return clause[at:at + len(words)], Span(span.event_id, span.start + at, span.start + at + len(words))
        return None

    def holds_value(self, span: Span) -> bool:
        """Whether a value the user said lies inside ``span``."""
        return any(said.event_id == span.event_id and span.start <= said.start < span.end
                   for values in self.values.values() for *_, said in values)

    def said_alone(self, words: str, event_id: str) -> tuple[str, Span] | None:
        """:meth:`said_words`, where the user named them as a thing of its own, not asking: no word
        runs on after them, nor a letter or digit before ("…还有沙坡尾 就这两个吧"; not "就选A套餐",
        "衣柜颜色是奶咖色好…")."""
        for clause, span in reversed(self.clauses):
            if span.event_id == event_id or span.event_id in self.asking:
                continue
            at = clause.casefold().find(words)
            end = at + len(words)
            if at >= 0 and not (at and clause[at - 1].isascii() and clause[at - 1].isalnum()) and not (
                    end < len(clause) and clause[end].isalnum()) and not self.as_place(clause, at, end):
                return clause[at:end], Span(span.event_id, span.start + at, span.start + end)
        return None

    def named(self, slot: str) -> tuple[str, Span] | None:
        """The newest value of any kind said in a clause naming the slot ("预算三千左右吧" for
        "预算放到四千": a value whose own kind the change does not say), by its head, the last
        word of its name: a width said of the wardrobe is no "衣柜颜色", a budget said of the sofa
        no "sofa fabric"."""
        keys = self.keys(slot)[-1:]
        found = self.newest(lambda texts, _: any(k in texts[1] for k in keys)) if keys else None
        # (of its message's, one holding the slot's word: "one room" of "one room with two queen beds")
        own = next(((value, span) for _, value, span in reversed(self.values.get("quantity", []))
                    if found and span.event_id == found[1].event_id and any(k in value.casefold() for k in keys)), None)
        return own or found

    def keys(self, slot: str) -> tuple[str, ...]:
        """The slot's words that name it ("Nadia's flight got moved, she doesn't land till": not "till");
        a slot named by its value's kind has none ("days" is no word of "tuesdays", "时间还是改到周四下午"
        names no slot of its own)."""
        if slot in _VALUE_KINDS or slot.casefold() in self.kind_names:
            return ()
        keys = []
        # (two characters of which one is a stopword's name nothing: "尾那" of "还是要拖尾那件")
        apart = _pairs_apart(slot.casefold(), self.slot_stopwords)
        for key in slot_keys(slot):
            if not key.isascii() and key not in apart:
                continue
            for pattern, replacement in self.slot_key_forms:
                key = pattern.sub(replacement, key)
            if key not in self.slot_stopwords:
                keys.append(key)
        return tuple(keys)

    def unit(self, value: str) -> str:
        """A quantity's unit, in one form ("One monitor" … "make that two monitors"); the party's
        count is one slot whatever counts it ("about sixty people" … "make it seventy-five
        guests", "六十个人" … "七十五位客人"), a singular one not ("one person with an allergy")."""
        unit = _unit(value, self.number)
        # (a bound after it is no part of it: "大概30个人左右" counts people)
        unit = next((unit[:-len(b)] for b in self.bounds if unit.endswith(b) and len(unit) > len(b)), unit)
        if any(unit.endswith(h.replace(" ", "")) for h in self.headcounts):
            return _PARTY
        # a count's unit of several words is its last, the head ("6 of the little portable tanks" …
        # "6 tanks"; not a time's: "at 10 am")
        words = self.number.sub("", value).split()
        lead = self.number.match(value.lstrip())
        unit = words[-1].casefold() if len(words) > 1 and lead else unit
        return self._one_form(unit)

    def _one_form(self, word: str) -> str:
        """A unit's word in one form, its plural made its singular ("monitors": monitor)."""
        for pattern, replacement in self.unit_forms:
            word = pattern.sub(replacement, word)
        return word

    def slot_unit(self, kind: str, new: str, slot: str) -> str:
        """A quantity's unit as its slot counts it: a slot naming the party's count counts the party,
        whatever the unit ("人数改成34个", "大概30个人左右"; not the "两个" said of two colleagues)."""
        unit = self.unit(new) if kind == "quantity" else ""
        return _PARTY if unit and any(k in self.headcount_slots for k in self.keys(slot)) else unit

    def counts_in(self, value: str, unit: str, phrase: str = "") -> bool:
        """Whether a count is of ``unit``: its own, or the word naming its kind before its head
        ("60 tote bags" … "only 30 totes"); a number whose ``phrase`` names the party's count
        counts the party ("人数要改成25" … "那就26个人")."""
        return self.unit(value) == unit or unit in (
            self._one_form(word) for word in self.number.sub("", value).casefold().split()[:-1]) or (
            unit == _PARTY and any(k in phrase.casefold() for k in self.headcount_slots))

    def corrected(self, kind: str, new: str, event_id: str, slot: str = "", some: bool | None = None
                  ) -> tuple[str, Span] | None:
        """The value a bare correction ("说错了，是6个人") replaces: the newest of its kind said
        in a message that asks nothing ("周末怕排不过来" beside a question sets no time) and not
        unsure ("好像是1月8号下的"), else the newest of its kind. One said earlier in the
        correction's own message and set by nothing there is its reason, when an earlier message
        holds one ("周日下午他们要去喝喜酒，宽带还是改周日上午十点吧"). Of values said in one
        message, the one right after the words of the correction's ``slot`` ("我姐手机号说错了"
        corrects "我姐叫周敏，手机13857126694", not "我的是13967015382" said after it). A count said of
        ``some`` of the party (or not) corrects only one said so, unsure too ("i think 4 people wont
        come" … "sorry, 3 people wont come", not the party's "26 people")."""
        unit = self.unit(new) if kind == "quantity" else ""   # "five days" does not replace "2 rooms"
        some = some if kind == "quantity" else None
        said = [(texts, value, span) for texts, value, span in reversed(self.values.get(_FAMILY.get(kind, kind), [])
                                                                       [-(self.lookback or 0):])
                if (span not in self.hedged or some) and span not in self.replaced and span not in self.kept_as_is
                and (some is None or (span in self.some_of) == some)
                and value.casefold() != new.casefold()
                and (not unit or self.counts_in(value, unit, texts[0])) and not self._other_part(kind, value, new)]
        # (… else those of a message that asks, its slot's words still read: "团子5.8公斤，芝麻大概4公斤左右吧 …
        # 差多少钱啊" … "团子体重说错了 … 净重5.1公斤" corrects 5.8)
        entries = [e for e in said if e[2].event_id not in self.asking or e[2] in self.settled] or said   # "make it 4 pm. Which one?"
        if _FAMILY.get(kind, kind) == "time" and not self.told_as_past(slot.casefold(), new, ""):
            # (a time of what happened is corrected by one said so, or a date of birth: "上周四刚提的" … "周日不行
            # 周日我们要回老家" corrects nothing)
            entries = [e for e in entries if not self._told_as_past(e) or e[2] in self.born]
        if kind == "id":   # an id of its own scheme ("PO-2026-0874" corrects "PO-2026-0847", not "DOCK-2217")
            entries = [e for e in entries if id_shape(e[1]) == id_shape(new)] or entries
        if kind in ("id", "phone"):   # … and a typo fixed: the one of the same digits ("中间4和6反了")
            entries = [e for e in entries if _typo_of(e[1], new)] or entries
        if kind == "email":   # … the one spelled nearly alike, a dot or a letter apart ("marenokafor@…, no dot"
            # corrects "maren.okafor@…", not the property manager's "mercer@greenfieldpm.ca" given since)
            entries = [e for e in entries if SequenceMatcher(None, e[1].casefold(), new.casefold()).ratio() >= self.alike] or entries
        if slot and entries and entries[0][2].event_id != event_id:
            # of one message's values, the one whose sentence names the slot before it, back to the
            # value before it ("我姐叫周敏，手机13857126694。我的是13967015382": 手机 is the first's)
            newest = sorted((e for e in entries if e[2].event_id == entries[0][2].event_id), key=lambda e: e[2].start)
            keys = self.keys(slot)
            hits = []
            for i, (texts, value, span) in enumerate(newest):
                message = texts[2]
                stops = [m.end() for m in self.sentence_end.finditer(message, 0, span.start)] if self.sentence_end else []
                lo = max([newest[i - 1][2].end if i else 0] + stops[-1:])
                hits.append((sum(k in message[lo:span.start] for k in keys), span.start, value, span))
            best = max(hits, default=None)
            if best is not None and best[0] and len(newest) > 1 and [h[0] for h in hits].count(best[0]) == 1:
                return best[2], best[3]
        candidates = [(value, span) for _, value, span in entries]
        if any(span.event_id != event_id for _, span in candidates):
            reasons = [v.casefold() for v, span in candidates if span.event_id == event_id and span not in self.settled]
            candidates = [c for c in candidates if c[1].event_id != event_id or c[1] in self.settled]
            # the reason names the value it turns down: a value set before that holds it or that
            # it holds ("周日下午…" of "下周日下午")
            named = next((c for c in candidates if c[1] in self.settled and any(
                r in c[0].casefold() or c[0].casefold() in r for r in reasons)), None)
            if named:
                return named
        if not candidates:
            return self.previous(kind, "", new)
        # in that message, the value a change set before the words that explain it ("不对，是13桌，
        # 还有一桌老同事要请": 13桌)
        newest = candidates[0][1].event_id
        return next((c for c in candidates if c[1].event_id == newest and c[1] in self.settled), candidates[0])

    def current_named(self, kind: str, value: str, event_id: str) -> tuple[str, Span] | None:
        """The current value of ``kind``, set before this message (by a change or correction,
        else said last), when ``value`` names it (holds it or is held by it): "on Sunday
        afternoon they're at a wedding" after "make it Sunday afternoon". A quantity's is the
        current one of its unit ("三十来个肯定不够" after "三十来个箱子", a "1米8的床" said since)."""
        unit = self.unit(value) if kind == "quantity" else ""
        said = [(v, span) for _, v, span in self.values.get(_FAMILY.get(kind, kind), [])
                if span.event_id != event_id and (not unit or self.unit(v) == unit)]
        current = next((c for c in reversed(said) if c[1] in self.settled), said[-1] if said else None)
        if current is None:
            return None
        held, named = current[0].casefold(), value.casefold()
        return current if held in named or named in held else None

    def accepted_on(self, day: str) -> tuple[str, Span] | None:
        """The newest time, still current, of a proposal the user took that names ``day``, by their words (a bare
        "周三" is read out of its context by ``day_of``)."""
        return next((time for *_, times in reversed(self.accepted) for time in times
                     if time[1] not in self.replaced and self.same_day(time[0], day)), None)

    def on_day(self, one: str, other: str) -> bool:
        """Whether two times name one day, by their words or, with the conversation's ``now``, their dates
        ("后天下午" and "周五下午" said on a Wednesday)."""
        if self.same_day(one, other):
            return True
        day = self.day_of(one, self.now) if self.now is not None else None
        return day is not None and day == self.day_of(other, self.now)

    def previous(self, kind: str, slot: str, new: str = "", event_id: str = "", reason: str = "",
                 birth: bool = False, at: int | None = None, refused: str = "", rate: str | None = None) -> tuple[str, Span] | None:
        """The value a change replaces: the newest of its kind said next to the slot's words
        (in the words before it, its clause, then its message), else of the same unit, else
        the newest of its kind (a quantity: only one of its unit). A day the change's own
        message (``event_id``) named before it, as the reason, is the current value said again:
        the earlier message's value on that day is the one replaced ("he has a hearing aid fitting
        tomorrow morning. Can we move the video visit to Friday afternoon?" replaces "tomorrow at
        10"); ``reason``: such a day said in the change's own clause, before its cue ("on the 9th
        work is sending me to Chicago, move the install to the 10th"); ``refused``: a day turned down before it,
        on a time of a proposal the user took; ``rate``: a price of that unit ("" for none) replaces one of it,
        if one was said ("预算提到1000一晚吧" raises "一晚最多800", not the trip's "总预算6000"). Only the last ``lookback``
        are read: a correction answers something recent, and a message repeating a value a
        thousand times stays linear. A birth date is replaced only by a change naming a ``birth``."""
        if _FAMILY.get(kind, kind) == "time" and refused:
            # (a day this message turned down before the change, on a time of a proposal the user took: "约2027年1月13日
            # （周三）9:00开始" accepted … "13号请不了假 能改到15号不")
            taken = self.accepted_on(refused)
            # (the user's own words for it, when they said it, are what is replaced: "还是周六下午三点吧" … "11月28日
            # （周六）下午3:00" accepted … "28号下午他有聚会…改成12月5号上午十点")
            if taken is not None and not any(span.event_id != event_id and span not in self.replaced
                                             and self.on_day(value, taken[0])
                                             for _, value, span in self.values.get("time", [])):
                return taken
        same_kind = self.values.get(_FAMILY.get(kind, kind), [])
        # (a value another change of this message set is that slot's new value: "搬家公司说改成12号早上8点来了，
        # 那接猫能不能提前到早上7点半" replaces the pickup's time, not the movers')
        same_kind = [v for v in (same_kind[-self.lookback:] if self.lookback else same_kind) if v[2] not in self.replaced
                     and v[2] not in self.supposed and v[2] not in self.reasons
                     and not (event_id and v[2].event_id == event_id and self._set_by_change(v[2]))
                     # (nor one said after the change in its message, ``at``: "那数学改成40节吧 英语还是20节")
                     and not (at is not None and v[2].event_id == event_id and v[2].start > at)]
        if _FAMILY.get(kind, kind) in ("quantity", "time"):
            # (nor a count, or a clock alone, said before the change in its message that is no earlier
            # one said again: "另外两天也没人接 … 改成5天都托管" replaces the "3天" said before, not the other
            # two days; "她6点以后才到 改到6点半吧" not the 6 o'clock of the reason; "6 tanks is prob too
            # many, scratch that make it 4" names the six said before)
            family = _FAMILY.get(kind, kind)
            earlier = [v[1] for v in same_kind if v[2].event_id != event_id]
            # (… nor, for a part of the day alone, any time said before it in its message: "10点不行 那天上午要带女儿去打疫苗
            # 能改下午吗" moves the appointment, not the reason's morning)
            part = family == "time" and self._part_alone(new)
            same_kind = [v for v in same_kind if v[2].event_id != event_id
                         or family == "time" and not part and (self.names_day(v[1]) or not self.names_clock(v[1]))
                         or any(self._said_again(family, e, v[1].casefold()) for e in earlier)]
        if new:
            # (nor the new value, said before the change in its own message: "16号他可以请假，那猫改成16号走吧"
            # replaces the "17号" that fell through)
            same_kind = [v for v in same_kind if not self._other_part(kind, v[1], new)
                         and not (v[2].event_id == event_id and v[1].casefold() in new.casefold())]
        # a value another named slot's change set is that slot's ("Move the date to March 28" …
        # "Change the pickup to this Sunday" replaces no date; "那猫改成16号走" … "搬家公司说改成12号
        # 早上8点来了", said in a message where "公司" is another company)
        if _FAMILY.get(kind, kind) == "time":   # a change moves a time to come before one of what happened
            same_kind = [v for v in same_kind if not self._told_as_past(v)] or same_kind
            if not self.month_long(new):   # … and a day one said within a month, not the month ("毕竟是12月份")
                same_kind = [v for v in same_kind if not self.month_long(v[1])] or same_kind
        # … and a value said sure before one said unsure in its message ("先各买20节试试吧 … 我记得你们好像
        # 买40节送2节吧" … "那数学改成40节吧" replaces the 20, not the 2 of the offer recalled; "i'd say the
        # stuff is worth maybe $90,000" … "bump it to $110,000" still replaces the 90,000)
        sure = {v[2].event_id for v in same_kind if v[2] not in self.hedged}
        same_kind = [v for v in same_kind if v[2] not in self.hedged or v[2].event_id not in sure]
        if _FAMILY.get(kind, kind) == "time":
            # (a change moves a time planned, not one guessed at: "想下周六考" … "护照好像是明年3月到期" … "改到
            # 7月3号吧" had replaced the passport's expiry)
            same_kind = [v for v in same_kind if v[2] not in self.hedged] or same_kind
        if rate is not None:
            same_kind = [v for v in same_kind if self.rate_of(v[1], v[0][1]) == rate] or same_kind
        named_slot = slot != kind and bool(self.keys(slot))
        if named_slot:
            same_kind = [v for v in same_kind if not self._other_slot(slot, v[2])]
        elif kind == "days" and len({v[1].casefold() for v in same_kind if v[2].event_id != event_id}) > 1:
            # two weekly schedules said ("mon-fri" for the aide, "tuesdays and thursdays at 1" for the
            # PT): "make it monday to saturday", naming neither, replaces the one whose days are
            # nearest its own (one day added), else neither
            return self._nearest_days([v for v in same_kind if v[2].event_id != event_id], new)
        unit = self.slot_unit(kind, new, slot) if kind == "quantity" else self.unit(new)
        if kind in ("quantity", "money") and new and not unit:
            same_kind = [v for v in same_kind if self.of_scale(v[1], new)]
        if kind == "quantity" and unit:   # "five days" does not replace "2 rooms": another slot,
            # even said next to the slot's words ("寄养5晚房费预算大概600元" … "房费预算放到700元")
            same_kind = [v for v in same_kind if self.counts_in(v[1], unit, v[0][0])]
        named = self._named_by(slot, same_kind[::-1], own=_FAMILY.get(kind, kind) == "time", own_first=kind == "quantity")
        if named:
            return self._said_before(kind, self._refined(kind, named, same_kind, event_id), same_kind, event_id, reason)
        same_kind = [v for v in same_kind if v[2] not in self.kept_as_is and (birth or v[2] not in self.born)
                     # nor a mention, said before, of a value a change replaced since ("For the March 24
                     # move, …" after the move went to March 28)
                     and self.old_values.get(v[1].casefold(), -1) <= self.order.get(v[2].event_id, -1)]
        of_unit = [v for v in same_kind if unit and self.unit(v[1]) == unit] or [
            v for v in same_kind if kind == "quantity" and unit and self.counts_in(v[1], unit, v[0][0])]
        if of_unit:
            found = self._newest_set(of_unit, event_id)
            if _FAMILY.get(kind, kind) == "time":
                return self._said_before(kind, found, same_kind, event_id, reason)
            # (a count the change's message says again as its reason is the one said before: "XL 15太多了 改成XL 10")
            again = [v for v in of_unit if v[2].event_id != event_id and v[1].casefold() == found[0].casefold()]
            return (again[-1][1], again[-1][2]) if found[1].event_id == event_id and again else found
        if kind == "quantity" and unit:
            # (… of its unit only, said under a case if no other was: "有的话先报10节" … "其实改成20节吧")
            supposed = [(value, span) for _, value, span in self.values.get("quantity", [])
                        if span in self.supposed and span not in self.replaced and span.event_id != event_id
                        and self.unit(value) == unit]
            return supposed[-1] if supposed else None
        same_kind = [v for v in same_kind if not named_slot or self._reached(v[2])]
        if named_slot and self._named_without_value(slot, event_id):
            return None
        if same_kind:
            return self._said_before(kind, self._newest_set(same_kind, event_id), same_kind, event_id, reason)
        return None if named_slot else self._accepted_time(kind, new)

    def _accepted_time(self, kind: str, new: str) -> tuple[str, Span] | None:
        """With no time of the user's it may replace, the time a change names replaces the newest of a
        proposal the user took, of the same part ("I'd suggest Wednesday, Nov 10 at 5:30 PM" "yes" …
        "push it to 6:30"; not the day of "Wednesday 10 November" for a clock alone), or a clock's part
        of the day ("安排3月2日（周二）14:00–17:00送货" … "那天下午我要接孩子 改成上午吧")."""
        if _FAMILY.get(kind, kind) != "time" or not new:
            return None
        for *_, times in reversed(self.accepted):
            for time, span in times:
                if span not in self.replaced and time.casefold() != new.casefold() and (
                        not self._other_part(kind, time, new) or self._part_alone(new) and self.names_clock(time)):
                    return time, span
            if times:
                return None   # (the newest proposal taken with a time is the one moved, or none)
        return None

    def _told_as_past(self, said: tuple[tuple[str, str, str], str, Span]) -> bool:
        (_, clause, _), value, _ = said
        at = clause.find(value.casefold())
        return at >= 0 and self.told_as_past(clause[:at], value, clause[at + len(value):])

    def _newest_set(self, said: list[tuple[tuple[str, str, str], str, Span]], event_id: str) -> tuple[str, Span]:
        """The newest of ``said``, or of its message's values the one a change there set ("move it
        to 11:00, our ED starts the program at 11:45" … "make it 10:45" replaces 11:00)."""
        newest = said[-1][2].event_id
        _, value, span = next((v for v in reversed(said) if v[2].event_id == newest != event_id and v[2] in self.settled),
                              said[-1])
        return value, span

    def _nearest_days(self, said: list[tuple[tuple[str, str, str], str, Span]], new: str) -> tuple[str, Span] | None:
        """Of weekly schedules said, the one differing from ``new`` by the fewest days, when it shares
        a day with it and every other differs by two days more ("mon-fri", not "tuesdays and
        thursdays", for "monday to saturday"; "mon-wed" and "thu-sat" are as near "tuesday to friday")."""
        wanted = self.weekdays(new)
        apart = sorted((len(days ^ wanted), -self.order.get(span.event_id, -1), value, span)
                       for _, value, span in said if (days := self.weekdays(value)) & wanted)
        if not apart or len(apart) > 1 and apart[1][0] - apart[0][0] < 2:
            return None
        return apart[0][2], apart[0][3]

    def bare_number(self, number: str, event_id: str, message: str, slot: str = "",
                    nearest: bool = False) -> tuple[str, tuple[str, Span]] | None:
        """What a change to a bare number sets, and the value it replaces ("9:30 works" … "make it
        11"): the one its ``slot``'s words name ("100 invites" … "bump invites to 110", not the
        "$900" said since), else the clock or count its ``message`` names again ("make it 8, 7:30
        is brutal"), else the newest said before; a clock only where the number can be an hour
        ("leave at 7:30 … come back Thursday" … "make it 8" replaces 7:30, not Thursday). A limit
        raised or lowered (``nearest``) replaces the amount or count nearest its size ("say 450
        max" the budget's "400", not the "40x50" size said since; "25 max" the "20 people", not the
        budget's "400")."""
        hour = int(number) if number.isdigit() else -1
        message = message.casefold()
        # (a number its message says as an hour is one: "can the crew come at 9 not 8? … make it 9" replaces
        # no "10 inches")
        as_hour = 0 < hour <= 24 and self.hour_leads is not None and any(
            re.match(rf"\s*{re.escape(number)}(?!\d)", message[lead.end():]) for lead in self.hour_leads.finditer(message))
        # (a count or sum of its scale only; a sum only where the number can be no hour: "budget is $6,000"
        # … "change the max to 5500" had replaced "3 of us")
        said = [(self._said_again(family, value, message),
                 self.order.get(span.event_id, -1), span.start, family, value, span, texts)
                for family in ("time", "quantity", "money") for texts, value, span in self.values.get(family, [])
                if span.event_id != event_id and span not in self.replaced
                # (a clock said since is no hour's old value for a number that is none: "明天下午三点" … "上限改成1000")
                and (self.names_clock(value) and 0 < hour <= 24 if family == "time"
                     else not as_hour and self.of_scale(value, number) and (family == "quantity" or not 0 < hour <= 24))
                # (nor a measure: "make it 3, forgot the little one" counts stumps, not the gate's "34 inches")
                and not (family == "quantity" and self.unit(value) in self.magnitudes)]
        if not said:
            return None
        # (the number of a count asked about is that count: "how much for 12 months then" … "yeah make it 12"
        # replaces the "6 months", not the "36 bottles" said since)
        asked = max((s for s in said if s[5] in self.questioned and s[3] == "quantity" and self.unit(s[4])
                     and self.count(s[4]) == self.count(number)), key=lambda s: s[:3], default=None)
        of_unit = [s for s in said if asked and s[3] == "quantity" and s[5] not in self.questioned
                   and self.unit(s[4]) == self.unit(asked[4]) and self.count(s[4]) != self.count(number)]
        if of_unit:
            *_, family, value, span, _ = max(of_unit, key=lambda s: s[:3])
            return family, (value, span)
        # (one said in a clause that asks only if no other: "要是电梯不能用 他们要搬21层吗" … "有3个书架 改成3吧"; not
        # one a question elsewhere in its message: "grind 2 stumps … hoping for friday the 11th?" … "make it 3")
        said = [s for s in said if s[5] not in self.questioned] or said
        if nearest and (size := self.count(number)):
            closest = min((max(c, size) / min(c, size) for s in said if (c := self.count(s[4]))), default=None)
            said = [s for s in said if (c := self.count(s[4])) and max(c, size) / min(c, size) == closest] or said
        if self.keys(slot):
            newest = sorted(said, key=lambda s: (s[1], s[2]), reverse=True)
            named = self._named_by(slot, [(texts, value, span) for *_, value, span, texts in newest], own_first=True)
            if named is not None:
                return next(s[3] for s in newest if s[5] is named[1]), named
        *_, family, value, span, _ = max(said, key=lambda s: s[:3])
        # (a number no pattern typed, of its scale, in the user's last message, the one answered since, is the
        # old one: "put me down for 2000 to start" … "ugh ok fine make it 2500" had replaced the budget "£600")
        return family, self._last_bare(number, event_id) or (value, span)

    def _last_bare(self, number: str, event_id: str) -> tuple[str, Span] | None:
        """The one number of the user's last message before ``event_id``, when no value holds it and it is
        of ``number``'s scale, neither of them an hour ("make it 8" after "at 7") or a handful ("two of them
        need halal" … "change the headcount to 34"); else None."""
        last = next((span.event_id for _, span in reversed(self.clauses) if span.event_id != event_id), None)
        if last is None or not 24 < (self.count(number) or 0):
            return None
        # (its clauses are the newest said: read back to them only, not the whole history)
        said = takewhile(lambda c: c[1].event_id in (last, event_id), reversed(self.clauses))
        found = [(m.group(), Span(last, span.start + m.start(), span.start + m.end()))
                 for clause, span in said if span.event_id == last for m in self.number.finditer(clause)]
        held = [s for values in self.values.values() for *_, s in values if s.event_id == last]
        if len(found) != 1 or not 24 < (self.count(found[0][0]) or 0) or any(s.start <= found[0][1].start < s.end for s in held):
            return None
        return found[0] if self.of_scale(found[0][0], number) else None

    def rate_of(self, value: str, clause: str) -> str:
        """The unit ``value`` is a price of, in it or right after it in its casefolded ``clause`` ("800一晚",
        "£180 a night": night)."""
        at = clause.find(value.casefold())
        if self.rate is None or at < 0:
            return ""
        after = at + len(value)
        found = self.rate.search(clause, at, after) or self.rate.match(clause, _SPACES.match(clause, after).end())
        return found.group("unit").casefold() if found else ""

    def of_scale(self, value: str, number: str) -> bool:
        """Whether a bare number can be ``value``'s new one: their numbers less than ``bare_scale``
        times apart (a bare number of another scale is another thing's)."""
        said, new = self.count(value), self.count(number)
        return not said or not new or max(said, new) / min(said, new) < self.bare_scale

    def _said_again(self, family: str, value: str, message: str) -> bool:
        """Whether a casefolded message names ``value`` again: whole, or a count by its number and
        its unit's head word ("6 tanks is prob too many" names "6 of the little portable tanks")."""
        if re.search(rf"(?<![0-9a-z]){re.escape(value.casefold())}(?![0-9a-z])", message):
            return True
        count = self.number.search(value) if family == "quantity" else None
        if count is None:
            return False
        unit = self.unit(value)
        # (… or a number before a word naming it: "i have 3 kallax not 2. make it 3" names "2 kallax shelves")
        named: set[str] | None = None   # (read once, when a number has a word after it)
        for said in self.number.finditer(message):   # the number, then up to four words its unit may end on
            words = message[said.end():].split()[:4]
            if said.group() == count.group().casefold() and any(
                    self.unit(" ".join((said.group(), *words[:k]))) == unit for k in range(1, len(words) + 1)):
                return True
            if words:
                named = named if named is not None else set(self.keys(self.number.sub(" ", value)))
                if named & set(self.keys(words[0])):
                    return True
        return False

    def counted_together(self, event_id: str) -> list[tuple[str, Span]]:
        """The counts of the newest earlier message that counted things of two units or more, none
        replaced since ("6 laptops, 6 monitors, 6 docks", not the "32gb" it measured): what a count of
        every thing replaces."""
        said: dict[str, list[tuple[str, Span]]] = {}
        for _, value, span in self.values.get("quantity", []):
            if span.event_id != event_id and span not in self.replaced and self.unit(value) not in self.magnitudes:
                said.setdefault(span.event_id, []).append((value, span))
        for counts in sorted(said.values(), key=lambda c: self.order.get(c[0][1].event_id, -1), reverse=True):
            if len({self.unit(value) for value, _ in counts}) > 1:
                return counts
        return []

    def of_number(self, number: str, event_id: str) -> tuple[str, tuple[str, Span]] | None:
        """The newest amount or count said before this message whose number is ``number``, and its kind."""
        digits = number.replace(",", "")
        said = [(self.order.get(span.event_id, -1), span.start, family, value, span)
                for family in ("money", "quantity") for _, value, span in self.values.get(family, [])
                if span.event_id != event_id and span not in self.replaced
                and (m := self.number.search(value)) is not None and m.group().replace(",", "") == digits]
        if not said:
            return None
        *_, family, value, span = max(said)
        return family, (value, span)

    def set_time(self, event_id: str) -> tuple[str, Span] | None:
        """The newest day and time a change or correction set, before this message, still current."""
        for _, value, span in reversed(self.values.get("time", [])):
            if not self._reached(span):
                return None
            if (span.event_id != event_id and span not in self.replaced and self._set_by_change(span)
                    and self.names_day(value) and self.names_clock(value)):
                return value, span
        return None

    def _set_by_change(self, span: Span) -> bool:
        """Whether a change or correction set the value at ``span`` (its new value may run on:
        "改成12号早上8点来" holds "12号早上8点")."""
        return any(s.event_id == span.event_id and s.start <= span.start and span.end <= s.end for s in self.settled)

    def _reached(self, span: Span) -> bool:
        """Whether ``span`` was said in one of the last ``reach`` user messages (all, without a reach)."""
        return self.reach is None or self.order.get(span.event_id, -1) >= len(self.order) - 1 - self.reach

    def _said_before(self, kind: str, found: tuple[str, Span], candidates: list[tuple[tuple[str, str, str], str, Span]],
                     event_id: str, reason: str = "") -> tuple[str, Span]:
        """``found``, or, when it is a day said earlier in the change's own message, the newest
        time of an earlier message naming that day ("周三" of "周三不行，改成周四下午吧" is "下周三上午");
        days of the week said there are what the change adds, the newest of an earlier message
        what it replaces ("we need fatima saturdays too. make it monday to saturday": "mon-fri")."""
        value, span = found
        if reason and span.event_id != event_id:   # the day said in the change's own clause
            value, span = reason, Span(event_id, 0, 0)
        if not event_id or span.event_id != event_id:
            return found
        if kind == "days":
            return next(((v[1], v[2]) for v in reversed(candidates) if v[2].event_id != event_id), found)
        if _FAMILY.get(kind, kind) != "time":
            return found
        # (… or of days that hold it: "my cousins wedding in michigan june 17. can we move her to the
        # june 21 week instead" moves her "june 14-18", not the wedding)
        earlier = [(v[1], v[2]) for v in reversed(candidates) if v[2].event_id != event_id and v[2] not in self.hedged]
        # (… or, said in other words, on the day it resolves to: "其实周六上午他有篮球课 …改到周日下午3点吧"
        # moves "后天上午10点", that Saturday's)
        day = self.day_of(value, self.now) if self.now is not None else None
        # (… or a clock said again in fewer words: "不对 10点要送娃上学 改11点吧" moves "上午10点")
        return next((v for v in earlier if value.casefold() in v[0].casefold()), None) or next(
            (v for v in earlier if self.same_day(value, v[0])), None) or next(
            (v for v in earlier if self.day_within(value, v[0])), None) or next(
            (v for v in earlier if day is not None and self.day_of(v[0], self.now) == day), found)

    def _refined(self, kind: str, found: tuple[str, Span], candidates: list[tuple[tuple[str, str, str], str, Span]],
                 event_id: str) -> tuple[str, Span]:
        """``found``, or when it names no time of day, the newest time a later message gave for its
        day ("can the nurse come wednesday afternoon?" … "wednesday at 3 with marisa is good, book
        it": the nurse's value is "wednesday at 3")."""
        value, span = found
        if _FAMILY.get(kind, kind) != "time" or self.names_clock(value):
            return found
        after = self.order.get(span.event_id, -1)
        return next(((v[1], v[2]) for v in reversed(candidates) if v[2].event_id != event_id
                     and self.order.get(v[2].event_id, -1) > after and self.names_clock(v[1])
                     and self.same_day(value, v[1])), found)

    def _other_slot(self, slot: str, span: Span) -> bool:
        """Whether the value at ``span`` was set by a change naming a slot other than ``slot``
        (the change's new value may run on: "那猫改成16号走" set "16号")."""
        under = next((named for at, named in self.set_under.items()
                      if at.event_id == span.event_id and at.start <= span.start and span.end <= at.end), None)
        return under is not None and not set(self.keys(slot)) & set(self.keys(under))

    def _named_without_value(self, slot: str, event_id: str) -> bool:
        """Whether a recent message that asks nothing named the slot with no value of its own
        ("那天搬家肯定吵得听不见" before "搬家公司说改成12号早上8点来了"): its value was never said,
        and the newest value of another thing is not what the change replaces. A question or a
        what-if naming it says nothing of its value ("万一安装那天电梯放不下呢" before "安装改到10号下午吧")."""
        keys = self.keys(slot)
        return any(span.event_id != event_id and span.event_id not in self.asking and self._reached(span)
                   and any(k in clause.casefold() for k in keys) for clause, span in self.clauses)

    def _part_alone(self, value: str) -> bool:
        """Whether a time names a part of the day and nothing else ("afternoon", "下午"): no day, no clock."""
        return bool(value) and self.kinds(value) == {"part"}

    def _time_parts(self, value: str) -> tuple[bool, bool]:
        return self.names_day(value), self.names_clock(value)

    def _other_part(self, kind: str, old: str, new: str) -> bool:
        """A clock alone does not replace a day alone, nor a day a clock ("Saturday the 6th" ...
        "move Shilshole to half past two": the day holds, its hour was another value; "Thursday
        January 14th, 9am" ... "Wait, no - make that Tuesday the 19th, same time": the day changed)."""
        if _FAMILY.get(kind, kind) != "time":
            return False
        if self._part_alone(new):
            # (… a part of the day alone replaces only a time said with its part: "明天上午" … "改下午吧"; not a day alone,
            # "周六" … "改下午吧" is Saturday afternoon; nor a clock, whose thing it may not be: "送货改上午吧" had moved the
            # proof's "12月9日（周三）15:00", the newest time)
            return "part" not in self.kinds(old)
        parts, before = self._time_parts(new), self._time_parts(old)
        return parts in _ONE_PART and before in _ONE_PART and before != parts

    def _own(self, value: str, keys: tuple[str, ...]) -> bool:
        """Whether a value holds its slot's words and no value a change replaced ("Dinner at 5:30"
        holds the 5:30 of "5:15 instead of 5:30")."""
        folded = value.casefold()
        return any(k in folded for k in keys) and not any(old in folded for old in self.old_values)

    def time_said_with(self, words: str, event_id: str, whole: bool = False) -> bool:
        """Whether a time said before this message was said with ``words`` in its own phrase (``whole``:
        or in its clause or message)."""
        keys = self.keys(words)
        return bool(keys) and any(any(k in text for k in keys for text in (texts if whole else texts[:1]))
                                  for texts, _, span in self.values.get("time", [])
                                  if span.event_id != event_id and span not in self.replaced)

    def _named_by(self, slot: str, candidates: list[tuple[tuple[str, str, str], str, Span]],
                  own: bool = False, own_first: bool = False) -> tuple[str, Span] | None:
        """The first of ``candidates`` (newest first) said next to the slot's words: in the
        words before it (``own``: or in its own words, a time read with the words of its slot:
        "Dinner at 6" of "Dinner at 6 before the 7:30", for "make dinner 5:30"), else its
        clause, else its message."""
        keys = self.keys(slot)
        if own_first:   # (a count naming the slot is its value: "one room" of "one room with two queen beds")
            for _, value, span in candidates:
                if self._own(value, keys):
                    return value, span
        for field_ in (0, 1, 2):
            for texts, value, span in candidates:
                # values of one clause or message share its text: it is read once per slot
                near = self.near.get((id(texts[field_]), keys))
                if near is None:
                    near = self.near[(id(texts[field_]), keys)] = any(k in texts[field_] for k in keys)
                if near or own and not field_ and self._own(value, keys):
                    return value, span
        return None

    def revised(self, kind: str, new: str, slot: str, event_id: str, current: bool = False,
                alongside: frozenset[str] = frozenset(), refused: str = "",
                topic: frozenset[str] = frozenset(), total: bool = False, rate: str | None = None,
                some: bool | None = None) -> tuple[str, Span] | None:
        """The value a revision without a change verb replaces ("We're now back December
        30th"): the newest said before this message that its slot's words name (in the words
        before it, its clause, then its message), of its kind or, for an amount, of the other
        kind an amount is read as ("十万" after "预算八万左右"); else the newest of its unit;
        else, for money alone, the newest amount. A quantity of another unit is another slot, a
        day does not replace a clock ("back December 30th" after "at 9:15 pm and back on the
        29th"), a count without a unit replaces the party's ("we're 14 now" after "We're 12
        people"), a value said unsure is no slot's ("about $3,900 a month, I believe"; a count of a unit
        is: "maybe 25 boxes" … "more like 40 boxes"), and a time
        no words tie to an earlier one replaces nothing, unless the cue says it replaces the
        ``current`` one ("instead"): then the newest time said in the last ``reach`` messages, of
        those of a message holding a time the revising one says again (``alongside``: "come in
        thursday the 17th instead, still leaving sunday" moves the "friday" of "checking in friday out
        sunday", not a dinner's "saturday night" said since). Of those its words name, one said in a message of
        ``topic`` (:func:`_topic`) comes first. A ``total`` ("so 7 total") sums up a count said unsure too
        ("i think theyre bringing 4 ppl … us it'd be me + 2 so 7 total": the meeting's, not the team's "5 ppl"),
        never a count of some of the party (``some_of``); a count said as ``some`` of them (or not) replaces
        only one said so (or not): "sorry, 3 people wont come" is not the party's "26 people". A price of a
        ``rate`` (:meth:`rate_of`, "" for none) replaces one of that rate, if one was said."""
        unit = self.slot_unit(kind, new, slot)
        day = self.names_day(new) if _FAMILY.get(kind, kind) == "time" else None
        kinds = [kind] + [k for k in _AMOUNTS if kind in _AMOUNTS and k != kind]
        candidates = sorted(
            ((k, texts, value, span) for k in kinds
             for texts, value, span in self.values.get(_FAMILY.get(k, k), [])[-(self.lookback or 0):]
             if span.event_id != event_id and value.casefold() != new.casefold() and span not in self.replaced
             and span not in self.reasons
             # (a count of a unit said unsure is one an estimate said again revises: "maybe 25 boxes" … "its
             # more like 40 boxes")
             and (span not in self.hedged or (unit or total) and k == "quantity") and span not in self.kept_as_is
             and not (k == "quantity" and span in self.some_of and (total or some is False))
             and not (k == "quantity" and some and span not in self.some_of)
             and (k != "quantity" or not unit or self.counts_in(value, unit, texts[0]))
             # an amount is no count of things ("fifteen thousand dollars" replaces no "seventy-five guests",
             # "我妈现在53岁" no "花了89400元")
             and (k == kind or k != "quantity" or self.unit(value) in self.currencies or not self.unit(value))
             and (k == kind or k != "money" or not unit or unit in self.currencies)
             and (day is None or self.names_day(value) == day)),
            key=lambda c: (self.order.get(c[3].event_id, -1), c[3].start), reverse=True)
        # (of a thing the message's other change is about first: "yeah make it 12. budget 2400 tops" after "12 months"
        # replaced the gift's "6 months", said with its "budget around $1000", raises that budget, not the party's)
        candidates.sort(key=lambda c: c[3].event_id not in topic)
        # (a price of a unit replaces one of that unit, if any: "budget goes up to £220 a night" raises "max £180 a
        # night", not the "budget … about £600" for the whole trip; "call it £650 total" that budget, no nightly price)
        if rate is not None:
            candidates = [c for c in candidates if self.rate_of(c[2], c[1][1]) == rate] or candidates
        named = self._named_by(slot, [(texts, value, span) for _, texts, value, span in candidates],
                               own=_FAMILY.get(kind, kind) == "time")
        if named:
            return named
        if kind in ("email", "phone") and candidates:
            # (one way to reach the user, given anew to use from now on: "use maya.runs27@outlook.com from now on")
            return candidates[0][2:]
        if unit:
            counts = [(texts[0].split("\0")[0].rstrip(), value, span) for k, texts, value, span in candidates if k == "quantity"]
            # (the newest said after the same word, else the newest: "贷25年" … "应该连续交满3年了" …
            # "还是贷30年吧" is the loan's years)
            word = next(iter(words_of(slot.rstrip().casefold(), self.lang)[-1:]), "").strip()
            return next(((value, span) for before, value, span in counts if word and before.endswith(word)),
                        next(((value, span) for _, value, span in counts), None))
        if current and _FAMILY.get(kind, kind) == "time":
            # (a clock replaces the clock of a day said with one: "Can we instead try booking at
            # 19:00?" after "a reservation for 1 at 20:00 on Sunday"); the time said in one of the
            # last ``reach`` messages saying one, however long ago ("Next Tuesday at 4 would be
            # perfect" … an insurance detour … "Thursday the 10th would be better")
            # … one a change set first ("改到后天下午" … "我们15号发工资" … "周六上午10点可以不": the viewing's)
            saying: set[str] = set()
            window = []
            for _, value, span in reversed(self.values.get("time", [])):
                saying.add(span.event_id)
                if self.reach is not None and len(saying) > self.reach:
                    break
                if (span.event_id != event_id and span not in self.replaced and span not in self.hedged
                        and span not in self.kept_as_is and span not in self.born and span not in self.reasons
                        and value.casefold() != new.casefold()
                        and not self._other_part(kind, value, new) and not self._told_as_past((_, value, span))):
                    window.append((value, span))
            if not self.month_long(new):   # (a day replaces a day said, not a month said since: "its chicago in december lol")
                window = [v for v in window if not self.month_long(v[0])] or window
            said = [(value.casefold(), span) for _, value, span in self.values.get("time", [])
                    if span.event_id != event_id and span not in self.replaced]
            if any(value == new.casefold() for value, _ in said):
                return None   # a time said before, said again, is still that one ("还是周日走吧")
            framed = {span.event_id for value, span in said if value in alongside}
            # (… the one this message named before, as what it cannot do: "she cant do the 17th anymore - can we do
            # wednesday the 16th instead", not the tech check's Tuesday set since)
            named = [value for _, value, span in self.values.get("time", [])
                     if span.event_id == event_id and value.casefold() != new.casefold() and self.names_day(value)]
            named += [refused] if refused else []
            again = next(((value, span) for _, value, span in reversed(self.values.get("time", []))
                          if named and span.event_id != event_id and span not in self.replaced
                          and any(self.same_day(value, day) for day in named)), None) or (
                # (… or a time of a proposal the user took, on that day: "Wednesday, December 9 at 9:00 AM" … "she
                # cant do wed morning … can we do thursday instead"; "hmm actually the 19th for the dig, … can we do
                # thursday the 21st instead?")
                next(filter(None, (self.accepted_on(day) for day in named)), None))
            return again or next(
                (v for v in window if v[1].event_id in framed and v[0].casefold() not in alongside), None) or next(
                (v for v in window if v[1] in self.settled), window[0] if window else None)
        if kind == "quantity":
            # a count without a unit is the party's ("we're 14 now", "a table for 4"): it replaces
            # the last count of the party ("We're 12 people")
            return next(((value, span) for k, _, value, span in candidates
                         if k == "quantity" and self.unit(value) in (_PARTY, "")), None)
        if kind != "money":
            return None
        # a budget said bare ("那一百三以内也行吧") replaces one said in money or in a currency ("一百块以内")
        return next(((value, span) for k, _, value, span in candidates
                     if k == "money" or self.unit(value) in self.currencies), None)


def _decided(keys: Sequence[str], decisions: list[Decision], events: list[Event] | tuple[Event, ...],
             rules: StateRules) -> tuple[str, Span, str] | None:
    """The line of the newest decision that names the slot ("10:00 am at Shilshole Terrace (Unit
    2C)" of an accepted list of viewings, for "move Shilshole to half past two"), and the user's
    event that made it, by the slot's words (``_Memory.keys``) that name it, not a word any time or
    number is named by (``[state] weak_slot_words``: "change the reply by date to august 7" is no proof
    call accepted "… the ship date"). A thing dropped holds no value a change could replace."""
    keys = tuple(k for k in keys if k not in rules.weak_slot_words) or keys
    for d in reversed(decisions):
        if keys and d.status != "dropped" and any(k in d.object.casefold() for k in keys):
            text = next(e.text for e in events if e.id == d.span.event_id)
            at = text.find(d.object, d.span.start)
            if at < 0:
                continue   # a choice completed from an earlier mention ("book them")
            lines = [(m.start(), m.end()) for m in re.finditer(r"[^\n]+", d.object)]
            a, b = next(((a, b) for a, b in lines if any(k in d.object[a:b].casefold() for k in keys)),
                        (0, len(d.object)))
            bullet = rules.list_item.match(d.object, a, b)   # "- ", "2. "
            line = d.object[bullet.end() if bullet else a:b].strip()
            a = d.object.find(line, a)
            return line, Span(d.span.event_id, at + a, at + a + len(line)), (d.by or d.span).event_id
    return None


def _step_named(decided: tuple[str, Span, str], keys: Sequence[str], kind: str, rules: StateRules,
                read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> tuple[str, Span, str]:
    """Of a decided line, the value of ``kind`` holding the slot's words, or right before them ("our kitchen kit
    for $120 and 5 linen & towel kits": "linens make it 3" changes the kits; "5套床品毛巾包": "床品改成3套"), else of its steps, each with such a value, the one the
    slot's words name ("12月9日（周三）10:00 接车，B1 工位 → 12月10日（周四）18:00 交车": the 交车's is 18:00)."""
    line, span, by = decided
    family = _FAMILY.get(kind, kind)
    folded = line.casefold()
    holding = [(span.start + a, span.start + b) for _, _, held in read(line) for a, b, k in held
               if _FAMILY.get(k, k) == family and any(key in folded[a:b] or folded.startswith(key, b) for key in keys)]
    if len(holding) == 1:
        a, b = holding[0]
        return line[a - span.start:b - span.start], Span(span.event_id, a, b), by
    cuts = [0] + [m.end() for m in rules.gap_breaks.finditer(line)] + [len(line)]
    valued = [(a, b) for a, b in zip(cuts, cuts[1:])
              if any(_FAMILY.get(k, k) == family for _, _, held in read(line[a:b]) for _, _, k in held)]
    named = [(a, b) for a, b in valued if any(k in line[a:b].casefold() for k in keys)]
    if len(valued) < 2 or len(named) != 1:
        return decided
    a, b = named[0]
    while b > a and (line[b - 1].isspace() or rules.gap_breaks.match(line, b - 1) or line[b - 1] in rules.question_marks):
        b -= 1
    part = line[a:b].strip()
    a = line.find(part, a)
    return part, Span(span.event_id, span.start + a, span.start + a + len(part)), by


def _current_of(found: tuple[str, Span] | None, transitions: list[Transition]) -> tuple[str, Span] | None:
    """``found``, or the value that replaced it since, and so on along its chain (of the messages
    before: a change beside it in its own message is of another slot)."""
    for _ in range(len(transitions)):
        if found is None:
            break
        after = next((t for t in reversed(transitions) if t.old_span == found[1]), None)
        if after is None:
            break
        found = after.new, after.span
    return found


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def _typo_of(old: str, new: str) -> bool:
    """Whether ``new`` fixes a typo in ``old``: the same digits, in another order or one of them
    another ("13857164920" → "13857146920"; "720-555-0193" → "720-555-0139")."""
    a, b = _digits(old), _digits(new)
    return len(a) == len(b) > 0 and (sorted(a) == sorted(b) or sum(x != y for x, y in zip(a, b)) <= 1)


@functools.lru_cache(maxsize=4096)
def _pairs_apart(slot: str, stopwords: frozenset[str]) -> frozenset[str]:
    """The pairs of side-by-side CJK characters of ``slot`` (as :func:`slot_keys` reads them) neither
    of which is inside one of ``stopwords``."""
    cjk = re.sub(r"[^\u4e00-\u9fff]", "", slot)
    inside = {i for word in stopwords if not word.isascii()
              for hit in re.finditer(re.escape(word), cjk) for i in range(hit.start(), hit.end())}
    return frozenset(cjk[i:i + 2] for i in range(len(cjk) - 1) if i not in inside and i + 1 not in inside)


def _unit(value: str, number: re.Pattern[str]) -> str:
    """"12桌" and "十桌" have one unit, "2 rooms" and "five days" two."""
    return re.sub(r"\s", "", number.sub("", value)).casefold()


def _sentence_start(text: str, pos: int, pack: RulePack) -> int:
    """Where the sentence holding ``pos`` begins."""
    ends = [m.end() for m in pack.sentence_end.finditer(text, 0, pos)] if pack.sentence_end else []
    return ends[-1] if ends else 0


def _strip(text: str, start: int, end: int, pack: RulePack) -> tuple[int, int]:
    # (never past the start of a word a lead runs into: "给我" of "那给我们换成…" leaves "我们", not "们")
    lead = max(start, word_start(text, pack.lead.strip_run(text, start, end, from_end=False), pack.lang))
    start = min(lead, end)
    trail = pack.state.particles.strip_run(text, start, pack.trail.strip_run(text, start, end, from_end=True),
                                           from_end=True)
    if trail > start:
        end = trail
    while start < end and (text[start].isspace() or text[start] in ",，:："):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",，"):
        end -= 1
    return start, end


def _object_after(text: str, pos: int, end: int, pack: RulePack) -> tuple[int, int]:
    stop = pack.state.object_end.search(text, pos, end)
    return _strip(text, pos, stop.start() if stop else end, pack)


def _without_determiners(obj: str, pack: RulePack) -> str:
    """An object's words past its leading determiners, casefolded: "the travel insurance" is "travel insurance"."""
    return obj[pack.state.determiners.strip_run(obj, 0, len(obj), from_end=False):].casefold()


def _complete(obj: str, written: str, memory: _Memory, pack: RulePack) -> str | None:
    """"换购" → "换购 AirPods Max": a very short object is completed from its last mention;
    a pronoun ("it", "这个", as ``written`` before leading words were stripped: "那个") stands for
    the last object decided on, and for nothing when none was ("Book it for tomorrow" as the
    first turn: "it: chosen" told the agent nothing); None when nothing was decided on, or for a
    person ("Skip her then": "her: dropped" said nothing; "We'd drop him off at two": "him off"), or
    for a pronoun with more words ("Add that to HTL-118274": "that to HTL-118274: added"), or
    for an action the user will do (``[state] action_leads``)."""
    first = obj.split(maxsplit=1)[0].casefold() if pack.spaced and obj.strip() else obj.casefold()
    if obj.casefold() in pack.state.people or first in pack.state.people or (pack.spaced and any(
            obj.casefold().startswith(p + " ") for p in pack.state.people)):   # "my mom to the doctor"
        return None
    said = written.casefold()
    if any(said == w or said.startswith(w + " " if pack.spaced else w) for w in pack.state.action_leads):
        return None   # "我要给我老公看一下": what the user will do, not a thing chosen ("老公看")
    if _a_kind_only(obj, pack):
        return None   # "book a table", "我要一个房间": a kind of thing asked for, none chosen
    if obj.casefold() in pack.state.pronouns or written.casefold() in pack.state.pronouns:
        return memory.last_mention or memory.last_object
    if pack.spaced and first in pack.state.pronouns:
        return None   # "Add that to HTL-118274": what "that" is, the words do not say
    if len(obj) > pack.state.short_object:
        return obj
    for text, _ in reversed(memory.clauses):
        at = text.find(obj)
        while at > 0 and text[at - 1].isdigit() and not obj[0].isdigit():
            at = text.find(obj, at + 1)   # (not the rest of a number: "点" of "7点半到店" after "虾再加点")
        if at >= 0:
            rest = text[at + len(obj):at + len(obj) + pack.state.object_extension]
            # (up to a number: "延保三千五是不是有点贵" names "延保", the price is said of it; before
            # the whole code it is in: "kit KT-" of "kit KT-2041" was an object; up to a word joining another
            # thing or pointing at one: "大红袍和龙井哪个更适合送客户啊" … "那就大红袍吧" had chosen all of it)
            stop = min((m.start() for m in (pack.state.object_end.search(rest), pack.number.search(rest),
                                            pack.state.value_joiners.search(rest), pack.state.determiners.search(rest)) if m),
                       default=len(rest))
            if stop < len(rest) and rest[stop].isdigit():
                while stop > 0 and _CODE_CHAR.match(rest[stop - 1]):
                    stop -= 1
            rest = rest[:stop].rstrip()
            return obj + rest if rest else obj
    # one Chinese character left after the cue is the rest of a word the cue began ("有哪些
    # 选择" gave "择: chosen"); a letter ("Plan B", "就选A") is an object
    return None if len(obj) == 1 and not obj.isascii() else obj


def _opens_correction(text: str, cue: Hit, end: int, pack: RulePack) -> bool:
    """Whether a decision cue opens a correction cue ("scratch that, its 4 receipts", "算了还是…"):
    it drops nothing then."""
    opens = pack.state.correction.search(text, cue.start(), end)
    return opens is not None and opens.start() == cue.start()


def _dropped_in(text: str, start: int, end: int, pack: RulePack) -> tuple[int, int] | None:
    """Where the thing a drop cue drops in these words is ("forget the cone", "圈不要了"), if one does."""
    rules = pack.state
    after = rules.drop_after.search(text, start, end)
    if after is not None and _opens_correction(text, after, end, pack):
        after = None
    a, b = _object_after(text, after.end(), end, pack) if after else (0, 0)
    if b <= a and (cue := rules.drop_before.search(text, start, end)) is not None:
        a, b = _strip(text, start, cue.start(), pack)
    return (a, b) if b > a else None


def _clause_before(text: str, clauses: Sequence[tuple[int, int, Values]], n: int, start: int,
                   pack: RulePack, valued: bool = False) -> tuple[int, int, Values] | None:
    """The clause before clause ``n`` when it is of the same sentence and holds no value (``valued``:
    or holds some): what it turns down or drops is what clause ``n`` changes ("算了 不要陈昊了 换成林晓雯吧";
    "周六下午2点那个算了 还是上午那个吧")."""
    if not n or clauses[n - 1][2] and not valued:
        return None
    return clauses[n - 1] if pack.sentence_end is None or not pack.sentence_end.search(text, clauses[n - 1][1], start) else None


def _dropped_before(text: str, start: int, end: int, before: tuple[int, int, Values] | None, event_id: str,
                    pack: RulePack) -> tuple[str, Span] | None:
    """The thing the words from ``start`` to ``end``, or else the clause ``before``, drop: what a change
    or revision said next replaces ("forget the cone, switch to the recovery suit", "圈不要了 换术后服吧")."""
    where = next((where for a, b in [(start, end), *([before[:2]] if before else [])]
                  if (where := _dropped_in(text, a, b, pack)) is not None), None)
    return (text[where[0]:where[1]], Span(event_id, *where)) if where else None


def _thing_named_by(slot: str, value: str, event_id: str, memory: _Memory, pack: RulePack) -> tuple[str, Span] | None:
    """:meth:`_Memory.named`, for a new value no pattern types: a time said in the change's own message
    is its reason, no old value ("mom went vegetarian this year, totally forgot. switch mom to the
    veggie one" had replaced "this year"; "move our inspection to the same time as the adjuster" moves
    the time set before), unless the new value is a bare number. A thing with no name of its own ("the dark
    green one") replaces no phone, e-mail or address said of the same person ("my mother on 0412 558 930")."""
    named = memory.named(slot)
    if (named and named[1].event_id == event_id and not pack.number.fullmatch(value)
            and any(said == named[1] for _, _, said in memory.values.get("time", []))):
        return None
    if named and not _head(value, pack) and any(said == named[1] for kind in _CONTACTS
                                                for _, _, said in memory.values.get(kind, [])):
        return None
    return named


def _thing_named(text: str, start: int, end: int, event_id: str, memory: _Memory) -> tuple[str, Span] | None:
    """The longest words from ``start`` (up to ``end``) the user named as a thing of its own before
    ("陈昊" of "陈昊了", "Chen Hao" of "Chen Hao,")."""
    words = text[start:end].strip(" ,，、")
    for stop in range(len(words), 1, -1):
        if not words[stop - 1].isspace() and (said := memory.said_alone(words[:stop].casefold(), event_id)):
            return said
    return None


def _chosen_named(text: str, start: int, end: int, decisions: Sequence[Decision],
                  pack: RulePack) -> tuple[str, Span] | None:
    """The thing a change to a thing replaces when the words before it, in its sentence, name one
    the user chose and still holds ("选机器人编程" … "他爸说编程太费眼睛 换成书法吧"; "the hardtail
    is too heavy, switch to the road bike"): that choice, as it was first named."""
    if pack.sentence_end is not None:
        start = max([start, *(m.end() for m in pack.sentence_end.finditer(text, start, end))])
    said = set(slot_keys(text[start:end]))   # its words as a slot's are looked for: a choice's are found alike
    last = {d.object: d.status for d in decisions}
    return next(((d.object, d.span) for d in decisions if d.status in ("chosen", "added")
                 and last[d.object] != "dropped" and said & set(slot_keys(d.object))), None)


def _chosen_alike(value: str, decisions: Sequence[Decision], events: Sequence[Event]) -> tuple[str, Span] | None:
    """The thing a change to a thing named by a number replaces: the newest one the user chose or
    took, still held, named in the same words with another number ("就要39的" … "改成59的"; "the 39
    one" … "make it the 59 one": the plan's tier)."""
    if not re.search(r"\d", value) or not re.search(r"[^\W\d_]", value):
        return None
    alike = re.compile(re.sub(r"\d+", lambda _: r"\d+", re.escape(value)), re.IGNORECASE)
    last = {d.object: d.status for d in decisions}
    for d in reversed(decisions):
        if d.status in ("chosen", "added", "accepted") and last[d.object] != "dropped":
            # (in the words that made it: an object completed from an earlier mention is not in them)
            text = next((e.text for e in events if e.id == d.span.event_id), "")
            found = next((m for m in alike.finditer(text, d.span.start, d.span.end)
                          if m.group().casefold() != value.casefold()), None)
            if found is not None:
                return text[found.start():found.end()], Span(d.span.event_id, found.start(), found.end())
    return None


def _said_with(slot: str, event_id: str, memory: _Memory, pack: RulePack) -> tuple[str, Span] | None:
    """The value no pattern types that the newest earlier clause naming the slot said right after
    its name ("颜色要奶咖色" for "衣柜颜色换成暖白色吧", "the color is oat beige" for "change the
    wardrobe color to warm white"): what the change replaces (it had replaced nothing, and the
    old colour read as current). Up to ``untyped_value_chars`` long, not negated, not asked."""
    rules = pack.state
    head = memory.keys(slot)[-1:]
    if not head or not rules.untyped_value_chars:
        return None
    for clause, span in reversed(memory.clauses):
        if span.event_id == event_id:
            continue
        folded = clause.casefold()
        at = folded.rfind(head[0])
        after = at + len(head[0])
        if at < 0 or pack.spaced and after < len(folded) and folded[after].isalnum():
            continue
        if span.event_id in memory.asking:
            return None
        if memory.as_place(clause, at, after):
            continue   # (what is on it or in it is no value of it)
        start = _past_value_leads(clause, after, rules)
        # (a script without spaces ends a phrase at one: "背心要M的 T恤也M" says "M的" of the vest)
        stop = next((m.start() for m in _SPACE_BETWEEN.finditer(clause, start)), len(clause)) if not pack.spaced else len(clause)
        end = pack.filler.strip_run(clause, start, stop, from_end=True)
        value = clause[start:end]
        # (words after the name with no lead to a value say something of it: "the terrace one sounds amazing")
        if pack.spaced and not clause[after:start].strip():
            return None
        if not value or len(value) > rules.untyped_value_chars or pack.negation.search(clause, after, end):
            return None
        return value, Span(span.event_id, span.start + start, span.start + end)
    return None


def _thing_revised(text: str, start: int, end: int, cue: Hit, event: Event, events: Sequence[Event],
                   memory: _Memory, pack: RulePack, listed_only: bool = False,
                   dropped: tuple[str, Span] | None = None, corrects: bool = False) -> list[Transition]:
    """A thing no pattern types, revised as the current one ("要朝南的双人间" … "还是单人间吧", "a
    double room facing south" … "a single room instead"): it replaces the newest thing said with
    the same head (the last word; a Chinese compound's last character), a few words long, in a
    clause that asked nothing. Words revised whose head no earlier thing has replace nothing
    ("butcher block instead" of "quartz"), unless the assistant offered both side by side
    (:func:`_listed_alongside`: "can we do the catalina grana … instead" after "do the holland stone
    then", both offered in one sentence). ``listed_only``: only a thing so offered (after a
    correction cue: "算了还是退吧" revises no thing). A thing ``dropped`` just before it is what it
    replaces, whatever its head ("圈不要了 换术后服吧"). A correction's cue (``corrects``) is followed by
    what it corrects to, past its mark ("scratch that, the riese & muller ones")."""
    rules = pack.state
    event_id = event.id
    # the words revised: after the cue, or before it when it ends the clause ("… instead")
    after = _strip(text, cue.end(), end, pack)
    # (words after a separator are its reason: "let's go butcher block instead, quartz was a splurge")
    parted = pack.value_separator_of_words.match(text, _SPACES.match(text, cue.end()).end())
    if parted and corrects:
        after, parted = _object_after(text, parted.end(), end, pack), None
    # (… from its own phrase: "scratch that on the terrace, do the Magnolia Room instead")
    phrase = [m.end() for m in rules.gap_breaks.finditer(text, start, cue.start())]
    said_after = after[1] > after[0] and not parted and not pack.filler.covers(text, *after)
    if corrects and not said_after:
        return []   # (the words before a correction's cue are what it is about: "主卧之前打错了 是2.6米宽")
    a, b = after if said_after else _strip(text, phrase[-1] if phrase else start, cue.start(), pack)
    chosen = rules.choose_after.search(text, start, b)
    a = rules.determiners.strip_run(text, _past_value_leads(text, max(a, chosen.end()) if chosen else a, rules), b,
                                    from_end=False)
    # (a request to revise and its verb are no part of it: "can we do the catalina grana …", "do the
    # Magnolia Room instead")
    asking = rules.proposes_revision.strip_run(text, a, b, from_end=False)
    a = rules.determiners.strip_run(text, rules.thing_verbs.strip_run(text, asking, b, from_end=False), b,
                                    from_end=False)
    a = _past_wanted_by(text, a, b, pack)   # (… nor who wants it: "he just told me he wants Boston College instead")
    value = text[a:b]
    # (a pointing word after it is no head: "星澜府那个" is headed by 府, not 个 of "钱江新城那个")
    head = _head(value[:rules.determiners.strip_run(value, 0, len(value), from_end=True)], pack)
    # (a pronoun names no thing of its own: "can we do that instead" had made "t but not more than
    # that" the thing revised, by the "that" it ends in)
    # (… nor after a filler: "好 那就这么定了" had replaced "这么" with "那就这么")
    if (not value or len(value) > rules.thing_chars or value.casefold() in rules.pronouns
            or value[pack.filler.strip_run(value, 0, len(value), from_end=False):].casefold() in rules.pronouns):
        return []

    def offered_alongside() -> list[Transition]:
        alongside = _listed_alongside(value, event, events, memory, pack)
        return [Transition("", alongside[0], value, Span(event_id, a, b), alongside[1])] if alongside else []

    if dropped is not None and dropped[0].casefold() != value.casefold():
        # (… unless the assistant offered it beside another the user took: "暖白不要了 板材她也说换多层实木吧" replaces
        # the board, 颗粒板, not the colour)
        return offered_alongside() or [Transition("", dropped[0], value, Span(event_id, a, b), dropped[1])]
    # (a long name, or one with no head, only as one the assistant offered: "换GL8吧"; one with no head, else
    # as the new one of the thing the words before the cue name: "我妈那件换墨绿的吧", "mom's, switch to the green one")
    if listed_only or not head or len(value) > rules.untyped_value_chars:
        alongside = offered_alongside()
        if alongside or listed_only or not said_after:
            return alongside
        slot = _slot(text, start, cue.start(), None, pack)
        named = _id_of_named(slot, value, event_id, memory, pack)
        return [Transition(slot, named[0], value, Span(event_id, a, b), named[1])] if named else []
    # (a thing named as the reason before it: "说胡桃木太暗了 算了 还是金色那个吧", not the 深色 of its head)
    turned = _turned_from(text, cue.start(), value, event_id, memory, pack)
    if turned:   # (… or the offered thing holding that word, whole: "荷兰石", not the word "荷兰")
        alongside = offered_alongside()
        return (alongside if alongside and turned[0].casefold() in alongside[0].old.casefold()
                else [Transition("", turned[0], value, Span(event_id, a, b), turned[1])])
    said = _same_head(value, head, event_id, memory, pack)
    # (one of the assistant's list: the item taken from it before, in the words that took it, "就要最便宜那个大床房";
    # "那先标准吧" … "那换精选吧" replaces no "精选" of "我记得上次用的是你们的精选套餐" said before the list)
    alongside = offered_alongside()
    if alongside and not (said and alongside[0].old.casefold() in said[0].casefold()):
        return alongside
    if said is None or chosen and rules.choose_after.search(said[2]):   # two choices ("还是选B套餐吧"): the decisions tell it
        return _named_as_reason(text, start, end, value, Span(event_id, a, b), memory, pack)
    old, old_span, _ = said
    return [Transition("", old, value, Span(event_id, a, b), old_span)]


def _same_head(value: str, head: str, event_id: str, memory: _Memory, pack: RulePack) -> tuple[str, Span, str] | None:
    """The newest other thing the user named with the head of ``value``, in a clause asking nothing
    ("上午场就行" for "改下午场吧"; "朝南的双人间" for "还是单人间吧"), with where and in which clause."""
    said = _thing_with_head(head, event_id, memory, pack, lambda clause, span: span.event_id in memory.asking)
    if (said is None or not said[0] or said[0].casefold() == value.casefold()
            or _head(said[0], pack) != head and not said[0].casefold().startswith(head)):   # (a verb and its object)
        return None
    return said


def _thing_with_head(head: str, event_id: str, memory: _Memory, pack: RulePack,
                     passed: Callable[[str, Span], bool]) -> tuple[str, Span, str] | None:
    """The newest thing the user named with ``head`` before this message, in a clause ``passed``
    does not leave out: its words up to the head, a few words long, past the words leading to it
    ("要朝南的双人间": 朝南的双人间), with where it was said and its clause. A thing a change
    replaced, named again, is no current one ("还是景观套房吧 大床房朝北的" … "换家庭套房吧": 景观套房)."""
    rules = pack.state
    for clause, span in reversed(memory.clauses):
        if span.event_id == event_id or passed(clause, span):
            continue
        at = _word_at(head, clause.casefold(), pack)
        if at < 0:
            continue
        x, y = _strip(clause, 0, at + len(head), pack)
        x = rules.determiners.strip_run(clause, _past_value_leads(clause, max(x, y - rules.untyped_value_chars), rules),
                                        y, from_end=False)
        if not pack.spaced and y - x == len(head) and y < len(clause) and clause[y].isalpha():
            # a verb alone names no thing, its object does ("退余额吧" … "还是原路退吧": 退余额, not 退)
            y = max(y, _strip(clause, x, word_end(clause, y + 1, pack.lang), pack)[1])
        if _replaced_before(clause[x:y], memory, pack):
            continue
        return clause[x:y], Span(span.event_id, span.start + x, span.start + y), clause
    return None


def _replaced_before(named: str, memory: _Memory, pack: RulePack) -> bool:
    """Whether ``named`` is a thing a change replaced, named again in its words or its ending ("大床房"
    of "最便宜那个大床房", "king" of "Classic King"): no current one."""
    named = named.casefold()
    return bool(named) and any(old == named or old.endswith(named if not pack.spaced else " " + named)
                               for old in memory.old_values)


def _word_at(word: str, folded: str, pack: RulePack) -> int:
    """Where ``word`` stands in ``folded`` as a word of its own (spaced: its first, whole; unspaced:
    its last, opening no longer word: "门" of "送货上门" is not in "门牌号"), or -1."""
    if not pack.spaced:
        at = folded.rfind(word)
        while at >= 0 and opens_a_word(folded, at, at + len(word), pack.lang):
            at = folded.rfind(word, 0, at + len(word) - 1)
        return at
    hit = re.search(rf"\b{re.escape(word)}\b", folded)
    return hit.start() if hit else -1


def _id_of_named(slot: str, value: str, event_id: str, memory: _Memory, pack: RulePack) -> tuple[str, Span] | None:
    """The old one of a thing with no name of its own ("墨绿的", "the dark green one") said as the new one
    of the thing the slot's words name ("我妈那件", "my mother's one"): the id (the catalogue's name of a
    thing) said last in a clause of an earlier message naming those words; never a phone or a time said of
    the same person ("我妈电话139…")."""
    keys = memory.keys(slot)[-1:] if slot and not _head(value, pack) else ()
    return next(((said, span) for texts, said, span in reversed(memory.values.get("id", []))
                 if span.event_id != event_id and keys and keys[0] in texts[1]), None)


def _named_as_reason(text: str, start: int, end: int, value: str, span: Span, memory: _Memory,
                     pack: RulePack) -> list[Transition]:
    """The thing a revision turns from, named first in another clause of its message as the
    reason ("let's go butcher block instead, quartz was a splurge anyway", "还是实木吧，石英石太贵了"):
    it replaces that thing where the user said it last, in a clause that asked nothing."""
    pieces = [(x, stop.start() if stop else b) for a, b in split_clauses(text, pack)
              for x in [a, *(m.end() for m in pack.value_separator_of_words.finditer(text, a, b))]
              for stop in [pack.value_separator_of_words.search(text, x, b)]]
    at = next((i for i, (a, b) in enumerate(pieces) if a <= span.start < b), None)
    # (the piece right after the revision's, in its sentence: "…, maple is fine" names no reason)
    for a, b in pieces[at + 1:at + 2] if at is not None else ():
        if (b <= a or pack.sentence_end is not None and pack.sentence_end.search(text, span.end, a)
                or pack.state.choose_after.search(text, a, b)   # ("…, maple is fine" chooses it)
                or _value_kind(text[a:b], pack)):   # (… and one with a value sets another thing: "预算放到18000")
            continue
        a = _strip(text, a, b, pack)[0]
        first = (re.match(r"[^\W\d_][\w-]*", text[a:b]) if pack.spaced
                 else re.match(r"\w+", text[a:word_end(text, a + 1, pack.lang)]))
        word = first.group(0).casefold() if first else ""
        if (len(word) < (3 if pack.spaced else 2) or word in memory.slot_stopwords or word in value.casefold()
                or pack.filler.covers(word)):
            continue
        for clause, said in reversed(memory.clauses):
            if said.event_id == span.event_id or pack.question.search(clause):
                continue
            at = _word_at(word, clause.casefold(), pack)
            if at >= 0:
                return [Transition("", clause[at:at + len(word)], value, span,
                                   Span(said.event_id, said.start + at, said.start + at + len(word)))]
    return []


def _turned_from(text: str, stop: int, value: str, event_id: str, memory: _Memory,
                 pack: RulePack) -> tuple[str, Span] | None:
    """The thing a change of no slot turns from, named before it in its own message as the reason
    ("says charcoal looks like a funeral home lol. change it to Weathered Wood", "说胡桃木太暗了 算了
    还是金色那个吧"): of the words there, the last one the user chose before (:func:`_chosen_alone`),
    where the user said it last. A word of a clause negating something is a thing dropped, which the
    drop tells ("算了露台不要了 换成木兰厅吧")."""
    rules = pack.state
    folded, folded_value = text[:stop].casefold(), value.casefold()
    clauses = list(split_clauses(text[:stop], pack))
    end = len(folded)
    for word in reversed(words_of(folded, pack.lang)):
        at = folded.rfind(word, 0, end)
        end = at if at >= 0 else end
        if (len(word) < rules.own_word_chars or not word.isalpha() or word in memory.slot_stopwords
                or word in folded_value or pack.filler.covers(word) or pack.uncertainty.search(word)
                or memory.names_day(word) or _value_kind(word, pack)   # (a day is no thing: "下周六我要加班")
                or any(a <= at < b and next(negations(text, a, b, pack), None) for a, b in clauses)):
            continue
        chosen = _chosen_alone(word, event_id, memory, pack)
        if chosen is not None:
            return chosen
    return None


def _chosen_alone(word: str, event_id: str, memory: _Memory, pack: RulePack,
                  since: frozenset[str] | None = None) -> tuple[str, Span] | None:
    """Where the user last named ``word`` (before ``event_id``; with ``since``, in those messages),
    when that clause chose it: short, the word with nothing but pointing words and particles beside
    it, asking and negating nothing ("still charcoal", "胡桃木那个吧", "自取吧"; not "诶我儿子刚看到",
    nor "算了 机器人编程不要了", a thing dropped since). Words of longer clauses are no choice ("我老公的
    号码" names no 老公 a frame could be)."""
    rules = pack.state
    clause, said, found = next(((c, s, f) for c, s in reversed(memory.clauses)
                                if s.event_id != event_id and (since is None or s.event_id in since)
                                for f in [_word_at(word, c.casefold(), pack)] if f >= 0), ("", None, -1))
    if said is None or len(clause.strip()) > rules.untyped_value_chars or pack.question.search(clause):
        return None
    rest = " ".join(w for w in words_of(f"{clause[:found]} {clause[found + len(word):]}".casefold(), pack.lang)
                    if w not in memory.slot_stopwords)
    if (next(negations(clause, 0, len(clause), pack), None) is not None
            or not covered(rest, 0, len(rest), (pack.filler, rules.determiners, pack.lead, rules.accept, rules.proposal_trail))):
        return None
    return clause[found:found + len(word)], Span(said.event_id, said.start + found, said.start + found + len(word))


def _dropped_before_change(decisions: Sequence[Decision], event_id: str, text: str, before: int) -> tuple[str, Span] | None:
    """The thing a message dropped before a change naming no slot: what the change puts something in
    the place of ("多宝鱼算了 那边点名要吃黄花 换成大黄花", "scratch the turbot, they want croaker, swap in yellow
    croaker")."""
    for decision in reversed(decisions):
        if decision.status == "dropped" and decision.span.event_id == event_id:
            at = text.find(decision.object, decision.span.start, before)
            if at >= 0:
                return decision.object, Span(event_id, at, at + len(decision.object))
    return None


def _choice_replaced(obj: str, decisions: Sequence[Decision], events: Sequence[Event], event: Event,
                     memory: _Memory, pack: RulePack, cued: bool) -> tuple[str, Span] | None:
    """The earlier choice a new one replaces, and where it was said: the two name different items
    of one list the assistant offered ("1. HX-S300 螺杆式… 2. HX-T500 钢带曳引式": "那就螺杆那个吧" … "那还是要
    那个钢带的吧"; "1. Screw drive… 2. Steel belt…": "ok the screw one" … "actually the steel belt one").
    Said with no change word (not ``cued``), only in answer to the assistant asking again about the
    list since the first choice ("Which plan would you like?" "ok plus then"): two items chosen
    otherwise may be for two people ("那就大红袍吧" … "那员工先定小罐茶吧")."""
    def words(thing: str) -> list[str]:
        return [w for w in words_of(thing.casefold(), pack.lang) if len(w) >= pack.state.own_word_chars and w.isalpha()
                and w not in pack.state.pronouns and w not in memory.slot_stopwords]

    def named(names: list[str], thing: str) -> set[str]:
        own = words(thing)
        return {n for n in names if any(w in n for w in own)}

    held = {d.object: d for d in decisions}   # (its latest decision: a choice dropped since is no choice)
    earlier = [d for d in held.values() if d.status == "chosen" and d.object != obj]
    here = next((i for i, e in enumerate(events) if e is event), len(events))
    for offer in reversed(events[:here]):
        names = _list_names(offer.text, pack) if offer.role == "assistant" else []
        mine = (set(_items_holding(_name_words(obj, pack), names, pack)) or named(names, obj)) if len(names) >= 2 else set()
        if len(mine) != 1:
            continue
        for d in reversed(earlier):
            theirs = set(_items_holding(_name_words(d.object, pack), names, pack)) or named(names, d.object)
            text = next((e.text for e in events if e.id == d.span.event_id), "")
            at = text.find(d.object, d.span.start, d.span.end)
            since = next((i for i, e in enumerate(events) if e.id == d.span.event_id), here)
            if not cued and not any(e.role == "assistant" and _names_an_item(e.text, names, pack) and any(
                    mark in e.text for mark in pack.state.question_marks) for e in events[since + 1:here]):
                continue
            if len(theirs) == 1 and theirs != mine and at >= 0:
                return d.object, Span(d.span.event_id, at, at + len(d.object))
    return None


def _listed_item_alone(text: str, start: int, end: int, replying: bool, memory: _Memory,
                       pack: RulePack) -> tuple[int, int] | None:
    """Where a clause that only names one item of a list the assistant offered names it ("ok plus
    then", "oatmeal one pls", "scratch that, the riese & muller ones for both of us"): said so in
    reply to a question (``replying``), or as a correction, that is a choice of it with no choosing
    word. Lists offered over the last ``lookback`` user messages are read."""
    rules = pack.state
    if not memory.lists or memory.lookback and len(memory.order) - memory.lists[-1][0] > memory.lookback:
        return None
    # (cheap refusals first: most clauses say more than a name, or answer nothing)
    stop = rules.object_end.search(text, start, end)
    if (stop.start() if stop else end) - start > 2 * rules.thing_chars:
        return None
    corrected = any(cue.search(text, 0, end) for cue in (rules.correction, rules.revise_current))
    if not replying and not corrected and not rules.choose_after.search(text, start, end):
        return None
    a, b = _strip(text, start, end, pack)
    while (skipped := max(cue.strip_run(text, pack.lead.strip_run(text, a, b, from_end=False), b, from_end=False)
                          for cue in (rules.correction, rules.revise))) > a:
        a, b = _strip(text, skipped, b, pack)   # ("ok then actually", "scratch that,", "算了 还是")
    # ("basic is prob enough", "standard is fine for both": said so, it is chosen whatever came before)
    chosen = next((m for m in rules.choose_after.finditer(text, a, b) if m.start() > a), None)
    stop = rules.object_end.search(text, a, chosen.start() if chosen else b)
    a, b = _strip(text, a, stop.start() if stop else chosen.start() if chosen else b, pack)
    if a >= b or b - a > rules.thing_chars:   # (a name, not a sentence)
        return None
    own = _name_words(text[a:b], pack)
    if not own:
        return None
    if not replying and not corrected and not chosen:
        return None
    for said_before, names in reversed(memory.lists):
        if memory.lookback and len(memory.order) - said_before > memory.lookback:
            break
        holding = _items_holding(own, names, pack)
        if holding:   # (the newest list naming it; two of its items holding the words name neither)
            return (a, b) if len(holding) == 1 else None
    return None


def _name_words(thing: str, pack: RulePack) -> list[str]:
    """The words naming ``thing``, accents folded: past determiners, pronouns and a headless end ("the
    xps 13": xps; "那个钢带的": 钢带)."""
    rules = pack.state
    return [w for w in words_of(_unaccented(thing.casefold()), pack.lang) if len(w) > 1 and w not in rules.pronouns
            and w not in rules.headless_ends and not rules.determiners.covers(w)]


def _items_holding(own: Sequence[str], names: Sequence[str], pack: RulePack) -> list[str]:
    """The listed names holding every word of ``own`` ("xps": "l-07 dell xps 13 9315"), none for no word."""
    if not own:
        return []
    return [n for n in names if all(w in (u := _unaccented(n)) and (not pack.spaced or _word_at(w, u, pack) >= 0)
                                    for w in own)]


def _names_an_item(text: str, names: Sequence[str], pack: RulePack) -> bool:
    """Whether ``text`` says a word of a listed name ("Should I go ahead with the XPS 13?")."""
    folded = _unaccented(text.casefold())
    return any(_word_at(w, folded, pack) >= 0 for name in names for w in _name_words(name, pack)
               if len(w) > 2 - (not pack.spaced))


@functools.lru_cache(maxsize=4096)
def _unaccented(text: str) -> str:
    """``text`` without its accents, as typed on a plain keyboard ("müller": muller)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _other_alternative(value: str, event: Event, events: list[Event] | tuple[Event, ...], memory: _Memory,
                       pack: RulePack) -> tuple[str, Span] | None:
    """What a change of no slot to one of two alternatives the assistant asked between replaces: the
    other, which the user chose since ("您是来店自取，还是需要我们送货？" "自取吧" … "改成送货吧"; "pick
    up in store or delivery?" "pickup is fine" … "make it delivery")."""
    rules, wanted = pack.state, value.casefold()
    here = next((i for i in range(len(events) - 1, -1, -1) if events[i] is event), len(events))
    for i in range(here - 1, -1, -1):
        if events[i].role != "assistant" or wanted not in events[i].text.casefold():
            continue
        text = events[i].text
        for a, b, _ in _sentences(text, pack):
            alt = rules.alternative.search(text, a, b)
            if alt is None:
                continue
            left, right = text[a:alt.start()].casefold(), text[alt.end():b].casefold()
            other, own = (left, right) if wanted in right else (right, left) if wanted in left else (None, "")
            if other is None:
                continue
            since = frozenset(e.id for e in events[i + 1:here] if e.role == "user")
            for word in reversed(words_of(other, pack.lang)):
                # (a word both sides hold names neither: "Belgard Holland Stone … or Belgard Catalina Grana")
                if (len(word) >= rules.own_word_chars and word.isalpha() and word not in memory.slot_stopwords
                        and _word_at(word, own, pack) < 0):
                    chosen = _chosen_alone(word, event.id, memory, pack, since)
                    if chosen is not None:
                        return chosen
    return None


def _verb_object(cue: str, event_id: str, memory: _Memory, pack: RulePack) -> tuple[str, Span] | None:
    """What a change of a verb's object replaces ("还是改学C1吧" after "想学自动挡C2"): the object
    that verb took in the user's newest clause saying it, asking nothing; up to a separator, at
    most ``untyped_value_chars`` long."""
    rules = pack.state
    verb = rules.change_verbs.get(cue.casefold())
    if not verb:
        return None
    for clause, span in reversed(memory.clauses):
        at = clause.casefold().rfind(verb)
        # (a question elsewhere in its message leaves the clause a statement: "想学自动挡C2，…离哪个训练场近啊")
        if at < 0 or span.event_id == event_id or pack.question.search(clause) or cue.casefold() in clause.casefold():
            continue
        start = rules.determiners.strip_run(clause, _past_value_leads(clause, at + len(verb), rules), len(clause),
                                            from_end=False)
        stop = pack.value_separator_of_words.search(clause, start)
        end = pack.filler.strip_run(clause, start, stop.start() if stop else len(clause), from_end=True)
        if start < end and end - start <= rules.untyped_value_chars:
            return clause[start:end], Span(span.event_id, span.start + start, span.start + end)
        return None
    return None


def _said_wrong(hit: re.Match[str], event_id: str, memory: _Memory, pack: RulePack) -> list[Transition]:
    """Words the user says they said, then what it is (``hit`` of ``[state] said_wrong``: "wait i
    said peanut, its tree nuts", "我刚说花生，其实是坚果"): in the newest earlier clause of the user's
    holding those words, they are replaced by the new ones, a thing no pattern types ("maya has a
    peanut allergy" had stayed current)."""
    old = hit.group("old").casefold()
    for clause, span in reversed(memory.clauses):
        at = _word_at(old, clause.casefold(), pack) if span.event_id != event_id else -1
        if at >= 0:
            return [Transition("", clause[at:at + len(old)], hit.group("new"), Span(event_id, *hit.span("new")),
                               Span(span.event_id, span.start + at, span.start + at + len(old)))]
    return []


def _listed_alongside(value: str, event: Event, events: list[Event] | tuple[Event, ...], memory: _Memory,
                      pack: RulePack, at: tuple[int, int] | None = None) -> tuple[str, Span] | None:
    """The thing a change to a thing of no slot replaces ("还是换成士卓曼稳妥点", "switch us to the
    Mediterranean Mezze"): of the newest list of the assistant's that offered it, the item the
    user named last since, in a clause that asked nothing ("那就用韩国奥齿泰吧", "the Smokehouse BBQ
    one sounds fun"). Things offered side by side are alternatives; the one taken is replaced. With
    ``at``, where the change's value is in its message: one the words before it name is the one
    ("powertrain only is a waste on a toyota. change it to the comprehensive one"), and one the words
    after it keep is not ("…, keep GAP")."""
    rules = pack.state
    wanted = rules.determiners.strip_run(value, 0, len(value), from_end=False)
    wanted = value[wanted:].strip().casefold()
    here = next((i for i in range(len(events) - 1, -1, -1) if events[i] is event), len(events))
    for i in range(here - 1, -1, -1):
        if events[i].role != "assistant":
            continue
        items = _list_names(events[i].text, pack)
        cores = [_core_name(item, pack) for item in items]

        def is_wanted(item: str, core: str) -> bool:   # ("catalina grana in the victorian color")
            return wanted in item or any(_word_at(form, wanted, pack) >= 0 for form in _short_forms(core, cores, pack))

        if not wanted or not any(is_wanted(item, core) for item, core in zip(items, cores)):
            continue
        # (a form the wanted item has too names neither: "上午" of "周日上午" is no other item for "上午那个")
        wanted_forms = {form for item, core in zip(items, cores) if is_wanted(item, core)
                        for form in _short_forms(core, cores, pack)}
        others = {form for item, core in zip(items, cores) if not is_wanted(item, core)
                  for form in _short_forms(core, cores, pack)} - wanted_forms
        if at is not None:
            def named(words: str) -> set[str]:
                return {name for name in others if _name_pattern(name, pack).search(words.casefold())}
            others = (named(event.text[:at[0]]) or others) - named(event.text[at[1]:])
        since = {e.id for e in events[i + 1:here] if e.role == "user"}
        # (… or, named by none since, the one the user wanted before the list, in a clause neither asking nor
        # negating: "i think we need a class A" … (Class A and Class C listed) … "scratch that, the class C 30 footer")
        before = {e.id for e in events[:i] if e.role == "user"}
        for clause, span in sorted(reversed(memory.clauses), key=lambda c: c[1].event_id not in since):
            if span.event_id not in since and (span.event_id not in before or next(
                    negations(clause, 0, len(clause), pack), None) is not None) or pack.question.search(clause):
                continue
            folded = clause.casefold()
            found = [m for name in others for m in _name_pattern(name, pack).finditer(folded)
                     if not _replaced_before(m.group(0), memory, pack)]
            if found:   # (the last named, in its longest form: "景观套房", not "观套房" in it)
                hit = max(found, key=lambda m: (m.end(), -m.start()))
                return clause[hit.start():hit.end()], Span(span.event_id, span.start + hit.start(), span.start + hit.end())
        # (… or taken as the assistant's proposal since: "I'd recommend the 1,000-mile pack ($349)" "ok do that" …
        # "switch to unlimited")
        offered = {e.id for e in events[i:here] if e.role == "assistant"}
        # (by a name's start, never by an ending another thing may share: "the 1,000-mile pack" is no "500-mile pack")
        starts = {form for item, core in zip(items, cores) if not is_wanted(item, core)
                  for form in _short_forms(core, cores, pack) if core.startswith(form)}
        for proposal, span, _ in reversed(memory.accepted):
            if span.event_id in offered:
                found = [m for name in starts for m in _name_pattern(name, pack).finditer(proposal.casefold())]
                if found:
                    hit = max(found, key=lambda m: (m.end(), -m.start()))
                    return proposal[hit.start():hit.end()], Span(span.event_id, span.start + hit.start(),
                                                                  span.start + hit.end())
                if span.event_id == events[i].id and not is_wanted(proposal.casefold(), _core_name(proposal.casefold(), pack)):
                    return proposal, span   # (the one the list's own message proposed, whatever its words)
        return None
    return None


def _name_pattern(name: str, pack: RulePack) -> re.Pattern[str]:
    """A listed name as said: whole words in a spaced script."""
    return re.compile(rf"\b{re.escape(name)}\b" if pack.spaced else re.escape(name))


def _list_names(text: str, pack: RulePack) -> tuple[str, ...]:
    """The names a message offers side by side, folded: a bulleted list's, each item's words up to
    its first separator or colon ("· 奥齿泰（韩国）：5,610元": 奥齿泰; "- Smokehouse BBQ, $44: brisket":
    smokehouse bbq), else those of a sentence naming alternatives (:func:`_prose_names`). Read once per
    text: each user clause may look back over every list offered."""
    return _lists_memo().get((pack.lang, id(pack), text),
                             lambda: tuple(_bulleted_names(text, pack) or _prose_names(text, pack)))


@functools.lru_cache(maxsize=1)
def _lists_memo() -> Memo:
    return Memo(load_settings()["stages.memo_size"])


def _prose_names(text: str, pack: RulePack) -> list[str]:
    """The names one sentence offers as alternatives, folded, each up to what is said of it
    ("Belgard Holland Stone at $34/sq ft (total $28,865) or Belgard Catalina Grana at $41/sq ft,
    vs travertine at $56": belgard holland stone, belgard catalina grana, travertine)."""
    rules = pack.state
    for a, b, _ in _sentences(text, pack):
        cuts = [(m.start(), m.end()) for m in rules.alternative.finditer(text, a, b)]
        if not cuts:
            continue
        # the first name starts after a colon, a proposing mark or a verb taking it ("可以选荷兰石或者…")
        begin = max([a, *(m.end() for lexicon in (pack.name_end, rules.proposal_mark.regex, rules.thing_verbs.regex)
                          for m in lexicon.finditer(text, a, cuts[0][0]))])
        names = []
        for x, y in zip([begin, *(end for _, end in cuts)], [start for start, _ in cuts] + [b]):
            x = rules.determiners.strip_run(text, x, y, from_end=False)
            stop = min([m.start() for m in (rules.object_end.search(text, x, y), pack.value_separator.search(text, x, y),
                                            _DIGIT.search(text, x, y)) if m] + [y])
            name = text[x:stop].strip(" ,，:：").casefold()
            if 1 < len(name) <= rules.untyped_value_chars and any(ch.isalpha() for ch in name):
                names.append(name)
        if len(names) > 1:
            return names
    return []


_BOLD = re.compile(r"\*\*([^*\n]+)\*\*")
_LONE_DIGIT = re.compile(r"(?<![A-Za-z0-9-])\d")   # a number's first digit, not one inside a code ("hx-t500")


def _bulleted_names(text: str, pack: RulePack) -> list[str]:
    """The names of a bulleted list's items (two or more), folded."""
    rules = pack.state
    names = []
    for line in re.finditer(r"[^\n]+", text):
        bullet = rules.list_item.match(line.group(0))
        if not bullet:
            continue
        item = line.group(0)[bullet.end():]
        if bold := _BOLD.match(item):   # (an item's bold opening is its name: "**Riese & Müller Nevo GT vario** – €35")
            if len(bold.group(1)) <= rules.thing_chars:
                names.append(bold.group(1).strip().casefold())
            continue
        stop = pack.value_separator.search(item)
        colon = pack.name_end.search(item)
        ends = [m.start() for m in (stop, colon) if m]
        name = item[:min(ends, default=len(item))].strip().casefold()
        # (its length is its core's: "江晖嘉苑 HZ-BJ-20417" is named 江晖嘉苑; too long, it is named by
        # its words before a number: "powertrain plus 5 yr/100k mi" is powertrain plus)
        # (not inside a model code it opens on: "hx-t500 steel belt traction" is named steel belt traction)
        # ("l-12 lenovo thinkpad p1 gen 5": lenovo thinkpad p1 gen)
        if len(_core_name(name, pack)) > rules.untyped_value_chars:
            if digit := _LONE_DIGIT.search(name):
                name = name[:digit.start()].strip()
            if (len(_core_name(name, pack)) > rules.untyped_value_chars
                    and len(parts := name.split(maxsplit=1)) == 2 and _DIGIT.search(parts[0])):
                name = parts[1]
        if 1 < len(_core_name(name, pack)) <= rules.untyped_value_chars:
            names.append(name)
    return names if len(names) > 1 else []


def _short_forms(name: str, names: Sequence[str], pack: RulePack) -> list[str]:
    """How a user may name a listed thing: by its name, or by an ending of it no other listed name
    shares, in a spaced script whole words ("精选大床房" as "大床房" beside "景观套房" and "家庭套房", "套房"
    naming neither; "belgard holland stone" as "holland stone" beside "belgard catalina grana"), or by
    its first words ("lakeshore" of "lakeshore ltl" beside "dixie line express"; "标准" of "标准套餐"
    beside "精选套餐")."""
    if pack.spaced:
        words = name.split()
        endings = [" ".join(words[k:]) for k in range(1, len(words))]
        beginnings = [" ".join(words[:k]) for k in range(1, len(words))]
    else:   # (never a cut inside a Latin word or a number: "60" of "tf-1460" names no frame)
        endings = [name[k:] for k in range(1, len(name) - 1)
                   if not (name[k - 1].isascii() and name[k - 1].isalnum() and name[k].isascii() and name[k].isalnum())
                   and any(ch.isalpha() for ch in name[k:])]
        words = words_of(name, pack.lang)
        beginnings = ["".join(words[:k]) for k in range(1, len(words))]
    shortest = 3 if pack.spaced else 2
    # (a determiner, a filler or a pronoun names no thing: "the" of "would you prefer the" had been found in
    # "my cat just walked on the keyboard")
    says_nothing = (pack.state.determiners, pack.filler)
    forms = [*(e for e in endings if len(e) > 1 and not any(other != name and other.endswith(e) for other in names)),
             *(b for b in beginnings if len(b) >= shortest and any(ch.isalpha() for ch in b)
               and not any(other != name and other.startswith(b) for other in names))]
    return [name, *(f for f in forms if f.casefold() not in pack.state.pronouns
                    and not any(lexicon.covers(f) for lexicon in says_nothing))]


def _core_name(name: str, pack: RulePack) -> str:
    """How a user names a listed thing: its first run of one script ("士卓曼blt亲水": 士卓曼), in a
    spaced script all of it ("smokehouse bbq")."""
    script = name[:1].isascii()
    core = "".join(takewhile(lambda ch: ch.isascii() == script, name)).strip()
    # (a number is no name: "1000英里套餐" is named whole)
    return core if len(core) > 1 and any(ch.isalpha() for ch in core) else name


def _proposed_change(text: str, start: int, end: int, offer_id: str, memory: _Memory,
                     pack: RulePack) -> list[Transition]:
    """A change from one value to another that an accepted proposal says ("要我把报名单从C2普通班改成
    C1 VIP周末班吗？" "好的"; "Want me to switch the plan from monthly to annual?" "yes"): the yes makes
    it. The old value is the user's newest mention of it when there is one ("那先报C2普通班吧"),
    else where the proposal names it; one replacing a thing ("replace the macarons with …") replaces
    the user's own words for it."""
    rules = pack.state
    gapped = rules.gapped_change.search(text, start, end)
    cue = None if gapped else rules.change.search(text, start, end)
    if gapped is None and cue is None or rules.change_from is None:
        return []
    slot_start, slot_end = _first_group(gapped) if gapped else _strip(text, start, cue.start(), pack)
    cue_end = gapped.end() if gapped else cue.end()
    origin = rules.change_from.search(text, slot_start, slot_end)
    replaced = gapped.groupdict().get("replaced") if gapped else None
    if origin is None and not replaced:
        return []
    new_start, new_end = _strip(text, cue_end, end, pack)
    stop = pack.value_separator_of_words.search(text, new_start, new_end)
    new_start, new_end = _strip(text, new_start, stop.start() if stop else new_end, pack)
    if origin is None:   # "…and replace the macarons with vanilla meringue kisses": a thing the user named
        said_alone = memory.said_alone(replaced.casefold(), "")
        if said_alone is None or new_end <= new_start:
            return []
        return [Transition("", said_alone[0], text[new_start:new_end], Span(offer_id, new_start, new_end), said_alone[1])]
    old = origin.group("old").strip()
    if new_end <= new_start or not old:
        return []
    said = next(((clause, span, at) for clause, span in reversed(memory.clauses)
                 if (at := clause.casefold().find(old.casefold())) >= 0), None)
    old_span = (Span(said[1].event_id, said[1].start + said[2], said[1].start + said[2] + len(old)) if said
                else Span(offer_id, *origin.span("old")))
    slot = _slot(text, slot_start, origin.start(), None, pack) if origin.start() > slot_start else ""
    return [Transition(slot, old, text[new_start:new_end], Span(offer_id, new_start, new_end), old_span)]


def _topic_restated(text: str, start: int, end: int, kept: Values, event_id: str, memory: _Memory,
                    pack: RulePack, prior: tuple[int, int, Values] | None, corrected: bool) -> list[Transition]:
    """A clause opening on a topic, or said right after a clause that is only one ("about the
    balance: 12 installments"), giving it a value ("分期那个，12期吧", "分期的话6期就行", "as for the
    loan, 20 years"), or, outside a correction, which tells its own old value ("no wait, … quarter to
    nine then for the shuttle"), a value said with its topic after it ("20 year term on the loan"):
    the value replaces the newest one of its kind (a count: of its unit) said in an earlier message
    naming the topic ("剩下的分6期" in "分期怎么弄？…", "prob the 25 year loan"). A topic never said
    with such a value is a condition ("下雨的话改到周日")."""
    rules = pack.state
    if rules.topic is None or not kept:
        return []
    opening = rules.topic.match(text, _strip(text, start, end, pack)[0], end)
    if opening is None and prior is not None and not prior[2]:
        whole = _strip(text, prior[0], prior[1], pack)
        opening = rules.topic.match(text, whole[0], whole[1])
        opening = opening if opening is not None and opening.end() >= whole[1] else None
    # (not one said of another thing, its own subject right before it: "re the freeze, … op is 8am thursday")
    told = [(opening.group("topic").strip(), value) for value in kept
            if value[0] >= opening.end() and (rules.topic_other is None
                                              or rules.topic_other.search(text[opening.end():value[0]]) is None)
            ] if opening is not None and opening.group("topic").strip() else []
    if rules.topic_after is not None and not corrected:
        told += [(after.group("topic").strip(), value) for value in kept
                 if (after := rules.topic_after.match(text, value[1], end)) is not None]
    made = []
    for said_topic, (a, b, kind) in told:
        topic = said_topic.casefold()
        new = text[a:b]
        unit = memory.unit(new) if kind == "quantity" else ""
        for (_, clause, message), value, span in reversed(memory.values.get(_FAMILY.get(kind, kind), [])):
            # (unspaced, a count may sit inside the topic's words: "分12期" names "分期")
            named = _word_at(topic, message, pack) >= 0 or not pack.spaced and topic in pack.number.sub("", clause)
            if (span.event_id == event_id or span in memory.replaced or not named
                    or unit and memory.unit(value) != unit):
                continue
            if value.casefold() != new.casefold():
                made.append(Transition(said_topic, value, new, Span(event_id, a, b), span))
            break
        else:
            made += _topic_words_restated(said_topic, new, Span(event_id, a, b), memory, pack)
    return made


def _topic_words_restated(topic: str, new: str, span: Span, memory: _Memory, pack: RulePack) -> list[Transition]:
    """A topic given a value whose earlier clause said it in words of no kind ("lunch plan every day
    for both" … "lunch plan, 3 days a week then"): those words, up to a separator, are the value
    replaced, in the newest earlier clause of the user's that opens on the topic and asks nothing."""
    folded = topic.casefold()
    for clause, said in reversed(memory.clauses):
        if said.event_id == span.event_id or said.event_id in memory.asking:
            continue
        x = _strip(clause, 0, len(clause), pack)[0]
        if not clause.casefold().startswith(folded, x) or pack.question.search(clause):
            continue
        x += len(topic)
        stop = pack.value_separator_of_words.search(clause, x)
        y = _strip(clause, x, stop.start() if stop else len(clause), pack)[1]
        x = _SPACES.match(clause, x).end()
        words = clause[x:y]
        # (words that forbid are no value: "钢琴先别报价" … "钢琴那个当时买的一万二" replaces nothing)
        if (sum(ch.isalnum() for ch in words) < 2 or words.casefold() == new.casefold()
                or next(negations(clause, x, y, pack), None) is not None):
            return []
        return [Transition(topic, words, new, span, Span(said.event_id, said.start + x, said.start + y))]
    return []


def _counts_accepted(text: str, start: int, end: int, offer_id: str, event_id: str, memory: _Memory, pack: RulePack,
                     read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> list[Transition]:
    """A count of things an accepted proposal names ("Shall I re-run the estimate with … two
    batteries …?" "yes"): it replaces the user's newest count of the same things, said unsure or
    not ("probably just one battery"); the same number in other words is no change, an amount, the
    party, a range or a measure no count of things."""
    def counted(value: str, said: str, after: int) -> str:
        # unspaced, a measure word counts the word after it ("一块电池", not "22块板"), else it measures
        # ("游玩时长1小时" is what a place offered has, no count of things); spaced, the unit is the thing
        unit = memory.unit(value)
        if unit in pack.magnitudes:   # measured, not counted: "320 sq ft", "80升"
            return ""
        if pack.spaced or not unit:
            return unit
        word = said[after:word_end(said, after + 1, pack.lang)]
        if unit in memory.currencies and len(word) < 2:   # "20元的" is money, "两块电池" two batteries
            return unit
        return unit + word if word.isalpha() else ""

    # (a count the proposal says it replaces is the old one: "六人帐1顶…（替换原来的四人帐）")
    replaced_from = [cue.end() for cue in pack.state.instead.finditer(text, start, end)]
    counts = []
    for _, _, kept in read(text[start:end]):
        for a, b, kind in kept:
            value = text[start + a:start + b]
            if any(at <= start + a and not pack.value_separator_of_words.search(text, at, start + a) for at in replaced_from):
                continue
            unit = counted(value, text, start + b) if kind == "quantity" and not _inside_another(a, b, kept) else ""
            if unit and unit not in memory.currencies and unit != _PARTY:
                counts.append((a, b, kind, value, unit))
    numbers: dict[str, set[str]] = {}
    for *_, value, unit in counts:
        numbers.setdefault(unit, set()).add(value.casefold())

    made = []
    for a, b, kind, value, unit in counts:
        # (one said unsure too: "probably just one battery")
        previous = next(((v, span, clause) for (_, clause, message), v, span in reversed(memory.values.get(kind, []))
                         if span.event_id != event_id and span not in memory.replaced
                         and counted(v, message, span.end) == unit), None)
        if previous is not None and len(numbers[unit]) > 1:
            # (a unit counted twice, with two numbers, counts two things: the one on a line sharing a word with the
            # count's own clause replaces it, "Mia … (45 min)" the "30 min for mia"; Leo's "(30 min)" no count of Mia's)
            stop = text.find("\n", start + b, end)
            line = text[text.rfind("\n", start, start + a) + 1:stop if stop >= 0 else end]
            if not _own_words(line, [value], memory, pack, names=True) & set(words_of(previous[2], pack.lang)):
                continue
        # (one number each: a range asked for, "0.2小时 - 0.3小时", is met by what is offered, not replaced)
        if (previous and not _same_count(previous[0], value, pack)
                and len(memory.number.findall(previous[0])) == len(memory.number.findall(value)) == 1
                and count_of(previous[0], pack) is not None):   # ("1 to 2 hours": one number of no count)
            made.append(Transition(kind, previous[0], value, Span(offer_id, start + a, start + b), previous[1]))
    return made


def _day_offered_instead(text: str, start: int, end: int, offer_id: str, event_id: str, memory: _Memory,
                         pack: RulePack, read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> list[Transition]:
    """A day an accepted proposal names, answering a question of the user's message before that
    asked for another day ("any chance you can start june 1?" … "The week of June 1 is booked … I'd
    hold June 7–11. Want me to?" "ok do that"): it replaces the day asked for, which was not to be
    had ("start june 1" had read as still wanted). The same day, a day only said beside the
    question ("My flight lands Friday, can you book a dinner?"), or a stretch of days a proposal
    meets ("那月底前能戴上吗" … "9月18日周六先做检查"), is none."""
    before = max((e for e, n in memory.order.items() if n < memory.order.get(event_id, -1)),
                 key=lambda e: memory.order[e], default=None)
    if before is None or before not in memory.asking:
        return []

    def asks(message: str, span: Span) -> bool:   # the value's sentence asks
        stop = pack.sentence_end.search(message, span.end) if pack.sentence_end else None
        mark = message[stop.start():stop.end()].strip()[:1] if stop else ""
        return mark in pack.state.question_marks or any(
            c.event_id == before and c.start <= span.start and span.end <= c.end and pack.question.search(clause)
            for clause, c in memory.clauses)

    asked = [(value, span, texts[2]) for texts, value, span in memory.values.get("time", []) if span.event_id == before
             and span not in memory.replaced and memory.names_day(value) and memory.single_day(value)
             and asks(texts[2], span)]
    days = [(a, b) for _, _, kept in read(text[start:end]) for a, b, kind in kept
            if _FAMILY.get(kind, kind) == "time" and memory.names_day(text[start + a:start + b])]
    if len(asked) != 1 or not days:
        return []
    old, old_span, message = asked[0]
    # (a day of the user's the asking message turned down is what the day taken replaces: "the 15th i reckon" …
    # "the 15th won't work. can it be monday the 21st?" … "Tuesday 22 December …? " "yes do that")
    refused = _refused_day(message, old_span.start, pack)
    old, old_span = next(((value, span) for _, value, span in reversed(memory.values.get("time", []))
                          if refused and span.event_id != before and span not in memory.replaced
                          and memory.same_day(value, refused)), (old, old_span))
    old_day = memory.day_of(old, memory.now) if memory.now else None
    # (of the days a plan names, the day asked for is the one it answers with: "安装下周三行不行" … "送货：后天…；
    # 安装：2027年1月27日（周三）上午 9:00–12:00" had replaced 下周三 by the delivery's 后天)
    # (… else the one naming its date: "Saturday afternoon works: I can move you to Saturday 18 September at 13:00")
    offered = next(((a, b) for a, b in days if old_day is not None and memory.day_of(text[start + a:start + b], memory.now) == old_day),
                   next(((a, b) for a, b in days if names_a_date(text[start + a:start + b], pack.lang, pack)), days[0]))
    value = text[start + offered[0]:start + offered[1]]
    if names_one_day(old, value, pack.lang, pack) or old.casefold() in value.casefold():
        return []
    return [Transition("time", old, value, Span(offer_id, start + offered[0], start + offered[1]), old_span)]


def _thing_accepted(text: str, start: int, end: int, offer_id: str, event_id: str, memory: _Memory,
                    pack: RulePack, events: Sequence[Event]) -> list[Transition]:
    """A thing an accepted proposal names with its determiner ("I'd suggest the 40-foot high-cube
    container: …" "yes do it"): it replaces the thing the user took before with the same head, in a
    clause that asked nothing ("shared container is prob fine"), as a thing revised does."""
    rules = pack.state
    lead = rules.thing_leads.regex.match(text, start)
    # (a word of its own: not "That's also a PT day")
    lead = lead if lead and (not pack.spaced or text[lead.end():lead.end() + 1].isspace()) else None
    stop = pack.value_separator_of_words.search(text, start, end)
    colon = pack.name_end.search(text, start, end)
    # (its name ends where what is said of it starts: "a room for you and your wife" is a room)
    said_of = rules.object_end.search(text, lead.end(), end) if lead else None
    thing_end = min([p for p in (stop.start() if stop else -1, colon.start() if colon else -1,
                                 said_of.start() if said_of else -1) if p > start] or [end])
    value = text[lead.end() if lead else start:thing_end].strip()
    head = _head(value, pack)
    if lead is None or not head or len(value) > rules.thing_chars:
        return []
    # (a thing asked for is met by the one offered, not replaced: "I do need to book a train …")
    said = _thing_with_head(head, event_id, memory, pack, lambda clause, span: bool(
        pack.question.search(clause) or _asked_at(span, events, pack)
        or pack.request is not None and pack.request.search(clause)))
    if said is None:
        return []
    old, old_span, _ = said
    # (a thing, no value: "it's 6 hours a day" is no thing a "…day" replaces)
    if not old or old.casefold() == value.casefold() or old.casefold() in value.casefold() or any(
            ch.isdigit() for ch in old):
        return []
    offset = text.find(value, start)
    return [Transition("", old, value, Span(offer_id, offset, offset + len(value)), old_span)]


def _time_moved(text: str, start: int, end: int, offer_id: str, event_id: str, memory: _Memory, pack: RulePack,
                read: Callable[[str], tuple[tuple[int, int, Values], ...]], transitions: list[Transition]) -> list[Transition]:
    """A time an accepted proposal moves a thing to ("改到下周吧" … "建议改到9月21日（周二）15:00 …要这样改
    吗？" "行"; "I'd go with Wednesday, March 3. … Should I move the booking there?" "yeah do it"): it
    replaces the day booked (the newest a change set), else the time the user's change set, as the
    user's own change would, never a day the user turned down. A day the user's current times name
    already is no move, the proposal only says it closer ("周五晚上6点以后" … "把取车改为6月16日（周五）
    18:00-21:00"): the user's words stay, the accepted proposal beside them."""
    cue = pack.state.change.search(text, start, end)
    if cue is None:
        # (… or the question after it asks the move of the time it named: "I'd go with Wednesday,
        # March 3. … Should I move the booking there?")
        asked = next(((a, b) for a, b, mark in _sentences(text, pack) if b > end and mark in pack.state.question_marks), None)
        if (asked is None or asked[0] < end or pack.state.move_asked.search(text, *asked) is None
                or any(_FAMILY.get(k, k) == "time" for _, _, kept in read(text[slice(*asked)]) for _, _, k in kept)):
            return []
    after = cue.end() if cue is not None else start   # (where the time moved to is said)
    # (what is moved is what was booked: the newest day a change set, still current, "Thursday 1 April
    # at 18:30" accepted, not "the 2nd" of the trip the user gave as the reason since)
    booked_by = next((t for t in reversed(transitions) if memory.names_day(t.new)
                      and not any(u.old_span == t.span for u in transitions)), None)
    booked = (booked_by.new, booked_by.span) if booked_by else None
    named = memory.keys(text[start:cue.start()]) if cue is not None else ()
    if booked_by and named and memory.keys(booked_by.slot) and not set(named) & set(memory.keys(booked_by.slot)):
        return []   # (a move of another thing than the one booked: "把除甲醛改到5月27日…" moves no 开荒)
    moved_to = next(((after + a, after + b) for _, _, kept in read(text[after:end]) for a, b, kind in kept
                     if _FAMILY.get(kind, kind) == "time"), None)
    if moved_to is None or not covered(text, after, moved_to[0], (pack.filler, pack.lead)):
        return []   # (the time right after the cue: "改到下午，3点那个医生没空" moves to no 3 o'clock)
    value = text[slice(*moved_to)]
    day = memory.day_of(value, memory.now) if memory.now else None
    if day is None:
        return []
    turned = {span for (lead, _, _), _, span in memory.values.get("time", [])
              if next(negations(lead, 0, len(lead), pack), None) is not None}
    # (… unless the user turned its clock down since: "后天上午10点可以吗" … "10点不行 … 能改下午吗" … "建议改到
    # 2026年12月11日（周五）14:00" moves it)
    clocks_turned = [said.casefold() for _, said, span in memory.values.get("time", [])
                     if span in turned and memory.names_clock(said) and not memory.names_day(said)]
    on_day = [(said, span) for _, said, span in memory.values.get("time", [])
              if span not in memory.replaced and memory.day_of(said, memory.now) == day]
    # (… nor when the day booked is another: "can we do sunday the 17th instead?" … "I can move you to Saturday 16
    # January at 13:00" moves the booking, whatever else the user said of that Saturday, a brunch)
    if (not booked or memory.day_of(booked[0], memory.now) in (day, None)) and any(
            not any(c in said.casefold() for c in clocks_turned) for said, _ in on_day):
        return []
    previous = booked or (on_day[-1] if on_day else memory.previous("time", "", value, event_id))
    if previous is None or previous[1] in turned:
        # (a day the user turned down is no time a thing is moved from: "NOT monday the 1st, no work
        # on the 1st" … "Should I move the booking there?" moves the day booked, the user's or what
        # an accepted proposal made of it)
        previous = _current_of(next(((said, span) for _, said, span in reversed(memory.values.get("time", []))
                                     if span not in turned and span not in memory.supposed and span not in memory.reasons
                                     and span not in memory.hedged and memory.names_day(said)), None), transitions)
    if previous is None or previous[0].casefold() == value.casefold():
        return []
    return [Transition("time", previous[0], value, Span(offer_id, *moved_to), previous[1])]


def _id_switched(text: str, start: int, end: int, offer_id: str, memory: _Memory, pack: RulePack,
                 read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> list[Transition]:
    """An accepted proposal changing to an id of the scheme of one the user took before ("ok put the
    HB-200 for now" … "I'd suggest switching to the HB-350 full-electric bed" "ok do that"): it
    replaces that one (a model, a plan's code). Without a change word it only names another thing
    ("Shall I refund ORD-5530?" replaces no ORD-5521)."""
    rules = pack.state
    if not (rules.change.search(text, start, end) or rules.gapped_change.search(text, start, end)):
        return []
    new = next(((start + a, start + b) for _, _, kept in read(text[start:end]) for a, b, kind in kept if kind == "id"), None)
    if new is None:
        return []
    value = text[slice(*new)]
    old = next(((v, span) for _, v, span in reversed(memory.values.get("id", []))
                if span not in memory.replaced and id_shape(v) == id_shape(value) and v.casefold() != value.casefold()),
               None)
    return [Transition("", old[0], value, Span(offer_id, *new), old[1])] if old else []


def _asked_at(span: Span, events: Sequence[Event], pack: RulePack) -> bool:
    """Whether the clause at ``span`` ends on a question mark ("is a shared container cheaper?")."""
    said = next((e.text for e in reversed(events) if e.id == span.event_id), "")
    return said[span.end:].lstrip()[:1] in pack.state.question_marks


def _past_wanted_by(text: str, start: int, end: int, pack: RulePack) -> int:
    """Past the words saying who wants a thing, before it ([state] wanted_by: "he just told me he
    wants Boston College", "他更想要的波士顿学院"): the thing starts after the last of them."""
    wanted = [m.end() for m in pack.state.wanted_by.finditer(text, start, end)]
    if not wanted:
        return start
    at = _SPACES.match(text, wanted[-1]).end()
    at = pack.state.determiners.strip_run(text, at, end, from_end=False)
    return at if at < end else start


def _past_value_leads(text: str, pos: int, rules: StateRules) -> int:
    """Past the words between a slot's name and its value ("颜色要奶咖色", "要朝南的双人间": one
    character leads here, where a lexicon would take it for the start of a word)."""
    pos = _SPACES.match(text, pos).end()
    while (lead := rules.value_leads.regex.match(text, pos)):
        pos = _SPACES.match(text, lead.end()).end()
    return pos


def _head(words: str, pack: RulePack) -> str:
    """The head of a thing's name: its last word of three letters or more, hyphened whole ("one
    trade-off" is no "off"), or, unspaced, the last character of a compound ("单人间": 间), none for a
    word naming no noun ("白的", "the white one")."""
    words = words.strip().casefold()
    last = re.search(r"(?<![a-z-])(?:[a-z]+-)*[a-z]{3,}$", words)
    if last or pack.spaced:
        return last.group(0) if last and last.group(0) not in pack.state.headless_ends else ""
    return words[-1] if words and words[-1].isalpha() and not words.endswith(pack.state.headless_ends) else ""


def _first_group(match: re.Match[str]) -> tuple[int, int]:
    """The slot of a gapped change: its first group that matched (the rule pack's pattern
    has one alternative per word order)."""
    return next((match.span(i) for i in range(1, match.re.groups + 1) if match.group(i)),
                (match.start(), match.start()))


def _negated(text: str, start: int, cue_start: int, pack: RulePack) -> bool:
    """"don't book yet": a decision cue right after a negation is no decision."""
    return _just_after(pack.negation, text, start, cue_start, pack)


def _forbidden(text: str, start: int, cue_start: int, pack: RulePack) -> bool:
    """"Don't change it to Friday", "千万别改成周五": a change cue right after a prohibition's is
    none ("能不能放宽到95" asks for one); a word negating things right before it negates no verb
    ("actually no make that 6": a "no", its comma left out)."""
    return any(hit.group().casefold() in pack.prohibition for hit in negations(text, start, cue_start, pack)
               if _close_before(text, hit.end(), cue_start, pack)
               and not (hit.group().casefold() in pack.state.thing_negations and not text[hit.end():cue_start].strip()))


def _just_after(words: Lexicon, text: str, start: int, cue_start: int, pack: RulePack) -> bool:
    """One of ``words`` stands at most ``negation_gap`` chars before the cue, in its sentence."""
    return any(_close_before(text, word.end(), cue_start, pack) for word in words.finditer(text, start, cue_start))


def _close_before(text: str, end: int, cue_start: int, pack: RulePack) -> bool:
    gap = text[end:cue_start]
    return len(gap) <= pack.state.negation_gap and not pack.state.gap_breaks.search(gap)


def _apposed(text: str, end: int, after: tuple[int, int, "Values"] | None,
             pack: RulePack) -> tuple[int, int, str] | None:
    """The next clause of the sentence when it opens on its one value ("改成我家吧，闵行区莲花路12号",
    "make it my home instead: 12 Elm Road, Cambridge": the address is what home is), when a
    change's own words hold none; the clause's words after the value go with it ("Cambridge")."""
    if after is None or (pack.sentence_end is not None and pack.sentence_end.search(text, end, after[0])):
        return None
    start, stop, values = after
    # (a count or a price says how many or how much of the thing, not what it is: "那换成鹭岛经典吧
    # 两个外景的那个" had become "[quantity] 两个外景的那个")
    if len(values) != 1 or any(ch.isalnum() for ch in text[start:values[0][0]]) or values[0][2] in ("quantity", "money"):
        return None
    while stop > values[0][1] and not text[stop - 1].isalnum():
        stop -= 1
    return values[0][0], stop, values[0][2]


def _value_kind(value: str, pack: RulePack) -> str | None:
    for kind in _VALUE_KINDS:
        if any(regex.search(value) for regex in pack.patterns.get(kind, ())):
            return kind
    return None


Values = tuple[tuple[int, int, str], ...]       # (start, end, kind) of the values in a clause
_SPACES = re.compile(r"\s*")
_SIGN = re.compile(r"\s*[-+−$€£¥]?")   # spaces, and a sign or currency a number may open with
_NOTHING = re.compile("")   # a cue said before a clause, as a hit at its start
_DIGIT = re.compile(r"\d")   # a name offered ends before a number said of it ("荷兰石每平34美元")


def _outermost(found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The values not inside another of their kind, in one sweep (a long clause holds many),
    and none inside a time or days, nor a count starting in a time ("12 week" of "the jul 12 week"):
    "4:30" and "30 pm" are no values of their own in "at 4:30 pm",
    nor "周一" in "周一到周五", nor the digits of an id ("448120937" of "DDP-448120937" is no phone); of
    one span read as two kinds, the kind listed first ("4 pm" is a time, not a quantity). A
    value inside one of another kind stays ("3000元" in "预算3000元" is what a change names),
    but for an id ("whitfield88" of an e-mail address is part of it)."""
    kept: list[tuple[int, int, str]] = []
    reach: dict[str, int] = {}
    spans: set[tuple[int, int]] = set()
    for a, b, kind in sorted(set(found), key=lambda v: (v[0], -v[1], _VALUE_KINDS.index(v[2]))):
        if kind == "id" and max(reach.values(), default=-1) >= b:
            continue
        if kind == "quantity" and a < reach.get("time", -1):
            continue   # its number is a day's: "the jul 12 week" counts no weeks
        if (reach.get(kind, -1) < b and reach.get("time", -1) < b and reach.get("days", -1) < b
                and reach.get("id", -1) < b and (a, b) not in spans):
            kept.append((a, b, kind))
            spans.add((a, b))
        reach[kind] = max(reach.get(kind, -1), b)
    return kept


def _bounded(change: Transition, text: str, memory: _Memory, pack: RulePack) -> Transition:
    """A change between the same amount said with other limits ("价位在1000元以内" … "价格在1000元以上",
    "under $1000" … "over $1000") takes the limits into its values: without them its line said
    nothing had changed ("[金额] 价位在1000元 → 价格在1000元")."""
    amounts = [[m.group(0) for m in pack.number.finditer(v)] for v in (change.old or "", change.new)]
    if change.old_span is None or amounts[0] != amounts[1] or not amounts[1]:
        return change
    said = next(((clause, span) for clause, span in reversed(memory.clauses) if span.event_id == change.old_span.event_id
                 and span.start <= change.old_span.start and change.old_span.end <= span.end), None)
    if said is None:
        return change
    clause, where = said
    a, b = _with_bound(clause, change.old_span.start - where.start, change.old_span.end - where.start, pack)
    x, y = _with_bound(text, change.span.start, change.span.end, pack)
    if clause[a:b].casefold() == text[x:y].casefold():
        return change
    return replace(change, old=clause[a:b], new=text[x:y], span=Span(change.span.event_id, x, y),
                   old_span=Span(where.event_id, where.start + a, where.start + b))


def _with_bound(text: str, a: int, b: int, pack: RulePack) -> tuple[int, int]:
    """An amount with the limit word right after or before it ("1000元以内" … "1000元以上", "under
    $1000" … "over $1000"): which side of it holds is part of the value a change replaces (a
    line "[金额] 价位在1000元 → 价格在1000元" said nothing had changed)."""
    words = sorted(pack.limits | set(pack.state.limits.kinds), key=len, reverse=True)
    rest = text[b:b + pack.state.bound_chars]
    gap = len(rest) - len(rest.lstrip())
    rest = rest[gap:].casefold()
    word = next((w for w in words if rest.startswith(w) and not (pack.spaced and rest[len(w):len(w) + 1].isalnum())), "")
    if word:
        b += gap + len(word)
    head = text[max(0, a - pack.state.bound_chars):a]
    gap = len(head) - len(head.rstrip())
    head = head[:len(head) - gap].casefold()
    word = next((w for w in words if head.endswith(w) and not (pack.spaced and head[-len(w) - 1:-len(w)].isalnum())), "")
    if word:
        a -= gap + len(word)
    return a, b


def read_clauses(text: str, pack: RulePack) -> tuple[tuple[int, int, Values], ...]:
    """A text's clauses and the values each holds: what the walk needs of a text alone."""
    clauses = []
    for start, end, hits in clause_hits(text, pack):   # the fact stage's reading of the same text
        found = []
        # a birth date, the first date after a birth word, is no time anything is set for: only a
        # correction naming it replaces it ("DOB 4/11/1979" had been the newest time a revision
        # replaced; "出生日期1979年4月11日")
        births = {min((a for kind, a, _ in hits if _FAMILY.get(kind, kind) == "time" and hit.end() <= a <= hit.end() + pack.state.born_chars),
                      default=-1) for hit in pack.state.born.finditer(text, start, end)}
        for kind, a, b in hits:
            # "那天", "that day" only point at a day said before: no value to set or replace
            if kind not in _VALUE_KINDS or kind == "time" and points_back(text[a:b], pack.lang, pack):
                continue
            kind = "born" if _FAMILY.get(kind, kind) == "time" and a in births else kind
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            found.append((a, b, kind))
        values: list[tuple[int, int, str]] = []
        for a, b, kind in sorted(_outermost(found)):
            # a day and the time of day right after it are one time ("12号早上七点多": the patterns
            # read "12号" and "早上七点多", and a change took the day alone; "下周日中午 11点半", a space between)
            if (values and kind == "time" == values[-1][2] and not text[values[-1][1]:a].strip()
                    and names_a_day(text[values[-1][0]:a], pack.lang, pack) and not names_a_day(text[a:b], pack.lang, pack)):
                values[-1] = (values[-1][0], b, kind)
            else:
                values.append((a, b, kind))
        clauses.append((start, end, tuple(values)))
    return tuple(clauses)


@dataclass
class Walked:
    """Where the walk over a prefix stands after its first ``count`` events: a later call whose
    prefix begins with the same events goes on from here (the walk links turns, so it was redone
    over the whole prefix on every call of a growing conversation)."""

    memory: _Memory
    count: int = 0
    decisions: list[Decision] = field(default_factory=list)
    transitions: list[Transition] = field(default_factory=list)
    open_items: list[OpenItem] = field(default_factory=list)
    last_event: Event | None = None
    pending: Event | None = None   # the assistant's message the user asked about: an offer not yet taken
    pending_question: str = ""     # … and what the user asked of it
    offers: list[Event] = field(default_factory=list)   # the assistant's last messages, newest last
    # a time (or a count of a unit) the user's last question gave a slot ("can the nurse come
    # thursday at 11?"): its event and words, the words naming its slot, the value's span and kind,
    # and whether the question offered it for the current one ("How about 12:15?"); the next
    # message, done, changes the slot
    requested: tuple[str, str, str, int, int, str, bool] | None = None
    # the counts and amounts the user's last message gave that changed nothing ("三颗都得种"): its
    # event and words, each value's span and kind; an answer saying the slot was changed to one
    # of them ("改成三颗…") makes it the slot's new value
    told: tuple[str, str, Values] | None = None
    # the current values the user's last message turned down with nothing put in their place ("说23号太晚了
    # 非要早点走"): a value chosen in the next one replaces them
    turned_down: dict[str, tuple[str, Span]] = field(default_factory=dict)


def _copied(value: object) -> object:
    """A walk's container, copied as deep as the walk changes it in place (a dict's lists too)."""
    if isinstance(value, dict):
        return {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
    return value.copy() if isinstance(value, (list, set)) else value


def fork(walked: Walked) -> Walked:
    """A walk that goes on apart from this one: the messages after a prefix are walked for what
    they change of it, and the prefix's walk stays where it is for the next call to resume."""
    memory = replace(walked.memory, **{f.name: _copied(getattr(walked.memory, f.name)) for f in fields(_Memory)
                                       if f.init})
    return replace(walked, memory=memory, **{f.name: _copied(getattr(walked, f.name)) for f in fields(Walked)
                                             if f.name != "memory"})


def new_walk(pack: RulePack, lookback: int | None = None, reach: int | None = None,
             bare_scale: float | None = None, alike: float | None = None) -> Walked:
    """A walk from the first event; ``bare_scale`` is ``stages.state_bare_number_scale``, ``alike``
    ``stages.state_typo_similarity`` (the default config's when not given)."""
    if bare_scale is None:
        bare_scale = load_settings()["stages.state_bare_number_scale"]
    if alike is None:
        alike = load_settings()["stages.state_typo_similarity"]
    return Walked(_Memory(lookback, pack.approximate_number, lambda time: names_a_day(time, pack.lang, pack),
                          pack.state.currencies, names_clock=lambda time: names_a_clock(time, pack.lang, pack),
                          kinds=lambda time: time_kinds(time, pack.lang, pack),
                          same_day=lambda one, other: names_one_day(one, other, pack.lang, pack),
                          day_within=lambda one, other: day_within(one, other, pack.lang, pack),
                          single_day=lambda time: single_day(time, pack.lang, pack),
                          month_long=lambda time: a_month_or_more(time, pack.lang, pack),
                          day_of=lambda time, now: day_of(time, pack.lang, now, pack),
                          told_as_past=lambda before, time, after: (gone_by(time, pack.lang, pack)
                                                                     or said_as_past(before, after, pack.lang, pack)),
                          weekdays=lambda days: weekdays_of(days, pack),
                          count=lambda value: max((n for m in pack.number.finditer(value)
                                                   if (n := count_of(m.group(), pack)) is not None), default=None),
                          bare_scale=bare_scale, alike=alike,
                          headcounts=pack.state.headcounts, magnitudes=frozenset(pack.magnitudes), lang=pack.lang,
                          bounds=frozenset(b.replace(" ", "") for b in pack.limits), headcount_slots=pack.state.headcount_slots,
                          unit_forms=pack.state.unit_forms,
                          slot_key_forms=pack.state.slot_key_forms,
                          slot_stopwords=pack.state.slot_stopwords,
                          kind_names=_kind_names(pack),
                          sentence_end=pack.sentence_end, reach=reach,
                          as_place=lambda clause, start, end: _as_place(clause, start, end, pack),
                          of_some=lambda text, start, end: _of_some(text, start, end, pack),
                          hour_leads=pack.state.hour_leads, rate=pack.state.rate))


def _as_place(text: str, start: int, end: int, pack: RulePack) -> bool:
    """Whether the name at ``text[start:end]`` is said as a place, what is on or in it ("蛋糕上写…",
    "on the cake write …"): no value of it follows, and it is no thing said alone."""
    rules = pack.state
    if rules.place_after_name.regex.match(text, end):
        return True
    before = rules.determiners.strip_run(text, 0, start, from_end=True)
    before = len(text[:before].rstrip())
    return any(hit.end() == before for hit in rules.place_before_name.finditer(text, 0, before))


def extract_state(events: list[Event] | tuple[Event, ...], pack: RulePack,
                  read: Callable[[str], tuple[tuple[int, int, Values], ...]] | None = None,
                  lookback: int | None = None, walked: Walked | None = None,
                  now: datetime | None = None, reach: int | None = None) -> StageResult:
    """Decisions, value transitions and authorisation items over user events, in order.
    ``read`` gives a text's clauses and values (``read_clauses``, or a memo of it); ``walked``,
    the walk over the first ``walked.count`` of these events, goes on and is left at their end;
    with ``now``, an accepted proposal carries the times it names, resolved."""
    rules = pack.state
    read = read or (lambda text: read_clauses(text, pack))
    walked = walked if walked is not None else new_walk(pack, lookback, reach)
    memory, decisions, transitions, open_items = walked.memory, walked.decisions, walked.transitions, walked.open_items
    memory.now = now

    last_event = walked.last_event
    for event in events[walked.count:]:
        asked_by, last_event = last_event, event
        if event.role == "assistant":
            walked.offers = [*walked.offers, event][-rules.offer_reach:]
            # (read for lists only where one may be: lines, or a word offering alternatives)
            if (("\n" in event.text or rules.alternative.search(event.text))
                    and len(names := _list_names(event.text, pack)) > 1):
                memory.lists.append((len(memory.order), names))
            if event.text.strip():   # (a message only calling tools answers nothing yet)
                requested, walked.requested = walked.requested, None
                told, walked.told = walked.told, None
                early = min(len(event.text), rules.moved_within)
                if requested is not None and (rules.done_opening.regex.match(event.text.lstrip())
                                              or rules.done_said.search(event.text, 0, early)):
                    moved = rules.moved.search(event.text, 0, early) is not None
                    transitions.extend(_done_as_asked(requested, memory, moved))
                elif told is not None:
                    transitions.extend(_changed_as_told(told, event.text, rules, memory))
                elif event.tool_calls:
                    # (saying what it is about to do, then calling the tool: the answer that did it comes
                    # after the result, "没问题，再改一次……" then "改好了，这周六(3月13日)上午")
                    walked.requested = requested
        if event.role != "user":
            continue
        made = len(transitions)
        memory.order[event.id] = len(memory.order)
        text = event.said  # what the user decided, not what an attached document says
        if _opens_new_task(text, pack):
            memory.begin_task()
        folded_text = text.casefold()
        offer = asked_by
        proposal = _accepted_proposal(asked_by, text, pack, read) if asked_by is not None else None
        if proposal is not None and rules.alternative.search(asked_by.text, *proposal):
            # "I'd lean Ferro & Vine or Osteria Lucca" … "Ferro & Vine looks great": the one named
            proposal = _accepted_by_name(asked_by.text, text, pack, first=True) or proposal
        asks = pack.question.search(text) is not None
        # (what the pending offer proposes is read only for a yes)
        pending = (_proposal(walked.pending.text, pack, read) if proposal is None and walked.pending is not None
                   and not asks and _accepts(text, pack, walked.pending.text) else None)
        if (pending is not None
                and (_commits(text, pack) or asked_by is not None and asked_by.role == "assistant"
                     and covered(text, 0, len(text), (pack.filler, rules.accept)) and (
                         _restates(asked_by.text, walked.pending.text[pending[0]:pending[1]], read)
                         or _tells_again(walked.pending.text[pending[0]:pending[1]], asked_by.text,
                                         walked.pending_question, memory, pack)))):
            # "I'd suggest $30,000 for 7 days." "Does the freeze block wires too?" "No, …"
            # "Sounds good, set that up": the offer the user only asked about is what the yes
            # takes; "好的", "ok thanks" only acknowledge the answer, unless it told of the offer
            # again and the yes says nothing else ("The Rachio 3 runs the lawn and the drip zones …"
            # "sounds good"; "好吧，那就加导航" takes another thing)
            offer, proposal = walked.pending, pending
        if proposal is None and not asks:
            # "The T-Roc sounds good, book it", questions about other things since it was offered
            offer, proposal = next(((o, p) for o in reversed(walked.offers) if o is not asked_by
                                    for p in [_accepted_by_name(o.text, text, pack)] if p), (offer, None))
        if (proposal is None and not asks and asked_by is not None and asked_by.role == "assistant"
                and not any(mark in asked_by.text for mark in rules.question_marks)
                and _commits(text, pack) and _accepts(text, pack, asked_by.text)):
            # "好的就这个，我爸就按这个加" after an answer that asks nothing and names a proposal made
            # before again ("所以叔叔的加项方案不变：低剂量螺旋CT…"): it takes that proposal; after
            # answers about other things ("3元/GB，封顶60元"), what "这个" is is no longer sure
            offer, proposal = next(((o, p) for o in reversed(walked.offers) if o is not asked_by
                                    for p in [_proposal(o.text, pack, read)] if p
                                    and _restates(asked_by.text, o.text[p[0]:p[1]], read)), (offer, None))
        if (proposal is None and asked_by is not None and asked_by.role == "assistant"
                and any(mark in asked_by.text for mark in rules.question_marks) and _accepts(text, pack, asked_by.text)):
            # a go-ahead to what was just asked whose words this could not read ("… Shall I go
            # ahead?" "Perfect, go with that"): its "that" is that offer, no object decided before
            memory.last_object = memory.last_mention = None
        accepting = offer is not None and proposal is not None   # the message takes an offer
        if accepting:
            walked.pending = None
            a, b = proposal
            said = text.strip()
            offset = text.find(said)
            if _names_something(offer.text[a:b], pack):
                times = tuple(v for _, _, v in times_of(offer.text[a:b], pack, now) if isinstance(v, dict)) if now else ()
                decisions.append(Decision(offer.text[a:b], "accepted", said, Span(offer.id, a, b),
                                          Span(event.id, offset, offset + len(said)),
                                          _core(offer.text[a:b], read), times,
                                          not _a_kind_only(rules.actions.regex.sub(" ", offer.text[a:b]).strip(), pack)))
                memory.last_object = offer.text[a:b]
                memory.accepted.append((offer.text[a:b], Span(offer.id, a, b), tuple(
                    (offer.text[a + x:a + y], Span(offer.id, a + x, a + y)) for _, _, held in read(offer.text[a:b])
                    for x, y, k in held if _FAMILY.get(k, k) == "time")))
                taken = (_proposed_change(offer.text, a, b, offer.id, memory, pack)
                         or _counts_accepted(offer.text, a, b, offer.id, event.id, memory, pack, read)
                         or _thing_accepted(offer.text, a, b, offer.id, event.id, memory, pack, events)
                         or _day_offered_instead(offer.text, a, b, offer.id, event.id, memory, pack, read)
                         or _id_switched(offer.text, a, b, offer.id, memory, pack, read)
                         or _time_moved(offer.text, a, b, offer.id, event.id, memory, pack, read, transitions))
                transitions.extend(taken)
                # a value the yes set is its slot's current one, for a later change to replace ("I'd suggest 3
                # rooms" "yes" … "make it 4 rooms" had replaced nothing)
                for t in taken:
                    kind = _value_kind(t.new, pack) if t.span.event_id == offer.id else None
                    if kind is not None:
                        memory.values.setdefault(_FAMILY.get(kind, kind), []).append((
                            (_phrase(offer.text, a, t.span.start, t.span.end, b, pack), offer.text[a:b].casefold(),
                             offer.text.casefold()), t.new, t.span))
                        memory.settled.add(t.span)
            acts = {m.group(0).casefold() for m in rules.actions.finditer(offer.text, a, b)}
            for i, item in enumerate(open_items):   # "Shall I cancel the order?" "yes": the go-ahead
                forbidden = {m.group(0).casefold() for m in rules.actions.finditer(item.text)}
                if (item.kind == "unauthorised" and forbidden & acts
                        and not _answers_another(item.text, forbidden & acts, folded_text, offer.text.casefold(), pack)):
                    open_items[i] = OpenItem("authorised_by_user", offer.text[a:b], Span(offer.id, a, b))
        else:   # asked about, not yet taken, it waits for the next turn (one question and its answer);
            # what it offers is read only if a yes comes
            walked.pending = asked_by if asks and asked_by is not None and asked_by.role == "assistant" else None
            walked.pending_question = text if walked.pending is not None else ""
        clauses = read(text)
        # words the user says they said, read once per message (a clause's may run on past its comma)
        said_wrong = list(rules.said_wrong.finditer(text)) if rules.said_wrong else []
        if asks:
            memory.asking.add(event.id)
        conditions = [c for _, _, c in with_conditions(text, ((a, b) for a, b, _ in clauses), pack)]
        corrections = _carried(text, clauses, [c for _, _, c in with_conditions(
            text, ((a, b) for a, b, _ in clauses), pack, rules.correction, rules.also_opening)], pack)
        # a clause only turning down an old value corrects it with the next clause of its sentence
        # ("不是12桌，是13桌", "not 12 tables, 13 tables")
        for n in range(len(clauses) - 1):
            (start, end, _), (after, _, _) = clauses[n], clauses[n + 1]
            if (corrections[n] is None and corrections[n + 1] is None and _opens_turning_down(text, start, end, pack)
                    and (pack.sentence_end is None or not pack.sentence_end.search(text, end, after))):
                corrections[n], corrections[n + 1] = start, start
            # … or, right after it, turning down a value of the kind of its last ("右眼是+1.75 不是+2.75")
            elif (corrections[n] is None and clauses[n][2] and clauses[n + 1][2]
                  and _opens_turning_down(text, after, clauses[n + 1][1], pack)
                  and _FAMILY.get(clauses[n][2][-1][2], clauses[n][2][-1][2]) == _FAMILY.get(clauses[n + 1][2][0][2], clauses[n + 1][2][0][2])
                  and (pack.sentence_end is None or not pack.sentence_end.search(text, end, after))):
                corrections[n] = start
        # … and so does a time or a count said with ", not" and words naming one said before ("we can
        # pick up sunday the 30th, not monday", "柜子是36寸的 不是30"; an amount's slot words say it
        # already: "预算10万，不是8万")
        for n, (start, end, kept) in enumerate(clauses):
            # (the old value may open the next clause: "是1705室 不是1507室")
            after = clauses[n + 1] if n + 1 < len(clauses) else None
            reach = after[1] if after and not after[2] and pack.state.correction_not.regex.match(text, after[0]) else end
            cue = pack.state.correction_not.regex.search(text, kept[0][1], reach) if kept and corrections[n] is None else None
            meant = [(a, b, k) for a, b, k in kept if cue and b <= cue.start() and not _inside_another(a, b, kept)]
            family = _FAMILY.get(meant[-1][2], meant[-1][2]) if meant else None
            named = (_named_old(text, start, end, reach, kept, memory, pack, event_id=event.id)
                     if family in ("time", "quantity", *_CONTACTS) else None)
            # (… or an e-mail, phone or address by a part of it: "是chenyiming_dev@126.com 不是163", "是602不是601")
            if named and (family == "time" or family in _CONTACTS and _value_kind(named[1], pack) == family
                          or memory.unit(named[1]) == memory.unit(text[meant[-1][0]:meant[-1][1]]) != ""):
                corrections[n] = start
            # … or a bare number turning down a number of a value said before, no cue needed ("是602不是601"
            # after "…3号楼601室", "leave at 7 not 7:30"): one number put for another
            elif (corrections[n] is None and not meant and (cue := pack.state.correction_not.regex.search(text, start, reach))
                  and _AFTER_DIGITS.search(text, start, cue.start()) and _number_turned_down(text, cue.start(), reach, pack)
                  and _named_old(text, start, end, reach, kept, memory, pack, event_id=event.id)):
                corrections[n] = start
        corrected: set[str] = set()   # kinds a correction or change of this message has replaced already
        # the current value a clause of the message turned down, for a later clause's value of its kind
        # ("三十箱肯定不够，得要五十箱")
        fell_short: dict[str, tuple[str, Span]] = {}
        # (… or by the user's last message, with nothing put in its place, for a value this one chooses: "说23号
        # 太晚了 非要早点走" … "那就21号周五走吧")
        carried, walked.turned_down = walked.turned_down, {}
        taken: set[tuple[int, int]] = set()   # later values a correction took as its new one
        refused: set[str] = set()   # values a cue right after them turned down ("周五不行"): said again, no new value
        # kinds of which the message turned down a value naming none the user set ("今天太晚了 明天再付款可以吧": it is
        # late today; the install's Saturday stands)
        refused_unset: set[str] = set()
        dropped_kinds: set[str] = set()   # kinds of value a drop cue of the message dropped ("一周3次算了")
        # the kinds of value a later clause of the message asks about ("no wait, Friday I have a
        # dentist appointment. Could we do Monday the 7th?": Friday is what was turned down)
        asked_after: list[dict[str, tuple[int, int]]] = [{} for _ in clauses]
        # and those a later clause sets again with a revision cue ("不对，周日下午小区停水检修，还是
        # 周六下午三点吧": Saturday is the corrected value, Sunday afternoon only the reason)
        revised_after: list[dict[str, tuple[int, int]]] = [{} for _ in clauses]
        # and those a later clause says alone ("wait kids last day of school is june 18, cant have the
        # house torn apart that week. june 21 then": june 18 is the reason, not the new value)
        said_alone_after: list[set[str]] = [set() for _ in clauses]
        for n in range(len(clauses) - 2, -1, -1):
            a, b, values = clauses[n + 1]
            # (… or chooses: "啊等等 下周三他要去浙一复查 我给忘了。。那就下周六上午吧 我也不用请假")
            asking = _asks(text, a, b, pack)
            chooses = rules.choose_after.search(text, a, b) is not None and not asking
            said_alone_after[n] = said_alone_after[n + 1] | {
                k for x, y, k in values if chooses or covered(text, a, x, (pack.filler, pack.lead, pack.trail))
                and covered(text, y, b, (pack.filler, pack.trail))}
            asked_after[n] = {**asked_after[n + 1], **({k: (x, y) for x, y, k in reversed(values)}
                                                       if asking else {})}
            revised_after[n] = {**revised_after[n + 1], **(
                {k: (x, y) for x, y, k in reversed(values)}
                if not asking and rules.revise.search(text, a, b) else {})}
        revising: int | None = None   # where a revision cue's clause began, while no value took it up
        # sentences ending on a confirmation tag ("那寄养四晚对吧"): (where each begins, its tag)
        tags = [(_sentence_start(text, m.start(), pack), m) for m in rules.confirm_tag.finditer(text)]
        walked.requested = walked.told = None
        # (the assistant's question may set two values side by side: "…apt 1R, but his file says apt 2R. Which is right?")
        picking = (asked_by is not None and asked_by.role == "assistant"
                   and any(mark in asked_by.text for mark in rules.question_marks))
        clause_made = made
        for n, ((start, end, kept), condition, correction) in enumerate(zip(clauses, conditions, corrections)):
            # (what the clause before made too: "应该是chenlina88@126.com，前面那个不用了")
            near_made, clause_made = clause_made, len(transitions)
            span = Span(event.id, start, end)
            clause = text[start:end]
            tag = next((m for begins, m in tags if begins <= start < m.end()), None)
            asked = tag is None and (text[end:].lstrip()[:1] in rules.question_marks or _other_side_asked(text, clauses, n, pack))
            supposed = rules.conditional.search(text, start, end) is not None
            if revising is not None and pack.sentence_end is not None and pack.sentence_end.search(text, revising, start):
                # a revision cue holds for its own sentence ("The new address changed, it's Queens
                # now. Keep the total under $3900" revises no amount; "can you book the Alexander
                # instead? I will be arriving on Saturday" moves no lunch booked for Saturday)
                revising = None
            revise_hit = _revise_cue(text, start, end, kept, rules)
            if revise_hit is not None:
                revising = start if revising is None else revising
            elif not kept:
                revising = None

            change = rules.change.search(text, start, end)
            if change and not _value_follows(text, change.end(), end):
                change = None   # "the third table isnt gonna make it, the finish…": no value, no change
            # "把X改成…" names its slot X, also where the cue alone ("改成") was found first: the
            # words before the cue may be a whole story ("刚我爸又说…算了还是把SV20261128015改成…")
            gapped = rules.gapped_change.search(text, start, end)
            if gapped and (change is None or (gapped.end() == change.end()    # "change it to": "it" names nothing
                                              and text[slice(*_first_group(gapped))].casefold() not in rules.pronouns)):
                change = gapped
            else:
                gapped = None
            if change and _forbidden(text, start, change.start(), pack):
                change = gapped = None
            # (one said unsure, right before its cue, is what may happen, no change made: "员工有的可能放到明年才喝",
            # "some of the staff might leave it till next year")
            hedge = max(pack.uncertainty.finditer(text, start, change.start()), key=lambda h: h.end(), default=None) \
                if change else None
            if hedge is not None and not text[hedge.end():change.start()].strip(" ,，"):
                change = gapped = None
            # (asked by its words, asking nothing done: "can I just drop it at a store instead of mailing it")
            instead = None if asked or supposed or _asks_to_be_told(text, start, end, pack) \
                else rules.instead.search(text, start, end)
            # ("she wants me in mid grey not navy": of words no value, the thing replaced was said before)
            instead_said = None if instead or asked or supposed or change or kept \
                else rules.instead_said.search(text, start, end)
            topical = [] if asked or change else _topic_restated(text, start, end, kept, event.id, memory, pack,
                                                                  clauses[n - 1] if n else None, correction is not None)
            wrong = next((h for h in said_wrong if start <= h.start() < end), None)
            wrongly = [] if asked or change or topical or wrong is None else _said_wrong(wrong, event.id, memory, pack)
            if topical:   # (a topic said before with a value is no condition: "分期的话6期就行")
                transitions.extend(topical)
                supposed = False
            elif wrongly:
                transitions.extend(wrongly)
            elif instead or instead_said:
                replaced = _instead(text, start, end, instead or instead_said, change, kept, event.id, memory, pack)
                if replaced and instead_said:
                    replaced = _as_said_before(replaced, text, event.id, memory, pack)
                if replaced:
                    transitions.append(replaced)
            elif change and (supposed or condition is not None) and (asked or pack.question.search(text, start, end)):
                pass   # "What if I change the budget to $700?": supposed and asked, nothing changed
            elif change:
                slot_start, slot_end = (_first_group(gapped) if gapped
                                        else _strip(text, start, change.start(), pack))
                # (a confirmation tag is no value: "so we should make it, right?")
                value_start, value_end = _strip(text, change.end(), tag.start() if tag is not None and change.end() <= tag.start() < end
                                                else end, pack)
                value_start, value_end = _strip(text, value_start, _value_end(text, value_start, value_end, kept, pack),
                                                pack)
                # "to the 80 liter one": a typed value after a determiner starts the value ("my office" stays)
                typed_at = _past_determiners(text, value_start, value_end, kept, pack)
                if any(a == typed_at for a, _, _ in kept):
                    value_start = typed_at
                value_start = _past_wanted_by(text, value_start, value_end, pack)   # "换成他更想要的波士顿学院"
                value = text[value_start:value_end]
                # a value typed only with the words before it ("上限改成2万3": money by its lead)
                enclosing = next((k for a, b, k in kept if a <= value_start and value_end <= b and k in _VALUE_KINDS), None)
                kind = _value_kind(value, pack) or enclosing
                bare = (memory.bare_number(value, event.id, text, text[slot_start:slot_end])
                        if not kind and pack.number.fullmatch(value) else None)
                if bare:   # "make it 11": the hour, or the count, said last
                    kind = bare[0]
                apposed = _apposed(text, end, clauses[n + 1] if n + 1 < len(clauses) else None, pack) if not kind else None
                if apposed:   # "改成我家吧，闵行区莲花路12号": the value said next, alone, is what it becomes
                    value_start, value_end, kind = apposed
                    value = text[value_start:value_end]
                if not kind and (asked or pack.question.search(text, start, end) or value.casefold() in rules.pronouns
                                 or rules.open_choices.covers(text, value_start, value_end)):
                    # "能换成别的型号吗？": asks what it could become, names no value; nor does a pronoun
                    # ("switch to him" had read "[sister says dr huang is better for arrhythmia] → him"), nor
                    # a choice left to the agent ("move the pickup to whatever works", "改到你们方便的时间")
                    value = ""
                origin = rules.change_from.search(text, slot_start, slot_end) if rules.change_from and value else None
                old_kind = _value_kind(origin.group("old"), pack) if origin and kind else None
                if origin and kind and _FAMILY.get(old_kind, old_kind) != _FAMILY.get(kind, kind):
                    origin = None   # no value of its kind ("Move the flight from Boston to 5 pm"): no old value
                if origin:   # "我想从月付改成年付", "switch from monthly to annual": the old value is said
                    slot_end = origin.start()
                if value:
                    # (a verb's object changed names no slot before it: "他出大头…那我想了想还是改学C1吧")
                    slot = "" if rules.change_verbs.get(change.group(0).casefold()) else _slot(text, slot_start, slot_end, kind, pack)
                    # (a count or sum said a clause before the cue is the old value named as the reason,
                    # no slot: "6 tanks is prob too many, scratch that make it 4")
                    if kind in ("quantity", "money") and any(
                            slot_start <= a and b <= slot_end and k == kind and rules.gap_breaks.search(text, b, change.start())
                            for a, b, k in kept):
                        slot = kind
                    # a unit is the typed value's ("500M的" has the unit of "300M")
                    typed = next((text[a:b] for a, b, k in kept if value_start <= a and b <= value_end and k == kind), value)
                    # a day said before the cue in its clause is the reason ("on the 9th work is sending me…")
                    # (… or in an earlier clause of its sentence: "说定损员后天上午排不开，改成后天下午两点了")
                    said_before = [*(v for m in range(n) for v in clauses[m][2]
                                     if pack.sentence_end is None or not pack.sentence_end.search(text, clauses[m][1], start)),
                                   *kept]
                    reason = next((text[a:b] for a, b, k in reversed(said_before) if b <= change.start()
                                   and _FAMILY.get(k, k) == "time" and names_a_day(text[a:b], pack.lang, pack)), "")
                    turned_day = _refused_day(text, start, pack) if _FAMILY.get(kind, kind) == "time" else ""
                    # (… or the day alone a clause after the change says, with no cue of its own: "can we
                    # move it to saturday morning? thursday just got slammed at work")
                    after = [(text[a:b], x, y, Span(event.id, a, b)) for x, y, values in clauses[n + 1:]
                             for a, b, k in values[:1] if _FAMILY.get(k, k) == "time"
                             and len({text[c:d].casefold() for c, d, _ in values}) == 1]   # (one value, maybe said twice)
                    # (… or past a break in the change's own clause: "make it tuesday instead, I just
                    # remembered I have a dentist thing monday morning")
                    own_after = [(text[a:b], a, end, Span(event.id, a, b)) for a, b, k in kept
                                 if a >= value_end and _FAMILY.get(k, k) == "time" and rules.gap_breaks.search(text, value_end, a)]
                    after = own_after[:1] if len({w.casefold() for w, *_ in own_after}) == 1 else after   # (said twice: one)
                    # (a clock alone too, when the change sets a clock on no clock said before it: "那天早上改成
                    # 8点半到吧 我9点要到公司 9点送过去来不及" moves the 9 o'clock)
                    clock_after = bool(after) and memory.names_clock(value) and memory.names_clock(after[0][0]) \
                        and not names_a_day(after[0][0], pack.lang, pack) and not memory.names_clock(reason)
                    if ((not reason or clock_after) and _FAMILY.get(kind, kind) == "time" and len(after) >= 1
                            and (names_a_day(after[0][0], pack.lang, pack) and not memory.names_clock(after[0][0])
                                 or clock_after)
                            and not any(lexicon.search(text, after[0][1], after[0][2])
                                        for lexicon in (rules.change, rules.revise, rules.correction, pack.question))
                            and (clock_after or not memory.same_day(after[0][0], value))):
                        reason = after[0][0]
                        memory.reasons.add(after[0][3])   # (the reason's day is no value a later change replaces)
                    named_kind = _value_kind(slot, pack) or ""
                    if (_FAMILY.get(kind, kind) == "time" and _FAMILY.get(named_kind, named_kind) == "time"
                            and names_a_day(slot, pack.lang, pack)):
                        # "can we move thursday to friday afternoon": what is moved is the day said,
                        # the earlier value on it, not a slot called "thursday" (the clock a reason after
                        # it names, when it moves a clock: "那天早上改成8点半到吧 … 9点送过去来不及")
                        reason, slot = reason if clock_after and reason == after[0][0] else slot, kind
                    # (a thing the words before the cue turn down is the old value, and no slot: "never
                    # mind, not Chen Hao, switch to Lin Xiaowen" had replaced the "24 sessions" said with it)
                    # (… or the clause before it, of its sentence, with no value: "算了 不要陈昊了 换成林晓雯吧")
                    before = _clause_before(text, clauses, n, start, pack) if slot_start == start else None
                    turned = None if kind else next((said for a, b in [(slot_start, slot_end), *([before[:2]] if before else [])]
                                                     for hit in negations(text, a, b, pack)
                                                     if (said := _thing_named(text, hit.end(), b, event.id, memory))), None)
                    # (… or the thing the words before the cue drop, or the clause before it: "forget the cone,
                    # switch to the recovery suit", "圈不要了，换成术后服吧")
                    turned = turned or (None if kind else _dropped_before(text, slot_start, slot_end, before, event.id, pack))
                    if turned:
                        slot = ""
                    said_with, told_with = (_time_told_with(text, value_start, end, kept, kind, slot, typed, event.id,
                                                            reason, memory, pack)
                                            if kind and _FAMILY.get(kind, kind) == "time" else (slot, None))
                    slot = said_with
                    bare_slot = _without_determiners(slot, pack)
                    headless = next((bare_slot[:-len(h)].strip() for h in pack.state.headless_ends
                                     if bare_slot.endswith(" " + h)), "")
                    alike = None
                    previous = turned or told_with or (bare[1] if bare else memory.previous(
                        kind, slot, typed, event.id, reason, rules.born.search(slot) is not None, value_start, turned_day,
                        memory.rate_of(typed, text[value_start:].casefold()) if kind == "money" else None) if kind
                                # ("swap the lemon one for strawberry vanilla": a thing named by what
                                # it is, "one" after it, is the words said before, no slot's value)
                                else (_dropped_before_change(decisions, event.id, text, change.start()) if not slot else None)
                                or (headless and memory.said_alone(headless, event.id))
                                or _id_of_named(slot, value, event.id, memory, pack) or _thing_named_by(slot, value, event.id, memory, pack)
                                or _said_with(slot, event.id, memory, pack)
                                or _verb_object(change.group(0), event.id, memory, pack)
                                or (None if memory.keys(slot) else _listed_alongside(value, event, events, memory, pack,
                                                                                     (change.start(), value_end)))
                                # (a thing said before, named as what is changed: "环岛路木栈道 还有沙坡尾" …
                                # "沙坡尾我想换成鼓浪屿", "swap shapowei for gulangyu")
                                or (memory.said_alone(slot.casefold(), event.id)
                                    if len(slot) >= rules.own_word_chars and not _value_kind(slot, pack) else None)
                                or (_chosen_named(text, 0, change.start(), decisions, pack) if not slot else None)
                                or (alike := _chosen_alike(value, decisions, events))
                                or (_turned_from(text, change.start(), value, event.id, memory, pack)
                                    or _other_alternative(value, event, events, memory, pack) if not slot else None)
                                # (… or, a short thing, the newest with its head: "上午场就行" … "改下午场吧")
                                # (one holding a value of its own is no such thing: "周二要订个会议室")
                                or (same_head[:2] if not slot and len(value) <= rules.untyped_value_chars
                                    and (thing_head := _head(value, pack))
                                    and (same_head := _same_head(value, thing_head, event.id, memory, pack))
                                    and not memory.holds_value(same_head[1]) else None))
                    if previous is not None and previous is alike and not any(k in alike[0].casefold() for k in memory.keys(slot)):
                        slot = ""   # (the words before the change were its reason: "哈 那肯定59啊 改成59的")
                    if (kind == "quantity" and not memory.unit(typed) and memory.keys(slot)
                            and (said := memory.named(slot)) is not None and said != previous
                            and any(span == said[1] for _, _, span in memory.values.get("quantity", []))):
                        # (a bare number for a slot said with a count or share is its new one: "后排15%会不会太黑" …
                        # "后排那个还是改成20吧", not the "两三年" of another clause)
                        previous = said
                    if previous is None and kind == "quantity" and (enclosing == "money" or not memory.unit(typed)):
                        # (a count inside a sum its lead typed, or a bare number, of no count said before
                        # (of its scale), is the sum: "预算8000左右吧" … "预算其实能加到1万"; "budget is $6,000"
                        # … "change the max to 5500")
                        previous = memory.previous("money", slot, typed, event.id, reason,
                                                   rate=memory.rate_of(typed, text[value_start:].casefold()))
                    booked = (_booked_as(slot, kind, event, events, memory, pack) if kind
                              else _booked_choice(slot, event, events, decisions, pack))
                    if booked and _FAMILY.get(kind, kind) == "time" and memory.names_day(typed) and not memory.names_day(booked[0]):
                        booked = None   # (a new day replaces the day booked, not the clock chosen on it)
                    # (a value a change replaced since stands for what replaced it: "for inspection thursday
                    # morning works" … "move thursday to friday afternoon" … "move our inspection to …"
                    # moves the Friday)
                    previous = _current_of(booked or previous, transitions[:made])
                    if origin:
                        previous = origin.group("old"), Span(event.id, *origin.span("old"))
                    decided = _decided(memory.keys(slot), decisions, events, rules)
                    unit = memory.unit(typed) if kind == "quantity" else ""
                    if decided and kind and not any(_FAMILY.get(k, k) == _FAMILY.get(kind, kind)
                                                    and (not unit or memory.counts_in(decided[0][x:y], unit))
                                                    for _, _, held in read(decided[0]) for x, y, k in held):
                        # (a line holding no value of the new one's kind is no value it replaces: "make the
                        # seating chart 24x36" replaces nothing of "a separate order for the seating chart:
                        # you send the final table list by Friday, August 27"; nor one of a count of another
                        # unit: "零食改成3包" replaces nothing of a kit accepted with "1.5米牵引绳、…零食袋")
                        decided = None
                    elif decided and kind:
                        decided = _step_named(decided, memory.keys(slot), kind, rules, read)
                    # (not a value the user said naming the slot, which a proposal only mentions:
                    # "每月预算八千左右" … "双人间…大约8,800元，跟预算差不多" … "预算改成一万三")
                    said_so = previous is not None and memory.named(slot) == previous
                    # (… nor the user's own time an agreed line says again: "明天下午三点吧" … "视频核验原件：
                    # 3月10日（周五）15:00" … "视频改到后天上午吧" moves the user's "明天下午三点")
                    said_so = said_so or bool(previous and decided and _FAMILY.get(kind, kind) == "time" and memory.now
                                              and (day := memory.day_of(previous[0], memory.now)) is not None
                                              and any(memory.day_of(words, memory.now) == day
                                                      for _, words, _ in times_of(decided[0], pack, memory.now)))
                    # (… or before, when no words of the slot name the value found: "5 linen & towel kits" accepted …
                    # "dont want to watch the odometer with 3 kids. and linens make it 3")
                    if decided and not origin and not said_so and (not previous or memory.order.get(decided[2], -1)
                                    > memory.order.get(previous[1].event_id, -1)
                                    or kind == "quantity" and memory.keys(slot) and memory.named(slot) != previous):
                        previous = decided[:2]   # what the user agreed to since is what the change replaces
                    # a count of every thing ("make it 7 of everything", "每样都改成7个") replaces each count
                    # the newest message counting several things said
                    every = (memory.counted_together(event.id) if kind == "quantity"
                             and rules.every_thing.search(text, start, value_end) is not None else [])
                    if len(every) > 1:
                        transitions.extend(Transition(slot, old, value, Span(event.id, value_start, value_end), old_span)
                                           for old, old_span in every)
                    elif not previous or previous[0].casefold() != value.casefold():  # "改成5000元" when it is 5000元
                        if kind and slot != kind and slot_keys(slot):
                            memory.slots[slot] = kind
                        # "如果周六不行的话，就改成周日": changed only if
                        under = (_condition(text, clauses, n, change.start(), condition, event.id, pack)
                                 if supposed or condition is not None else None)
                        transitions.append(Transition(slot, previous[0] if previous else None, value,
                                                      Span(event.id, value_start, value_end),
                                                      previous[1] if previous else None, under))
                        if bare:   # (no pattern typed it: said of its kind, a later change replaces it)
                            memory.values.setdefault(bare[0], []).append((
                                (_phrase(text, start, value_start, value_end, end, pack), clause.casefold(), folded_text),
                                value, Span(event.id, value_start, value_end)))
                    if not kind:
                        # "switch to dixie line then, friday morning": a typed value said along, past
                        # the thing changed to, is its kind's new value too
                        transitions.extend(_said_along(text, value_end, end, kept, event.id, memory))
                    if kind and correction is not None:
                        # "算了还是把…改成12月5号上午十点吧，那天我也能过去": the change was the
                        # correction ("改成12桌吧，不对，13桌": a cue after the change is another)
                        corrected.add(kind)
            elif (correction is not None and not asked and not supposed and not pack.question.search(text, start, end)
                  and not any(rules.change.search(text, a, b) for (a, b, _), governed in zip(clauses[n + 1:], corrections[n + 1:])
                              if governed == correction)
                  # (a clause forbidding, the cue said in another, holds no corrected value: "中午12点到2点之间别来
                  # 孩子要午睡 10点开始的话会弄到1点 不行")
                  and (start <= correction < end or not any(
                      hit.group().casefold() in pack.prohibition for hit in negations(text, start, end, pack)))):
                # (a change said later under the same cue is what the correction corrects: "不对，
                # 周六我爸妈不在，改成周日上午10点"; not one past another cue: "手机号打错了 是…2064 …还有10点不行
                # …能改下午吗"; a value only supposed corrects nothing: "说错了，是两室
                # 一厅，不是三室两厅。7月15日搬的话，冰箱要提前断电多久" had replaced a "今天")
                # "说错了，是6个人": the value replaces the last one of its kind, said before
                named = _named_old(text, start, end, clauses[n + 1][1] if n + 1 < len(clauses) else end, kept, memory, pack,
                                   clauses[n - 1][:2] if n else None, event.id)
                revision = rules.revise.search(text, start, end)
                turned_down: dict[str, tuple[str, Span]] = {}
                # "Friday is out, sorry": what the clause drops is no corrected value (nor the old
                # one it opens on: "not april 1st, march 27th")
                opening = _opening_not(text, start, end, kept, pack) if named else None
                # (a clause only turning down the old value the next one replaces: "不是12桌，是13桌")
                if n + 1 < len(clauses) and _opens_turning_down(text, start, end, pack):
                    opening = (start, end)
                dropped = ([opening] if opening else []) + [(start, hit.start()) for hit in rules.drop_before.finditer(text, start, end)
                           if not _negated(text, start, hit.start(), pack)] + [
                    _object_after(text, hit.end(), end, pack) for hit in rules.drop_after.finditer(text, start, end)
                    if not _negated(text, start, hit.start(), pack) and not _opens_correction(text, hit, end, pack)]
                # (a cue said in an earlier clause naming a kind corrects values of that kind only: "我电话
                # 给错了 是13851723069 … 我今天老打反" corrects no time; in its own clause, by the words from
                # the cue to its first value: "oh wait i typed my mobile wrong, its … all over the place today")
                cue_clause = next((text[x:y].casefold() for x, y, _ in clauses[:n] if x <= correction < y),
                                  None if start <= correction < end else "")
                if cue_clause is None:
                    cue_clause = text[correction:min((a for a, _, _ in kept if a >= correction), default=end)].casefold()
                told = {kind for name, kinds in memory.kind_names.items() if name in cue_clause for kind in kinds}
                doubts = _doubts(text, start, end, kept, pack)
                for a, b, kind in kept:
                    if kind in corrected or (named and a >= named[0]) or any(x <= a and b <= y for x, y in dropped):
                        continue
                    if any(at >= b for at in doubts) and not revised_after[n].get(kind):
                        # (a value doubted after it is said corrects nothing: "wait … old one expires next month I
                        # think"; "应该是13951827760" is how a correction says it)
                        continue
                    if told and _FAMILY.get(kind, kind) not in {_FAMILY.get(k, k) for k in told}:
                        continue
                    if named and named[0] < end and any(b <= x and y <= named[0] for x, y, k in kept if k == kind):
                        continue   # the value right before ", not" is the one meant, the others its reason
                        # ("we dont land til saturday night so we can pick up sunday the 30th, not monday")
                    # the value a revision cue sets: in a later clause of the message, else, of
                    # several of the kind in this clause, the one nearest the cue ("No wait,
                    # Sunday afternoon the water is off, let's do Saturday at 3 pm after all")
                    of_kind = [(x, y) for x, y, k in kept if k == kind]
                    later = revised_after[n].get(kind)
                    if later and kind == "quantity" and memory.unit(text[slice(*later)]) != memory.unit(text[a:b]):
                        later = None   # (a count of another unit revises another thing: "3/4 cup … 31 lbs now")
                    revised = later or (revision and len(of_kind) > 1 and min(
                        of_kind, key=lambda v: max(v[0] - revision.end(), revision.start() - v[1])))
                    if revised:
                        a, b = revised
                        taken.add((a, b))
                    elif kind in said_alone_after[n]:
                        # (the value a later clause says alone is the new one, this one, no current
                        # value turned down, its reason: "10号下午也不行了…那就16号上午吧" turns 10号 down;
                        # naming the current value, it turns that down: "oh wait, next wednesday he
                        # has his bp checkup. saturday morning then" had set "next wednesday")
                        current = memory.current_named(kind, text[a:b], event.id)
                        if current is not None:
                            fell_short[kind] = current
                        continue
                    if not revised and (a, b) != of_kind[-1]:
                        # "Sunday afternoon they're at a wedding, sorry, Sunday at 10 am": the
                        # current value named, turned down by a later value of its kind
                        current = memory.current_named(kind, text[a:b], event.id)
                        if current:
                            turned_down[kind] = current
                            continue
                    wrong = rules.correction.search(text, b, end)
                    # "三十箱肯定不够", "10号下午也不行了", "3 pm doesn't work either": the cue after the
                    # current value turns it down; the value a later clause of the message says,
                    # corrected or chosen, replaces it
                    current = (memory.current_named(kind, text[a:b], event.id)
                               if not revised and wrong and len(of_kind) == 1 else None)
                    if current is not None:
                        fell_short[kind] = current
                        continue
                    if (not revised and wrong and not rules.correction.search(text, start, a)
                            and (len(text[b:wrong.start()].split()) <= 1 if pack.spaced else not re.search(r"\s", text[b:wrong.start()]))
                            and not pack.value_separator.search(text, b, wrong.start())):
                        # "最后两位反了", "周五晚上也不行": what the cue right after it (past a word at most;
                        # a Chinese space parts clauses) says was wrong, no new value ("the wall is 2.58
                        # meters, I misspoke", "是13957182460 最后两位反了" are ones)
                        refused.add(text[a:b].casefold())
                        if memory.current_named(kind, text[a:b], event.id) is None:
                            refused_unset.add(_FAMILY.get(kind, kind))
                        continue
                    if text[a:b].casefold() in refused:
                        continue   # (the value turned down, said again as the reason: "周五不行 我周五要上课")
                    if (named and _FAMILY.get(kind, kind) == "time" and not memory.names_day(named[1])
                            and not memory.names_clock(named[1]) and not rules.correction_not.search(text, start, end)):
                        # (a correction naming another value than a time corrects no time said in a clause of
                        # its own: "他7岁 不是8岁 明年3月才满8岁", "he's 7 not 8, he turns 8 next march")
                        continue
                    # the old value named is of its own kind ("the email on HV-U-10482 should be
                    # …86@…, not 88": the e-mail's, not the id's)
                    previous = (named[1:] if named and _value_kind(named[1], pack) in (kind, None) else turned_down.get(kind)
                                or fell_short.get(kind)
                                or (None if _FAMILY.get(kind, kind) in refused_unset
                                    else memory.corrected(kind, text[a:b], event.id,
                                                          text[_sentence_start(text, a, pack):a],
                                                          memory.of_some(text, a, b))))
                    if (not revised and wrong and previous and len(of_kind) == 1
                            and previous[0].casefold() == text[a:b].casefold()):
                        fell_short[kind] = previous   # (the value the message turned down already, said again)
                        continue
                    if kind in asked_after[n] and not revised and not memory._other_part(
                            kind, text[a:b], text[slice(*asked_after[n][kind])]):
                        # "no wait, Friday I have a dentist appointment. Could we do Monday?": the
                        # current value turned down, the question asks for what replaces it; a
                        # value that is not the current one is only talked about ("Sorry, one
                        # more thing, my boss moved a dinner to Monday. Can we …?"); a clock
                        # asked for a day is its hour ("sunday the 30th, not monday. like 2pm?")
                        if not previous or text[a:b].casefold() not in previous[0].casefold():
                            continue
                        a, b = asked_after[n][kind]
                    corrected.add(kind)
                    # (the same amount said with a limit may be a change of its limit: "under $1000" …
                    # "sorry, find me one over $1000 instead"; said as before, it is dropped below)
                    if previous and (previous[0].casefold() != text[a:b].casefold()
                                     or kind == "money" and _with_bound(text, a, b, pack) != (a, b)):
                        transitions.append(Transition(kind, previous[0], text[a:b], Span(event.id, a, b),
                                                      previous[1]))
                # (its only values the old ones: "leave at 7 not 7:30")
                if not any(named is None or a < named[0] for a, _, _ in kept):
                    transitions.extend(_digits_swapped(text, start, end, event.id, memory)
                                       or _part_corrected(text, start, end, named, event.id, pack)
                                       # (not a value this message corrected already: "是2.6米宽 不是2.4 鞋柜1.2太小了")
                                       or [t for t in _bare_number_corrected(text, start, end, clauses[n + 1:], event.id,
                                                                             memory, pack)
                                           if all(t.old_span != done.old_span for done in transitions[made:])]
                                       # ("scratch that on the terrace, do the Magnolia Room instead")
                                       or (_thing_revised(text, start, end, cue, event, events, memory, pack, True)
                                           if (cue := rules.revise_current.search(text, start, end)) is not None else [])
                                       # (… or after the correction's own cue: "scratch that, the riese & muller
                                       # ones" after "the cube one then", both offered)
                                       or (_thing_revised(text, start, end, cue, event, events, memory, pack, True,
                                                          corrects=True)
                                           # (… said in a clause before: "车的话 说错了，Riese & Muller款")
                                           if (cue := rules.correction.search(text, start, end)
                                               or (_NOTHING.match(text, start) if correction < start else None))
                                           is not None else [])
                                       or (_picked(text, start, end, event.id, asked_by.text, memory, pack, read)
                                           if n == 0 and picking else [])
                                       # (a limit said again in a later sentence of the message: "scratch that, the
                                       # full-width one then. and fine, 2000 is my absolute max")
                                       or (_bare_limit(text, start, end, event.id, memory, pack)
                                           if not change and correction < start else []))
            elif revising is not None and kept and (
                    not asked and not pack.question.search(text, start, end)
                    or rules.proposes_revision.search(text, start, end) is not None):
                # "I'll stretch to $175 if it gets us the center section": a revision under a
                # condition still replaces the plain value, and carries its condition along; one
                # the user asks for ("Can we go up to $95 a head then?") too
                cue = _revise_cue(text, revising, end, kept, rules)
                under = (_condition(text, clauses, n, cue.start(), condition, event.id, pack)
                         if cue is not None and (supposed or condition is not None) else None)
                # (a cue of revise_current replaces the newest time: its sentence's own, since
                # ``revising`` holds for one sentence; not when it asks for another day than the one
                # the assistant just offered and the user never named: "I can book the call on Friday,
                # April 16 at 5:30 PM" … "can we do monday instead?" moves no party "on the 8th")
                current = cue is not None and rules.revise_current.regex.match(text, cue.start()) is not None and not (
                    asked_by is not None and (asked or pack.question.search(text, start, end) is not None
                                              or rules.proposes_revision.search(text, start, end) is not None)
                    and _counters_offer(asked_by, event.id, memory, pack, read))
                transitions.extend(replace(t, condition=under)
                                   for t in _revised(text, revising, kept, event.id, memory, rules, cue, current,
                                                     _refused_day(text, start, pack) if current else "",
                                                     _topic(transitions[made:], transitions))
                                   if (t.span.start, t.span.end) not in taken)
            elif (revising is not None and not kept and not change and not asked and not supposed
                  and (cue := rules.revise_current.search(text, start, end)) is not None):
                transitions.extend(_thing_revised(text, start, end, cue, event, events, memory, pack,
                                                  dropped=_dropped_before(text, start, cue.start(),
                                                                          _clause_before(text, clauses, n, start, pack,
                                                                                         valued=True),
                                                                          event.id, pack)))
                after = _strip(text, cue.end(), end, pack)
                if after[1] > after[0] and not pack.filler.covers(text, *after):
                    revising = None   # the words after the cue took it ("还是白的吧 柜子她明天量" moves no day)
            elif not kept and not change and not asked and not supposed and (by_number := (
                    _bare_limit(text, start, end, event.id, memory, pack)
                    or _retyped(text, kept, event.id, memory, start, end))):   # ("ugh. 2204 8871." after "member no is 2204 8817")
                transitions.extend(by_number)
            elif (not change and not instead and correction is None and not asked and not supposed and kept
                  and not rules.asks_for_info.search(text, start, end)
                  # (nor one asking under a case the clause before supposes: "要是岳父母临时来不了 帐篷还能换回四人的吗")
                  and not (condition is not None and pack.question.search(text, start, end))):
                # (a question with no mark asks of a value, sets none: "那周五晚上体测要带啥")
                choice = rules.choose_after.search(text, start, end) or tag
                # (a value said alone after the current one was turned down is chosen too: "…he has his
                # bp checkup, i forgot. saturday morning then")
                alone = bool(fell_short) and covered(text, start, kept[0][0], (pack.filler, pack.lead, pack.trail)) \
                    and covered(text, kept[-1][1], end, (pack.filler, pack.trail))
                transitions.extend((_replaces_turned_down(text, kept, fell_short, event.id)
                                    if choice is not None or alone or dropped_kinds & {k for *_, k in kept} else [])
                                   or (_replaces_turned_down(text, [v for v in kept if v[0] >= choice.start()], carried, event.id)
                                       if choice is not None else [])
                                   or _dropped_then_said(text, start, end, kept, event.id, memory, pack)
                                   or _retyped(text, kept, event.id, memory, start, end)
                                   # (a limit said again, its number read as an amount: "i can stretch a bit, say 450 max")
                                   or (_bare_limit(text, start, end, event.id, memory, pack, record=False) if len(kept) == 1 else [])
                                   or _unsure_settled(text, start, end, kept, event.id, memory, pack,
                                                      frozenset(t.old_span for t in transitions[made:] if t.old_span))
                                   or _restated(text, start, end, kept, event.id, memory, pack)
                                   or _renamed(text, start, end, kept, event.id, memory, rules.other_slots)
                                   or (_named_after_refusal(text, kept, event.id, asked_by.text, memory, pack, read)
                                       if asked_by is not None and asked_by.role == "assistant" else [])
                                   or (_asked_day_offered(text, kept, event.id, asked_by.text, memory, pack, read)
                                       if asked_by is not None and asked_by.role == "assistant" else [])
                                   or (_count_chosen(text, start, _chosen_until(choice, kept, end),
                                                     kept, event.id, memory, choice, pack)
                                       or (_offered_instead(text, start, end, kept, event.id, asked_by.text, memory, read)
                                           if picking else [])
                                       if choice is not None and not _negated(text, start, choice.start(), pack) else [])
                                   or (_time_accepted(text, kept, event.id, memory)
                                       if accepting or (rules.accept.search(text, start, end) is not None and asked_by is not None
                                                        and asked_by.role == "assistant") else []))
            elif n == 0 and not kept and not asked and not supposed and picking:
                transitions.extend(_picked(text, start, end, event.id, asked_by.text, memory, pack, read))
            if kept:
                revising = None
            decided = len(decisions)
            for cue, status, before in () if supposed else ((rules.drop_before, "dropped", True),
                                        (rules.drop_after, "dropped", False),
                                        (rules.choose_after, "chosen", False),
                                        (rules.add_after, "added", False),
                                        (rules.add_before, "added", True)):
                found = None
                limited = False   # "超过就不考虑了": a condition on a value; the clause decides nothing
                floor = start
                for match in cue.finditer(text, start, end):
                    if _negated(text, start, match.start(), pack):
                        if status == "dropped":   # "Don't cancel the Monday sessions", "周一的别取消": kept as they are
                            set_here = {(t.span.start, t.span.end) for t in transitions[made:]}
                            memory.kept_as_is.update(Span(event.id, a, b) for a, b, _ in kept if (a, b) not in set_here)
                        floor = match.end()
                        continue
                    if _opens_correction(text, match, end, pack):
                        break   # "…聚会…算了还是把…改成12月5号": the cue opens a correction, drops nothing
                    if before:
                        away = rules.away_for.search(text, match.end(), end)
                        if away is not None and not text[match.end():away.start()].strip():
                            break   # "Priya is out that first week": away for a while, nothing dropped
                        # "宽带算了，周末他们事太多，还是约下周五下午两点吧": the lead of a correction
                        # that names no slot of its own ("The museum thing, never mind, on second
                        # thought make the pickup 5 pm" drops the museum thing)
                        stop = pack.sentence_end.search(text, match.end()) if pack.sentence_end else None
                        stop_at = stop.start() if stop else len(text)
                        corrects = rules.correction.search(text, match.end(), stop_at)
                        if corrects and not rules.gapped_change.search(text, corrects.end(), stop_at):
                            break
                        # (the words right before it, past a mark, when there are any: "lunchtime is bad, half the
                        # office is out"; "the museum thing, never mind" drops what the mark parts from it)
                        marks = [m.end() for m in rules.gap_breaks.finditer(text, floor, match.start())]
                        if marks and text[marks[-1]:match.start()].strip():
                            floor = marks[-1]
                        written = floor
                        a, b = _strip(text, floor, match.start(), pack)
                        floor = match.end()
                        limited = rules.limits.search(text, a, b) is not None
                        if limited or b > a and pack.filler.covers(text, a, b):
                            break   # (a filler names nothing dropped: "eh forget it, all in the creek building")
                    else:
                        written = match.end()
                        a, b = _object_after(text, match.end(), end, pack)
                        if status == "added":   # ("再要点扇贝柱": 扇贝柱; "虾再加点 改70斤": nothing)
                            a = max(a, min(b, word_start(text, rules.amounts.strip_run(text, a, b, from_end=False), pack.lang)))
                            while a < b and text[a].isspace():
                                a += 1
                    if b > a:
                        found = (a, b)
                        break
                if limited:
                    break
                if not found:
                    continue
                if accepting and text[written:found[1]].strip().casefold() in pack.state.pronouns:
                    break   # "sure add it" to "…Want me to add it?": the offer taken is what "it" is
                if rules.accept.covers(text, *found):
                    break   # "ok 加上": a yes names no thing (to an offer, the offer is what is added)
                # ("Want me to add it?" "nah skip it": "it" is what the question offered, if its words name it,
                # never what was decided before)
                if (status == "dropped" and asked_by is not None and asked_by.role == "assistant"
                        and any(mark in asked_by.text for mark in rules.question_marks)
                        and text[written:found[1]].strip().casefold() in rules.pronouns):
                    offered = _proposal(asked_by.text, pack, read)
                    obj = asked_by.text[offered[0]:offered[1]] if offered and _names_something(
                        asked_by.text[offered[0]:offered[1]], pack) else None
                else:
                    obj = _complete(text[found[0]:found[1]], text[written:found[1]].strip(), memory, pack)
                if obj is None:
                    break
                # asked, with a mark or by its words ("should I cancel X"; "can you cancel X" asks
                # it done): nothing decided
                if asked or _asks_to_be_told(text, start, end, pack):
                    memory.last_mention = obj
                    break
                if any(d.object == obj and d.status == "accepted" and d.by and d.by.event_id == event.id
                       for d in decisions[-2:]):
                    break   # "The T-Roc sounds good, book it": the acceptance said once
                if len(transitions) > near_made and refers_back(obj, pack):
                    # "应该是chenlina88@126.com，前面那个不用了": the change just said says it (not one
                    # of another slot earlier in the message: "他爸说可以到260 一小时 … 刚才说要女老师那个算了")
                    break
                if status == "chosen" and any(cue.regex.match(text, found[0]) for cue in (
                        rules.revise_current, rules.change, rules.revise)) and any(
                        found[0] <= t.span.start and t.span.end <= found[1] for t in transitions[clause_made:]):
                    break   # "那就换GL8吧", "那就改成下午4点吧": the change this clause made says it (no thing chosen)
                # the object decided on before, named with a determiner or without ("add travel
                # insurance" … "drop the travel insurance"): one path
                bare_obj = _without_determiners(obj, pack)
                obj = next((d.object for d in reversed(decisions) if _without_determiners(d.object, pack) == bare_obj), obj)
                if status == "chosen" and (before := _choice_replaced(obj, decisions, events, event, memory, pack, any(
                        cue.search(text, start, end) for cue in (rules.revise_current, rules.correction)))):
                    # "那就螺杆那个吧" … "那还是要那个钢带的吧", the two items of one list offered, the second said as a
                    # change of mind: the new choice replaces the old (not "那就大红袍吧" … "那员工先定小罐茶吧", for others)
                    transitions.append(Transition("", before[0], obj, Span(event.id, *found), before[1]))
                if status == "dropped" and _slot_given(obj, found[1], [v for c in clauses[n:] for v in c[2]],
                                                       sentence_of(text, start, end, pack)[1], pack):
                    break   # "scratch the start date, … start it wednesday the 29th": the date changes, none dropped
                decisions.append(Decision(obj, status, clause, span))
                if status == "dropped":
                    # (a value dropped is what the value of its kind a later clause says replaces: "一周3次算了
                    # 一周两次就够了", "scratch the 3 times a week, twice a week is plenty")
                    for x, y, k in kept:
                        if found[0] <= x and y <= found[1] and (current := memory.current_named(k, text[x:y], event.id)) \
                                and not any(t.old_span == current[1] for t in transitions[clause_made:]):
                            fell_short[k] = current
                            dropped_kinds.add(k)
                memory.last_object = obj
                memory.last_mention = None
                break
            if (not supposed and not asked and len(decisions) == decided and len(transitions) == clause_made
                    and (named := _listed_item_alone(text, start, end, picking, memory, pack)) is not None):
                obj = text[named[0]:named[1]]   # ("ok plus then", "the riese & muller ones for both of us")
                # (not one for someone else: "the plus one for my wife", "增强版的 给我老婆用")
                if not any(p.search(text) for p in pack.patterns.get("beneficiary", ())) and (
                        before := _choice_replaced(obj, decisions, events, event, memory, pack, any(
                            cue.search(text, start, end) for cue in (rules.revise_current, rules.correction)))):
                    transitions.append(Transition("", before[0], obj, Span(event.id, *named), before[1]))
                decisions.append(Decision(obj, "chosen", clause, span))
                memory.last_object = obj
                memory.last_mention = None

            forbids = False
            ends, actions = NextHit(pack.scope_break, text, end), NextHit(rules.actions, text, end)
            # a question supposing a case forbids nothing ("what if Raj doesn't sign off before
            # the holidays?"), nor a condition's own negation, when what holds under it follows in
            # its sentence ("如果他们周五前不确认，先别付款": that one forbids, with its condition)
            stop = pack.sentence_end.search(text, end) if supposed and pack.sentence_end else None
            stop_at = stop.start() if stop is not None else len(text)
            for cue in () if supposed and (asked or stop is not None and stop.group(0) in rules.question_marks
                                           or n + 1 < len(clauses) and clauses[n + 1][0] < stop_at) \
                    else negations(text, start, end, pack):
                if _just_after(rules.relatives, text, start, cue.start(), pack) or refuses_by_itself(text, start, cue, pack):
                    continue   # "highways where you can't pay cash", "my laptop won't charge" describe
                left, right = cued_scope(text, start, end, cue, pack, ends, condition)
                action = actions.at_or_after(cue.end())
                # the action is in the cue's own phrase, before a pause; after a cue negating a thing
                # ("no court order, just family stuff"), right after it ("no booking yet")
                pause = rules.gap_breaks.search(text, cue.end(), right)
                if action and action.end() <= (pause.start() if pause else right) and (
                        cue.group().casefold() not in rules.thing_negations
                        or action.start() == _SPACES.match(text, cue.end()).end()):
                    open_items.append(OpenItem("unauthorised", text[left:right].strip(),
                                               Span(event.id, left, right)))
                    forbids = True
                    break
                if correction is None and len(transitions) == clause_made:
                    # (a time in what a negation says is not so is another thing's, told as a reason: no value a later
                    # change replaces, "the 19th. we dont close on the house until the 18th" … "can we do thursday the
                    # 17th instead?" moves the 19th)
                    memory.reasons.update(Span(event.id, a, b) for a, b, k in kept
                                          if _FAMILY.get(k, k) == "time" and cue.end() <= a and b <= right)
            if rules.authorize.search(clause) and not forbids:
                answered = asked_by.text.casefold() if asked_by is not None and asked_by.role == "assistant" else ""
                for i, item in enumerate(open_items):
                    acts = {a.group(0).casefold() for a in rules.actions.finditer(item.text)}
                    if (item.kind == "unauthorised" and any(a in clause.casefold() for a in acts)
                            and not _answers_another(item.text, acts, folded_text, answered, pack)):
                        open_items[i] = OpenItem("authorised_by_user", clause, span)

            # (not the value it asks to replace: "can we do thursday instead of friday?")
            replacing = rules.instead.search(text, start, end)
            asked_for = [(a, b, kind) for a, b, kind in kept
                         if (_FAMILY.get(kind, kind) == "time" or kind == "quantity" and memory.unit(text[a:b]))
                         and (replacing is None or b <= replacing.start())]
            # (asked with no mark too: "周六上午10点可以不", "can we do saturday at 10")
            # (a clock alone asked after the message set a day is that day's hour, no change of a
            # clock said for another day: "sunday the 30th, not monday. like 2pm?" after "wed the
            # 19th … like 5:30")
            if ((asked or tag is None and pack.question.search(text, start, end)) and not supposed and condition is None
                    and len(asked_for) == 1 and len(transitions) == clause_made
                    and not _topic_of(text, start, asked_for[0][0], pack)
                    and not (memory._time_parts(text[slice(*asked_for[0][:2])]) == (False, True)
                             and any(memory.names_day(t.new) for t in transitions[made:]))):
                # "can the nurse come thursday at 11?", "how about 3 nights?": asked for, changed if
                # the answer did it
                walked.requested = (event.id, text, text[start:asked_for[0][0]], *asked_for[0],
                                    rules.offers_instead.search(text, start, end) is not None
                                    or rules.revise_current.search(text, start, end) is not None)
            mention = rules.mention_after.search(text, start, end)
            if mention:
                ma, mb = _object_after(text, mention.end(), end, pack)
                if mb > ma:
                    memory.last_mention = text[ma:mb]
            prev_end = start
            folded_clause = clause.casefold()
            # a value said unsure or only supposed ("if it's 3 pm, …", "好像是1月8号下的") sets nothing
            # (one that changed a value under its condition set it: a later correction replaces it)
            # (a hedge that says a value's size, right before it or inside it, is no doubt: "预算大概三万五")
            only_supposed = supposed and not any(t.condition and t.span.start >= start for t in transitions[made:])
            unsure = only_supposed or bool(_doubts(text, start, end, kept, pack))
            questioned = asked or pack.question.search(text, start, end) is not None
            for i, (a, b, kind) in enumerate(kept):
                memory.values.setdefault(_FAMILY.get(kind, kind), []).append((
                    (_phrase(text, prev_end, a, b, kept[i + 1][0] if i + 1 < len(kept) else end, pack),
                     folded_clause, folded_text), text[a:b], Span(event.id, a, b)))
                if unsure:
                    memory.hedged.add(Span(event.id, a, b))
                if only_supposed:
                    memory.supposed.add(Span(event.id, a, b))
                if questioned:
                    memory.questioned.add(Span(event.id, a, b))
                if kind == "born":
                    memory.born.add(Span(event.id, a, b))
                if kind == "quantity" and memory.of_some(text, a, b):
                    memory.some_of.add(Span(event.id, a, b))
                prev_end = max(prev_end, b)
            memory.clauses.append((clause, span))
            memory.settled.update(t.span for t in transitions[made:])   # "改成12桌吧，不对，13桌"
        if not asks and not any(c is not None for c in conditions):
            # (a question or a case supposed gives nothing to be told changed)
            taken_spans = [t.span for t in transitions[made:]]
            told = tuple((a, b, kind) for _, _, kept in clauses for a, b, kind in kept if kind in ("quantity", "money")
                         and not any(s.start < b and a < s.end for s in taken_spans))
            walked.told = (event.id, text, told) if told else None
        walked.turned_down = dict(fell_short)
        if not asks and not any(_FAMILY.get(t.slot, t.slot) == "time" or memory.names_day(t.new) for t in transitions[made:]):
            transitions.extend(_turned_down_day(text, clauses, event.id, memory, pack))
        # what a change of this message replaced, and its mentions here ("5:15 then instead of
        # 5:30"), are no value a later change replaces
        transitions[made:] = [replace(t, clock_only=True) if names_a_clock(t.new, pack.lang, pack)
                              and not names_a_day(t.new, pack.lang, pack) else t
                              for t in (_bounded(t, text, memory, pack) for t in transitions[made:])
                              if t.old is None or t.old.casefold() != t.new.casefold()]
        # (one value the message replaced twice, once by a part of the other's new one, by the whole: "不是5246 是5264
        # 打反了 138 0713 5264" had made two change lines and marked the whole number "changed later")
        here = transitions[made:]
        transitions[made:] = [t for t in here if not (t.old_span and any(
            o is not t and o.old_span == t.old_span and len(o.new) > len(t.new) and t.new.casefold() in o.new.casefold()
            for o in here))]
        olds = {t.old.casefold() for t in transitions[made:] if t.old}
        memory.replaced.update(t.old_span for t in transitions[made:] if t.old_span)
        memory.old_values.update((o, memory.order[event.id]) for o in olds)
        memory.set_under.update((t.span, t.slot) for t in transitions[made:] if t.slot and t.slot in memory.slots)
        # … as is its new value said before it in the message ("16号他可以请假，那猫改成16号走吧")
        memory.set_under.update((Span(event.id, a, b), t.slot) for t in transitions[made:]
                                if t.slot and t.slot in memory.slots and t.span.event_id == event.id
                                for _, _, kept in clauses for a, b, _ in kept
                                if b <= t.span.start and text[a:b].casefold() in t.new.casefold())
        memory.replaced.update(Span(event.id, a, b) for _, _, kept in clauses for a, b, _ in kept
                               if text[a:b].casefold() in olds)
    walked.count, walked.last_event = len(events), last_event
    return StageResult("state", decisions=tuple(decisions), transitions=tuple(_as_decided(t, decisions) for t in transitions),
                       open_items=tuple(open_items))


def _as_decided(change: Transition, decisions: Sequence[Decision]) -> Transition:
    """A thing changed, its old words those of the clause that chose it, is the thing chosen ("i'll take the
    blue jacket" … "make it the red jacket": "the blue jacket", not "'ll take the blue jacket", which left "the
    blue jacket: chosen" reading as current; a part of it, "cube" of "the cube one", marks it changed as it is,
    and names it where a tool's words do, "brand=奥齿泰…")."""
    old = change.old_span
    if change.slot or old is None or change.old is None:
        return change
    for d in decisions:
        at = d.span.start + d.text.casefold().find(d.object.casefold())
        if (d.status in ("chosen", "added") and d.span.event_id == old.event_id and at >= d.span.start
                and d.object != change.old and old.start <= at and at + len(d.object) <= old.end):
            return replace(change, old=d.object, old_span=Span(old.event_id, at, at + len(d.object)))
    return change


def _topic_of(text: str, start: int, at: int, pack: RulePack) -> bool:
    """Whether a time opening its clause after a topic word is what the question is about, not what it
    asks for ("also for the 22nd can the crew come at 9 not 8?" asks to move no day to the 22nd)."""
    lead = pack.lead.strip_run(text, start, at, from_end=False)
    topic = pack.state.topic_leads.regex.match(text, lead)
    return topic is not None and not text[topic.end():at].strip()


def _done_as_asked(requested: tuple[str, str, str, int, int, str, bool], memory: _Memory,
                   moved: bool = False) -> list[Transition]:
    """The change a question asked for, the assistant having done it ("can the nurse come thursday
    at 11?" … "Done. Marisa is now Thursday"): the slot's value its words name becomes the asked
    one; a time no words tie to one replaces nothing, unless the answer says it ``moved`` a time
    ("can we do next thursday morning?" … "Done. Moved to next Thursday") or the question offered
    it instead ("How about 12:15?" … "Booking was successful"): the current one."""
    event_id, text, words, a, b, kind, instead = requested
    old = memory.revised(kind, text[a:b], words, event_id, moved or instead)
    return _confirmed(memory, event_id, text, a, b, kind, old, words)


def _changed_as_told(told: tuple[str, str, Values], answer: str, rules: StateRules,
                     memory: _Memory) -> list[Transition]:
    """The change a statement made, the assistant saying the slot was changed to its value ("我哥又说
    三颗都得种" … "明白，改成三颗进口种植牙"): the count of its unit (or the amount) said before is
    replaced. A value the answer only repeats ("两颗合计27600元") changes nothing."""
    event_id, text, values = told
    found = []
    for cue in rules.told_changed.finditer(answer):
        after = _SPACES.match(answer, cue.end()).end()
        found += [(a, b, kind) for a, b, kind in values
                  if answer[after:after + b - a].casefold() == text[a:b].casefold()]
    return [t for a, b, kind in dict.fromkeys(found)
            for t in _confirmed(memory, event_id, text, a, b, kind, memory.corrected(kind, text[a:b], event_id))]


def _confirmed(memory: _Memory, event_id: str, text: str, a: int, b: int, kind: str,
               old: tuple[str, Span] | None, words: str = "") -> list[Transition]:
    """The slot's value ``old`` replaced by ``text[a:b]``, which the assistant confirmed: the change
    remembered as one the user's message made."""
    new = text[a:b]
    if old is None or old[0].casefold() == new.casefold() or old[1].event_id == event_id:
        return []
    slot = memory.set_under.get(old[1]) or next((w for w in memory.slots if w and words and memory.keys(w)
                                                 and set(memory.keys(w)) & set(memory.keys(words))), kind)
    span = Span(event_id, a, b)
    memory.replaced.add(old[1])
    memory.old_values[old[0].casefold()] = memory.order[event_id]
    memory.settled.add(span)
    memory.set_under[span] = slot
    return [Transition(slot, old[0], new, span, old[1])]


def _carried(text: str, clauses: tuple[tuple[int, int, Values], ...], corrections: list[int | None],
             pack: RulePack) -> list[int | None]:
    """A correction whose sentence says no value, asks nothing and does not only apologise
    ("Sorry for the delay.") holds for the next sentence too ("No wait, about the card, our
    mailroom loses everything. Send it to my new apartment: 1426 Larkspur Lane"); one said last in
    its sentence, in a clause with no value that asks nothing, holds for the clauses before it
    that have values and no cue ("衣柜那面墙宽是2.58米，不是2.4，之前是我看错了"), and one alone in the
    message's last sentence for the sentence before ("she's 16. my bad")."""
    carried = list(corrections)
    sentence: list[int] = []     # the clauses of the sentence being read
    pending: int | None = None   # a valueless sentence's correction, for the next sentence

    def back(sentence: list[int]) -> None:
        last = sentence[-1]
        a, b, values = clauses[last]
        # (its own cue: one a clause only took from the clause before is that clause's, "周日上午不行
        # 要上书法" turns down no "周二周四晚上" said before it)
        if (len(sentence) > 1 and corrections[last] is not None and a <= corrections[last] < b and not values
                and not _asks(text, a, b, pack)):
            for i in sentence[:-1]:
                if carried[i] is None and clauses[i][2]:
                    carried[i] = corrections[last]

    before: list[int] = []       # the sentence before it
    for n, (start, end, kept) in enumerate(clauses):
        if sentence and (pack.sentence_end is None or pack.sentence_end.search(text, clauses[sentence[-1]][1], start)):
            back(sentence)
            before = sentence
            said = [clauses[i] for i in sentence]
            cue = next((corrections[i] for i in sentence if corrections[i] is not None), None)
            # (nor one that says what it changes to: "scratch that on the terrace, do the Magnolia
            # Room instead. my mom says grandma cant do the heat in june" corrects no June)
            pending = cue if cue is not None and not any(k for _, _, k in said) and not any(
                _asks(text, a, b, pack) for a, b, _ in said) and not any(
                lexicon.search(text, clauses[sentence[0]][0], clauses[sentence[-1]][1])
                for lexicon in (pack.state.change, pack.state.instead, pack.state.revise_current)) and not any(
                hit.start() <= cue < hit.end() for hit in pack.state.apology.finditer(
                    text, clauses[sentence[0]][0], clauses[sentence[-1]][1])) else None
            sentence = []
        sentence.append(n)
        if carried[n] is None and pending is not None:
            carried[n] = pending
    if sentence:
        back(sentence)
        # a cue that is the message's last sentence, alone, holds for the sentence before it ("she's 16. my bad")
        a, b, values = clauses[sentence[0]]
        cue = corrections[sentence[0]]
        if (len(sentence) == 1 and before and cue is not None and not values and not _asks(text, a, b, pack)
                and not pack.state.apology.search(text, a, b)):
            for i in before:
                if carried[i] is None and clauses[i][2]:
                    carried[i] = cue
    return carried


def _bare_limit(text: str, start: int, end: int, event_id: str, memory: _Memory, pack: RulePack,
                record: bool = True) -> list[Transition]:
    """"我妹说镜框别太抠 可以到450", "she says we can go up to 450", "fine, 2000 is my absolute max", "say 450
    max", "那最多450吧": a bare number a limit is raised or lowered to, ending its clause, or its clause
    alone said as the limit, is the new amount or count of its scale (no clock: "能到3点" arrives;
    "表上现在两万九千六左右" reads a meter)."""
    rules = pack.state
    if ((raised := rules.raised_to.search(text, start, end)) is not None
            and (number := pack.number.match(text, _SPACES.match(text, raised.end()).end())) is not None
            and covered(text, number.end(), end, (pack.filler, pack.trail))
            or (number := pack.number.search(text, start, end)) is not None
            and _said_as_limit(text, start, end, number, pack)):
        bare = memory.bare_number(number.group(), event_id, text, nearest=True)
        if bare is not None and bare[0] != "time":
            old, old_span = bare[1]
            new_span = Span(event_id, number.start(), number.end())
            if record:   # (not a number the clause's values hold: they are remembered with them)
                memory.values.setdefault(bare[0], []).append((
                    (_phrase(text, start, number.start(), number.end(), end, pack), text[start:end].casefold(), text.casefold()),
                    number.group(), new_span))
            return [Transition(bare[0], old, number.group(), new_span, old_span)]
    return []


def _said_as_limit(text: str, start: int, end: int, number: re.Match[str], pack: RulePack) -> bool:
    """Whether the clause ``text[start:end]`` says only that ``number`` is the limit: a limit's word
    right before or after it, lead-ins before, closing words after ("ok max 500 then", "fine 550
    absolute max but thats it")."""
    rules = pack.state
    before = next((hit for hit in rules.limit_before.finditer(text, start, number.start())
                   if not text[hit.end():number.start()].strip()), None)
    after = rules.limit_after.regex.match(text, _SPACES.match(text, number.end()).end())
    return ((before is not None or after is not None)
            and covered(text, start, before.start() if before else number.start(),
                        (pack.filler, pack.lead, rules.accept, rules.limit_lead))
            and covered(text, after.end() if after else number.end(), end, (pack.filler, pack.trail, rules.limit_trail)))


def _bare_number_corrected(text: str, start: int, end: int, later: Sequence[tuple[int, int, Values]], event_id: str,
                           memory: _Memory, pack: RulePack) -> list[Transition]:
    """"她说3000太少了 … 给4500吧": a correction's clause holding one bare number, the number of an
    amount or a count said before, turns that value down; the first bare number a later clause of
    the message says is its new value ("she says 3000 is too little … give her 4500"), or a value
    of the old one's unit ("鞋柜1.2太小了 做1.5米的" after "鞋柜1.2米宽")."""
    # (not "one" ending a thing's name: "scratch that, the full-width one then" turns down no "one day")
    numbers = [m for m in pack.number.finditer(text, start, end)
               if not (m.group().casefold() in pack.state.headless_ends and text[start:m.start()].rstrip()[-1:].isalpha())]
    if len(numbers) != 1:
        return []
    old = memory.of_number(numbers[0].group(), event_id)
    if old is None:
        return []
    kind, (value, span) = old
    # (a value of the old one's unit is its new one only when the number stood bare, the turning-down cue right
    # after it: "1.2太小了", not the "12" of "是12幢")
    after = numbers[0].end()
    unit = memory.unit(value) if (after >= end or not text[after].isalnum()
                                  or pack.state.correction.regex.match(text, after) is not None) else ""
    for a, b, kept in later:
        for m in pack.number.finditer(text, a, b):
            holder = next(((x, y) for x, y, _ in kept if x <= m.start() < y), None)
            if holder is None:
                return [Transition(kind, value, m.group(), Span(event_id, m.start(), m.end()), span)]
            if unit and memory.unit(text[holder[0]:holder[1]]) == unit:
                return [Transition(kind, value, text[holder[0]:holder[1]], Span(event_id, *holder), span)]
    return []


def _condition(text: str, clauses: tuple[tuple[int, int, Values], ...], n: int, since: int,
               condition: int | None, event_id: str, pack: RulePack) -> Span | None:
    """Where the condition a change or revision of clause ``n`` (its cue at or after ``since``)
    holds under was said: from the condition's cue to the end of its clause, or, when the change
    follows in that clause, to the last break before the change's cue ("If the place is nice, she
    could stretch to 2,700": "If the place is nice")."""
    start, end, _ = clauses[n]
    cue = pack.state.conditional.search(text, start if condition is None else condition, end)
    if cue is None:
        return None
    at, stop = next(((a, b) for a, b, _ in clauses if a <= cue.start() < b), (start, end))
    if cue.group().casefold() in pack.state.condition_closers:   # "质量好的话就放到6000元"
        breaks = [m.end() for m in pack.state.gap_breaks.finditer(text, at, cue.start())]
        at, stop = (breaks[-1] if breaks else at), cue.end()
    else:
        at = cue.start()
    if at < since < stop:
        breaks = [m.start() for m in pack.state.gap_breaks.finditer(text, at, since)]
        stop = breaks[-1] if breaks else since
    while stop > at and (text[stop - 1].isspace() or pack.state.gap_breaks.match(text, stop - 1)):
        stop -= 1
    return Span(event_id, at, stop) if stop > at else None


def _doubts(text: str, start: int, end: int, kept: Values, pack: RulePack) -> list[int]:
    """Where a clause says its values unsure ("I think", "好像"); a hedge saying a value's size, right
    before it or inside it, is no doubt ("预算大概三万五")."""
    return [hedge.start() for hedge in pack.uncertainty.finditer(text, start, end)
            if hedge.group(0).casefold() not in pack.approximations
            or not any(a == hedge.end() or a <= hedge.start() < b for a, b, _ in kept)]


def _asks_to_be_told(text: str, start: int, end: int, pack: RulePack) -> bool:
    """Whether a clause's words ask something, with no mark needed, and ask nothing done ("can I
    skip the insurance", "should I cancel it"; "can you cancel it" asks it done)."""
    return pack.question.search(text, start, end) is not None and (
        pack.request is None or pack.request.search(text, start, end) is None)


def _other_side_asked(text: str, clauses: tuple[tuple[int, int, Values], ...], n: int, pack: RulePack) -> bool:
    """"能刷信用卡吗 还是要微信": a clause opening on the other side of a choice, right after a clause of
    its sentence that asks, asks too (typed without a mark, it had chosen WeChat)."""
    if n == 0 or pack.other_side is None:
        return False
    (a, b, _), (start, _, _) = clauses[n - 1], clauses[n]
    if pack.sentence_end is not None and pack.sentence_end.search(text, b, start):
        return False
    return pack.other_side.regex.match(text, start) is not None and _asks(text, a, b, pack)


def _asks(text: str, start: int, end: int, pack: RulePack) -> bool:
    return text[end:].lstrip()[:1] in pack.state.question_marks or pack.question.search(text, start, end) is not None


def _named_old(text: str, start: int, end: int, reach: int, kept: Values, memory: _Memory,
               pack: RulePack, before: tuple[int, int] | None = None, event_id: str = "") -> tuple[int, str, Span] | None:
    """The old value a correction names after its new one, in its clause or the next (up to
    ``reach``): "I meant Friday the 11th, not Thursday", "是13桌，不是12桌", right after a
    separator or the new value ("its 38 inches not 4 ft"); or before it, a clause of its own
    (``before``) that only names it: "不是4月1号 是3月27号", "not the 4th, the 7th". Where the
    naming starts (the clause's end for one named before it), and the newest value said that holds
    those words."""
    for naming in (before, _opening_not(text, start, end, kept, pack)):
        if naming is None:
            continue
        lead = pack.lead.strip_run(text, *naming, from_end=False)
        cue = pack.state.correction_not.regex.match(text, lead, naming[1])
        words = text[cue.end():naming[1]].strip(" ,，").casefold() if cue else ""
        said = (memory.newest(lambda _, value: words == value.casefold()) or (memory.said_words(words, event_id) if not kept else None)
                # (a number inside a value: "not 1507, its unit 1705" after "…Ave, Unit 1507")
                or (memory.newest(lambda _, value: re.search(rf"(?<!\d){words}(?!\d)", value) is not None)
                    if words.isdigit() and len(words) >= 3 else None)
                if len(words) >= 2 else None)
        if said:   # (named before the new value: no value after the naming is part of it)
            return (end, *said)
    for cue in pack.state.correction_not.finditer(text, start, reach):
        if not (pack.value_separator.fullmatch(text[:cue.start()].rstrip()[-1:])
                # (past a word that makes it the thing of that value: "柜子是36寸的 不是30", "the 36 inch one not 30")
                or any(b <= cue.start() and text[b:cue.start()].strip() in ("", *pack.state.headless_ends) for _, b, _ in kept)
                or end <= cue.start() and not text[end:cue.start()].strip()   # opening the next clause ("是1705室 不是1507室")
                or _AFTER_DIGITS.search(text, 0, cue.start())):   # right after a number no pattern types ("its 1705 not 1507")
            continue
        stop = end if cue.start() < end else reach
        words = pack.value_separator.split(text[cue.end():stop], 1)[0].strip().casefold()
        # (past its determiner: "not the 12th" names the "12th of nov" said before)
        words = words[pack.state.determiners.strip_run(words, 0, len(words), from_end=False):].strip()
        # (of the values holding them, one counting what the new count counts: "其实是15个小朋友 不是12个"
        # names the "12个小朋友" of the party, not the cake's "要够12个小孩吃" said since)
        units = {memory.unit(text[a:b]) for a, b, kind in kept if kind == "quantity"} - {""}
        # (a number names a value whole: "6 people, not 5" names "5 people", never "15 people")
        # (… and a count in other numerals: "不是2个" names the "两个" said before)
        count = memory.count(words) if any(ch.isdigit() for ch in words) and not words.isdigit() else None
        holds = ((lambda value: re.search(rf"(?<![\d.]){words}(?![\d.]*\d)", value) is not None) if words.isdigit()
                 else (lambda value: words in value.casefold() or count is not None and memory.count(value) == count
                       and memory.unit(value) == memory.unit(words)))
        said = ((units and memory.newest(lambda _, value: holds(value) and memory.unit(value) in units))
                or (memory.newest(lambda _, value: holds(value)) if len(words) >= 2 else None)
                ) if len(words) >= 2 or words.isdigit() else None
        if not said and words.isdigit():   # (one digit names an amount or count of its number: "we're 5 not 4")
            counted = memory.of_number(words, event_id)
            said = counted[1] if counted else None
        return (cue.start(), *said) if said else None
    return None


_AFTER_DIGITS = re.compile(r"(?<![A-Za-z0-9_.-])\d+\s*$")   # (after a word of a script without spaces too: "是602")
_SPACE_BETWEEN = re.compile(r"(?<=\S)\s+(?=\S)")   # a space between two words
_QUOTES = {"“": "”", "\"": "\"", "「": "」", "‘": "’", "『": "』"}   # a quotation's opening mark, its closing one
_CODE_CHAR = re.compile(r"[A-Za-z0-9_#-]")   # a character of a code a digit ends ("WD-" of "WD-2317")


def _part_corrected(text: str, start: int, end: int, named: tuple[int, str, Span] | None, event_id: str,
                    pack: RulePack) -> list[Transition]:
    """"是3幢1201，不是5幢" after "金色家园5幢1201": the words of its clause before the old part a
    correction names, no value of any kind alone, replace the value that part was said in."""
    if named is None or not start < named[0] or named[0] > end and text[end:named[0]].strip(" \u3000,，"):
        return []
    opening = pack.lead.strip_run(text, start, end, from_end=False)
    if pack.state.also_opening.regex.match(text, opening):
        return []   # (what comes on top corrects nothing: "不是12个 还有家长")
    # (after the old part turned down, only a clause saying what it is is the new one: "不是古城那个店，
    # 是三义机场店"; not "是7栋1302 不是1203 我老是记反")
    if (named[0] >= end and pack.state.new_part_said_with_copula and pack.state.copula is not None
            and not pack.state.copula.match(text, opening)):
        return []
    # (the clause's end: the old part named before it, "不是古城那个店，是三义机场店", or in the next
    # clause, "是1205室，不是1502室")
    upto = min(named[0], end)
    if _opens_turning_down(text, start, end, pack):
        opening = _opening_not(text, start, end, (), pack)   # ("not the old town branch, the airport branch")
        start = opening[1] if opening else start
    else:   # the new part said before it is turned down: "its navy actually not black, sorry the black one is …"
        turned = [m.start() for m in pack.state.correction_not.regex.finditer(text, start, upto)]
        upto = turned[-1] if turned else upto
    cue = None
    for cue in pack.state.correction.finditer(text, start, upto):
        pass   # (past the last correction cue: "oops wrong address, its unit 3B")
    a, b = _strip(text, cue.end() if cue else start, upto, pack)
    copula = pack.state.copula.search(text, a, b) if pack.state.copula else None   # ("wrong address, its …")
    a = copula.end() if copula else a
    b = max(a, pack.filler.strip_run(text, a, b, from_end=True))   # ("navy actually": navy)
    # (one number put for another, the number alone, a word of its own: "leave at 7 not 7:30"; not "是7栋1302 不是1203")
    number = _AFTER_DIGITS.search(text, a, b) if _number_turned_down(text, named[0], len(text), pack) else None
    number = number if number and (number.start() == a or text[number.start() - 1].isspace()) else None
    a = number.start() if number else a
    if b - a < (1 if number else 2) or text[a:b].casefold() == named[1].casefold():
        return []
    return [Transition(_value_kind(named[1], pack) or "", named[1], text[a:b], Span(event_id, a, b), named[2])]


def _number_turned_down(text: str, at: int, end: int, pack: RulePack) -> re.Match[str] | None:
    """The number a turning-down cue at ``at`` names, right after it ("not 7:30": 7)."""
    cue = pack.state.correction_not.regex.match(text, at, end)
    return pack.number.match(text, min(_SPACES.match(text, cue.end()).end(), end), end) if cue else None


def _opens_turning_down(text: str, start: int, end: int, pack: RulePack) -> bool:
    """Whether a clause opens on turning a value down ("不是12桌", "not 12 tables"), past its lead
    and a correction's words ("wait, not 1507, …")."""
    lead = pack.lead.strip_run(text, start, end, from_end=False)
    return any(pack.state.correction_not.regex.match(text, at, end) is not None
               for at in (lead, pack.state.correction.strip_run(text, lead, end, from_end=False)))


def _opening_not(text: str, start: int, end: int, kept: Values, pack: RulePack) -> tuple[int, int] | None:
    """Where a clause turning down an old value before any new one ends, past a separator the new
    value follows ("not april 1st, march 27th", "wait no, not 510-555-0137, its 510-555-0173"): that
    cue's start and the separator's."""
    cue = pack.state.correction_not.regex.search(text, start, end)
    if cue is None or any(start <= a < cue.start() for a, _, _ in kept):
        return None
    stop = pack.value_separator_of_words.search(text, cue.end(), end)
    return (cue.start(), stop.start()) if stop else None


def _phrase(text: str, since: int, a: int, b: int, until: int, pack: RulePack) -> str:
    """The words of a value's own phrase, casefolded: from the value or punctuation before it to
    the next value or punctuation after it ("6点吃饭" of "晚上6点吃饭，7点半开演": 吃饭 is the 6点's,
    not the 7点半's)."""
    lo, hi = own_phrase(text, since, a, b, until, pack)
    return text[lo:a].casefold() + "\0" + text[b:hi].casefold()


def _slot(text: str, start: int, end: int, kind: str | None, pack: RulePack) -> str:
    """The words naming a changed slot, or the kind of its value when they are only fillers,
    leads, a correction, the asking or whom it is for ("Hmm, make it ...", "No wait, make it ...",
    "Can we move it to ...": "[can we] Tuesday morning → …" had begun a line of its own; "那就改到…";
    "switch us to …")."""
    rules = pack.state
    before = len(text[:end].rstrip(" ,，、"))
    joiner = max((hit.end() for hit in rules.reason_joiners.finditer(text, start, before)), default=-1)
    if joiner == before:
        return kind or ""   # the words before a joiner say why ("we hired one more person today so make it 7")
    if end > start and not covered(text, start, end, (pack.filler, pack.lead, rules.correction, rules.proposes_revision,
                                                      rules.slot_persons, rules.every_thing)):
        # a determiner after the slot's name points at it ("宽带那个改成500M的吧": 宽带); a filler
        # after it is no part of it ("For the Toprol, actually make it a 30-day supply")
        trimmed = rules.determiners.strip_run(text, start, pack.filler.strip_run(text, start, end, from_end=True),
                                              from_end=True)
        # … nor an adverb before the verb ("定损也挪到后天上午": 定损)
        adverb = rules.slot_trails.strip_run(text, start, trimmed, from_end=True)
        trimmed = adverb if adverb > start else trimmed
        # … as does the asking ("人均能不能放宽到95": 人均)
        asking = rules.proposes_revision.strip_run(text, start, trimmed, from_end=True)
        trimmed = asking if asking > start else trimmed
        # … and a preposition with its determiner before it ("For the Toprol": Toprol; "关于床垫": 床垫),
        # after a correction ("scratch that on the terrace": terrace)
        start = rules.correction.strip_run(text, start, trimmed, from_end=False)
        named = rules.determiners.strip_run(text, rules.slot_prepositions.strip_run(text, start, trimmed, from_end=False),
                                            trimmed, from_end=False)
        start = named if named < trimmed else start
        # … and who changed it, before the mark of its object ("财务把预算提高到…": 预算)
        marks = [m.end() for m in rules.object_marks.finditer(text, start, trimmed)]
        start = marks[-1] if marks and marks[-1] < trimmed else start
        # … and the words a mark (unspaced, a space too) sets apart before it, another phrase ("头车还是奔驰S
        # 跟车改成8辆吧": 跟车; "lead car stays the S class, follow cars make it 8": follow cars)
        breaks = [*rules.gap_breaks.finditer(text, start, trimmed),
                  *(() if pack.spaced else _SPACE_BETWEEN.finditer(text, start, trimmed))]
        apart = _SPACES.match(text, max((m.end() for m in breaks), default=start)).end()
        start = apart if apart < trimmed and not pack.filler.covers(text, apart, trimmed) else start
        return text[start:trimmed if trimmed > start else end].rstrip()
    return kind or ""


def _value_end(text: str, start: int, end: int, kept: Values, pack: RulePack) -> int:
    """A new value that begins with a typed value ends with the last typed value before the
    first separator after it ("change the move-in to March 15th, her lease got extended" →
    "March 15th"; "make the drop-off Sunday the 28th instead" → "Sunday the 28th"), or before
    the words that end an object right after it ("改成2个晚上可以吗": "2个晚上"). One with no typed
    value ends at the first separator ("make it 11, she has a doctor call at 9:30": "11") but
    for one said after it ("make it my office, 200 West Madison"). One opening on a quotation mark ends at its
    closing one ("改成“澜图 感恩同行” 领导说恭贺新禧太土了", "change it to "Happy 40th" since …")."""
    close = _QUOTES.get(text[start:start + 1])
    shut = text.find(close, start + 1, end) if close else -1
    if shut > start + 1:
        return shut + 1
    first = next((b for a, b, _ in kept if 0 <= a - start <= 4 and not pack.value_separator_of_words.search(text, start, a)), None)
    if first is None:
        stop = pack.value_separator_of_words.search(text, start, end)
        # (words, not a number: "make it 8, 7:30 is brutal" says why; nor words a trail ends: "switch
        # to dixie line then, friday morning" keeps the day apart)
        # (apposed: the value after the separator is all its clause says, "200 West Madison"; not "the suite with
        # the sofa bed, 3 of us in the studio is too tight")
        apposed = stop and not any(ch.isdigit() for ch in text[start:stop.start()]) and any(
            a == _SPACES.match(text, stop.end()).end() and _ends_its_clause(text, b, end, pack)
            for a, b, _ in kept) and pack.trail.strip_run(
            text, start, stop.start(), from_end=True) == stop.start()
        until = stop.start() if stop and not apposed else end
        # (what judges the change is no part of it: "还是换成士卓曼稳妥点")
        judged = pack.state.verdict_tails.strip_run(text, start, until, from_end=True)
        return judged if judged > start else until
    stop = pack.value_separator.search(text, first, end)
    stop_at = stop.start() if stop else end
    # (… nor what it replaces: "能不能改成周四而不是周五？" is 周四)
    instead = pack.state.instead.search(text, first, stop_at)
    stop_at = instead.start() if instead else stop_at
    last = max((b for a, b, _ in kept if start <= a and b <= stop_at), default=stop_at)
    # a word after it goes ("… instead", "… then"); what is written onto it stays ("5000元以内")
    return last if text[last:stop_at][:1].isspace() or pack.state.object_end.match(text, last) else stop_at


def _ends_its_clause(text: str, at: int, end: int, pack: RulePack) -> bool:
    """Whether nothing but fillers follows ``at`` up to the next separator (or ``end``)."""
    stop = pack.value_separator_of_words.search(text, at, end)
    until = stop.start() if stop else end
    return _strip(text, at, until, pack)[0] >= until


def _values_in(start: int, end: int, kept: Values) -> tuple[int, int]:
    """The typed values inside a stretch, from the first to the last ("let's do 5:15 then":
    5:15), or the stretch itself when it holds none ("expedited")."""
    inside = [(a, b) for a, b, _ in kept if start <= a and b <= end]
    return (inside[0][0], inside[-1][1]) if inside else (start, end)


def _instead(text: str, start: int, end: int, cue: Hit, change: Hit | None, kept: Values, event_id: str,
             memory: _Memory, pack: RulePack) -> Transition | None:
    """"make it expedited instead of standard shipping", "5:15 instead of 5:30": the words
    before the cue replace the words after it; the old value points where it was said before,
    when it was."""
    new_from = change.end() if change and change.end() <= cue.start() else start
    # what replaces is said in the cue's own phrase when it says anything: "My phone is
    # 617-555-0148, text me rather than call" changes how to reach the user, not the phone
    # number; "改成5点15吧，而不是5点半" says it before the comma
    phrase = _strip(text, own_phrase(text, new_from, cue.start(), cue.start(), cue.start(), pack)[0], cue.start(), pack)
    new_words = phrase if phrase[1] > phrase[0] else _strip(text, new_from, cue.start(), pack)
    if any(hit.end() == new_words[1] for hit in pack.state.intends.finditer(text, *new_words)):
        return None   # ("looking to replace 7 windows", "我们打算替换7扇窗户": the task, nothing put in their place)
    new_start, new_end = _values_in(*new_words, kept)
    stop = pack.state.object_end.search(text, cue.end(), end)
    old_words = _strip(text, cue.end(), stop.start() if stop else end, pack)
    old_start, old_end = _values_in(*old_words, kept)
    # words of no value said as the old ones are ("learn on a manual instead of an automatic": "a
    # manual", not "dad says I should learn on a manual"): from the last determiner
    if not any(new_words[0] <= a and b <= new_words[1] or old_words[0] <= a and b <= old_words[1] for a, b, _ in kept):
        marks = ([hit.start() for hit in pack.state.determiners.finditer(text, new_start, new_end)]
                 if pack.state.determiners.regex.match(text, old_words[0]) else [])
        if marks:
            new_start = marks[-1]
        elif not pack.spaced:   # … unspaced, whole words as long as the old ones ("我爸说还是学个手动挡而不是那个自动挡": 手动挡)
            said = _past_determiners(text, old_start, old_end, kept, pack)
            new_start = max(new_start, word_start(text, new_end - (old_end - said), pack.lang))
    # values that qualify one noun name it too: "the 2-year visa instead of the 6-month visa"
    head = text[new_end:new_words[1]].strip().casefold()
    if head and head == text[old_end:old_words[1]].strip().casefold():
        new_end, old_end = new_words[1], old_words[1]
    new_start, old_start = (_past_determiners(text, new_start, new_end, kept, pack),
                            _past_determiners(text, old_start, old_end, kept, pack))
    new, old = text[new_start:new_end], text[old_start:old_end]
    if not new or not old or new.casefold() == old.casefold():
        return None
    kind = _value_kind(new, pack) or _value_kind(old, pack)
    slot = _slot(text, *_strip(text, start, change.start(), pack), kind, pack) if change and change.end() <= cue.start() \
        else kind or ""
    said = memory.newest(lambda _, value: value.casefold() == old.casefold())
    if said is None and (count := memory.count(old)) is not None and memory.number.fullmatch(old.strip()) \
            and (unit := memory.unit(new)) and kind == "quantity":
        # (a bare number of the new one's unit: "make all sessions 2.5 hrs instead of 3" replaces "3 hours per session")
        said = memory.newest(lambda _, value: memory.unit(value) == unit and memory.count(value) == count)
        old = said[0] if said else old
    return Transition(slot, old, new, Span(event_id, new_start, new_end),
                      said[1] if said else Span(event_id, old_start, old_end))


def _as_said_before(change: Transition, text: str, event_id: str, memory: _Memory, pack: RulePack) -> Transition | None:
    """``change`` with its old words where the user said them before, in a clause asking nothing
    ("thinking navy wool" … "mid grey not navy"), and its new ones past the last word ending an
    object ("she wants me in mid grey": mid grey), or None when the old were never said or name a
    person ("for my parents not me")."""
    old = (change.old or "").casefold()
    if not old or old in pack.state.pronouns or old in pack.state.people:
        return None
    a, b = change.span.start, change.span.end
    a = max([a, *(hit.end() for hit in pack.state.object_end.finditer(text, a, b))])
    a, b = _strip(text, a, b, pack)
    # (nor the words saying what it is, nor a filler after it: "its navy actually not black": navy)
    a, b = _strip(text, pack.things.strip_run(text, a, b, from_end=False), pack.filler.strip_run(text, a, b, from_end=True), pack)
    if a >= b:
        return None
    for clause, span in reversed(memory.clauses):
        at = _word_at(old, clause.casefold(), pack) if span.event_id != event_id else -1
        if at >= 0 and not pack.question.search(clause):
            return replace(change, new=text[a:b], span=Span(event_id, a, b), old=clause[at:at + len(old)],
                           old_span=Span(span.event_id, span.start + at, span.start + at + len(old)))
    return None


def _past_determiners(text: str, start: int, end: int, kept: Values, pack: RulePack) -> int:
    """Where the words at ``start:end`` begin past their determiners ("the 6-month visa"), unless
    that cuts into a value read there."""
    at = min(pack.state.determiners.strip_run(text, start, end, from_end=False), end)
    while at < end and text[at].isspace():
        at += 1
    return start if any(a < at < b for a, b, _ in kept) else at


_BARE_DIGITS = re.compile(r"(?<![\dA-Za-z-])\d{3,}(?:-\d{3,})*(?![\dA-Za-z-])")


_DIGIT_GROUPS = re.compile(r"(?<![\dA-Za-z-])\d+(?:[ -]\d+)+(?![\dA-Za-z-])")   # "9123 4568", "973-555-0174"


def _digits_swapped(text: str, start: int, end: int, event_id: str, memory: _Memory) -> list[Transition]:
    """"啊我打反了，是4527" after "她身份证后四位4572", "sorry, 0174" after "my cell is 973-555-0147":
    a bare number in a correction, the last digits of a recent id or phone number in another
    order, corrects that value (alone it is no value of any kind); said whole in its groups ("是9123 4568
    不是4586" after "9123 4586"), the whole number does."""
    for run in _DIGIT_GROUPS.finditer(text, start, end):
        new = _digits(run.group(0))
        for kind in ("id", "phone"):
            for _, value, span in reversed(memory.values.get(kind, [])[-(memory.lookback or 0):]):
                old = _digits(value)
                if len(old) == len(new) > 4 and old != new and sorted(old) == sorted(new) and span not in memory.replaced:
                    return [Transition(kind, value, run.group(0), Span(event_id, run.start(), run.end()), span)]
    for digits in _BARE_DIGITS.finditer(text, start, end):
        new = _digits(digits.group(0))
        if any(_digits(value).endswith(new) for kind in ("id", "phone") for _, value, _ in memory.values.get(kind, [])):
            continue   # the last digits of a value said: that value ("刚才那个2845结尾的不对")
        for kind in ("id", "phone"):
            for _, value, span in reversed(memory.values.get(kind, [])[-(memory.lookback or 0):]):
                tail = _digits(value)[-len(new):]
                # (never the message's own: "是13917748250 不是205结尾" corrects no "13917748250" to "205")
                if (len(tail) == len(new) and tail != new and sorted(tail) == sorted(new) and span not in memory.replaced
                        and span.event_id != event_id):
                    return [Transition(kind, value, digits.group(0), Span(event_id, digits.start(), digits.end()), span,
                                       tail_only=True)]
    return []


def _retyped(text: str, kept: Values, event_id: str, memory: _Memory, start: int = 0, end: int | None = None
             ) -> list[Transition]:
    """"对，13857126490" after "手机13857126409": a phone number or id said again with two
    neighbouring digits swapped is the same one typed right, with or without a cue (two numbers
    of a family may differ by a digit, hardly by a swap); digits no pattern types too, six or more
    ("ugh. 2204 8871. the card is literally in my hand" after "member no is 2204 8817")."""
    typed = [(a, b, kind) for a, b, kind in kept if kind in ("id", "phone")]
    bare = [(m.start(), m.end(), family) for pattern in (_DIGIT_GROUPS, _BARE_DIGITS)
            for m in pattern.finditer(text, start, len(text) if end is None else end)
            if len(_digits(m.group(0))) >= 6 and not any(a < m.end() and m.start() < b for a, b, _ in kept)
            for family in ("id", "phone")]
    for a, b, kind in typed + bare:
        new = _digits(text[a:b])
        for _, value, span in reversed(memory.values.get(kind, [])[-(memory.lookback or 0):]):
            old = _digits(value)
            apart = [i for i, (x, y) in enumerate(zip(old, new)) if x != y]
            if (span.event_id != event_id and span not in memory.replaced and len(old) == len(new)
                    and len(apart) == 2 and apart[1] == apart[0] + 1 and sorted(old) == sorted(new)):
                return [Transition(kind, value, text[a:b], Span(event_id, a, b), span)]
    return []


def _unsure_settled(text: str, start: int, end: int, kept: Values, event_id: str, memory: _Memory,
                    pack: RulePack, taken: frozenset[Span] = frozenset()) -> list[Transition]:
    """"好像他护照明年五月到期" … "他护照有效期到2027年8月，刚翻出来看了", "I think the roof was
    redone in 2018" … "the roof was redone in 2016": a value said sure replaces one of its kind said
    unsure in an earlier clause sharing a word of its own with this one (the value's words, hedges
    and fillers aside), or, an address or id, written in its scheme, or a size its message says was measured;
    of several, the one sharing most words, and none the message settled already (``taken``: "衣服那箱17.2公斤 …
    第二箱9公斤" after "一箱是冬天的衣服 大概15公斤 另一箱是药和吃的 8公斤左右吧")."""
    def words(clause: str, values: Sequence[str]) -> set[str]:
        return _own_words(clause, values, memory, pack)

    # (a size its message says was measured settles one of its unit said as an estimate: "它体重大概6公斤吧" …
    # "刚抱着称了一下 减掉我自己 7.2公斤")
    measured = pack.state.measured.search(text) is not None
    if not (memory.hedged or measured) or pack.uncertainty.search(text, start, end):
        return []
    own: set[str] | None = None   # (read only when a value said unsure is there to settle)
    for a, b, kind in kept:
        settled: list[tuple[int, int, str, Span]] = []   # (words shared, by the phrases, value, where), newest first
        # (a time told as past is settled by one told as past alone: "I believe he faxed it monday" …
        # "i have my post op with him tuesday morning")
        past = _FAMILY.get(kind, kind) == "time" and memory.told_as_past(text[start:a], text[a:b], text[b:end])
        near: set[str] | None = None   # (the words of the value's own phrase: "衣服那箱" of "衣服那箱17.2公斤")
        for said in reversed(memory.values.get(_FAMILY.get(kind, kind), [])):
            (phrase, clause, _), value, span = said
            if _FAMILY.get(kind, kind) == "time" and memory._told_as_past(said) != past:
                continue
            # (said unsure, not supposed: "If it is, a table for 7" is no guess at the "4 star" said later;
            # a count of its own unit)
            # (… or counted, a count of its unit: "pretty sure its 2 flights maybe 3" … "went and counted. its 3 flights")
            estimate = (measured and kind == "quantity" and (memory.unit(value) in memory.magnitudes
                                                             and memory.unit(text[a:b]) in memory.magnitudes
                                                             or memory.unit(value) == memory.unit(text[a:b]) != "")
                        and (pack.uncertainty.search(clause) or pack.state.estimates.search(clause)) is not None)
            if ((span in memory.hedged and _hedges(clause, value, pack) or estimate)
                    and span.event_id != event_id and span not in memory.replaced and span not in taken
                    and value.casefold() != text[a:b].casefold()
                    # (a day said again in other words settles nothing: "signed off next tuesday so maybe
                    # wait" … "issue it tuesday like we said")
                    and not (_FAMILY.get(kind, kind) == "time" and memory.same_day(value, text[a:b]))
                    and not (kind == "quantity" and (_same_count(value, text[a:b], pack)
                                                     or memory.unit(value) != memory.unit(text[a:b]) and not estimate))):
                own = own if own is not None else words(text[start:end].casefold(), [text[x:y] for x, y, _ in kept])
                shared = own & words(clause, [value])
                # (… or one of its scheme, an address or id: "地址好像是 #02-05 我再跟我舅确认" … "单位是#03-05"; or
                # measured, of its unit, or of the thing its words name in another: "measured the gate, 34 inches"
                # settles "the side gate is maybe 3 feet wide", not the tree's "like 18 inches across")
                if (shared and (kind != "quantity" or memory.unit(value) == memory.unit(text[a:b]))
                        or kind in ("address", "id") and id_shape(value) == id_shape(text[a:b])
                        or estimate and (shared or memory.unit(value) == memory.unit(text[a:b]) and not any(
                            own & words(c, [v]) for (_, c, _), v, sp in memory.values.get("quantity", [])
                            if sp.event_id != event_id and pack.uncertainty.search(c)))):
                    near = near if near is not None else words(_phrase(text, start, a, b, end, pack).replace("\0", " "), [])
                    settled.append((len(shared), len(near & words(phrase.replace("\0", " "), [])), value, span))
        if settled:
            # (of a tie, the newest; the oldest when the message measures several of the unit: they go in order)
            several = kind == "quantity" and sum(memory.unit(text[x:y]) == memory.unit(text[a:b])
                                                 for _, _, held in read_clauses(text, pack) for x, y, k in held if k == kind) > 1
            *_, value, span = max(reversed(settled) if several else settled, key=lambda s: s[:2])
            return [Transition(kind, value, text[a:b], Span(event_id, a, b), span)]
    return []


def _hedges(clause: str, value: str, pack: RulePack) -> bool:
    """Whether a hedge of a (casefolded) clause is said of ``value``: before it, or after it with no
    joiner between ("married in september and need invitations and probably a seating chart" is
    sure of September) and nothing of its own around it ("提取码 7mkd 应该是cmyk吧", "code 7mkd, should be cmyk
    i think" are unsure of the colour mode, not the code; "about 26 people i think" is)."""
    at = clause.find(value.casefold())
    after = at + len(value)
    return any(at < 0 or hedge.start() < at or not pack.state.value_joiners.search(clause, after, hedge.start())
               and covered(clause, after, hedge.start(), (pack.filler, pack.trail))
               and covered(clause, hedge.end(), len(clause), (pack.filler, pack.trail))
               for hedge in pack.uncertainty.finditer(clause))


def _said_along(text: str, after: int, end: int, kept: Values, event_id: str, memory: _Memory) -> list[Transition]:
    """The typed values after an untyped change's value in its clause, each replacing the newest
    of its kind ("ok switch to dixie line then, friday morning" moves the pickup too)."""
    along = []
    for a, b, kind in kept:
        if after <= a and b <= end:
            previous = memory.previous(kind, kind, text[a:b], event_id)
            if previous and previous[0].casefold() != text[a:b].casefold():
                along.append(Transition(_FAMILY.get(kind, kind), previous[0], text[a:b], Span(event_id, a, b), previous[1]))
    return along


def _time_told_with(text: str, start: int, end: int, kept: Values, kind: str, slot: str, typed: str, event_id: str,
                    reason: str, memory: _Memory, pack: RulePack) -> tuple[str, tuple[str, Span] | None]:
    """The slot and the earlier time a change to a time replaces by the words said with its new value,
    when no words before the cue name an earlier time ("然后酒楼说要改期 改到下周日中午 11点半开席" moves
    "晚上6点半开席", not the flowers' "周五" said since); ``slot`` and none when they name no other one
    than the slot's words would."""
    if memory.time_said_with(slot, event_id, whole=True):
        return slot, None
    said_with = _said_with_time(text, start, end, kept, pack)
    if not said_with or not memory.time_said_with(said_with, event_id):
        return slot, None
    told = memory.previous(kind, said_with, typed, event_id, reason, False, start)
    if told is None or told == memory.previous(kind, slot, typed, event_id, reason, False, start):
        return slot, None   # (the time they name is the one replaced anyway: no slot of theirs)
    return said_with, told


def _said_with_time(text: str, start: int, end: int, kept: Values, pack: RulePack) -> str:
    """The words of a clause from ``start`` to a separator that are no time ("开席" of "下周日中午
    11点半开席", "when the banquet starts" of "11:30 am next sunday when the banquet starts"; not "demo
    and dumpster both" of "Jan 18, demo and dumpster both"), none when they are only fillers."""
    stop = pack.value_separator_of_words.search(text, start, end)
    end = stop.start() if stop else end
    pieces, at = [], start
    for a, b, kind in kept:
        if a >= start and b <= end and _FAMILY.get(kind, kind) == "time":
            pieces.append(text[at:a])
            at = b
    pieces.append(text[at:end])
    words = " ".join(w for piece in pieces for w in [piece.strip(" ,，.。;；!！?？")] if w)
    return "" if not words or pack.filler.covers(words) else words


def _value_follows(text: str, at: int, end: int) -> bool:
    """Whether a change cue's value follows it in its clause: a mark right after the cue ends
    it ("we won't make it, the finish needs to cure") and so does the clause's end."""
    rest = text[at:end].lstrip()
    return bool(rest) and (rest[0].isalnum() or rest[0] in _VALUE_OPENERS)


_VALUE_OPENERS = "$€£¥#\"'“‘(（「《"


def _count_revised(text: str, value: tuple[int, int, str], event_id: str, memory: _Memory,
                   pack: RulePack, alone: str | None = None) -> list[Transition]:
    """"two tiers" … "three tiers then": a count of things said again, a word revising it right
    after it and no words naming its slot, or set apart in its clause with nothing after it but the
    thing counted (``alone``: "she'll keep pepper so its just biscuit coming. 1 dog" after "our 2 dogs";
    "所以就带饼干 1只狗", said after 2只 as of 狗), replaces the current count of its unit (a measure is no
    count: "10 inch" said beside "8 inch" is another tier's)."""
    new = text[value[0]:value[1]]
    unit = memory.unit(new)
    revising = pack.state.slot_revisers.regex.match(text, len(text) - len(text[value[1]:].lstrip()))
    if not unit or unit in memory.magnitudes or alone is None and (
            revising is None or not _ends_its_clause(text, revising.end(), len(text), pack)):
        return []   # (a cue going on to a value of its own is no revision of this one: "也要一份 改成各三份吧")
    said = [(v, span) for texts, v, span in memory.values.get("quantity", [])
            if span.event_id != event_id and span not in memory.replaced and memory.unit(v) == unit
            and (not alone or texts[0].partition("\0")[2].lstrip().startswith(alone))]
    current = next((c for c in reversed(said) if c[1] in memory.settled), said[-1] if said else None)
    # (the same count said again, in the singular, is no revision: "6 months" … "ok go with the 6 month then")
    if current is None or current[0].casefold() == new.casefold() or _same_count(current[0], new, pack):
        return []
    return [Transition("quantity", current[0], new, Span(event_id, value[0], value[1]), current[1])]


def _refused_day(text: str, start: int, pack: RulePack) -> str:
    """The last day a clause of the message before ``start`` turned down, no value kept there ("13号请不了假 能改到
    15号不", "she cant do wed morning, she has another closing. can we do thursday instead")."""
    return next((text[a:b] for c_start, c_end, found in reversed(clause_hits(text, pack)) if c_start < start
                 for kind, a, b in reversed(found) if kind == "time" and names_a_day(text[a:b], pack.lang, pack)
                 and next(negations(text, c_start, c_end, pack), None) is not None), "")


def _counted_alone(text: str, start: int, end: int, count: tuple[int, int, str], pack: RulePack) -> str | None:
    """The thing a count set apart in its clause counts, after it ("" when its unit says it: "1 dog"), when
    nothing else is said there: a sentence of its own ("… coming. 1 dog"), or words set apart before it
    (``[state] count_apart``: "所以就带饼干 1只狗": 狗); else None."""
    if not (covered(text, start, count[0], (pack.filler, pack.lead))
            or pack.state.count_apart.search(text, start, count[0]) is not None):
        return None
    if covered(text, count[1], end, (pack.filler, pack.trail)):
        return ""
    after = text[count[1]:end].strip()
    # (one word of the thing, which the count said before must have had after it too: no "1只猫" for "2只狗")
    return after if not any(ch.isspace() for ch in after) and len(after) <= pack.state.untyped_value_chars else None


def _restated(text: str, start: int, end: int, kept: Values, event_id: str, memory: _Memory,
              pack: RulePack) -> list[Transition]:
    """"It has to arrive by Friday" … "It has to arrive December 5": a constraint (a clause
    with an obligation, a negation or a wish cue: "希望明天下午之前能送到") said again in the
    same words with other values replaces them, value by value, with no change verb. A request
    said again for another value asks for another thing ("第6天的行程再帮我看看" … "第7天的…")."""
    own = [k for a, b, k in kept if start <= a and b <= end]
    slotted = _one_value_slot(text, start, end, kept, pack)
    if slotted:
        (whose, word), (a, b, kind) = slotted
        frame = _slot_frame(whose, word, kind + (memory.unit(text[a:b]) if kind == "quantity" else ""))
        before = memory.frames.get(frame)
        memory.frames[frame] = ((text[a:b], kind, Span(event_id, a, b)),)
        # only a word revising it replaces: "…换个热水器。电的，60升就行，预算三千五以内" is
        # another thing's budget; it may close the sentence ("预算10万，不是8万")
        if (before is not None and before[0][0].casefold() != text[a:b].casefold()
                and pack.state.slot_revisers.search(text, start, sentence_of(text, start, end, pack)[1])):
            return [Transition(word.casefold(), before[0][0], text[a:b], Span(event_id, a, b), before[0][2])]
    elif own == ["quantity"] and (counted := _count_revised(
            text, (count := next(v for v in kept if start <= v[0] and v[1] <= end)), event_id, memory, pack,
            _counted_alone(text, start, end, count, pack))):
        return counted
    elif ([k for a, b, k in kept if start <= a and b <= end and not _inside_another(a, b, kept)] == ["money"]
          and pack.state.slot_revisers.search(text, start, sentence_of(text, start, end, pack)[1])):
        revised = _budget_by_rate(text, next(v for v in kept if v[2] == "money"), event_id, memory, pack)
        if revised:
            return revised
    # a person has one age: "他们都73岁了" … "他们都61岁了" needs no cue, and its slot is its kind
    one_value = bool(own) and all(k in pack.state.one_value_kinds for k in own)
    # a word revising in its sentence cues it too: "Actually my meeting runs late, so check out the 23rd"
    cued = (one_value or pack.obligation.search(text, start, end) or pack.state.restate_cue.search(text, start, end)
            or next(negations(text, start, end, pack), None)
            or pack.state.slot_revisers.search(text, *sentence_of(text, start, end, pack)))
    # (with no cue, a statement in more of its own words: never a request, which asks for another thing)
    bare = not cued and pack.state.restated_bare_frame_chars and (
        pack.request is None or pack.request.search(text, start, end) is None)
    if not pack.state.restated_frame_chars or not (cued or bare):
        return []
    start, end = _strip(text, start, end, pack)   # "… please", "好的，…" say nothing of the slot
    start = _strip(text, pack.state.slot_leads.strip_run(text, start, end, from_end=False), end, pack)[0]
    parts, at = [], start
    # one value per place: "预算1200元" (money) holds "1200元" (quantity), one slot, not two
    kept = tuple(v for v in kept if start <= v[0] and v[1] <= end
                 and not any(o != v and o[0] <= v[0] and v[1] <= o[1] for o in kept))
    for a, b, kind in kept:
        parts.append(text[at:a])
        at = b
    parts.append(text[at:end])
    words = ["".join(ch for ch in part.casefold() if ch.isalnum()) for part in parts]
    if sum(map(len, words)) < (pack.state.restated_frame_chars if cued else pack.state.restated_bare_frame_chars):
        return []
    # a quantity keeps its unit in the frame: "最多5个人" is not restated by "最多3天"
    frame = "\0".join(words) + "\0" + ",".join(
        kind + (memory.unit(text[a:b]) if kind == "quantity" else "") for a, b, kind in kept)
    values = tuple((text[a:b], kind, Span(event_id, a, b)) for a, b, kind in kept)
    before = memory.frames.get(frame)
    memory.frames[frame] = values
    if len(kept) > 1:
        _value_frames(text, start, end, kept, values, memory, pack)
    if before is None:
        return []
    # a value holding the name of a slot a change named ("预算300元" of "预算改成5000元") is that
    # slot's, not its frame's ("以内")
    named = next((slot for slot in memory.slots if slot and values[0][0].casefold().startswith(slot.casefold())), None)
    slot = named or (kept[0][2] if one_value else "") or "…".join(
        part.strip(" ,，。.") for part in parts).strip("…") or kept[0][2]
    return [Transition(slot, old, new, span, old_span) for (old, _, old_span), (new, _, span)
            in zip(before, values) if old.casefold() != new.casefold()]


def _value_frames(text: str, start: int, end: int, kept: Values, values: tuple[tuple[str, str, Span], ...],
                  memory: _Memory, pack: RulePack) -> None:
    """Each value of a clause holding several is also the frame of its own words alone, so that a
    clause saying one again replaces its value ("check in the 20th and check out the 22nd" … "so
    check out the 23rd"; "20号入住，22号退房" … "那就23号退房吧"). Words between two values are the
    first one's up to a separator or a joiner ([state] value_joiners) and the second one's after
    it; with neither they are no one's."""
    rules = pack.state
    for n, ((a, b, kind), value) in enumerate(zip(kept, values)):
        lead, trail = (start, a) if n == 0 else _after_joint(text, kept[n - 1][1], a, pack)[1], \
            (b, end) if n == len(kept) - 1 else _after_joint(text, b, kept[n + 1][0], pack)[0]
        unit = memory.unit(value[0]) if kind == "quantity" else ""
        for x, y, key in ((*lead, "{}\0\0"), (*trail, "\0{}\0")):
            words = "".join(ch for ch in text[x:y].casefold() if ch.isalnum()) if x < y else ""
            if len(words) >= rules.restated_frame_chars:
                memory.frames[key.format(words) + kind + unit] = (value,)


def _after_joint(text: str, x: int, y: int, pack: RulePack) -> tuple[tuple[int, int], tuple[int, int]]:
    """The words between two values split at a separator or joiner: (the first's, the second's);
    with neither, both empty."""
    joint = pack.value_separator_of_words.search(text, x, y) or pack.state.value_joiners.search(text, x, y)
    if joint is None:
        return (x, x), (y, y)
    return _strip(text, x, joint.start(), pack), _strip(text, joint.end(), y, pack)


def _slot_frame(whose: str, word: str, kind: str) -> str:
    """The key under which ``_Memory.frames`` holds a one-value slot's value (apart from the frames
    of clauses' own words)."""
    return "\0".join(("\0slot", whose, word.casefold(), kind))


def _frame_of_slot(key: str, kind: str) -> str:
    """The slot's word of a :func:`_slot_frame` key of ``kind``, or "" for any other key."""
    parts = key.split("\0")
    return parts[3] if len(parts) == 5 and parts[1] == "slot" and parts[4] == kind else ""


def _budget_by_rate(text: str, value: tuple[int, int, str], event_id: str, memory: _Memory,
                    pack: RulePack) -> list[Transition]:
    """A price said with a word revising it and no slot word ("他爸说可以到260 一小时", "his dad says we
    can go up to 260 an hour") is the new value of the one budget said before when both are prices
    of one unit (an hour); another unit, or two budgets said, and it is only a price."""
    a, b, _ = value
    unit = pack.state.rate.search(text, a, b)
    frames = [(key, said) for key, said in memory.frames.items() if _frame_of_slot(key, "money")]
    if unit is None or len(frames) != 1:
        return []
    key, ((old, _, old_span),) = frames[0]
    before = pack.state.rate.search(old)
    if before is None or before.group("unit").casefold() != unit.group("unit").casefold() or old.casefold() == text[a:b].casefold():
        return []
    memory.frames[key] = ((text[a:b], "money", Span(event_id, a, b)),)
    return [Transition(_frame_of_slot(key, "money"), old, text[a:b], Span(event_id, a, b), old_span)]


def _one_value_slot(text: str, start: int, end: int, kept: Values,
                    pack: RulePack) -> tuple[tuple[str, str], tuple[int, int, str]] | None:
    """(whose slot, the slot's word) and the value of a clause whose one value is said after a
    word naming a slot that holds one value ([state] one_value_slots: "budget", "预算"): said
    again after that word with a word revising it ([state] slot_revisers: "My budget is $500 a
    month" … "Actually, budget $410"), it replaces the value said there before, however the
    rest is worded."""
    # one value per place: of two overlapping ("budget is 300" and "300 dollars"), the later; a
    # value inside the words revising it is the one turned down ("预算10万，不是8万")
    turned_down = [(h.start(), h.end()) for h in pack.state.slot_revisers.finditer(text, start, end)]
    outer = [(a, b, kind) for a, b, kind in kept if start <= a and b <= end and not _inside_another(a, b, kept)
             and not any(x < b < y for x, y, _ in kept) and not any(x < a < y for x, y in turned_down)]
    if len(outer) != 1:
        return None   # "budget $500 for the hotel and $200 for food" names two amounts
    a, b, _ = outer[0]
    # the slot's word before the value, or opening it ("预算410元" is one money value)
    hit = next(reversed(list(pack.state.one_value_slots.finditer(text, start, b))), None)
    if hit is None or any(hit.end() <= x and y <= a for x, y, _ in kept):
        return None   # another value stands between the word and this one
    # what the word is the slot of is part of it: "hotel budget $200" is not "food budget $50"
    # (one ending on a lead is none: "我老公说预算10万" is the budget, "公说" no thing of it)
    qualifier = pack.state.slot_qualifier.search(text, start, hit.start())
    owner = qualifier.group(1) if qualifier else ""
    word = owner.casefold() if owner and not (
        pack.state.slot_leads.strip_run(owner, 0, len(owner), from_end=True) < len(owner)
        or pack.state.determiners.covers(owner)) else ""
    return (word, hit.group()), outer[0]


def _time_accepted(text: str, kept: Values, event_id: str, memory: _Memory) -> list[Transition]:
    """"ok the video one then, thursday 1:30 works" (a yes to the assistant, or a message taking
    its offer): a day and time the accepting words name replace the day and time a change set
    before (a limit or a time only said is no appointment's: "never before 9:30" stays)."""
    for a, b, kind in kept:
        value = text[a:b]
        if _FAMILY.get(kind, kind) != "time" or not (memory.names_day(value) and memory.names_clock(value)):
            continue
        previous = memory.set_time(event_id)
        if previous and previous[0].casefold() != value.casefold():
            return [Transition(kind, previous[0], value, Span(event_id, a, b), previous[1])]
    return []   # (one appointment: the first day and time named is its new one)


def _count_chosen(text: str, start: int, end: int, kept: Values, event_id: str, memory: _Memory,
                  choice: Hit, pack: RulePack) -> list[Transition]:
    """"住两晚" … "那就住三晚吧", "two nights" … "Let's do three nights then": a count a choice's
    clause ends on (fillers and trailing words aside) replaces the one said before in the same
    unit word. An amount or a time chosen is what was booked or bought, no limit's new value
    ("我要先找个票价是50-100元" after "800-900元的酒店"); a count inside a name is none ("就去7天连锁
    酒店(北京师范大学店)吧"); a party counted in other words may be another booking's ("room for four
    guests" … "book it for 4 people" for dinner), and the same count in other words is no change.
    """
    counts = tuple((a, b, kind) for a, b, kind in kept if kind == "quantity" and not _inside_another(a, b, kept)
                   and memory.unit(text[a:b]) not in memory.currencies and covered(text, b, end, (pack.filler, pack.trail)))
    return [t for t in _revised(text, start, counts, event_id, memory, pack.state, choice)
            if t.old is not None and _unit(t.old, memory.number) == _unit(t.new, memory.number) != ""
            and not _same_count(t.old, t.new, pack)]


def _chosen_until(choice: Hit, kept: Values, end: int) -> int:
    """Where what a choice cue chooses ends: at a tag or a cue said after the values ("寄养四晚是吧",
    "还是6期就行", "6 installments is fine"), else at the clause's end ("那就住三晚吧")."""
    after = any(b <= choice.start() for _, b, _ in kept) and not any(a >= choice.end() for a, _, _ in kept)
    return choice.start() if after else end


def _turned_down_day(text: str, clauses: Sequence[tuple[int, int, Values]], event_id: str, memory: _Memory,
                     pack: RulePack) -> list[Transition]:
    """A clause naming the day a change set, or pointing at it ("那天"), with a negation turns it
    down; the one other day the message names, in a clause that asks and supposes nothing,
    replaces it ("Jan 25 then for demo. I'm on nights that whole week of the 18th and can't sleep
    through demo noise", "我哥那天要开会走不开…14号周一吧": no change verb, and the day set stayed)."""
    if not any(_FAMILY.get(kind, kind) == "time" for _, _, kept in clauses for _, _, kind in kept):
        return []   # (no day of its own to replace one)
    negated = [next(negations(text, start, end, pack), None) is not None for start, end, _ in clauses]
    if not any(negated):
        return []
    current = next(((value, span) for _, value, span in reversed(memory.values.get("time", []))
                    if span.event_id != event_id and span in memory.settled and span not in memory.replaced
                    and memory.names_day(value)), None)
    if current is None:
        return []
    hits = {c_start: found for c_start, _, found in clause_hits(text, pack)}
    days = [a for _, _, kept in clauses for a, b, kind in kept
            if _FAMILY.get(kind, kind) == "time" and memory.names_day(text[a:b])]
    turned, others = False, []
    for (start, end, kept), negation in zip(clauses, negated):
        # (a word pointing at the day is no value of the clause's: it is read among its time hits; it
        # points at a day this message named before it, if any: "16号周三我们团建 那天不用送了")
        if (any(kind == "time" and points_back(text[a:b], pack.lang, pack) and not any(day < a for day in days)
                for kind, a, b in hits.get(start, ()))
                or any(_FAMILY.get(kind, kind) == "time" and memory.same_day(text[a:b], current[0]) for a, b, kind in kept)):
            turned = turned or negation
        elif (text[end:].lstrip()[:1] not in pack.state.question_marks and not pack.question.search(text, start, end)
              and pack.state.conditional.search(text, start, end) is None):
            others += [(a, b, kind) for a, b, kind in kept
                       if _FAMILY.get(kind, kind) == "time" and memory.names_day(text[a:b])]
    if not turned or len(others) != 1:
        return []
    a, b, kind = others[0]
    return [Transition(kind, current[0], text[a:b], Span(event_id, a, b), current[1])]


def _replaces_turned_down(text: str, kept: Values, fell_short: dict[str, tuple[str, Span]],
                          event_id: str) -> list[Transition]:
    """A value chosen after the message turned the current one of its kind down ("10号下午也不行了，
    …。那就16号上午吧", "Tuesday at 2 doesn't work either. Let's do the 16th in the morning")
    replaces it; the turned-down value is then spent (a value said only as a reason is not chosen)."""
    found = []
    for a, b, kind in kept:
        old = fell_short.pop(kind, None)
        if old is not None and old[0].casefold() != text[a:b].casefold():
            found.append(Transition(kind, old[0], text[a:b], Span(event_id, a, b), old[1]))
    return found


def _dropped_then_said(text: str, start: int, end: int, kept: Values, event_id: str, memory: _Memory,
                       pack: RulePack) -> list[Transition]:
    """A value the clause drops, replaced by a value of its kind said after it in the clause: one of
    its unit, else the last ("scratch the 3 times a week, with $40 copays twice a week is plenty")."""
    where = _dropped_in(text, start, end, pack)
    for x, y, kind in kept if where is not None else ():
        if where[0] <= x and y <= where[1] and (current := memory.current_named(kind, text[x:y], event_id)):
            later = [(a, b) for a, b, k in kept if k == kind and a >= where[1]]
            new = next((v for v in later if memory.unit(text[v[0]:v[1]]) == memory.unit(current[0])),
                       later[-1] if later else None)
            if new is not None and text[new[0]:new[1]].casefold() != current[0].casefold():
                return [Transition(kind, current[0], text[new[0]:new[1]], Span(event_id, *new), current[1])]
    return []


def _same_count(old: str, new: str, pack: RulePack) -> bool:
    """Whether two counts say one number ("6 people", "six people")."""
    number = count_of(old, pack)
    return number is not None and number == count_of(new, pack)


def _inside_another(a: int, b: int, kept: Values) -> bool:
    """Whether the value at ``a:b`` lies inside a longer one ("1200元" of "预算1200元")."""
    return any(o[0] <= a and b <= o[1] and (o[0], o[1]) != (a, b) for o in kept)


def _topic(here: Sequence[Transition], made: Sequence[Transition]) -> frozenset[str]:
    """The messages whose values the changes ``here`` (of one message) replaced, those their values
    replaced in turn, and those whose values replaced one of theirs (of all ``made``): what the
    message is about ("classic for 6 months i think, budget around $1000" … "budget can go up to $1400"
    … "make it 12" of the months: the $1400 is of it)."""
    replaced = {t.span: t.old_span for t in made if t.old_span is not None}
    found: set[str] = set()
    for t in here:
        at = t.old_span
        while at is not None and at.event_id not in found:
            found.add(at.event_id)
            at = replaced.get(at)
    return frozenset(found | {t.span.event_id for t in made if t.old_span is not None and t.old_span.event_id in found
                              and t not in here})


def _revise_cue(text: str, start: int, end: int, kept: Values, rules: StateRules) -> Hit | None:
    """The first revision cue from ``start``; one saying a count's whole ("total") only where the clause
    holds a count: "budget is around $1,400 total for both kids" revises nothing, "total budget goes up to
    15k" revises by "goes up to"."""
    counts = any(k == "quantity" for _, _, k in kept)
    return next((hit for hit in rules.revise.finditer(text, start, end)
                 if counts or not rules.count_totals.regex.fullmatch(hit.group())), None)


def _revised(text: str, since: int, kept: Values, event_id: str, memory: _Memory, rules: StateRules,
             cue: Hit | None = None, current: bool = False, refused: str = "",
             topic: frozenset[str] = frozenset()) -> list[Transition]:
    """"We're now back December 30th", "I can stretch to seven hundred dollars", "还是要80升的吧":
    each value (not one inside another) said again with no change verb replaces the value of its
    slot, named by the words from ``since`` (its clause, or the clause before that holds the cue);
    of several of one kind, the one nearest the revision cue ("make dinner 5:30 instead, 6 is
    cutting it close with a 7:30 curtain": 5:30); ``current``: a time no words name replaces the
    newest said ("Can we do Monday the 7th at 9:30 am instead?"). A value said as one more
    ("saturdays too": ``[state] also_after``) replaces none."""
    found = []
    outer = [(a, b, kind) for a, b, kind in kept if not _inside_another(a, b, kept)]
    counts_only = cue is not None and rules.count_totals.regex.fullmatch(cue.group()) is not None
    for a, b, kind in outer:
        if rules.also_after.regex.match(text, _SPACES.match(text, b).end()) or counts_only and kind != "quantity":
            continue
        of_kind = [(x, y) for x, y, k in outer if k == kind]
        if cue is not None and len(of_kind) > 1 and (a, b) != min(
                of_kind, key=lambda v: max(v[0] - cue.end(), cue.start() - v[1])):
            continue
        value = text[a:b]
        if _FAMILY.get(kind, kind) == "time" and memory.told_as_past(text[since:a].casefold(), value, text[b:].casefold()):
            continue   # (a time gone by is no new value: "its weather dependent, they moved it last year")
        # (words an amount is typed with name its slot too: "预算提到九万" revises the budget, not
        # "月供两千三"; a time's own words, "on Saturday at 16:30", name none)
        numeral = memory.number.search(value) if kind in _AMOUNTS else None
        previous = memory.revised(kind, value, text[since:a] + (value[:numeral.start()] if numeral else ""),
                                  event_id, current, frozenset(text[x:y].casefold() for x, y, _ in outer if (x, y) != (a, b)),
                                  refused, topic,
                                  counts_only or rules.count_totals.regex.match(text, _SPACES.match(text, b).end()) is not None,
                                  memory.rate_of(value, text[a:].casefold()) if kind == "money" else None,
                                  memory.of_some(text, a, b) if kind == "quantity" else None)
        if previous and previous[0].casefold() != value.casefold() and not (
                kind == "quantity" and memory.unit(previous[0]) == memory.unit(value)
                and memory.count(previous[0]) == memory.count(value) is not None):   # ("6 months" … "the 6 month then")
            found.append(Transition(kind, previous[0], value, Span(event_id, a, b), previous[1]))
    return found


def _of_some(text: str, start: int, end: int, pack: RulePack) -> bool:
    """Whether the count at ``text[start:end]`` is said of some of the party, a negation right
    after it ("三四个人不吃辣", "3 people wont come"), or of each of another thing, its rate right
    after or before it ("两人一间", "2 per room", "每天五六桌"): not of the whole. (Unspaced, a space
    parts clauses: "一共38桌 每天五六桌这样" is the whole.)"""
    after = _SPACES.match(text, end).end() if pack.spaced else end
    if pack.state.rate.match(text, after) or any(
            m.end() == start or pack.spaced and not text[m.end():start].strip()
            for m in pack.state.rate.finditer(text, max(0, start - 12), start)):
        return True
    cue = next(negations(text, end, len(text), pack), None)
    # (not one turning down the value it replaces: "-1.75 not -2.75", "3个人 不是4个人")
    return (cue is not None and not text[end:cue.start()].strip()
            and pack.number.match(text, _SIGN.match(text, cue.end()).end()) is None)


def _counters_offer(offer: Event, event_id: str, memory: _Memory, pack: RulePack,
                    read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> bool:
    """Whether the assistant's message ``offer`` proposed a day none of the user's times is on: a
    day asked for instead of it counters the offer and replaces nothing the user said."""
    if offer.role != "assistant":
        return False
    # (what it proposed, else its last question and the sentence before it: "Maeve's calendar has Monday
    # 22 November at 12:30 free. Would that suit you for the call?")
    sentences = _sentences(offer.text, pack)
    asked = [i for i, (_, _, mark) in enumerate(sentences) if mark in pack.state.question_marks]
    found = _proposal(offer.text, pack, read) or (
        (sentences[max(0, asked[-1] - 1)][0], sentences[asked[-1]][1]) if asked else None)
    if found is None:
        return False
    a, b = found
    days = [offer.text[a + x:a + y] for _, _, kept in read(offer.text[a:b]) for x, y, kind in kept
            if _FAMILY.get(kind, kind) == "time" and memory.names_day(offer.text[a + x:a + y])]
    return bool(days) and not any(memory.same_day(day, value) for day in days
                                  for _, value, span in memory.values.get("time", ()) if span.event_id != event_id)


def _opens_new_task(text: str, pack: RulePack) -> bool:
    """Whether a message opens on another matter: a [state] new_task cue in its first sentence,
    before any value."""
    stop = pack.sentence_end.search(text) if pack.sentence_end else None
    hit = pack.state.new_task.search(text, 0, stop.end() if stop else len(text))
    return hit is not None and not any(ch.isdigit() for ch in text[:hit.start()])


def _picked(text: str, start: int, end: int, event_id: str, offer: str, memory: _Memory, pack: RulePack,
            read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> list[Transition]:
    """"…the delivery goes to apt 1R, but his file says apt 2R. Which is right?" … "1R. 2R is the
    upstairs neighbor": a reply opening on one of the two values of a kind that the assistant's
    question set side by side, or on its end, picks it; the user's value holding the other is
    replaced by it."""
    # (its first words, up to a mark: "602，502是楼下邻居" is one clause, numbers listed)
    end = next((i for i in range(start, end) if unicodedata.category(text[i]).startswith("P")), end)
    start, end = _strip(text, start, end, pack)
    said = text[start:end].casefold()
    # (a value's end, said in the question: the offer is read only then)
    if not any(ch.isalnum() for ch in said) or len(said) > pack.state.picked_chars or said not in offer.casefold():
        return []
    options: dict[str, list[str]] = {}
    for _, _, values in read(offer):
        for a, b, kind in values:
            options.setdefault(_FAMILY.get(kind, kind), []).append(offer[a:b].casefold())
    for kind, found in options.items():
        distinct = list(dict.fromkeys(found))
        picked = [v for v in distinct if v.endswith(said) and (
            len(v) == len(said) or not pack.spaced or not v[-len(said) - 1].isalnum())]
        if len(distinct) != 2 or len(picked) != 1:
            continue
        other = next(v for v in distinct if v != picked[0])
        old = next(((value, span) for _, value, span in reversed(memory.values.get(kind, []))
                    if value.casefold().endswith(other) and span not in memory.replaced), None)
        if old is not None:
            return [Transition(kind, old[0], text[start:end], Span(event_id, start, end), old[1])]
    return []


def _offered_instead(text: str, start: int, end: int, kept: Values, event_id: str, answer: str, memory: _Memory,
                     read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> list[Transition]:
    """"CT-7719改到下周三下午吧" … (the answer advises against it and offers "12月10日（周四）8:30 …您看哪个
    方便？") … "那就周四上午吧": a day chosen from those the answer offered replaces the day the user's
    message before set by a change. Chosen with no change set just before, it is what was booked."""
    times = [(a, b, kind) for a, b, kind in kept if _FAMILY.get(kind, kind) == "time" and memory.names_day(text[a:b])]
    if len(times) != 1:
        return []
    a, b, kind = times[0]
    new = text[a:b]
    before = memory.order[event_id] - 1
    old = next(((value, span) for _, value, span in reversed(memory.values.get("time", []))
                if memory.order.get(span.event_id) == before and span in memory.settled and span not in memory.replaced
                and not memory._other_part(kind, value, new) and not memory.same_day(value, new)), None)
    # (the day offered, or its weekday in the line offering it: "Thursday morning" of "- Thu Dec 10, 8:30")
    offered = [(answer[x:y], answer[c:d]) for c, d, values in read(answer) for x, y, k in values
               if _FAMILY.get(k, k) == "time"]
    if old is None or not any(memory.same_day(new, day) or memory.weekdays(new) & memory.weekdays(line)
                              for day, line in offered):
        return []
    return [Transition(kind, old[0], new, Span(event_id, a, b), old[1])]


def _asked_day_offered(text: str, kept: Values, event_id: str, answer: str, memory: _Memory, pack: RulePack,
                       read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> list[Transition]:
    """"下周四上午可以吗" … (the answer offers "下周一 5月15日 上午 / 下周四 5月18日 下午 您看选哪个？") … "上午吧
    那就下周一 15号": a day the user names, of two or more the answer's question offered, replaces the day
    the user last asked for, when no day was set since ("can we do thursday morning?" … "Monday
    the 15th works then"); when the user's message before asked for another day naming none, the day
    they had ("move would be this saturday" … "whats open earlier next week?" … (openings listed) …
    "monday the 21st at 8am")."""
    days = [(a, b) for a, b, kind in kept if _FAMILY.get(kind, kind) == "time" and memory.names_day(text[a:b])]
    if len(days) != 1:
        return []
    a, b = days[0]
    at = _SPACES.match(text, b).end()
    thing = pack.state.day_of_thing.search(text, at)
    if thing is not None and thing.start() == at:
        return []   # (the day names a thing of it: "周二那个宫保鸡丁换掉吧" after the week's menu)
    begin, close, mark = next((s for s in _sentences(text, pack) if s[0] <= a < s[1]), (0, len(text), ""))
    if mark in pack.state.question_marks or pack.question.search(text, begin, close):
        return []   # (a day in a question asks: "the chicken on thursday, can we swap it?" after the menu)
    if any(not pack.state.gap_breaks.search(text, min(b, hit.start()), max(a, hit.end()))
           for x, y in split_clauses(text, pack) if x <= a < y for hit in negations(text, x, y, pack)):
        # (… and one its phrase turns down picks nothing: "the 15th won't work. can it be monday the 21st?"; not "we'll
        # fly in saturday the 15th then, my mom will like not rushing")
        return []
    new = text[a:b]
    said = ((value, span) for _, value, span in reversed(memory.values.get("time", []))
            if span.event_id != event_id and memory.names_day(value))
    asked = next(said, None)
    if (asked is not None and asked[1].event_id in memory.asking and not memory.single_day(asked[0])
            and memory.order.get(asked[1].event_id) == memory.order[event_id] - 1):
        # (asked for a time, "earlier next week?", and the one day this message names: "检疫证明要去哪里办" asks
        # no day; "lets move it to sunday the 16th then. their actual anniversary is the 15th" names two)
        if sum(_FAMILY.get(k, k) == "time" and memory.names_day(text[x:y]) for _, _, v in read(text) for x, y, k in v) != 1:
            return []
        asked = next(((value, span) for value, span in said if span.event_id not in memory.asking
                      and span not in memory.replaced and span not in memory.hedged and span not in memory.supposed
                      and memory.single_day(value)), None)
        if asked is None or memory.same_day(asked[0], new):
            return []
    elif (asked is None or asked[1].event_id not in memory.asking or asked[1] in memory.replaced
            or asked[1] in memory.settled or not memory.single_day(asked[0]) or memory.same_day(asked[0], new)):
        return []   # (checked first: reading the answer costs more)
    lead = next((w for w in reversed(words_of(text[begin:a], pack.lang)) if w.strip()), "")
    said = text[text.rfind(lead, 0, a) if lead else a:b].casefold()
    if lead and said in answer.casefold():
        return []   # (the answer's own words for the day, said back: "Shall I hold the 21st, and … for the 23rd?" "hold
        # the 21st"; "要先帮您锁21号吗？" "锁21号吧")
    # (days to choose from: two or more; "anything else today?" offers none)
    offered = {answer[x:y].casefold() for _, _, values in read(answer) for x, y, k in values
               if _FAMILY.get(k, k) == "time" and memory.names_day(answer[x:y])}
    # (two days, not one said twice: "ready on Monday 22 November … Monday 22 November at 12:30 free")
    ordered = sorted(offered)
    days = [day for i, day in enumerate(ordered) if not any(memory.same_day(day, other) for other in ordered[:i])]
    if len(days) < 2 or not any(memory.same_day(new, day) for day in days):
        return []
    return [Transition("time", asked[0], new, Span(event_id, a, b), asked[1])]


def _named_after_refusal(text: str, kept: Values, event_id: str, answer: str, memory: _Memory, pack: RulePack,
                         read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> list[Transition]:
    """"can we do a tasting next Wednesday at 6ish?" … "Next Wednesday evening doesn't work: …" …
    "thursday the 10th at 6 works, book it": a time the user asked for in the message before, turned
    down by the answer (a clause of it naming its day or clock, negated or saying it cannot be
    had: [state] unavailable, "fully booked"), is replaced by the time the user names next, with
    no change word."""
    times = sorted((a, b) for a, b, kind in kept if _FAMILY.get(kind, kind) == "time")
    new = times[0] if times else None
    for a, b in times[1:]:   # one time said in parts, run together ("周四10号晚上6点")
        if new is not None and not any(ch.isspace() or unicodedata.category(ch).startswith("P") for ch in text[new[1]:a]):
            new = (new[0], max(b, new[1]))
    before = memory.order[event_id] - 1
    # (asked for: "我那天十一点半得走" after "中午十二点半到两点不能施工" echoed as "要避开…" replaces nothing; nor
    # is a time the user's message forbade or told of as past: "周日千万别施工 … 上次楼上装修周日电钻吵架了" … "不碰周日"
    # … "中午12点到1点半别打磨")
    old = next(((value, span) for said in reversed(memory.values.get("time", [])) for (_, clause, _), value, span in [said]
                if memory.order.get(span.event_id) == before and span.event_id in memory.asking
                and span not in memory.replaced and next(negations(clause, 0, len(clause), pack), None) is None
                and not memory._told_as_past(said)), None) if new else None
    if new is None or old is None or old[0].casefold() == text[new[0]:new[1]].casefold():
        return []
    runs = re.findall(r"[^\W\d_]+", old[0])
    # (unspaced, any two or more characters of a run: "周一" of "周一上午")
    parts = runs if pack.spaced else [run[i:j] for run in runs for i in range(len(run)) for j in range(i + 2, len(run) + 1)]
    words = {p.casefold() for p in parts if memory.names_day(p) or memory.names_clock(p)} | {old[0].casefold()}
    for a, b, _ in read(answer):
        scopes = [cued_scope(answer, a, b, cue, pack) for cue in negations(answer, a, b, pack)]
        if pack.state.unavailable.search(answer, a, b):
            scopes.append((a, b))
        if any(w in answer[x:y].casefold() for x, y in scopes for w in words):
            return [Transition("time", old[0], text[new[0]:new[1]], Span(event_id, *new), old[1])]
    return []


def _renamed(text: str, start: int, end: int, kept: Values, event_id: str, memory: _Memory,
             other_slots: Lexicon) -> list[Transition]:
    """"预算改成300元" … "预算1200元以内": a value said plainly with the words of a slot a change
    named, of the kind that change set, replaces the slot's value as a revision would: one
    value, one slot (the first named). Words naming another slot that hold the slot's word name
    it not ("date of birth August 2, 1958" is no "date" a move was set to; [state] other_slots)."""
    clause = text[start:end].casefold()
    others = [(hit.start() - start, hit.end() - start, hit.group().casefold())
              for hit in other_slots.finditer(text, start, end)]
    for slot, kind in memory.slots.items():
        inside = [(a, b) for a, b, words in others if words not in slot.casefold()]   # ("截止日期" names itself)
        if not any(_said_apart(clause, k, inside) for k in slot_keys(slot)):
            continue
        for a, b, value_kind in kept:
            same = (_FAMILY.get(value_kind, value_kind) == _FAMILY.get(kind, kind)
                    or (value_kind in _AMOUNTS and kind in _AMOUNTS))   # "300元" set, "预算1200元" said
            if not same or _inside_another(a, b, kept):
                continue
            # (the slot's value said again, turned down or not, renames nothing: "定损也挪到后天上午" …
            # "说定损员后天上午排不开" had replaced the pickup's "后天一早八点", said beside it)
            keys = memory.keys(slot)
            if memory.newest(lambda texts, value: value.casefold() == text[a:b].casefold()
                             and any(k in texts[2] for k in keys)):
                break
            previous = memory.revised(value_kind, text[a:b], slot, event_id)
            if previous and previous[0].casefold() != text[a:b].casefold():
                return [Transition(slot, previous[0], text[a:b], Span(event_id, a, b), previous[1])]
            break
    return []


def _said_apart(text: str, word: str, inside: Sequence[tuple[int, int]]) -> bool:
    """Whether ``word`` stands in ``text`` outside every span of ``inside``."""
    return any(not any(a <= m.start() and m.end() <= b for a, b in inside) for m in re.finditer(re.escape(word), text))


def _accepts(reply: str, pack: RulePack, offered: str = "") -> bool:
    """Whether a user's reply accepts what was proposed: its first clause is accept words and
    fillers ("Sounds good", "好的就这个"), actions and a few words naming what it takes ("book all
    three", "好的就这个时间"), and the rest of its first sentence neither negates nor turns against
    it ("yes, but for 2 nights", "好的，不过要三间"); what it says after that is its own ("Yes,
    book those. But don't submit the applications yet"). Words the ``offered`` message holds
    name what it takes, at any length ("go with the 13-month one", "go with the Bogotá one")."""
    rules = pack.state
    first = next(split_clauses(reply, pack), None)
    accepting = rules.accept.search(reply, *first) if first is not None else None
    if accepting is None:
        return False
    stop = pack.sentence_end.search(reply, first[1]) if pack.sentence_end else None
    end = stop.start() if stop else len(reply)
    proviso = rules.accept_provisos.search(reply, accepting.end(), end)
    if proviso:   # ("yes, as long as it stays at no more than three fifty a month": its own condition,
        # up to the next pause: "好，只要…就同意，现在先别存" still turns against it)
        pause = rules.gap_breaks.search(reply, proviso.end(), end)
        if pause and (next(negations(reply, pause.end(), end, pack), None) or rules.accept_but.search(reply, pause.end(), end)):
            return False
        first, end = (first[0], min(first[1], proviso.start())), proviso.start()
    # a clause dropping something else, after a pause, is its own ("ok add it, skip the lemonade",
    # "好的加上，柠檬水就不要了")
    pause = rules.gap_breaks.search(reply, accepting.end(), end)
    if pause:
        after = _SPACES.match(reply, pause.end()).end()
        then = rules.gap_breaks.search(reply, after, end)
        if (rules.drop_after.regex.match(reply, after)
                or rules.drop_before.search(reply, after, then.start() if then else end)):
            first, end = (first[0], min(first[1], pause.start())), pause.start()
    # … as is a clause forbidding what names only values the offer does not hold ("行 就这么排 周日不收货啊
    # 别往周日排" after a plan for Wednesday, Saturday and Tuesday; "ok, but not Saturday" after one for
    # Saturday turns against it)
    cuts = sorted({a for a, _ in split_clauses(reply, pack) if accepting.end() < a < end}
                  | {m.start() for m in rules.gap_breaks.finditer(reply, accepting.end(), end)})
    apart = next((a for a, b in zip(cuts, [*cuts[1:], end])
                  if next(negations(reply, a, b, pack), None) and _values_apart(reply[a:b], offered, pack)), None)
    if apart is not None:
        first, end = (first[0], min(first[1], apart)), apart
    # … and a remark past a pause, a statement naming no value nor taking a thing, is why the yes suits ("yes
    # perfect, brunch will be over by then"; "yes, for 2 nights", "Sounds good, I'll take that set" say what it takes,
    # "Yes, where would you suggest to eat?" asks)
    # ("ok that works, i'll take the days off": what the user takes is their own doing, [state] action_leads)
    choice = rules.choose_after.search(reply, pause.end(), end) if pause else None
    taking = choice is not None and not any(reply[choice.end():end].lstrip().casefold().startswith(w)
                                            for w in rules.action_leads)
    if (pause and rules.remark_verbs.search(reply, pause.end(), end) and not pack.question.search(reply, pause.end(), end)
            and not taking and not any(cue.search(reply, pause.end(), end) for cue in (rules.actions, rules.add_after))
            and not any(values for _, _, values in read_clauses(reply[pause.end():end], pack))):
        first = (first[0], min(first[1], pause.start()))
    # … and so is what the user cannot do themselves, past a pause or a clause, naming no value: why they
    # say yes ("yes add it, we can't move the wardrobe ourselves", "可以 加上吧 我们自己搬不动那个大衣柜";
    # "ok i can't do friday" still turns against it)
    reason = rules.accept_reasons.search(reply, pause.end() if pause else first[1], end)
    if reason is not None:
        since = pause.start() if pause else max(a for a, _ in split_clauses(reply, pack) if a <= reason.start())
        if not any(values for a, b, values in read_clauses(reply, pack) if b > since and a < end):
            first, end = (first[0], min(first[1], since)), since
    rest = rules.actions.regex.sub(" ", rules.accept.regex.sub(" ", reply[first[0]:first[1]]))
    named = " ".join(w for w in re.split(r"[\s,，]+", rest) if w and w.casefold() not in rules.pronouns)
    # words naming what it takes follow the accept words; before them, or glued to a one-letter
    # one, they make another word ("太好了", "也行啊", "好贵呀": not a yes)
    said = list(rules.accept.finditer(reply, *first))
    lead = reply[first[0]:said[0].start()]
    if _names_offered(named, offered, pack):
        named = ""
    if any(ch.isalnum() for ch in named) and not pack.filler.covers(named) and (
            (lead.strip() and not pack.filler.covers(lead)) or len(said[-1].group(0)) < 2
            or sum(ch.isalnum() for ch in named) > rules.accept_rest
            or _value_kind(named, pack) or pack.question.search(named)
            or next(negations(named, 0, len(named), pack), None)):
        return False
    # the rest of the sentence choosing what the offer does not hold turns against it ("好的，那就
    # 周日晚上7点吧" after "我建议订周六晚上7点": a choice of its own, no yes)
    choice = rules.choose_after.search(reply, first[1], end)
    if choice is not None:
        a, b = _object_after(reply, choice.end(), end, pack)
        chosen = reply[a:b]
        if (any(ch.isalnum() for ch in chosen) and chosen.casefold() not in rules.pronouns
                and not any(chosen.casefold().startswith(w) for w in rules.action_leads)   # ("i'll take the days off")
                and not _names_offered(chosen, offered, pack)):
            return False
    return next(negations(reply, 0, end, pack), None) is None and not rules.accept_but.search(reply, 0, end)


def _commits(reply: str, pack: RulePack) -> bool:
    """Whether a reply's first sentence takes something, not only acknowledges what it was told:
    an accept word no filler says ("就这么定", "go with that"); "好的，吃完饭后我要去一家酒店"
    acknowledges, then asks for something else."""
    stop = pack.sentence_end.search(reply) if pack.sentence_end else None
    return any(not pack.filler.covers(m.group(0))
               for m in pack.state.accept.finditer(reply, 0, stop.start() if stop else len(reply)))


def _values_apart(said: str, offered: str, pack: RulePack) -> bool:
    """Whether words name values, none of them in the offer's words (in a spaced language, no word
    of them: "on saturday" is in "… Saturday Dec 12 at 8:00")."""
    values = [said[a:b].casefold() for _, _, kept in read_clauses(said, pack) for a, b, _ in kept]
    held = offered.casefold()
    if pack.spaced:
        words = set(re.findall(r"\w+", held))
        return bool(offered) and bool(values) and not any(
            w in words for v in values for w in re.findall(r"\w+", v) if len(w) >= 3 or w.isdigit())
    return bool(offered) and bool(values) and not any(v in held for v in values)


def _names_offered(named: str, offered: str, pack: RulePack) -> bool:
    """Whether what an acceptance names, past its choosing words and determiners, is words of the
    offer ("go with the Bogotá one" of "… Traducciones Andinas (Bogotá) …")."""
    rules = pack.state
    if not offered or pack.question.search(named) or next(negations(named, 0, len(named), pack), None):
        return False
    # pronouns are gone already; "add the rental one then": "rental"
    rest = rules.determiners.regex.sub(" ", named)
    rest = rules.add_after.regex.sub(" ", rules.choose_after.regex.sub(" ", rest))
    # (a word that trails a choice says nothing of what is taken, said mid-sentence too: "ok the
    # generic one then for the Flomax")
    words = [w for w in rest[:pack.trail.strip_run(rest, 0, len(rest), from_end=True)].split()
             if not pack.trail.covers(w)]
    held = offered.casefold().replace("-", "")   # (one word spelt with a hyphen or without: "rerun it" of "re-run")
    return bool(words) and all(w.casefold().replace("-", "") in held for w in words)


def _sentences(text: str, pack: RulePack) -> list[tuple[int, int, str]]:
    """(start, end, the mark that ends it) of each sentence of a text; a mark after nothing (the
    line break after "… for your dad.") makes none, so "the sentence before" is one."""
    spans, pos = [], 0
    for mark in pack.sentence_end.finditer(text) if pack.sentence_end else ():
        if text[pos:mark.start()].strip():
            spans.append((pos, mark.start(), mark.group(0)))
        pos = mark.end()
    if text[pos:].strip():
        spans.append((pos, len(text), ""))
    return spans


def _trim_proposal(text: str, start: int, end: int, rules: StateRules) -> tuple[int, int]:
    """A proposal without its asking words ("Shall I", "需要我帮您", "for you", "吗"), nor the spaces and
    colons before it or its lead ("my recommendation is: …")."""
    start = _past_colons(text, start, end)
    bullet = rules.list_item.match(text, start, end)   # a list's bullet ("- ", "2. ", "（3）")
    start = bullet.end() if bullet else start
    start = rules.proposal_lead.strip_run(text, start, end, from_end=False)
    end = rules.proposal_trail.strip_run(text, start, end, from_end=True)
    return _past_colons(text, start, end), end


_COLONS = re.compile(r"[\s:：]*")


def _past_colons(text: str, start: int, end: int) -> int:
    return _COLONS.match(text, start, end).end()


def _own_words(clause: str, values: Sequence[str], memory: _Memory, pack: RulePack, names: bool = False) -> set[str]:
    """A clause's words of its own, folded: not its values, hedges, fillers nor words any slot's
    name holds, a few letters long; with ``names``, a capitalised shorter one too ("Mia")."""
    named = {w.casefold() for w in words_of(clause, pack.lang) if names and w[:1].isupper() and len(w) > 1 and w.isalpha()}
    clause = clause.casefold()
    for value in values:
        clause = clause.replace(value.casefold(), " ")
    return {w for w in words_of(clause, pack.lang) if (len(w) >= pack.state.own_word_chars or w in named) and w.isalpha()
            and w not in memory.slot_stopwords and not pack.uncertainty.search(w) and not pack.filler.covers(w)}


def _tells_again(proposed: str, answer: str, question: str, memory: _Memory, pack: RulePack) -> bool:
    """Whether the user's question and its answer were about a proposal: the question shares
    ``offer_words_asked`` words of its own with it ("does after care have the same staff?" of "after-care only, 3:30–5:45
    pm"), or the answer ``offer_words_answered`` ("The Rachio 3 (8-zone) runs the lawn spray zones and the drip zones …"
    of "converting the 2 bed zones to drip and swapping the old controller for a Rachio 3 …");
    unspaced, a word inside one of its words counts ("收入" of "家庭收入")."""
    offered = _own_words(proposed, (), memory, pack)

    def shared(words: set[str]) -> int:
        return len(words & offered) if pack.spaced else sum(any(w in o or o in w for o in offered) for w in words)

    return (shared(_own_words(question, (), memory, pack)) >= pack.state.offer_words_asked
            or shared(_own_words(answer, (), memory, pack)) >= pack.state.offer_words_answered)


def _restates(answer: str, proposed: str, read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> bool:
    """Whether an answer names again a value of a proposal ("方案不变：…肿瘤标志物12项" of "建议…加：…
    肿瘤标志物12项，合计¥1,160")."""
    held = answer.casefold()
    return any(proposed[a:b].casefold() in held for _, _, kept in read(proposed) for a, b, _ in kept)


def _accepted_proposal(before: Event, reply: str, pack: RulePack,
                       read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> tuple[int, int] | None:
    """(start, end) in the assistant's message of what the user's "yes" / "好的就这个" accepts
    (:func:`_proposal`), or of the one offer a reply accepts by naming it."""
    if before.role != "assistant":
        return None
    if not _accepts(reply, pack, before.text):
        return (_accepted_by_name(before.text, reply, pack) or _yes_after(before.text, reply, pack, read)
                or _rest_taken(before.text, reply, pack, read))
    return _proposal(before.text, pack, read)


def _rest_taken(offered: str, reply: str, pack: RulePack,
                read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> tuple[int, int] | None:
    """The proposal a reply takes but for what it changes ("大虾改成70斤 别的按你说的", "bump the prawns
    to 70 lb, rest as you said"): the changes are read as the reply's own, after the yes. A clause
    negating what the offer holds turns against it ("周六不行 其他都行" after "建议订周六晚上7点")."""
    taken = pack.state.accept_others.search(reply)
    if taken is None:
        return None
    for start, end in split_clauses(reply, pack):
        own = start <= taken.start() < end
        stop = pack.sentence_end.search(reply, end) if own and pack.sentence_end else None
        if own and pack.question.search(reply, start, stop.end() if stop else len(reply)):
            return None   # (asked: "别的都按你说的？")
        # (its own words may negate: "其他不变")
        cues = [cue for cue in negations(reply, start, end, pack) if not taken.start() <= cue.start() < taken.end()]
        if cues and (own or not _values_apart(reply[start:end], offered, pack)):
            return None
    return _proposal(offered, pack, read)


def _yes_after(offered: str, reply: str, pack: RulePack,
               read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> tuple[int, int] | None:
    """The proposal a reply's second sentence takes, said as a commitment, when its first says
    nothing of the proposal's words ("海运太慢了 不要. 行 就按你说的来" after "我建议选B:衣服箱走空运标准…": sea
    freight was another option)."""
    stop = pack.sentence_end.search(reply) if pack.sentence_end else None
    rest = reply[stop.end():] if stop else ""
    if not rest.strip() or not (_accepts(rest, pack, offered) and _commits(rest, pack)):
        return None
    found = _proposal(offered, pack, read)
    proposed = offered[found[0]:found[1]].casefold() if found else ""
    said = [w for w in words_of(reply[:stop.start()].casefold(), pack.lang)
            if len(w) >= pack.state.own_word_chars and w.isalnum() and not pack.filler.covers(w)]
    return found if found and not any(w in proposed for w in said) else None


def _proposal(text: str, pack: RulePack,
              read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> tuple[int, int] | None:
    """(start, end) of what an assistant's message proposes (:func:`_proposed`); one naming a
    listed option by its number ("Two options:\n1. Buy a new seat …\n2. Reassign Mel Castro's
    seat …\nI'd suggest option 2", "我建议选第2种") proposes that line of the list: "option 2:
    assistant's proposal, accepted" had told the agent nothing of what was agreed."""
    found = _proposed(text, pack, read)
    return found and (_option_named(text, *found, pack.state) or found)


def _kind_names(pack: RulePack) -> dict[str, tuple[str, ...]]:
    """The words naming a value's kinds: its display name ("时间": time) and ``[state] kind_words`` ("手机": phone)."""
    return {**{name.casefold(): (key.removeprefix("kind_"),) for key, name in pack.templates.items()
               if key.startswith("kind_") and name}, **pack.state.kind_words}


def _slot_given(obj: str, end: int, kept: Values, stop: int, pack: RulePack) -> bool:
    """Whether a thing dropped is a value's slot, by its kind's name ("the start date", "那个时间"),
    given a value of that kind after it in its sentence (up to ``stop``): a change, not a drop."""
    folded = obj.casefold().rstrip()
    kinds = {_FAMILY.get(kind, kind) for name, found in _kind_names(pack).items() if folded.endswith(name)
             and (not pack.spaced or len(folded) == len(name) or not folded[-len(name) - 1].isalnum()) for kind in found}
    return any(end <= a < stop and _FAMILY.get(kind, kind) in kinds for a, _, kind in kept)


def _kinds_pointed(words: str, pack: RulePack) -> set[str]:
    """The kinds of value words point back at by their name ("这个时间", "that slot": time)."""
    if not _points_back(words, pack):
        return set()
    folded = words.casefold()
    return {_FAMILY.get(kind, kind) for name, found in _kind_names(pack).items()
            if _word_at(name, folded, pack) >= 0 for kind in found}


def _points_back(words: str, pack: RulePack) -> bool:
    """Whether words hold a pronoun pointing at what was said before ("set that up", "加上这个")."""
    folded = words.casefold()
    return any((re.search(rf"\b{re.escape(p)}\b", folded) if pack.spaced else p in folded)
               for p in pack.state.pronouns if len(p) >= 2 and " " not in p)


def _option_named(text: str, start: int, end: int, rules: StateRules) -> tuple[int, int] | None:
    """The line of the list before ``start`` that ``text[start:end]`` names by its number (the
    line numbered so, else the n-th), its bullet left out."""
    ref = next((m for p in rules.option_refs if (m := p.search(text, start, end))), None)
    listed = _listed(text, start, rules) if ref else None
    if ref is None or listed is None:
        return None
    said = ref.group("n").casefold()
    number = int(said) if said.isdigit() else rules.option_numbers.get(said)
    items, pos = [], listed[0]
    for line in text[listed[0]:listed[1]].split("\n"):
        bullet = rules.list_item.match(text, pos)
        if bullet and line.strip():
            items.append((bullet.end(), pos + len(line.rstrip()), re.search(r"\d+", bullet.group(0))))
        pos += len(line) + 1
    chosen = next(((a, b) for a, b, digits in items if digits and int(digits.group(0)) == number), None)
    if chosen is None and number and 0 < number <= len(items) and not any(digits for _, _, digits in items):
        chosen = items[number - 1][:2]
    return chosen if chosen and chosen[1] > chosen[0] else None


def _proposed(text: str, pack: RulePack,
              read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> tuple[int, int] | None:
    """(start, end) of what an assistant's message proposes, which a "yes" accepts:
    its last question when that names a value ("Shall I book 2 rooms for March 8th?") — unless a
    proposing sentence before it holds all the question's values, which then is what was
    accepted ("My proposal: 8:15 am for you … Want me to reserve 8:15 and 8:30?") — or the
    sentence before it too when the question asks for an action and that sentence names the
    values ("It would arrive by Tuesday, December 8. Shall I place the order?") and no proposing
    sentence came before; else what its last proposing sentence proposes ("My proposal: 8:15 am
    for you", "我建议给您约11月18日下午5点半") or, after a confirmation mark, every sentence up
    to the asking one ("我跟您确认一下要办理的内容：…"); else a question asking for an action.
    A request for the go-ahead asks without a question mark ("您确认的话回复我一下，我就提交")."""
    rules = pack.state
    sentences = _sentences(text, pack)

    def kinds(a: int, b: int) -> set[str]:
        return {kind for _, _, kept in read(text[a:b]) for _, _, kind in kept}

    def has_values(a: int, b: int) -> bool:   # an id alone proposes nothing ("Your reference number is 5NVYGFM1.")
        return bool(kinds(a, b) - {"id"})

    asked = [i for i, (a, b, mark) in enumerate(sentences)
             if (mark in rules.question_marks or rules.confirm_request.search(text, a, b))
             and not rules.open_offer.search(text, a, b)   # "Anything else today?" proposes nothing
             # nor "…, did you have an area in mind?", unless it asks for an action too
             and not (rules.asks_preference.search(text, a, b) and not rules.actions.search(text, a, b))]
    question = _trim_proposal(text, *sentences[asked[-1]][:2], rules) if asked else (0, 0)
    # a question that asks for an action, or offers one ("Want me to hold them?": its lead words)
    # (or to choose one or add one: "就用LL-07江铃小冷藏车可以吗？", "Shall we go with the LL-07?", "那药食箱的加固要给您
    # 加上吗?")
    acts = question[1] > question[0] and (
        any(cue.search(text, *question) is not None for cue in (rules.actions, rules.choose_after))
        or rules.add_after.search(text, *sentences[asked[-1]][:2]) is not None)   # (its asking words may add)
    # ("Shall I?" alone: its lead words are all it says, and it offers what was said before it)
    offers = acts or (bool(asked) and (question[1] <= question[0]
                                       or text[sentences[asked[-1]][0]:question[0]].strip() != ""))
    marks = list(rules.proposal_mark.finditer(text, 0, question[0] or len(text)))
    asking = sentences[asked[-1]][0] if asked else len(text)
    proposed = None
    if marks:
        begin, end = next(((a, b) for a, b, _ in sentences if a <= marks[-1].start() < b), (0, len(text)))
        start, end = _trim_proposal(text, marks[-1].end(), end, rules)
        lead = text[marks[-1].end():start].rstrip()
        introduces = lead.endswith((":", "："))   # (the words before the plan, up to its colon)
        if end > start and introduces and any(ch.isalpha() for ch in lead):
            # words that only say a plan follows ("建议这样安排：去程…；回程…。…\n您看这样行吗？",
            # "I'd suggest the following: …"): the plan is its whole paragraph, up to the asking
            # sentence (not "Here's what I propose: one dispute … Reason: …", a mark alone)
            line_end = text.find("\n", start, asking)
            end = _without_end_mark(text, start, max(end, _trim_proposal(
                text, start, line_end if line_end > 0 else asking, rules)[1]), pack)
        if end <= start and not introduces and any(ch.isalnum() for ch in text[begin:marks[-1].start()]):
            # "Cafe Jello Gallery would be my recommendation. The phone number is …": what it
            # recommends is before it, not the sentence after
            start, end = _trim_proposal(text, begin, marks[-1].start(), rules)
        elif end <= start or text[begin:end].rstrip().endswith((":", "：")) and not (
                kinds(start, end) and len(text[start:end].strip(" :：")) > 2):   # (an option's letter says nothing: "B:")
            # "I'd suggest:\n\nMonday, December 7 at 5:15 pm …", "The standout is local:\n\nSugar
            # Pine Bakehouse …": the sentence after it (not when what it names is before the colon:
            # "I'd suggest the LL-07 small reefer truck:\n- 2.05 m tall, …")
            # ("我建议冰箱这样提交：\n· 如果是…\n· 如果是…": the list it introduces, whole)
            listed = _listed(text, asking, rules)
            after = (listed if listed and listed[0] >= marks[-1].end()
                     else next(((a, b) for a, b, _ in sentences if a >= marks[-1].end()), None))
            start, end = _trim_proposal(text, *after, rules) if after and after[0] < asking else (0, 0)
        # (words saying a plan follows, ending it before its colon: the plan is the lines up to the asking sentence,
        # "我建议12月18日（周五）下午这样排：\n- 13:30–15:00 竹韵厅开会\n- 15:00–16:30 真人CS …\n这样安排可以吗？")
        follows = rules.plan_follows.search(text, start, end) if end > start else None
        if (follows is not None and not text[follows.end():end].strip(" :：") and asking > end + 1
                and (text[start:end].rstrip().endswith((":", "：")) or text[end:end + 1] in ":：")):
            end = _without_end_mark(text, start, max(end, _trim_proposal(text, start, asking, rules)[1]), pack)
        while end > start and text[end - 1] in ":： \t":   # (the colon before its details)
            end -= 1
        # advice ("建议您尝尝它家的鸡爪", "建议您提前预约") settles nothing; a proposal to choose
        # something does, values or not ("我的建议是就定湖畔悦庭酒店的西湖厅"), as does one naming a
        # listed option ("I'd suggest option 2")
        # (a name, capitalised: "I'd suggest Dr. Anjali Rao at the Dublin office: she's the closest",
        # up to the reason after its colon)
        # (after its determiner: "I'd suggest the Bosch 800 Series induction package: auto shut-off …")
        head = rules.determiners.strip_run(text, start, end, from_end=False) if end > start else start
        named = (end > head >= start >= marks[-1].end() and pack.spaced and text[head].isupper()
                 and not rules.actions.regex.match(text, start) and not has_values(start, end))
        if named and (colon := text.find(": ", start, end)) > start + 2:   # (not an option's letter: "B: clothes box…")
            end = colon
        if end > start and (has_values(start, end) or rules.choose_after.search(text, start, end)
                            # (a change: "我建议换成纸质彩旗+泡泡机：…您看这样可以吗？")
                            or rules.change.regex.match(text, start) is not None
                            or _option_named(text, start, end, rules) or named
                            # (an action the question asks to go ahead with: "Here's what I'd do next:
                            # reserve the loading dock … Shall I go ahead?"; a thing, with its
                            # determiner: "I'd suggest a 15-yard dumpster on the driveway", not advice
                            # "I'd suggest booking early")
                            or offers and rules.actions.regex.match(text, start) is not None
                            or rules.thing_leads.regex.match(text, start) is not None
                            # (whatever it names, when the question asks to go ahead with "that": "I'd suggest
                            # converting the 2 bed zones to drip … Want me to add that?", "…morning drop-off
                            # only … Want me to set that up for Hollis Park?")
                            or offers and _points_back(text[question[0]:question[1]], pack)
                            # (… or to add a thing, the question asking to add: "建议每盒加一个礼品手提袋…要不要加上？")
                            or asked and rules.add_after.search(text, start, end) is not None
                            and rules.add_after.search(text, *sentences[asked[-1]][:2]) is not None
                            # (… or, said after the mark and its colon, when the message's last sentence asks
                            # whether it suits: "我的建议是：从厨房后墙开孔直排到外面。…这样做可以吗？", "My
                            # recommendation is: vent out the back wall. … Does that work for you?"; not advice,
                            # "I'd suggest booking early, it fills up. Does that sound good?")
                            or lead.endswith((":", "：")) and asked and asked[-1] == len(sentences) - 1
                            and rules.suits.search(text, *sentences[asked[-1]][:2]) is not None
                            # (a thing its own list offers, named: "我建议优先看悦馨月子会所（西溪店）")
                            or any(name in text[start:end].casefold() for name in _list_names(text, pack))):
            proposed = start, end
    # a confirmation mark opens its sentence ("To confirm: …"; not "Call them to confirm the
    # wiring instructions"): before it only leads and punctuation
    confirms = [m for m in rules.confirmation_mark.finditer(text, 0, asking)
                if not any(ch.isalnum() for ch in text[rules.proposal_lead.strip_run(
                    text, next((a for a, b, _ in sentences if a <= m.start() < b), m.start()), m.start(),
                    from_end=False):m.start()])]
    if confirms and (not marks or confirms[-1].start() > marks[-1].start()):
        # "我跟您确认一下要办理的内容：…（several sentences）…您确认的话回复我一下": all of it,
        # from the sentence after the mark's when the rest of that one names nothing
        start = confirms[-1].end()
        lead_end = next((b for a, b, _ in sentences if a <= start <= b), start)
        # (the mark's own sentence asking with values is all it confirms: "我跟您确认一下：正确的手机号是
        # 13857126490，…对吗？\n这个号码很重要：…您确认后，我把…改掉。" is the number, not the reasons after)
        held = next((mark for a, b, mark in sentences if a <= start <= b), "")
        stop = lead_end if held in rules.question_marks and has_values(start, lead_end) else asking
        start, end = _trim_proposal(text, start if has_values(start, lead_end) else lead_end, stop, rules)
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start and has_values(start, end):
            proposed = start, end
    told = [(x, y) for x, y, _ in sentences[:asked[-1]] if has_values(x, y)] if asked and not proposed else []
    if told and not has_values(*sentences[asked[-1]][:2]) and rules.confirm_changes.search(text, *sentences[asked[-1]][:2]):
        # "好的，付款按三期：…\n安装往后推一周，就是2027年1月18日（周一）至1月22日（周五）…确认这样改吗？": all the changes told
        return _trim_proposal(text, told[0][0], told[-1][1], rules)
    if proposed and asked and sentences[asked[-1]][2] not in rules.question_marks:
        # a go-ahead asked without a question mark tells what follows it, not what is proposed ("我建议
        # 这样给您申请：整盒退款39.90元…您看可以吗？可以的话我现在就提交，…24小时内上传照片")
        return proposed
    if proposed and rules.change_from is not None and question[1] > question[0]:
        # "我更推荐C1…。要我把报名单从C2普通班改成C1 VIP周末班吗？": the change from one to another it asks to make
        gapped = rules.gapped_change.search(text, *question)
        cue = None if gapped else rules.change.search(text, *question)
        if gapped or cue:
            before = _first_group(gapped) if gapped else (question[0], cue.start())
            if rules.change_from.search(text, *before):
                return question
    if question[1] > question[0] and has_values(*question):
        # a question naming again, in short, what was proposed ("My proposal: 8:15 am for you
        # and 8:30 am for Valentina. … Want me to reserve 8:15 and 8:30?") accepts the proposal
        # (an id only points at what it is on, and a size may be said in other words: "Shall I mark
        # the 40 ft option as your choice on Q-INTL-20931?" after "I'd suggest the 40-foot high-cube
        # container")
        short = text[question[0]:question[1]]
        said = [(short[a:b].casefold(), kind) for _, _, kept in read(short) for a, b, kind in kept if kind != "id"]
        shown = text[proposed[0]:proposed[1]].casefold() if proposed else ""

        def in_shown(value: str, kind: str) -> bool:
            digits = re.findall(r"\d+(?:[.,]\d+)?", value) if kind == "quantity" else []
            return value in shown or bool(digits) and all(
                re.search(rf"(?<![\d.,]){re.escape(d)}(?!\d)", shown) for d in digits)

        # (… as does one pointing back at it before it names a value: "My suggestion: go with the DT
        # Swiss 533d rim rebuild at $329 … Want me to go with that and order the rim now so it's here
        # before Saturday?"; not "我把后天14:30那个改到9月18日周六9:30，可以吗？")
        first = min((a for _, _, kept in read(short) for a, _, kind in kept if kind != "id"), default=len(short))
        return proposed if shown and (all(in_shown(value, kind) for value, kind in said)
                                      or _points_back(short[:first], pack)) else question
    if proposed:   # "我建议：…约11月21日下午2点 …。您看这样行吗？": the proposal, not the sentence before
        return proposed
    a, b, mark = sentences[asked[-1]] if asked else (0, 0, "")
    if mark not in rules.question_marks and asked and rules.offer_cue.search(text, a, b) and question[1] > question[0]:
        return question   # "If you'd like, I can file the warranty claim with Voltra for you": what it offers
    valued = [(x, y) for x, y, _ in sentences[:asked[-1]] if has_values(x, y)] if asked else []
    if mark not in rules.question_marks and valued and not has_values(a, b) and rules.confirm_request.search(text, a, b):
        # "好的，就订鸿福寿桃三层，…送到北山街78号。…12月12日上午10:30到11:00之间如何？…确认的话我就下单":
        # a go-ahead asked without a question confirms what the message says, not its own words
        return _trim_proposal(text, valued[0][0], valued[-1][1], rules)
    if offers and question[1] > question[0] and kinds(*question) == {"id"}:
        # an id is what a question asking an action acts on ("…we can swap beds any time during the
        # rental. Want me to put the HB-200 on the order?")
        return question
    if offers and asked[-1] > 0 and not has_values(*question):
        # "Easiest fix: add the fire-pit s'mores night and the espresso bar upgrade. That's $352 …
        # Want me to add them?": the thing the question's verb was said of before it, not a price
        # list further up
        verbs = {m.group(0).casefold() for lexicon in (rules.actions, rules.add_after)
                 for m in lexicon.finditer(text, *sentences[asked[-1]][:2])}
        near = sentences[max(0, asked[-1] - rules.verb_reach):asked[-1]]
        said_of = next(((m.start(), b) for a, b, _ in reversed(near) for lexicon in (rules.actions, rules.add_after)
                        for m in lexicon.finditer(text, a, b) if m.group(0).casefold() in verbs), None)
        if said_of and not rules.single_ref.search(text, *sentences[asked[-1]][:2]):   # ("one of them": a pick)
            return _trim_proposal(text, *said_of, rules)
    if (offers and rules.plural_ref.search(text, *sentences[asked[-1]][:2])
            and not rules.single_ref.search(text, *sentences[asked[-1]][:2]) and not has_values(*question)):
        # "- 10:00 am at Shilshole\n- 11:15 am at Maple Court\n… Shall I book these three?": the list
        listed = _listed(text, sentences[asked[-1]][0], rules)
        if listed and has_values(*listed):
            return _trim_proposal(text, *listed, rules)
    said_can = next(((a, b) for a, b, _ in reversed(sentences[:asked[-1]]) if rules.offer_cue.search(text, a, b)),
                    None) if offers and not has_values(*question) else None
    if said_can and not rules.single_ref.search(text, *sentences[asked[-1]][:2]):
        # "we can pull her IRS wage and income transcript … It usually comes back in 1–2 business
        # days. Want me to do that?": what it can do, not the sentence before the question
        return _trim_proposal(text, *said_can, rules)
    changed = next(((a, b) for a, b, _ in reversed(sentences[max(0, asked[-1] - rules.verb_reach):asked[-1]])
                    if has_values(a, b) and rules.instead.search(text, a, b)), None) \
        if offers and asked[-1] > 0 and _points_back(text[question[0]:question[1]], pack) else None
    if changed:
        # "So that would be Friday 11 June at 10:00 instead of 13:00 … The only thing to know is that he'll
        # need the driveway clear from about 09:45. Shall I move Biscuit to that slot?": the change said, not
        # the caveat before the question
        return _trim_proposal(text, *changed, rules)
    pointed = _kinds_pointed(text[sentences[asked[-1]][0]:sentences[asked[-1]][1]], pack) if offers and asked else set()
    near = next(((a, b) for a, b, _ in reversed(sentences[max(0, asked[-1] - rules.verb_reach):asked[-1]])
                 if pointed & {_FAMILY.get(k, k) for k in kinds(a, b)}), None) if pointed and not has_values(*question) else None
    if near:
        # "…上午有一个空档：\n- 2026年12月9日（周三）09:00-11:00，勘测工程师张志强张工\n…勘测费¥300现场付，签约后抵扣。要我帮您约
        # 这个时间吗？": the time "这个时间" points at, not the price said last ("Shall I book that slot?")
        return _trim_proposal(text, *near, rules)
    # (the sentence before it, past those saying what stays as it is: "The closest option is Tuesday 22 December …
    # The rest of the boxes would stay on the third Tuesday of each month. Shall I move the first box to that?")
    back = asked[-1] - 1 if asked else -1
    while back > 0 and rules.stays.search(text, *sentences[back][:2]) and has_values(*sentences[back - 1][:2]):
        back -= 1
    if (offers and back >= 0 and has_values(*sentences[back][:2])
            and not rules.single_ref.search(text, *sentences[asked[-1]][:2])):   # "one of them": a pick
        before = sentences[back]
        first = min((before[0] + a for _, _, kept in read(text[before[0]:before[1]]) for a, _, _ in kept), default=before[1])
        listed = _listed(text, before[1], rules)
        if listed and has_values(*listed) and (listed[0] <= before[0] < listed[1] or listed[1] <= before[0]
                                                and _points_back(text[before[0]:first], pack)):
            # "上午只剩一个：\n- 12月9日（周三）10:00 接车…\n- 代驾师傅 09:20 上门取车\n改成这个的话，原来 12月10日（周四）09:30
            # 的工位就释放了。可以吗？": the list "这个" points at, not what the change frees; a list right before the
            # question is all of it, not its last line
            return _trim_proposal(text, *listed, rules)
        return _trim_proposal(text, before[0], question[1] if question[1] > question[0] and back == asked[-1] - 1
                              else before[1], rules)
    return question if acts else None


def _without_end_mark(text: str, start: int, end: int, pack: RulePack) -> int:
    """Where a plan of several sentences ends, before its last mark and spaces ("…联系您本人。\n": its
    line reads "…联系您本人：助手提议，用户已接受", not "本人。：")."""
    while end > start and (text[end - 1].isspace() or pack.sentence_end is not None
                           and pack.sentence_end.fullmatch(text, end - 1, end)):
        end -= 1
    return end


def _listed(text: str, end: int, rules: StateRules) -> tuple[int, int] | None:
    """The last run of two or more list lines (``[state] list_item``) before ``end``."""
    lines, pos = [], 0
    for line in text[:end].split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    run: list[tuple[int, int]] = []
    for a, b in reversed(lines):
        if text[a:b].strip() and rules.list_item.match(text, a):
            run.append((a, b))
        elif run and text[a:b].strip():
            break
    return (run[-1][0], run[0][1]) if len(run) >= 2 else None


def _accepted_by_name(text: str, reply: str, pack: RulePack, first: bool = False) -> tuple[int, int] | None:
    """A reply that accepts one offer by naming it, anywhere in it ("Under my name … Yes to the
    tiramisu!", "订在我名下。同意加提拉米苏", "The T-Roc sounds good"): the last sentence of the offer
    holding the named words, with the question that follows it ("… a complimentary tiramisu
    with a candle … Want me to add that to the reservation note?"); with ``first``, the first
    such sentence (where a list introduces the option it names)."""
    rules = pack.state
    cues = [(cue, True) for cue in rules.accept_named.finditer(reply)]
    cues += [(cue, False) for cue in rules.accept_named_after.finditer(reply)]
    for cue, names_after in cues:
        clause = next(((a, b) for a, b in split_clauses(reply, pack) if a <= cue.start() < b), None)
        if clause is None or next(negations(reply, *clause, pack), None) or pack.question.search(reply, *clause):
            continue
        named = rules.determiners.regex.sub(" ", reply[cue.end():clause[1]] if names_after
                                            else reply[clause[0]:cue.start()])
        words = [w.casefold() for w in re.split(r"[\s,，.!！。]+", named)
                 if w and w.casefold() not in rules.pronouns and not pack.filler.covers(w)]
        if not words:
            continue
        sentences = _sentences(text, pack)   # read only for a reply that names an offer
        held = [i for i, (a, b, _) in enumerate(sentences) if all(_holds(text[a:b].casefold(), w, pack) for w in words)]
        if held:
            at = held[0] if first else held[-1]
            start, end, _ = sentences[at]
            after = at + 1
            if after < len(sentences) and sentences[after][2] in rules.question_marks:
                asking = _trim_proposal(text, *sentences[after][:2], rules)
                end = sentences[after][1] if asking[1] > asking[0] else end   # "需要吗？" asks nothing more
            return _trim_proposal(text, start, end, rules)
    return None


def _holds(sentence: str, word: str, pack: RulePack) -> bool:
    """Whether an offer's sentence holds a word of the reply; unspaced, the reply's run of
    characters may begin with other words ("那湘味馆就它了": 湘味馆), three characters at least
    ("包间写个人就它了" names no offer by its "个人"), unless it is all of them."""
    if pack.spaced:
        return word in sentence
    if len(word) < 2:   # "还不错": one character names nothing
        return False
    return any(word[i:] in sentence for i in range(0, max(len(word) - 2, 1)))


def _answers_another(forbidden: str, acts: set[str], said: str, answered: str, pack: RulePack) -> bool:
    """Whether a go-ahead answers the assistant's offer of the same action on another object: the
    offer it answers names the action but not what the forbidden one was to act on (its words
    after the action, ``[state] generic_objects`` aside), nor does the go-ahead. "你提交吧" after
    "…您确认后我就提交" (a broadband ticket) lifts no "先别提交转网申请"; "可以提交了" with no such
    offer, or "ok you can charge it now", still does."""
    if not answered or not any(act in answered for act in acts):
        return False
    folded = forbidden.casefold()
    for act in acts:
        at = folded.find(act)
        if at < 0:
            continue
        a, b = _object_after(forbidden, at + len(act), len(forbidden), pack)
        rest = forbidden[a:b].casefold()
        for word in pack.state.generic_objects:
            rest = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)" if pack.spaced else re.escape(word), " ", rest)
        keys = slot_keys(rest)
        if keys and not any(key in said or key in answered for key in keys):
            return True
    return False


def _core(text: str, read: Callable[[str], tuple[tuple[int, int, Values], ...]]) -> str:
    """The stretch of a proposal from its first clause, which names what is proposed, to its last
    clause holding a value ("先帮小宇占千岛湖水上探险营第一期，也就是2027年7月12日-18日这期的名额，…，
    您看可以吗" → up to "…这期的名额"; a core from the first value on had lost the camp), when shorter."""
    clauses = read(text)
    valued = [b for _, b, values in clauses if values]
    core = text[clauses[0][0]:valued[-1]] if valued else ""
    return core if len(core) < len(text) else ""


def _booked_as(slot: str, kind: str, event: Event, events: Sequence[Event], memory: _Memory,
               pack: RulePack) -> tuple[str, Span] | None:
    """The value a change naming a tool's id replaces: the newest of its kind in the user's turn
    that the tool call returning the id answered ("thursday the 10th at 6 works, book it" …
    TST-61408 … "she doesn't land till Thursday at 9pm. can we move TST-61408 to …": not the
    Thursday of its own message). None when the slot is no id, or the user named it first."""
    asked_by = _booking_turn(slot, event, events, pack)
    values = [(value, span) for _, value, span in memory.values.get(_FAMILY.get(kind, kind), [])
              if span.event_id == asked_by and span not in memory.replaced]
    return values[-1] if values else None


def _booked_choice(slot: str, event: Event, events: Sequence[Event], decisions: list[Decision],
                   pack: RulePack) -> tuple[str, Span] | None:
    """The thing a change of no typed value naming a tool's id replaces: what the user chose in the
    turn the tool call returning the id answered ("那后半年选四人套房那种单间吧" … RES-7741 … "RES-7741换成
    单人studio吧")."""
    asked_by = _booking_turn(slot, event, events, pack)
    chosen = [d for d in decisions if asked_by and d.status == "chosen" and d.span.event_id == asked_by]
    return (chosen[-1].object, chosen[-1].span) if chosen else None


def _booking_turn(slot: str, event: Event, events: Sequence[Event], pack: RulePack) -> str | None:
    """The user's turn a tool call returning the id ``slot`` answered; None when the slot is no
    id, or the user named it first."""
    if not any(p.fullmatch(slot) for p in pack.patterns.get("id", ())):
        return None
    asked_by = None
    for said in events:
        if said is event or slot in said.text and said.role == "user":
            return None
        if said.role == "user":
            asked_by = said.id
        elif said.role == "tool" and slot in said.text:
            return asked_by
    return None


def _a_kind_only(text: str, pack: RulePack) -> bool:
    """"a table", "一个房间": a kind of thing asked for (an indefinite and a topic), none chosen."""
    bare = next((text[len(w):].strip() for w in pack.state.indefinites
                 if text.casefold().startswith(w + " " if pack.spaced else w)), "")
    return bool(bare) and [kind for a, b, kind in pack.lexicon.find(bare) if (a, b) == (0, len(bare))] == ["topic"]


def _names_something(text: str, pack: RulePack) -> bool:
    """"Shall I go ahead?", "要我帮您提交吗", "Want me to add it?": an action on a pronoun names nothing
    to keep (the "yes" still authorises the action)."""
    rules = pack.state
    rest = rules.accept.regex.sub(" ", rules.add_after.regex.sub(" ", rules.actions.regex.sub(" ", text)))
    named = [w for w in re.split(r"[\s,，]+", rest) if w and w.casefold() not in rules.pronouns]
    return bool(named) and not pack.filler.covers(" ".join(named))


class StateStage:
    name = "state"
    assigns = ("decisions", "transitions", "open_items")
    per_event = False  # it links turns: it reads the whole prefix every time

    def __init__(self, settings: Settings) -> None:
        # a growing conversation walks the same texts on every call: their clauses and values
        # are remembered, and the walk goes on from where the last call over the same events
        # left it (kept by a digest of those events; taken by one call at a time)
        self._memo = Memo(settings["stages.memo_size"])
        self._lookback = settings["stages.state_lookback"]
        self._reach = settings["stages.state_unnamed_reach"]
        self._bare_scale = settings["stages.state_bare_number_scale"]
        self._alike = settings["stages.state_typo_similarity"]
        self._walks: OrderedDict[bytes, Walked] = OrderedDict()
        self._walks_kept = settings["stages.state_walks"]
        # where the prefix's walk stood at a call's marks, apart (as many): they would evict the walks above
        self._marked: OrderedDict[bytes, Walked] = OrderedDict()
        self._lock = threading.Lock()

    def run(self, data: StageInput) -> StageResult:
        prefix, events = tuple(data.prefix), (*data.prefix, *data.after)
        # the day of "now" resolves the times an accepted proposal names; its instant changes on
        # every call made without one, and the walk would never go on
        today = f"{data.now.date()}{data.now.utcoffset()}" if data.now else ""
        digest = hashlib.blake2b(f"{data.pack.lang}\0{data.pack.version}\0{self._lookback}\0{self._reach}\0"
                                 f"{self._bare_scale}\0{self._alike}\0{today}".encode(),
                                 digest_size=16)
        keys = [digest.digest()]
        for event in events:   # keys[i]: the first i events
            for part in (event.id, event.role, event.text):
                digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
            keys.append(digest.digest())

        def read(text: str) -> tuple[tuple[int, int, Values], ...]:
            return self._memo.get((data.pack.version, text), lambda: read_clauses(text, data.pack))

        # a walk over the first i events is the same whoever made it: the prefix's goes on from
        # the longest one kept; the whole history's (what the messages after the prefix change of
        # it) from a longer one kept (the last call's whole history, one turn shorter), else from a
        # fork of the prefix's, which stays for the next call to resume
        with self._lock:
            resumed = next((i for i in range(len(prefix), 0, -1) if keys[i] in self._walks or keys[i] in self._marked), 0)
            walked = ((self._walks.pop(keys[resumed], None) or self._marked.pop(keys[resumed])) if resumed
                      else new_walk(data.pack, self._lookback, self._reach, self._bare_scale, self._alike))
            beyond = next((i for i in range(len(events), len(prefix), -1) if keys[i] in self._walks), 0)
            whole = self._walks.pop(keys[beyond]) if beyond else None
        marked = []
        for mark in sorted(set(data.marks)):
            if walked.count < mark < len(prefix):
                extract_state(prefix[:mark], data.pack, read, self._lookback, walked, data.now)
                marked.append((keys[mark], fork(walked)))
        result = extract_state(prefix, data.pack, read, self._lookback, walked, data.now)
        kept = [(keys[len(prefix)], walked)]
        if data.after:
            whole = whole or fork(walked)
            on = extract_state(events, data.pack, read, self._lookback, whole, data.now)
            # the prefix's last proposal, accepted by the first message kept: the summary says what that
            # "yes" took (cut between them, it had been summarised as nothing, the "yes" left pointing nowhere)
            said = next((e.id for e in reversed(prefix) if e.role == "assistant"), None)
            answer = next((e.id for e in data.after if e.role == "user"), None)
            taken = tuple(d for d in on.decisions if d.status == "accepted" and d.span.event_id == said
                          and d.by is not None and d.by.event_id == answer)
            result = replace(result, later=on.transitions[len(result.transitions):],
                             decisions=result.decisions + taken)
            kept.append((keys[-1], whole))
        with self._lock:
            self._walks.update(kept)
            while len(self._walks) > self._walks_kept:
                self._walks.popitem(last=False)
            self._marked.update(marked)
            while len(self._marked) > self._walks_kept:
                self._marked.popitem(last=False)
        return result
