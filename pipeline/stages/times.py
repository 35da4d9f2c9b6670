"""Time normalisation: one time expression → absolute ISO-8601 values in ``now``'s time zone.

``normalize_time("下周三下午3点", "zh", now, pack)`` → ``{"at": "2026-12-09T15:00:00+08:00"}``;
intervals (parts of day, days, weeks, months, deadlines such as "周五前" / "by Friday") come
back as ``{"start": iso, "end": iso}``; a clock or part of day that names no day, said where
no day is under discussion, stays undated: ``{"time": "15:00:00+08:00"}`` or ``{"time_start":
…, "time_end": …}`` (ISO-8601 times of day with ``now``'s offset; DESIGN §3: never invent a
date); ``None`` when the text cannot be normalised.

The grammar is data: the ``[times]`` table of ``rules/<lang>.toml`` (``pack.time_grammar``)
holds every word, hour range and form; this module only knows the component kinds and how
they combine (see the comment at the head of that table). An expression is read as components
found anywhere in it, in a fixed order of kinds:

    offset, mode, day_part, relative_day, date, day_of_month, weekday, period, part, clock, zone

Each component found is blanked out of the text; what is left must be filler. Otherwise
dateparser reads the rest (a date form the grammar lacks, "12/05"), and failing that the whole
text. dateparser (~1.3 ms a call) is imported lazily and its calls are cached.

Meanings (all relative to ``now``, weeks run Monday to Sunday, intervals end one second before
their exclusive end, e.g. ``23:59:59``):
- a day ("明天", "December 5", "三天后", "in 3 days") → that whole day;
- a part of day ("明天下午") → its hour range from the grammar; a clock → an instant, shifted
  to the afternoon by the part of day ("下午3点" → 15:00), by am/pm, or, for a bare hour below
  ``bare_hour_pm_before``, to the afternoon;
- with no day given, a clock or part of day is on the day under discussion (``day``), else
  undated ("before 9am" → ``{"time_end": "09:00:00-05:00"}``, "after 5pm" → ``{"time_start":
  …}``); a period word with no modifier that has already ended means the next one ("月初" on
  Nov 30 → December 1–5);
- "那天" / "that day" is the latest day the conversation named (``named``), else no value;
- "下周" / "next week" → Monday 00:00 to Sunday 23:59:59 of that week; "周末" → Saturday and
  Sunday of this week; "月底" → the last ``edge_days.month`` days of the month;
- a weekday with a modifier is that weekday in the week the modifier names ("下周三",
  "next Wednesday" → Wednesday of next week; "上周五" → Friday of last week); English "this
  Friday" is the upcoming one (today included); a bare weekday is the first one after today;
  "that Wednesday" / "那个周三" is the latest Wednesday the conversation named, else a bare one;
- "X月X日" without a year → its occurrence in the year-long window that opens
  ``date_past_days`` days before today (so a date up to a month ago stays in the past);
- deadlines ("周五前", "by Friday", "before 9am", "3天内") → from ``now`` to the end of what
  they name (an instant is its own end); "after 3pm" → from the instant to the end of its day;
- a time said in a zone ("12:10 pm London time", "北京时间下午3点") is read in that zone, with
  its offset: the zone is one of ``[times.zone_names]``, or a city whose name ends an IANA zone
  ("new york" → America/New_York); a zone not known ("local time") gives no value, never the
  conversation's offset.
"""

from __future__ import annotations

import calendar
import functools
import re
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from typing import Any

from ..rulepacks import RulePack

__all__ = ["TimeGrammar", "compile_grammar", "count_of", "counted_from_event", "day_within", "gone_by",
           "leans_on_context", "listed_days", "names_a_clock", "names_a_date", "names_a_day", "names_a_weekday", "names_one_day",
           "normalize_time", "only_a_weekday", "preload", "said_as_past", "single_day", "time_kinds", "weekdays_of", "zoned_span"]

KINDS = ("offset", "mode", "day_part", "relative_day", "date", "day_of_month", "weekday",
         "period", "part", "clock", "zone")
_DAY_KINDS = frozenset({"offset", "day_part", "relative_day", "date", "day_of_month", "weekday",
                        "period"})
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_SANE_YEARS = 10     # a dateparser reading further from now than this is a misreading


# ---------------------------------------------------------------------------------------------
# the grammar, compiled once per [times] table

@dataclass(frozen=True, eq=False)   # hashed by identity: a compiled grammar is a cache key
class TimeGrammar:
    forms: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]
    tables: Mapping[str, Mapping[str, Any]]
    filler: re.Pattern[str] | None
    lower: bool
    languages: tuple[str, ...]
    bare_hour_pm_before: int
    bare_weekday: Any
    bare_weekday_named: bool        # a bare weekday is the one of that name the conversation named, when still ahead
    date_past_days: int
    day_of_month_past_days: int
    cjk_numerals: bool = False     # numbers such as "十五" are read (by cn2an, imported only then)
    zone_side: str = "after"       # where a zone is written: "12:10 pm London time", "北京时间下午3点"
    past_before: re.Pattern[str] | None = None   # words before a time saying it is past ("got back Sunday")
    past_after: re.Pattern[str] | None = None    # words after it saying so ("周日回来了")
    target_before: re.Pattern[str] | None = None  # words before it making it where a change moved a thing ("挪到周六了")
    event_before: re.Pattern[str] | None = None   # words before it counting it from an event ("搬家后的那个周一")
    event_after: re.Pattern[str] | None = None    # words after it doing so ("the monday after we move")
    weekday_word: re.Pattern[str] | None = None   # a weekday a schedule names, group "weekdays" ("tuesdays", "周二")
    weekday_range: re.Pattern[str] | None = None  # what joins two weekdays into the days between ("mon-fri", "周一到周六")
    day_range: re.Pattern[str] | None = None  # a day and the last of a range in its month, groups "first", "last" ("January 19 to 21")
    day_list: re.Pattern[str] | None = None   # a further day of the month a list goes on with, group "day" ("Nov 16, 18": 18)

    def look(self, table: str, key: str) -> Any:
        return self.tables.get(table, {}).get(" ".join(key.split()))


def _alternation(words: Any) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) or "(?!)"


def compile_grammar(data: Mapping[str, Any], lang: str = "") -> TimeGrammar:
    """Compile a ``[times]`` table; a KeyError/re.error means the table is malformed."""
    tables = {k: dict(v) for k, v in data.items() if isinstance(v, Mapping) and k != "forms"}
    if data.get("word_boundaries"):
        tables = {k: {" ".join(str(w).lower().split()): v for w, v in t.items()}
                  for k, t in tables.items()}
    words = tables.get("number_words", {})
    number = data.get("number_digits", r"\d+")
    if words:
        number = f"{number}|{_alternation(words)}"

    def expand(form: str) -> str:
        def sub(m: re.Match[str]) -> str:
            name = m.group(1)
            words = number if name == "number" else _alternation(tables.get(name, {}))
            return f"(?:{words})"
        body = _PLACEHOLDER.sub(sub, form)
        return rf"(?<!\w)(?:{body})(?!\w)" if data.get("word_boundaries") else body

    flags = re.IGNORECASE
    declared = data.get("forms", {})
    forms = tuple((kind, tuple(re.compile(expand(f), flags) for f in declared.get(kind, ())))
                  for kind in KINDS if declared.get(kind))
    filler = data.get("filler")
    return TimeGrammar(
        forms=forms,
        tables=tables,
        filler=re.compile(filler, flags) if filler else None,
        lower=bool(data.get("word_boundaries")),
        languages=tuple(data.get("dateparser_languages", [lang] if lang else [])),
        bare_hour_pm_before=int(data.get("bare_hour_pm_before", 7)),
        bare_weekday=data.get("bare_weekday", "next"),
        bare_weekday_named=bool(data.get("bare_weekday_named", False)),
        date_past_days=int(data.get("date_past_days", 31)),
        day_of_month_past_days=int(data.get("day_of_month_past_days", 3)),
        cjk_numerals=bool(data.get("cjk_numerals", False)),
        zone_side=str(data.get("zone_side", "after")),
        past_before=re.compile(data["past_before"], flags) if data.get("past_before") else None,
        past_after=re.compile(data["past_after"], flags) if data.get("past_after") else None,
        target_before=re.compile(data["target_before"], flags) if data.get("target_before") else None,
        event_before=re.compile(data["event_before"], flags) if data.get("event_before") else None,
        event_after=re.compile(data["event_after"], flags) if data.get("event_after") else None,
        weekday_word=re.compile(expand(data["weekday_word"]), flags) if data.get("weekday_word") else None,
        weekday_range=re.compile(data["weekday_range"], flags) if data.get("weekday_range") else None,
        day_range=re.compile(data["day_range"], flags) if data.get("day_range") else None,
        day_list=re.compile(data["day_list"], flags) if data.get("day_list") else None,
    )


class _Same:
    """A [times] mapping compared and hashed by identity (and kept alive while cached): rule
    packs are loaded once per process, so this is the cheap cache key for its grammar."""

    __slots__ = ("data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def __hash__(self) -> int:
        return id(self.data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.data is self.data


@functools.lru_cache(maxsize=32)
def _compiled(data: _Same, lang: str) -> TimeGrammar:
    return compile_grammar(data.data, lang)


def _grammar(pack: RulePack, lang: str) -> TimeGrammar:
    return _compiled(_Same(pack.time_grammar), lang)


# ---------------------------------------------------------------------------------------------
# public entry

def normalize_time(text: str, lang: str, now: datetime, pack: RulePack,
                   day: date | None = None, named: tuple[date, ...] = (),
                   weekdays: tuple[date, ...] = (), past: bool = False,
                   part: tuple[int, int] | None = None) -> dict | None:
    """``{"at": iso}`` for an instant, ``{"start": iso, "end": iso}`` for an interval, in
    ``now``'s time zone, or None. ``now`` must be time-zone aware. ``day`` is the date under
    discussion: a clock or part of day that names no day of its own is on it ("12:30 pm" said
    about a March 5th booking); without it, such a time stays undated (``{"time": …}``,
    ``{"time_start": …, "time_end": …}``). ``named`` are the days the conversation named
    before, latest first: "that Wednesday" (a weekday modifier read as ``"discussed"``) is the
    latest of them on a Wednesday, else the bare weekday; "that day" is the latest of them.
    ``weekdays`` are those of them named by their weekday ("下周日"): a bare "周日" still ahead is
    the latest of them on a Sunday (a date named by its month, "1月10号", is no Sunday talked of);
    a bare day of the month ("the 30th") is the latest of them on that day, when not past, else the
    first such day from ``day`` ("Feb 12, back on the 27th"). ``past``: the time is said of what
    happened (:func:`said_as_past`): a bare weekday or day of the month is the last one, not the next.
    ``part``: the hours of the part of ``day`` under discussion ("后天晚上吧 8点": 8 is 20:00 in them)."""
    if not text or not text.strip() or now.tzinfo is None or now.utcoffset() is None:
        return None
    grammar = _grammar(pack, lang)
    key = (now.isoformat(), repr(now.tzinfo))
    ranged = grammar.day_range.fullmatch(text.strip()) if grammar.day_range else None
    if ranged:   # "January 19 to 21", "12月20号到27号": from the first day's start to the last's end
        first = _normalize(ranged.group("first"), lang, now, key, grammar, day, named, weekdays, past, part)
        days = _to_day(dict(first), int(ranged.group("last"))) if first is not None else None
        if days is not None:
            return days
    found = _normalize(text.strip(), lang, now, key, grammar, day, named, weekdays, past, part)
    return dict(found) if found is not None else None


def _to_day(first: dict[str, str], last: int) -> dict[str, str] | None:
    """The interval from the day ``first`` holds to day ``last`` of its month (of the next
    month when ``last`` comes before it: "Jan 30 to 2"), or None when ``first`` is no whole day."""
    if "start" not in first or "end" not in first:
        return None
    start, end = datetime.fromisoformat(first["start"]), datetime.fromisoformat(first["end"])
    if start.date() != end.date() or start.time() != time():
        return None
    month = end.replace(day=1) if last >= end.day else (end.replace(day=1) + timedelta(days=32)).replace(day=1)
    try:
        return {"start": first["start"], "end": month.replace(day=last).isoformat()}
    except ValueError:   # no such day ("February 27 to 30")
        return None


def count_of(text: str, pack: RulePack) -> float | None:
    """The number a value counts by the pack's numbers ("six people": 6, "三晚": 3, "6 people": 6),
    or None when there is none or its words are not in [times.number_words] ("twenty-five")."""
    match = pack.number.search(text)
    return _number(match.group(0), _grammar(pack, pack.lang)) if match else None


def weekdays_of(text: str, pack: RulePack) -> frozenset[int]:
    """The days of the week a schedule names, a range's days between filled in ("mon-fri": 0 to 4,
    "tuesdays and thursdays": 1 and 3, "周一到周六": 0 to 5; 0 is Monday)."""
    grammar = _grammar(pack, pack.lang)
    if grammar.weekday_word is None:
        return frozenset()
    hits = [(m.start(), m.end(), grammar.look("weekdays", m.group("weekdays").lower() if grammar.lower
                                                else m.group("weekdays")))
            for m in grammar.weekday_word.finditer(text)]
    hits = [(a, b, int(day)) for a, b, day in hits if day is not None]
    days: set[int] = set()
    for (_, end, day), (start, _, last) in zip(hits, hits[1:] + [(len(text), len(text), None)]):
        days.add(day)
        if last is not None and grammar.weekday_range and grammar.weekday_range.fullmatch(text[end:start]):
            while day != last:
                day = (day + 1) % 7
                days.add(day)
    return frozenset(days)


def day_of(text: str, lang: str, now: datetime, pack: RulePack) -> date | None:
    """The one day a time names, resolved from ``now`` ("后天上午10点" and "周六上午" said on a
    Thursday: that Saturday); None for a stretch of days, a clock alone or no time."""
    if not names_a_day(text, lang, pack):
        return None
    value = normalize_time(text, lang, now, pack)
    first, last = (str((value or {}).get("at") or (value or {}).get(k))[:10] for k in ("start", "end"))
    return date.fromisoformat(first) if value and first == last else None


def names_a_day(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression names its day ("下周三下午", "March 5th", "tomorrow"), so that
    a clock said after it can be on that day."""
    return _names_a_day(text.strip(), _grammar(pack, lang))


_ANY_NOW = datetime(2001, 1, 1, tzinfo=UTC)   # both read from one day: how they lie apart, not when


def day_within(one: str, other: str, lang: str, pack: RulePack) -> bool:
    """Whether the day ``one`` names lies inside the days ``other`` names, several of them ("june
    17" in "june 14-18", "6月17号" in "6月14号到18号"), both read from the same made-up today."""
    a, b = (normalize_time(t, lang, _ANY_NOW, pack) for t in (one, other))
    if not (isinstance(a, dict) and isinstance(b, dict) and {"start", "end"} <= a.keys() & b.keys()):
        return False
    return b["start"][:10] != b["end"][:10] and b["start"][:10] <= a["start"][:10] and a["end"][:10] <= b["end"][:10]


def gone_by(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time lies wholly before the day it is said on, read from two made-up todays half
    a year apart ("last year", "yesterday", "上个月"): what happened, never a time a change moves."""
    for today in (_ANY_NOW, _ANY_NOW + timedelta(days=200)):
        value = normalize_time(text, lang, today, pack)
        last = value and (value.get("end") or value.get("at"))
        if not last or datetime.fromisoformat(last) >= today:
            return False
    return True


def single_day(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time names one day, not a stretch of them ("june 1", not "月底" or "next week"); a
    weekday with its day of the month is one, though read from another day it falls on no such
    weekday ("monday the 21st", "21号周一")."""
    value = normalize_time(text, lang, _ANY_NOW, pack)
    if value is None:
        kinds = time_kinds(text, lang, pack)
        return "weekday" in kinds and bool(kinds & {"day_of_month", "date"}) and "period" not in kinds
    return isinstance(value, dict) and {"start", "end"} <= value.keys() and value["start"][:10] == value["end"][:10]


def a_month_or_more(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time names a stretch of a month or more ("12月份", "in december"): the season a
    date is in, which a change of a day does not replace."""
    value = normalize_time(text, lang, _ANY_NOW, pack)
    if not (isinstance(value, dict) and {"start", "end"} <= value.keys()):
        return False
    return (datetime.fromisoformat(value["end"]) - datetime.fromisoformat(value["start"])).days >= 27


def names_one_day(one: str, other: str, lang: str, pack: RulePack) -> bool:
    """Whether two time expressions name one day, the parts one names its day with all among the
    other's: "wednesday afternoon" and "wednesday at 3", "9号" and "1月9号上午"; not "9号" and
    "19号", nor "tomorrow" and "Friday" (read as said, not resolved)."""
    grammar = _grammar(pack, lang)
    a, b = _day_named(one.strip(), grammar), _day_named(other.strip(), grammar)
    return bool(a) and bool(b) and (a <= b or b <= a)


def _day_named(text: str, grammar: TimeGrammar) -> frozenset[tuple[str, str]]:
    return _read(text, grammar)[1]


def names_a_weekday(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression names its day by its weekday ("下周日", "Saturday the 6th")."""
    return "weekday" in time_kinds(text, lang, pack)


def only_a_day_of_month(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression names its day by the day of the month alone ("the 11th", "11号"): its
    month is the context's."""
    kinds = time_kinds(text, lang, pack)
    return "day_of_month" in kinds and not kinds & {"date", "weekday", "relative_day", "period", "offset"}


def only_a_weekday(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression names its day by a weekday alone, no week said ("周四", "Thursday
    afternoon"; not "下周四", "next Thursday", "Thursday the 28th"): the week is the context's."""
    kinds, parts = _read(text.strip(), _grammar(pack, lang))
    return ("weekday" in kinds and not kinds & {"date", "day_of_month", "relative_day", "period", "offset"}
            and not any(part == "weekday_modifiers" for part, _ in parts))


def names_a_date(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression names its day by its date or by today's ("Friday, March 19",
    "19号", "tomorrow"), not by a weekday alone, which only its context places."""
    return bool({"date", "day_of_month", "relative_day", "day_part"} & time_kinds(text, lang, pack))


def listed_days(text: str, end: int, first: date, lang: str, pack: RulePack) -> tuple[date, ...]:
    """The days a list goes on with after a date said ending at ``end`` ("Nov 16, 18, 23 and 30",
    "12月15日、17日"), each in the month of the one before it, or the next month when it is not later."""
    grammar = _grammar(pack, lang)
    days: list[date] = []
    last = first
    while grammar.day_list is not None and (m := grammar.day_list.match(text, end)) is not None:
        n, end = int(m.group("day")), m.end()
        month = last.replace(day=1) if n > last.day else _add_months(last.replace(day=1), 1)
        try:
            last = month.replace(day=n)
        except ValueError:
            break
        days.append(last)
    return tuple(days)


def counted_from_event(before: str, after: str, lang: str, pack: RulePack) -> bool:
    """Whether the words around a time count it from an event whose day is not said with it ("the
    monday after we move", "搬家后的那个周末"): a day that is no date of its own, not the next one."""
    grammar = _grammar(pack, lang)
    return bool((grammar.event_before and grammar.event_before.search(before))
                or (grammar.event_after and grammar.event_after.match(after)))


def said_as_past(before: str, after: str, lang: str, pack: RulePack) -> bool:
    """Whether the words around a time say it is of what happened ("got back Sunday", "it broke on
    the 5th", "周日回来了"): the grammar's ``past_before`` matches the clause's words before it, or
    ``past_after`` those after it; a time a change moved something to is ahead whatever the tense
    (``target_before``: "说可能是周五的会挪到周六了", "the meeting got moved to Saturday")."""
    grammar = _grammar(pack, lang)
    if grammar.target_before and grammar.target_before.search(before):
        return False
    return bool((grammar.past_before and grammar.past_before.search(before))
                or (grammar.past_after and grammar.past_after.search(after)))


def leans_on_context(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression needs the day under discussion: a clock or part of day alone
    ("五点十分"), a bare day of the month ("the 27th"), or one pointing back ("那天", "that Wednesday")."""
    return _leans(text.strip(), _grammar(pack, lang))


@functools.lru_cache(maxsize=8192)
def _leans(text: str, g: TimeGrammar) -> bool:
    scanned = _scan(text.lower() if g.lower else text, g)
    found = scanned[0] if scanned else {}
    if not set(found) & _DAY_KINDS:
        return bool({"clock", "part"} & set(found))
    return ("day_of_month" in found and "date" not in found) or any(
        g.look(table, str(word).lower()) == "discussed" for groups in found.values() for table, word in groups.items())


def points_back(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression only points at a day said before ("那天", "that day"): it has no
    value of its own for a change to replace ("搬家公司说改成12号早上8点来了" replaced no "那天")."""
    return _points_back(text.strip(), _grammar(pack, lang))


@functools.lru_cache(maxsize=8192)
def _points_back(text: str, g: TimeGrammar) -> bool:
    scanned = _scan(text.lower() if g.lower else text, g)
    found = scanned[0] if scanned else {}
    return set(found) == {"relative_day"} and all(
        g.look(table, str(word).lower()) == "discussed" for table, word in found["relative_day"].items())


def time_kinds(text: str, lang: str, pack: RulePack) -> frozenset[str]:
    """What a time expression's parts name (``KINDS``): "tomorrow morning" a relative day and a part."""
    return _read_kinds(text.strip(), _grammar(pack, lang))


def names_a_clock(text: str, lang: str, pack: RulePack) -> bool:
    """Whether a time expression names a time of day ("half past two", "下午3点")."""
    return "clock" in time_kinds(text, lang, pack)


def _names_a_day(text: str, grammar: TimeGrammar) -> bool:
    return bool(_read_kinds(text, grammar) & _DAY_KINDS)


def _read_kinds(text: str, grammar: TimeGrammar) -> frozenset[str]:
    return _read(text, grammar)[0]


@functools.lru_cache(maxsize=8192)
def _read(text: str, grammar: TimeGrammar) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """A time expression read once: the kinds of its parts, and the parts naming its day (the
    group names and words, not its part of the day)."""
    scanned = _scan(text.lower() if grammar.lower else text, grammar)
    if scanned is None:
        return frozenset(), frozenset()
    return frozenset(scanned[0]), frozenset((name, value.casefold()) for kind, groups in scanned[0].items()
                                            if kind in _DAY_KINDS and kind != "day_part"
                                            for name, value in groups.items())


def zoned_span(text: str, start: int, end: int, pack: RulePack) -> tuple[int, int]:
    """A time expression's span with the zone written next to it, on the side the grammar says
    (``zone_side``: "12:10 pm London time", "北京时间下午3点"), when that is a zone: a known one,
    or one listed as not known ("local time")."""
    grammar = _grammar(pack, pack.lang)
    for pattern in dict(grammar.forms).get("zone", ()):
        if grammar.zone_side == "after":
            gap = len(text[end:end + 4]) - len(text[end:end + 4].lstrip())
            m = pattern.match(text, end + gap) if gap or not pack.spaced else None
        else:
            m = next((m for m in pattern.finditer(text, max(0, start - 12), start)
                      if not text[m.end():start].strip()), None)
        if m and _zone_key({k: v for k, v in m.groupdict().items() if v is not None}, grammar) is not None:
            return (start, m.end()) if grammar.zone_side == "after" else (m.start(), end)
    return start, end


@functools.lru_cache(maxsize=1)
def _cities() -> dict[str, str]:
    """IANA zones by the city that ends their name ("new york" → "America/New_York")."""
    return {key.rsplit("/", 1)[1].replace("_", " ").casefold(): key
            for key in sorted(zoneinfo.available_timezones()) if "/" in key}


def _zone_key(groups: Mapping[str, Any], g: TimeGrammar) -> str | None:
    """The IANA key of a zone read, "" for one listed as not known ("local"), None for no zone."""
    name = groups.get("zone_names")
    if name:
        return g.look("zone_names", name.casefold())
    return _cities().get(" ".join(str(groups.get("city", "")).split()).casefold())


def preload(pack: RulePack) -> None:
    """Pay the one-off costs at load time, not on the first conversation: compile the pack's
    grammar, import cn2an (~0.25 s, only for a pack that reads CJK numerals) and dateparser and
    make dateparser's first call (~0.15 s)."""
    grammar = _grammar(pack, pack.lang)
    if grammar.cjk_numerals:
        _cn_number("十五")
    now = datetime(2000, 1, 3, tzinfo=UTC)
    _dateparse("01/05", grammar.languages or (pack.lang,), now.replace(tzinfo=None), "UTC")


@functools.lru_cache(maxsize=8192)
def _normalize(text: str, lang: str, now: datetime, _key: tuple[str, str],
               grammar: TimeGrammar, day: date | None = None, named: tuple[date, ...] = (),
               weekdays: tuple[date, ...] = (), past: bool = False,
               part: tuple[int, int] | None = None) -> tuple[tuple[str, str], ...] | None:
    now = now.replace(microsecond=0)
    work = text.lower() if grammar.lower else text
    result: dict[str, datetime] | None = None
    real_now: datetime | None = None
    scanned = _scan(work, grammar)
    if scanned is None:
        return None                 # two of one kind ("周五或周六"): no single value
    found, rest = scanned
    if "zone" in found:
        key = _zone_key(found.pop("zone"), grammar)
        if key == "":
            return None     # "12:10 pm local time": no offset invented for a zone not known
        if key:             # ("dinner time" names no zone)
            # the days are the speaker's ("tomorrow at 9 am Tokyo time" is tomorrow where they
            # are), the clock the zone's: read on the speaker's calendar, labelled in the zone
            zone = zoneinfo.ZoneInfo(key)
            real_now, now = now.astimezone(zone), now.replace(tzinfo=zone)
    if found:
        if not rest:
            dayless = not set(found) & _DAY_KINDS and ("clock" in found or "part" in found)
            result = _resolve(found, now, grammar, extra_day=day if dayless else None, named=named,
                              undated=dayless and day is None, weekdays=weekdays, discussed=day, past=past,
                              discussed_part=part if dayless and day is not None else None)
            if result is None:
                return None         # understood, but no such time ("2月30日", "25点")
        else:
            # the grammar read part of it: dateparser may supply the missing day ("by 12/05");
            # a stray number left over ("周六10" cut from "周六10:20") is no time at all
            result = _resolve_with_rest(found, rest, now, grammar, lang)
            if result is None and any(ch.isdigit() for ch in rest):
                return None
    if result is None:
        result = _dateparser_whole(text, now, grammar, lang)
    if result is None:
        return None
    if real_now is not None:   # a deadline runs from the real now, not the speaker's wall clock in the zone
        result = {k: real_now if v == now else v for k, v in result.items()}
    return tuple((k, v.isoformat()) for k, v in result.items())


# ---------------------------------------------------------------------------------------------
# reading: components, each found once, blanked out of the text

def _scan(text: str, g: TimeGrammar) -> tuple[dict[str, dict[str, Any]], str] | None:
    found: dict[str, dict[str, Any]] = {}
    for kind, patterns in g.forms:
        for pattern in patterns:
            while (m := pattern.search(text)) is not None and m.end() > m.start():
                if kind in found:
                    return None     # two of one kind ("周五或周六"): ambiguous
                found[kind] = {k: v for k, v in m.groupdict().items() if v is not None}
                text = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]
    rest = g.filler.sub("", text) if g.filler else text.strip()
    return found, rest.strip()


def _number(value: str, g: TimeGrammar) -> float | None:
    value = value.strip()
    if value.isdigit():
        return int(value)
    word = g.look("number_words", value.lower())
    if word is not None:
        return word
    return _cn_number(value) if g.cjk_numerals else None


@functools.lru_cache(maxsize=1024)
def _cn_number(value: str) -> float | None:
    try:
        import cn2an
        out = cn2an.cn2an(value, "smart")
    except Exception:  # noqa: BLE001 - cn2an raises bare ValueErrors and friends
        return None
    return int(out) if float(out).is_integer() else float(out)


def _optional(g: TimeGrammar, table: str, groups: Mapping[str, Any]) -> Any:
    """The table value of an optional group, None when the group did not take part."""
    return g.look(table, groups[table]) if table in groups else None


def _int(groups: Mapping[str, Any], name: str, g: TimeGrammar) -> int | None:
    if name not in groups:
        return None
    value = _number(groups[name], g)
    if value is None or not float(value).is_integer():
        raise _Invalid
    return int(value)


class _Invalid(Exception):
    """A component that reads but names no real time ("13月", "25点")."""


# ---------------------------------------------------------------------------------------------
# calendar helpers

def _at(tz: tzinfo, day: date, hour: int = 0, minute: int = 0, second: int = 0) -> datetime:
    """A wall-clock time in ``tz`` (ZoneInfo, datetime.timezone or pytz); hour 24 is 0:00 of
    the next day."""
    if hour == 24:
        day, hour = day + timedelta(days=1), 0
    naive = datetime(day.year, day.month, day.day, hour, minute, second)
    localize = getattr(tz, "localize", None)
    return localize(naive) if localize else naive.replace(tzinfo=tz)


def _day_end(tz: tzinfo, day: date) -> datetime:
    return _at(tz, day, 23, 59, 59)


def _shift(now: datetime, delta: timedelta) -> datetime:
    """Elapsed-time arithmetic (through UTC, so a DST change does not bend it)."""
    return (now.astimezone(UTC) + delta).astimezone(now.tzinfo)


def _add_months(day: date, months: int) -> date:
    y, m = divmod(day.month - 1 + months, 12)
    year, month = day.year + y, m + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _add(day: date, n: int, unit: str) -> date:
    if unit == "days":
        return day + timedelta(days=n)
    if unit == "weeks":
        return day + timedelta(weeks=n)
    if unit == "months":
        return _add_months(day, n)
    if unit == "years":
        return _add_months(day, 12 * n)
    raise _Invalid


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _period_days(unit: str, offset: int, edge: str | None, today: date,
                 g: TimeGrammar) -> tuple[date, date]:
    if unit in ("week", "weekend"):
        first = _monday(today) + timedelta(weeks=offset)
        last = first + timedelta(days=6)
        if unit == "weekend":
            first = first + timedelta(days=5)
    elif unit == "month":
        first = _add_months(today.replace(day=1), offset)
        last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
    elif unit == "year":
        first, last = date(today.year + offset, 1, 1), date(today.year + offset, 12, 31)
    elif unit == "day":
        first = last = today + timedelta(days=offset)
    else:
        raise _Invalid
    if isinstance(edge, list):   # days of the month ("中旬", "mid-December": the 11th to the 20th)
        if unit != "month":
            raise _Invalid
        first, last = first.replace(day=int(edge[0])), first.replace(day=min(int(edge[1]), last.day))
    elif edge:
        span = int(g.tables.get("edge_days", {}).get(unit, 1))
        if edge == "end":
            first = max(first, last - timedelta(days=span - 1))
        elif edge == "start":
            last = min(last, first + timedelta(days=span - 1))
        else:
            raise _Invalid
    return first, last


def _weekday_date(wd: int, mod: Any, today: date) -> date:
    if isinstance(mod, bool) or mod is None:
        raise _Invalid
    if isinstance(mod, int):
        return _monday(today) + timedelta(weeks=mod, days=wd)
    ahead = (wd - today.weekday()) % 7
    if mod == "upcoming":
        return today + timedelta(days=ahead)
    if mod == "next":
        return today + timedelta(days=ahead or 7)
    if mod == "previous":
        return today - timedelta(days=((today.weekday() - wd) % 7) or 7)
    raise _Invalid


def _months_ahead(month: int, today: date, past: bool, g: TimeGrammar) -> int:
    """How many months from this one a month named by its number is: said of what happened, the
    last such month (this one included); else the next one not ended more than the window of past
    dates ago ("11月底" on November 30 is this November)."""
    ahead = (month - today.month) % 12
    if not ahead:
        return 0
    if past:
        return ahead - 12
    first = _add_months(today.replace(day=1), ahead - 12)
    last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
    return ahead - 12 if last >= today - timedelta(days=g.date_past_days) else ahead


def _date_in_window(month: int, day: int, today: date, past_days: int, past: bool) -> date:
    """The first occurrence of month/day on or after ``today - past_days``; said of what happened
    ("bought it on February 8"), the last one up to today unless that first one is no further ahead
    than the window (a past tense misread must not move "ships on the 8th" back a year)."""
    low = today - timedelta(days=past_days)
    for year in range(low.year, low.year + 5):
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if candidate >= low:
            break
    else:
        raise _Invalid
    if not past or candidate <= today + timedelta(days=past_days):
        return candidate
    for year in range(candidate.year - 1, candidate.year - 5, -1):
        try:
            return date(year, month, day)
        except ValueError:   # February 29 said of a year before
            continue
    raise _Invalid


def _day_of_month(day: int, today: date, past_days: int) -> date:
    low = today - timedelta(days=past_days)
    start = low.replace(day=1)
    for k in range(13):
        first = _add_months(start, k)
        if day <= calendar.monthrange(first.year, first.month)[1]:
            candidate = first.replace(day=day)
            if candidate >= low:
                return candidate
    raise _Invalid


def _day_of_month_on(day: int, weekday: int, today: date, low: date, discussed: date | None,
                     past: bool) -> date:
    """The day of the month said with its weekday: the first on that weekday of its next two
    occurrences from ``low`` or from the day under discussion (the last two up to today when said
    of what happened); none is a slip and names no day ("Monday the 8th" when no 8th near is a
    Monday)."""
    def occurrences(start: date, back: bool) -> list[date]:
        months = (_add_months(start.replace(day=1), -k if back else k) for k in range(4))
        found = [m.replace(day=day) for m in months if day <= calendar.monthrange(m.year, m.month)[1]]
        return [d for d in found if (d <= start if back else d >= start)][:2]
    candidates = occurrences(today, True) if past else \
        sorted({*occurrences(low, False), *(occurrences(discussed, False) if discussed and discussed >= today else ())})
    for candidate in candidates:
        if candidate.weekday() == weekday:
            return candidate
    raise _Invalid


def _hour(h: int, written: str, ampm: str | None, part: tuple[int, int] | None, g: TimeGrammar) -> int:
    """The 24-hour value of a written hour. A zero-padded hour ("05:24") is a 24-hour clock;
    "20:30 pm" is tolerated as 20:30; a bare hour below ``bare_hour_pm_before`` is afternoon."""
    if ampm:
        if ampm == "pm" and 12 < h < 24:
            return h
        if not 1 <= h <= 12:
            raise _Invalid
        return h % 12 + (12 if ampm == "pm" else 0)
    if h > 24:
        raise _Invalid
    if h > 12 or (len(written) == 2 and written.startswith("0")):
        return h
    options = [h, h + 12] if h < 12 else [12, 0, 24]
    if part:
        a, b = part
        return min(options, key=lambda x: 0 if a <= x <= b else min(abs(x - a), abs(x - b)))
    return h + 12 if 1 <= h < g.bare_hour_pm_before else h


# ---------------------------------------------------------------------------------------------
# combining components into a value

def _resolve(found: Mapping[str, Mapping[str, Any]], now: datetime, g: TimeGrammar,
             extra_day: date | None = None, extra_clock: tuple[int, int] | None = None,
             named: tuple[date, ...] = (), undated: bool = False,
             weekdays: tuple[date, ...] = (), discussed: date | None = None,
             past: bool = False, discussed_part: tuple[int, int] | None = None) -> dict[str, Any] | None:
    try:
        return _combine(found, now, g, extra_day, extra_clock, named, undated, weekdays, discussed, past, discussed_part)
    except (_Invalid, ValueError, TypeError, KeyError, OverflowError):
        return None


def _combine(found: Mapping[str, Mapping[str, Any]], now: datetime, g: TimeGrammar,
             extra_day: date | None, extra_clock: tuple[int, int] | None,
             named: tuple[date, ...] = (), undated: bool = False,
             weekdays: tuple[date, ...] = (), discussed: date | None = None,
             past: bool = False, discussed_part: tuple[int, int] | None = None) -> dict[str, Any] | None:
    tz = now.tzinfo
    assert tz is not None
    today = now.date()
    mode = _optional(g, "modes", found["mode"]) if "mode" in found else None
    # an undated clock is read on today's date (for its offset), then given without it
    days: list[date] = [extra_day] if extra_day else [today] if undated else []
    part: tuple[int, int] | None = None

    def finish(value: dict[str, datetime]) -> dict[str, Any] | None:
        if undated:
            return _time_of_day(value, mode)
        if mode == "deadline":
            end = value.get("at") or value["end"]
            # a clock alone, on the day under discussion ("Thursday the 10th, anything before
            # noon?"): that day's hours before it, not all the time from now
            start = max(now, _at(tz, extra_day)) if extra_day and extra_day == discussed else now
            return {"start": start, "end": end} if end > now else None
        if mode == "after":
            at = value.get("at")
            return {"start": at, "end": _day_end(tz, at.date())} if at else None
        if mode is not None:
            raise _Invalid
        return value

    if "offset" in found:
        groups = found["offset"]
        n = _number(groups["n"], g)
        unit = g.look("offset_units", groups["offset_units"])
        direction = g.look("offset_directions", groups["offset_directions"])
        if n is None or unit is None or direction is None:
            raise _Invalid
        if unit in ("hours", "minutes", "seconds"):
            if set(found) - {"offset", "mode"}:
                return None
            delta = timedelta(**{unit: n})
            if direction == "within":
                if mode not in (None, "deadline"):
                    return None
                return {"start": now, "end": _shift(now, delta)}
            return finish({"at": _shift(now, delta * int(direction))})
        if not float(n).is_integer():
            raise _Invalid
        if direction == "within":
            if set(found) - {"offset", "mode"} or mode not in (None, "deadline"):
                return None
            return {"start": now, "end": _day_end(tz, _add(today, int(n), unit))}
        days.append(_add(today, int(n) * int(direction), unit))

    if "day_part" in found:
        offset, name = g.look("day_parts", found["day_part"]["day_parts"])
        days.append(today + timedelta(days=int(offset)))
        part = tuple(g.tables["parts"][name])  # type: ignore[assignment]
    if "relative_day" in found:
        offset = g.look("relative_days", found["relative_day"]["relative_days"])
        if offset == "discussed":   # "那天", "that day": the latest day named, or no value
            if not named:
                return None
            days.append(named[0])
        else:
            days.append(today + timedelta(days=int(offset)))
    if "date" in found:
        groups = found["date"]
        if "holidays" in groups:   # a day of the year by its name ("元旦", "Christmas Eve")
            month, mday = g.look("holidays", groups["holidays"])
            year = None
        else:
            month = g.look("months", groups["months"]) if "months" in groups else _int(groups, "m", g)
            mday, year = _int(groups, "d", g), _int(groups, "y", g)
        if month is None or mday is None:
            raise _Invalid
        days.append(date(year, month, mday) if year else
                    _date_in_window(int(month), mday, today, g.date_past_days, past))

    period = None
    if "period" in found:
        groups = found["period"]
        if "period_words" in groups:
            spec = g.look("period_words", groups["period_words"])
            period = [spec["unit"], spec.get("offset"), spec.get("edge")]
        elif "m" in groups or "months" in groups:   # a month named ("12月底", "the end of December")
            month = g.look("months", groups["months"]) if "months" in groups else _int(groups, "m", g)
            if month is None or not 1 <= int(month) <= 12:
                raise _Invalid
            year = _optional(g, "year_modifiers", groups)   # "明年五月", "next May": that year's month
            ahead = (12 * int(year) + int(month) - today.month if year is not None
                     else _months_ahead(int(month), today, past, g))
            period = ["month", ahead, _optional(g, "period_edges", groups)]
        else:
            offset = _optional(g, "period_modifiers", groups)
            edge = _optional(g, "period_edges", groups)
            period = [g.look("period_units", groups["period_units"]), offset, edge]
        if period[0] is None:
            raise _Invalid

    weekday_at = len(days) if "weekday" in found else None   # where the weekday's day goes in days
    if "weekday" in found:
        groups = found["weekday"]
        wd = int(g.look("weekdays", groups["weekdays"]))
        mod = _optional(g, "weekday_modifiers", groups)
        if period is not None:      # "Wednesday next week", "下周的周三"
            if mod is not None or period[0] != "week" or period[2]:
                return None
            days.append(_weekday_date(wd, int(period[1] or 0), today))
            period = None
        elif mod == "discussed":    # "7pm that Wednesday": the Wednesday talked about
            days.append(next((d for d in named if d.weekday() == wd), None)
                        or _weekday_date(wd, g.bare_weekday, today))
        elif mod is None and past and not (g.bare_weekday_named and any(
                d.weekday() == wd and today <= d < today + timedelta(days=14) for d in weekdays)):
            # "got back Sunday": the last Sunday, today's included; not when the conversation named
            # that weekday coming in the next two weeks ("next tuesday morning" … "marcus got stuck
            # with a shift tuesday" is the Tuesday talked of)
            days.append(today - timedelta(days=(today.weekday() - wd) % 7))
        elif mod is None and g.bare_weekday_named and any(d.weekday() == wd and d >= today for d in weekdays):
            # "算了还是下周日吧 … 周日上午十点行吗": the Sunday just named, not this week's
            days.append(next(d for d in weekdays if d.weekday() == wd and d >= today))
        else:
            days.append(_weekday_date(wd, g.bare_weekday if mod is None else mod, today))
    if "day_of_month" in found:
        dom = _int(found["day_of_month"], "d", g)
        if dom is None or not 1 <= dom <= 31:
            raise _Invalid
        if period is not None:      # "下个月15号", "the 15th of next month"
            if period[0] != "month" or period[2]:
                return None
            first = _add_months(today.replace(day=1), int(period[1] or 0))
            days.append(first.replace(day=dom))
            period = None
        else:   # "on the 30th" after "December 30th" was named: that day, not the 30th just past;
            # "Feb 12, back on the 27th": the first 27th from the day under discussion
            low = today - timedelta(days=g.day_of_month_past_days)
            # "it broke on the 28th", or after a day past was talked of ("got back Sunday … the
            # charges on the 28th"): the last 28th, today's included
            if weekday_at is not None:   # "wed the 19th": the 19th that is a Wednesday
                days.append(_day_of_month_on(dom, days[weekday_at].weekday(), today, low, discussed, past))
            elif past or (discussed is not None and discussed < today):
                days.append(_day_of_month(dom, _add_months(today.replace(day=1), -1 if dom > today.day else 0), 0))
            else:
                # (… or, with no day under discussion, from the latest day named to come: "1月23号出发"
                # … "能不能改到30号那个团" is January 30th, not December's)
                # (a deadline counts from now: "race is sunday the 18th, need them by the 14th" is the
                # first 14th to come, not the first after the race)
                since = (discussed if discussed is not None else next(iter(named), None)) if mode != "deadline" else None
                days.append(next((d for d in named if d.day == dom and d >= low), None)
                            or (_day_of_month(dom, since, 0) if since and since >= today else None)
                            or _day_of_month(dom, today, 0 if mode == "deadline" else g.day_of_month_past_days))

    if "part" in found:
        if part is not None:
            return None
        part = tuple(g.look("parts", found["part"]["parts"]))  # type: ignore[assignment]
    clock: tuple[int, int] | None = extra_clock
    if "clock" in found:
        if clock is not None:
            return None
        groups = found["clock"]
        if "clock_words" in groups:
            hour, minute = g.look("clock_words", groups["clock_words"])
            clock = (int(hour), int(minute))
        else:
            h = _int(groups, "h", g)
            minute = _int(groups, "min", g) or 0
            if "clock_fractions" in groups:
                minute = int(g.look("clock_fractions", groups["clock_fractions"]))
            before = int(_optional(g, "clock_before", groups) or 0)   # "a quarter to five"
            if h is None or not 0 <= minute < 60 or not 0 <= before < 60:
                raise _Invalid
            ampm = _optional(g, "ampm", groups)
            # (a clock alone on the day under discussion is in its part of the day when it can be)
            heard = discussed_part if discussed_part and any(
                discussed_part[0] <= x < discussed_part[1] for x in (h, h + 12)) else None
            hour = _hour(h, groups["h"].strip(), ampm, part or heard, g)
            clock = ((hour - 1) % 24, 60 - before) if before else (hour, minute)

    if len(days) > 1:
        # "Monday the 7th", "Saturday, March 20": the date, when it falls on that weekday
        dated = [d for i, d in enumerate(days) if i != weekday_at]
        if weekday_at is None or len(dated) != 1 or dated[0].weekday() != days[weekday_at].weekday():
            return None
        days = dated
    if period is not None:
        if days or part or clock:
            return None
        unit, offset, edge = period
        first, last = _period_days(unit, int(offset or 0), edge, today, g)
        if offset is None and _day_end(tz, last) < now:     # "月初" late in a month: the next
            first, last = _period_days(unit, 1, edge, today, g)
        return finish({"start": _at(tz, first), "end": _day_end(tz, last)})

    if not days:
        return None                 # a clock or part of day reaches here with a day (or undated)
    day = days[0]
    if clock:
        hour, minute = clock
        if not 0 <= hour <= 24 or (hour == 24 and minute):
            raise _Invalid
        return finish({"at": _at(tz, day, hour, minute)})
    if part is not None:
        a, b = part
        if not 0 <= a < b <= 24:
            raise _Invalid
        return finish({"start": _at(tz, day, a), "end": _at(tz, day, b - 1, 59, 59)})
    return finish({"start": _at(tz, day), "end": _day_end(tz, day)})


def _time_of_day(value: Mapping[str, datetime], mode: Any) -> dict[str, time]:
    """A clock or part of day read on a stand-in day, given as times of day (with the offset,
    as ISO-8601 writes one): "before 9am" → ``time_end``, "after 5pm" → ``time_start``."""
    def clock(moment: datetime) -> time:
        return moment.timetz().replace(tzinfo=timezone(moment.utcoffset() or timedelta(0)))

    if mode == "deadline":
        return {"time_end": clock(value.get("at") or value["end"])}
    if mode == "after":
        return {"time_start": clock(value["at"])}
    if mode is not None:
        raise _Invalid
    if "at" in value:
        return {"time": clock(value["at"])}
    return {"time_start": clock(value["start"]), "time_end": clock(value["end"])}


# ---------------------------------------------------------------------------------------------
# dateparser: the rest of an expression, or the whole of one the grammar does not read

@functools.lru_cache(maxsize=4096)
def _dateparse(text: str, languages: tuple[str, ...], base: datetime, zone: str | None
               ) -> tuple[datetime, str] | None:
    """dateparser's reading of ``text`` with ``base`` (naive, local wall time) as now."""
    try:
        from dateparser.date import DateDataParser
        settings: dict[str, Any] = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future",
                                    "RETURN_AS_TIMEZONE_AWARE": bool(zone)}
        if zone:
            settings.update(TIMEZONE=zone, TO_TIMEZONE=zone)
        parser = DateDataParser(languages=list(languages) or None, settings=settings)
        data = parser.get_date_data(text)
    except Exception:  # noqa: BLE001 - an unreadable expression is None, never a crash
        return None
    if data is None or data.date_obj is None:
        return None
    return data.date_obj, data.period or "day"


def _zone_name(tz: tzinfo, now: datetime) -> str | None:
    name = getattr(tz, "key", None) or getattr(tz, "zone", None)
    if name:
        return str(name)
    offset = now.utcoffset()
    if offset is None:
        return None
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def _dateparser_value(text: str, now: datetime, g: TimeGrammar, lang: str
                      ) -> tuple[str, date, tuple[int, int] | None] | None:
    """(period, day, clock) from dateparser: clock is None when no time of day was written
    (dateparser keeps now's time for "tomorrow" and midnight for "December 5")."""
    base = now.replace(tzinfo=None)
    zone = _zone_name(now.tzinfo, now)  # type: ignore[arg-type]
    parsed = _dateparse(text, g.languages or (lang,), base, zone)
    if parsed is None:
        return None
    value, period = parsed
    if not now.year - _SANE_YEARS <= value.year <= now.year + _SANE_YEARS:
        return None     # dateparser reads stray numbers as years ("周六10" → 2110)
    if value.tzinfo is not None:
        value = value.astimezone(now.tzinfo).replace(tzinfo=None)
    clock = None
    if period in ("day", "time") and value.time() not in (base.time(), datetime.min.time()):
        clock = (value.hour, value.minute)
    return period, value.date(), clock


def _resolve_with_rest(found: Mapping[str, Mapping[str, Any]], rest: str, now: datetime,
                       g: TimeGrammar, lang: str) -> dict[str, datetime] | None:
    if set(found) & _DAY_KINDS:
        return None
    read = _dateparser_value(rest, now, g, lang)
    if read is None or read[0] not in ("day", "time"):
        return None
    _, day, clock = read
    if clock is not None and "clock" in found:
        return None
    return _resolve(found, now, g, extra_day=day, extra_clock=clock)


def _dateparser_whole(text: str, now: datetime, g: TimeGrammar, lang: str
                      ) -> dict[str, datetime] | None:
    read = _dateparser_value(text, now, g, lang)
    if read is None:
        return None
    period, day, clock = read
    tz = now.tzinfo
    assert tz is not None
    if period in ("day", "time"):
        if clock is not None:
            return {"at": _at(tz, day, *clock)}
        return {"start": _at(tz, day), "end": _day_end(tz, day)}
    unit = {"week": "week", "month": "month", "year": "year"}.get(period)
    if unit is None:
        return None
    first, last = _period_days(unit, 0, None, day, g)
    return {"start": _at(tz, first), "end": _day_end(tz, last)}
