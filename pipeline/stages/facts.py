"""Fact anchoring by rule patterns: negations with their object, obligations, money, quantities,
ids, contacts, times as written, beneficiaries, hedged claims; and the user's key clauses.

Only user messages are read for constraints: the assistant's phrasing is not what the user
asked for. Every fact and clause keeps ``(event_id, start, end)`` into the original text.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import replace
from datetime import date, datetime
from typing import Any, Callable, Hashable, Iterable, Iterator, Sequence

from ..config import Settings, load_settings
from ..rulepacks import Hit, Lexicon, RulePack, fact_span, slot_keys
from ..types import BIRTH, PAST, UNDATED, Event, Fact, KeyClause, Span, StageResult, Strength
from .base import Memo, StageInput
from .entities import word_end, word_start
from .times import (counted_from_event, leans_on_context, listed_days, names_a_clock, names_a_date, names_a_day,
                    names_a_weekday, normalize_time, only_a_day_of_month, said_as_past, zoned_span)

__all__ = ["ClauseHits", "FactStage", "NextHit", "analyse_text", "clause_hits", "cued_scope", "extract_facts",
           "is_exception", "negations", "own_phrase", "refuses_by_itself", "split_clauses", "times_of", "with_conditions"]

_CUED_KINDS = ("negation", "obligation")
# facts that are a whole clause (a hedged or plain claim) hold the facts inside them, not hide them
_CLAUSE_KINDS = ("uncertain", "claim")
_CASE_KINDS = ("negation", "uncertain", "claim")   # what a case supposed may say besides values
# on equal spans the first of these wins, then any other kind, and an id last ("300Mbps" is a quantity)
_TIE_ORDER = {"uncertain": 0, "claim": 1, "negation": 2, "obligation": 3, "id": 99}


def split_clauses(text: str, pack: RulePack) -> Iterator[tuple[int, int]]:
    """(start, end) of each non-blank clause, trimmed of surrounding whitespace; none ends inside a
    closed quote (``RulePack.quotes``: "刻「爸妈三十周年快乐，永远爱你们」" is one clause). In a sentence
    typed without marks, spaces may part clauses too (``[text] space_clause_split``)."""
    quoted = _quoted(text, pack)
    seps = list(pack.clause_split.finditer(text))
    if pack.space_split is not None:
        seps = sorted([*seps, *(m for a, b in _unmarked_sentences(text, pack) for m in pack.space_split.finditer(text, a, b))],
                      key=lambda m: m.start())
    pos = 0
    for sep in seps:
        if any(a < sep.start() < b for a, b in quoted):
            continue
        yield from _trimmed(text, pos, sep.start())
        pos = sep.end()
    yield from _trimmed(text, pos, len(text))


def _unmarked_sentences(text: str, pack: RulePack) -> Iterator[tuple[int, int]]:
    """The sentences of a text typed without marks inside them (``[text] space_clause_split_unless``):
    "是原件。婚纱照翻出来量了 不是12寸 是30×45的" types its second sentence so, whatever its first."""
    unless = pack.space_split_unless
    if unless is None or unless.search(text) is None:
        yield 0, len(text)
        return
    pos = 0
    for end in [*(m for m in pack.sentence_end.finditer(text)), None] if pack.sentence_end else [None]:
        stop = end.start() if end else len(text)
        if unless.search(text, pos, stop) is None:
            yield pos, stop
        if end is None:
            return
        pos = end.end()


def _quoted(text: str, pack: RulePack) -> list[tuple[int, int]]:
    """(after the opening, at the closing) of each closed quote in ``text``."""
    spans = []
    for opening, closing in pack.quotes:
        at = text.find(opening)
        while at >= 0:
            end = text.find(closing, at + 1)
            if end < 0:
                break
            spans.append((at + 1, end))
            at = text.find(opening, end + 1)
    return spans


# Per clause: (start, end, (kind, start, end) of each rule pattern's hit, kind by kind in the pack's order)
ClauseHits = tuple[tuple[int, int, tuple[tuple[str, int, int], ...]], ...]


@functools.lru_cache(maxsize=1)
def _hits_memo() -> Memo:
    return Memo(load_settings()["stages.memo_size"])


def clause_hits(text: str, pack: RulePack) -> ClauseHits:
    """The one reading of a text's rule patterns, clause by clause: the fact stage and the state
    walk both read a user's turn, and the second read is a memo hit (process-wide, bounded by
    ``stages.memo_size``, by content)."""
    return _hits_memo().get((pack.lang, pack.version, text), lambda: _scan(text, pack))


def _scan(text: str, pack: RulePack) -> ClauseHits:
    """Every pattern over every clause, but not where a clause lacks what all of the pattern's
    matches hold (``RulePack.scanned``): a Chinese turn's clauses skip most patterns."""
    folded: str | None = text.casefold()
    if len(folded) != len(text):   # "ß" → "ss": its places moved, nothing is skipped
        folded = None
    needs = {needed.pattern: needed for _, _, needed in pack.scanned if needed is not None}
    in_text = {key for key, needed in needs.items() if folded is None or needed.search(folded)}

    def hits(start: int, end: int) -> tuple[tuple[str, int, int], ...]:
        here = in_text if folded is None else {key for key in in_text if needs[key].search(folded, start, end)}
        return tuple((kind, *fact_span(match)) for kind, regex, needed in pack.scanned
                     if needed is None or needed.pattern in here for match in regex.finditer(text, start, end))

    return tuple((start, end, hits(start, end)) for start, end in split_clauses(text, pack))


def with_conditions(text: str, clauses: Iterable[tuple[int, int]], pack: RulePack,
                    cues: Lexicon | None = None, ends: Lexicon | None = None) -> Iterator[tuple[int, int, int | None]]:
    """Each clause with the start of the condition governing it: a conditional cue (or one of
    ``cues``) in it or in an earlier clause of its sentence. "如果检测下来是人为损坏，那就不修了"
    forbids repairing only if; without the condition "那就不修了" reads as a plain refusal. A clause
    opening on one of ``ends`` starts afresh ("我号码打错了 是…0495 还有…月费最好控制在120以内": the
    monthly fee corrects nothing)."""
    cues = cues or pack.state.conditional
    condition: int | None = None
    last = None
    for start, end in clauses:
        if last is not None and (pack.sentence_end is None or pack.sentence_end.search(text, last, start)):
            condition = None
        if ends is not None and any(ends.regex.match(text, at) for at in (start, pack.lead.strip_run(text, start, end, from_end=False))):
            condition = None   # (past lead words or not: "also" may be one)
        own = cues.search(text, start, end)
        while own is not None and word_start(text, own.start(), pack.lang) != own.start():
            own = cues.search(text, own.end(), end)   # (inside a word: "主要是给宝宝准备的" supposes nothing)
        if own is not None and condition is None:
            # a cue that closes its condition ("修的话…") has it begin with the clause
            condition = start if own.group().casefold() in pack.state.condition_closers else own.start()
        yield start, end, condition
        last = end


def sentence_of(text: str, start: int, end: int, pack: RulePack) -> tuple[int, int]:
    """(start, end) of the sentence holding a clause, its closing mark included (the whole text
    when the pack marks no sentence ends)."""
    if pack.sentence_end is None:
        return 0, len(text)
    begin = max((m.end() for m in pack.sentence_end.finditer(text, 0, start)), default=0)
    stop = pack.sentence_end.search(text, end)
    return begin, stop.end() if stop else len(text)


def _sentence_asks(text: str, start: int, end: int, pack: RulePack) -> bool:
    """Whether the sentence holding a clause asks something: a question cue or mark in it."""
    if pack.sentence_end is None:
        return False
    begin, stop_at = sentence_of(text, start, end, pack)
    return pack.question.search(text, begin, stop_at) is not None or any(
        mark in text[begin:stop_at] for mark in pack.state.question_marks)


def _alternative_follows(text: str, end: int, after: tuple[int, int] | None, pack: RulePack) -> bool:
    """Whether the next clause of the sentence asks the other side of a choice ("can she come in
    at 8:15, or does she wait outside?", "她8点15进去，还是在外面等？"): the clause before it asks too."""
    if after is None or pack.other_side is None or not pack.other_side.regex.match(text, after[0], after[1]):
        return False
    if pack.sentence_end is not None and pack.sentence_end.search(text, end, after[0]):
        return False
    return text[after[1]:after[1] + 1] in pack.state.question_marks or pack.question.search(text, *after) is not None


def _trimmed(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        yield start, end


def is_exception(text: str, cue: Hit, start: int, end: int, pack: RulePack) -> bool:
    """A negation cue inside a fixed phrase that negates nothing: "特别", "no problem", or inside
    a hedge ("记不太清", "I don't remember", "说不定") or a question cue ("会不会", "能回收不"): the
    uncertainty or question cue reads it."""
    # "not a hundred percent sure" after the cue; "since there isn't" before it
    low, high = max(start, cue.start() - 16), min(end, cue.end() + 32)
    windows = [pack.negation_exception.finditer(text, low, high), pack.uncertainty.finditer(text, low, high),
               pack.question.finditer(text, low, high)]
    windows += [p.finditer(text, low, high) for p in pack.negation_exception_patterns]
    return any(m.start() <= cue.start() < m.end() for window in windows for m in window)


def refers_back(words: str, pack: RulePack) -> bool:
    """Whether words naming an object only point at something ("前面那个", "the old one")."""
    folded = words.casefold()
    return any(folded.endswith(p) and (not pack.spaced or folded[:-len(p)].endswith(" ") or folded == p)
               for p in pack.state.pronouns if len(p) >= 2)


def _points_back(text: str, left: int, cue: Hit, pack: RulePack) -> bool:
    """Whether a negation's object only points at a value a correction earlier in the message
    replaced ("刚才打错了，应该是…，前面那个不用了", "Sorry, use … instead, the old one isn't needed"):
    alone it names nothing, the correction says it."""
    return (refers_back(text[left:cue.start()].strip(), pack)
            and pack.state.correction.search(text, 0, left) is not None)


def _corrects(text: str, start: int, end: int, hedges: Sequence[tuple[int, int]], pack: RulePack) -> bool:
    """Whether a clause's hedges all say the corrected value, right after a correction ("刚才打错了，
    应该是chenlina88@126.com" is sure of it; "应该是周三发的货" alone is a hedge)."""
    if pack.state.correction.search(text, max(0, start - 24), start + 1) is None:
        return False
    correcting = [(m.start(), m.end()) for m in pack.hedge_correcting.finditer(text, start, end)]
    return all(any(a <= x and y <= b for a, b in correcting) for x, y in hedges)


def _limits_a_value(text: str, start: int, end: int, cue: Hit, pack: RulePack) -> bool:
    """Whether an obligation cue that limits (``[cues] limits``) has its value: a number near it in
    its clause ("under 500 dollars", "4.5分以上") or a word pointing at one said before, right after
    or right before it ("at or under that", "预算以内"). Other obligation cues need none."""
    if cue.group().casefold() not in pack.limits:
        return True
    reach = pack.limit_reach   # chars between the limit and its number's nearer end
    before = pack.number.finditer(text, max(start, cue.start() - reach - 24), cue.start())
    after_it = pack.number.search(text, cue.end(), min(end, cue.end() + reach + 24))
    if (any(hit.end() >= cue.start() - reach for hit in before)
            or after_it is not None and after_it.start() <= cue.end() + reach):
        return True
    after = cue.end()
    while after < end and text[after].isspace():
        after += 1
    return pack.limit_pointer.regex.match(text, after, end) is not None or any(
        hit.end() == cue.start() for hit in pack.limit_pointer.finditer(text, max(start, cue.start() - reach), cue.start()))


def _describes(text: str, start: int, cue: Hit, pack: RulePack) -> bool:
    """"there's no backup", "it won't start", "nothing was ever diagnosed", "I really don't
    play": a prohibition cue right after a describing word (``[cues] describing``, at most
    ``describing_gap`` words between) or right before one (``describing_after``), or a few words
    before one of ``describing_within`` ("no dock there either"), says what is; it forbids nothing."""
    after = pack.describing_after.search(text, cue.end(), cue.end() + 16)
    return (after is not None and not text[cue.end():after.start()].strip()
            or pack.describing_within.regex.match(text, cue.end()) is not None) or any(
        not text[hit.end():cue.start()].strip() or pack.describing_gap.covers(text, hit.end(), cue.start())
        and not pack.state.gap_breaks.search(text, hit.end(), cue.start())   # ("…make it, don't book yet")
        for hit in pack.describing.finditer(text, max(start, cue.start() - 24), cue.start())) or _goes_on_describing(
            text, start, cue, pack)


def _goes_on_describing(text: str, start: int, cue: Hit, pack: RulePack) -> bool:
    """"She's on the second floor there, no elevator": a cue opening what a clause describing
    another person or a thing (``[cues] described``) adds after a comma describes too, when nothing
    in the clause asks or requires ("She needs a ground floor unit, no stairs" still forbids; the
    user's own "We're driving, no tolls" is not described)."""
    before = text[start:cue.start()].rstrip()
    if not before or pack.state.gap_breaks.fullmatch(before[-1]) is None:
        return False
    opening = pack.lead.strip_run(text, start, cue.start(), from_end=False)
    end = pack.sentence_end.search(text, cue.end()) if pack.sentence_end else None
    stop = end.start() if end else len(text)
    return (pack.described.regex.match(text, opening) is not None
            and pack.obligation.search(text, start, stop) is None
            and (pack.request is None or pack.request.search(text, start, stop) is None))


def refuses_by_itself(text: str, start: int, cue: Hit, pack: RulePack) -> bool:
    """"my work laptop won't charge": a thing named right before the cue ([cues]
    thing_refusing_patterns) says what it will not do; the cue forbids nothing."""
    return pack.thing_refusing.search(text, max(start, cue.start() - 48), cue.end()) is not None


def _past(text: str, cue: Hit, pack: RulePack) -> bool:
    """Whether a negation says what did not happen: a past cue ("haven't been", "didn't get")
    or a cue right before a past verb ("He's never had kennel cough", "I never heard back")."""
    after = pack.past_after.search(text, cue.end(), cue.end() + 16)
    return cue.group().casefold() in pack.past_negation or (
        after is not None and not text[cue.end():after.start()].strip())


def _says_who_alone(text: str, start: int, end: int, facts: Sequence[Fact], pack: RulePack) -> bool:
    """Whether ``text[start:end]`` is nothing but facts of the kinds that say nothing alone and
    join the clause before them (``[ladder] joins_before``: a name)."""
    if not facts or any(f.kind not in pack.joins_before for f in facts):
        return False
    covered = sum(f.span.end - f.span.start for f in facts)
    return sum(ch.isalnum() for ch in text[start:end]) <= covered


def _says_instead(text: str, start: int, end: int, facts: Sequence[Fact], asks: bool, before: KeyClause,
                  pack: RulePack) -> bool:
    """Whether ``text[start:end]``, right after a clause holding a prohibition, says what to do
    instead: no fact, no question, a few letters (``[cues] instead_chars``) that are not only
    politeness ("别打我电话，发短信"; not "不要香菜，谢谢")."""
    return (not facts and not asks and any(f.kind == "negation" and f.value == "prohibition" for f in before.facts)
            and 0 < sum(ch.isalnum() for ch in text[start:end]) <= pack.instead_chars
            and not pack.says_nothing(text, start, end, quoted=True))


def _argued(text: str, start: int, end: int, cue: Hit, pack: RulePack) -> bool:
    """Whether a negation is stressed to argue a case ("I don't even play video games", "我连游戏
    都不玩"): a hit of ``[cues] argued_patterns`` taking in the cue."""
    return any(hit.start() < cue.end() and cue.start() < hit.end()
               for hit in pack.argued.finditer(text, max(start, cue.start() - 16), min(end, cue.end() + 8)))


def _of_a_thing(text: str, start: int, end: int, cue: Hit, pack: RulePack) -> bool:
    """Whether a negation says what a thing is not: its clause opens on a word for the thing
    (``[cues] things``: "It's not too heavy", "That's not expensive", "这个不算贵"), its cue only
    negates (not a prohibition cue: "It shouldn't be on the ground floor" still forbids), it sets
    nothing against another ("It's for my mom, not me"), and nothing in the clause is required
    ("It has to arrive by Friday, not Saturday")."""
    # ", not …" sets one thing against another: "It's for my mom, not me" says who it is for
    before = text[start:cue.start()].rstrip()
    contrast = bool(before) and pack.state.gap_breaks.fullmatch(before[-1]) is not None
    # (a limit in it is said of the thing too: "That's not expensive, it's even below my budget")
    return (_opens_on_a_thing(text, start, cue, pack) and not contrast
            and cue.group().casefold() not in pack.prohibition
            and all(hit.group().casefold() in pack.limits for hit in pack.obligation.finditer(text, start, end)))


def _opens_on_a_thing(text: str, start: int, cue: Hit, pack: RulePack) -> bool:
    """Whether the clause opens, past its leads, on a word for a thing (``[cues] things``) before the cue."""
    thing = pack.things.regex.match(text, pack.lead.strip_run(text, start, cue.start(), from_end=False))
    return thing is not None and thing.end() <= cue.start()


def negations(text: str, start: int, end: int, pack: RulePack) -> Iterator[Hit]:
    """The negation cues of a clause that negate something (not "特别", "no problem")."""
    return (cue for cue in pack.negation.finditer(text, start, end)
            if not is_exception(text, cue, start, end, pack))


class NextHit:
    """The first hit of a pattern at or after a position, positions asked in increasing order
    (the cues of one clause): a search that found its hit, or none, answers the next positions
    too, so a clause with many cues is read once, not once per cue."""

    def __init__(self, pattern: Lexicon | re.Pattern[str], text: str, end: int) -> None:
        self._pattern, self._text, self._end = pattern, text, end
        self._searched_from: int | None = None
        self._hit: Hit | None = None       # the first hit at or after _searched_from

    def at_or_after(self, pos: int) -> Hit | None:
        known = self._searched_from is not None and self._searched_from <= pos and (
            self._hit is None or self._hit.start() >= pos)
        if not known:
            self._searched_from, self._hit = pos, self._pattern.search(self._text, pos, self._end)
        return self._hit


def cued_scope(text: str, start: int, end: int, cue: Hit, pack: RulePack,
               ends: NextHit | None = None, condition: int | None = None) -> tuple[int, int]:
    """The cue, a little of what precedes it in its clause (the object), and the rest of the
    clause up to the next scope break: "申请先别提交", "please don't call me"; from the
    ``condition`` on when one governs it (:func:`with_conditions`). Give the clause's scope
    breaks (``NextHit(pack.scope_break, text, end)``) when reading several cues."""
    # a contrast's "not" takes what it is set against, across the comma ("It's for my mom, not me")
    contrast = pack.state.correction_not.regex.match(text, cue.start()) is not None
    before = (pack.left_context_contrast if contrast else pack.left_context).search(
        text, max(start, cue.start() - pack.left_context_reach), cue.start())
    left = before.start() if before and cue.group().casefold() not in pack.clause_openers else cue.start()
    # (the clause's start as far as the cue is concerned: past a scope break before it, "别的时间也行 但别
    # 周日上门" forbids from "但")
    opening = max([start, *(m.end() for m in pack.scope_break.finditer(text, start, cue.start()) if m.end() <= left)])
    if (left - opening <= pack.left_context_snap or pack.state.conditional.search(text, left, cue.start())
            or pack.leaning.regex.match(text, left) is not None):
        # near the clause's start, cut inside the condition it holds under ("…的话"), or opening on
        # a word leaning on what it cut ("that I definitely didn't make"): from the start, past
        # its greeting or politeness ("Hello, I need to…" is "I need to…")
        left = min(pack.lead.strip_run(text, opening, cue.start(), from_end=False), cue.start())
    if condition is not None and condition < left:
        left = condition
    # (a number right before what a limit says of it is its subject, with its currency sign: "fine, 2000 is my
    # absolute max" had kept "is my absolute max")
    if left > opening and cue.group().casefold() in pack.limits:
        number = next((m for m in pack.number.finditer(text, opening, left) if not text[m.end():left].strip()), None)
        if number is not None:
            left = number.start() - (number.start() > opening and unicodedata.category(text[number.start() - 1]) == "Sc")
    left = max(word_start(text, left, pack.lang), min(start, left))   # never inside a word: "司9点之前来不了"
    stop = (ends or NextHit(pack.scope_break, text, end)).at_or_after(cue.end())
    right = stop.start() if stop else end
    if pack.state.instead.regex.match(text, cue.start()) is not None:
        # "instead of 5:30, Dana hates rushing": what it replaces ends at the punctuation
        pause = pack.state.gap_breaks.search(text, cue.end(), right)
        right = pause.start() if pause else right
    # … and where a clause opening on a prohibition begins, past a pause, when the cue forbids
    # nothing ("I think she can't make it, don't book yet": the prohibition is no part of what
    # "can't" says; "No accident cars, no flood cars" lists one)
    for pause in pack.state.gap_breaks.finditer(text, cue.end(), right) if cue.group().casefold() not in pack.prohibition else ():
        opening = pack.negation.regex.match(text, pack.lead.strip_run(text, pause.end(), right, from_end=False))
        if opening is not None and opening.group().casefold() in pack.prohibition:
            right = pause.start()
            break
    while right > cue.end() and text[right - 1].isspace():
        right -= 1
    return left, right


def extract_facts(event: Event, pack: RulePack, entities: Sequence[tuple[int, int, str]] = (),
                  now: datetime | None = None) -> tuple[list[Fact], list[KeyClause]]:
    """All facts of one event's text and its clauses scored for the summary; ``entities`` are
    named-entity spans of the text (from the recognizer), kept as medium facts; with ``now``,
    times carry their absolute value ({"at"} or {"start", "end"}, ISO-8601 with offset)."""
    facts, clauses, _ = _stamped(_pack(*_analysis(event.text, pack, tuple(entities))), event.id, pack, now)
    return facts, clauses


# An analysis as the memo keeps it: tuples of plain values, which the garbage collector stops
# tracking, where Fact and Span objects stay tracked (300,000 of them in a full memo, walked by
# every full collection: 0.6 s each, on whichever call it lands).
PackedFact = tuple[str, str, str, int, int, Any]              # kind, text, strength, start, end, value
PackedClause = tuple[str, int, int, float, tuple[int, ...], bool, bool, tuple[int, ...], bool]   # text, start, end, score, its facts, asks, needs_mark, cuts, requests
Packed = tuple[tuple[PackedFact, ...], tuple[PackedClause, ...], tuple[PackedFact, ...]]   # …, times taken in


def _pack(facts: Sequence[Fact], clauses: Sequence[KeyClause], taken_in: Sequence[Fact] = ()) -> Packed:
    index = {id(f): i for i, f in enumerate(facts)}
    return (tuple((f.kind, f.text, f.strength.value, f.span.start, f.span.end, f.value) for f in facts),
            tuple((c.text, c.span.start, c.span.end, c.score, tuple(index[id(f)] for f in c.facts), c.asks,
                   c.needs_mark, c.cuts, c.requests)
                  for c in clauses),
            tuple((f.kind, f.text, f.strength.value, f.span.start, f.span.end, f.value) for f in taken_in))


def _elapsed(text: str, start: int, a: int, b: int, end: int, pack: RulePack) -> bool:
    """Whether the quantity at ``a:b`` is a length of time that went by ("楼上吵了20分钟了", "我们住了
    三天", "we waited 40 minutes"), not one yet to go ("20分钟就到了") or asked for ("住三天")."""
    if pack.duration is None or pack.duration.search(text, a, b) is None:
        return False
    if pack.elapsed_not_after is not None and pack.elapsed_not_after.match(text, b, end):
        return False
    return (pack.elapsed_before is not None and pack.elapsed_before.search(text, start, a) is not None
            or said_as_past(text[start:a], text[b:end], pack.lang, pack))


def _stamped(packed: Packed, event_id: str, pack: RulePack, now: datetime | None,
             day: date | None = None, named: tuple[date, ...] = (), weekdays: tuple[date, ...] = ()
             ) -> tuple[list[Fact], list[KeyClause], list[tuple[date, bool]]]:
    """An analysis of a text, placed in its event (ids) and its conversation (``now``; ``day``,
    the date under discussion when it starts: a clock that names no day is on it, and on the
    day an earlier time of the text names; ``named``, the days named before, latest first;
    ``weekdays``, those of them named by a weekday); also the days the text names, in order,
    each with whether a weekday named it."""
    fact_rows, clause_rows, taken_in = packed
    facts, days = [], []
    part = None   # the hours of the part of the day this text named with its day ("后天晚上")
    reach = 0     # where the last time that named a day ends: words inside it name no other part
    # a time a cued scope took in names its day for what follows, as a fact's would; it is no fact
    rows = sorted([(row, True) for row in fact_rows] + [(row, False) for row in taken_in], key=lambda r: r[0][3]) \
        if taken_in else [(row, True) for row in fact_rows]
    for (kind, text, strength, start, end, value), is_fact in rows:
        if kind == "time":
            past = value == PAST   # the mark a time said of what happened carries until it is stamped
            birth = value == BIRTH
            # a habit, or a day counted from an event, names no date, and no day the next clock could be on
            value = (normalize_time(text, pack.lang, now, pack, day, named, weekdays, past, part)
                     if now and value != UNDATED else None)
            if birth and isinstance(value, dict) and str(value.get("start") or value.get("at"))[:4] not in text:
                value = None   # a birth date without its year
            if past and isinstance(value, dict) and not _after_today(value, now):
                value = {**value, PAST: True}   # of what happened: told like a claim ([ladder] past_time)
            said = _named_day(text, value, pack)
            if said:
                by_weekday = names_a_weekday(text, pack.lang, pack)
                days.append((said, by_weekday))
                day, named = said, _latest_first(said, named)
                # within one text any day named is the one a bare weekday after it names, when
                # it falls on it ("日期改到18号，周五我请个假陪他们去": the 18th is that Friday)
                weekdays = _latest_first(said, weekdays)
                # "13号" read again inside "13号晚上" keeps the evening ("13号晚上到，8点落地": 20:00)
                part = _part_of_day(value) or (part if end <= reach else None)
                reach = max(reach, end)
        if is_fact:
            facts.append(Fact(kind, text, Strength(strength), Span(event_id, start, end), value))
    return facts, [KeyClause(text, Span(event_id, start, end), score, tuple(facts[i] for i in held), asks, needs_mark,
                             cuts, requests)
                   for text, start, end, score, held, asks, needs_mark, cuts, requests in clause_rows], days


def _part_of_day(value: dict[str, Any]) -> tuple[int, int] | None:
    """The hours a time within one day spans when it is part of the day, not all of it."""
    try:
        start, end = datetime.fromisoformat(value["start"]), datetime.fromisoformat(value["end"])
    except (KeyError, TypeError, ValueError):
        return None
    hours = (start.hour, end.hour + 1)
    return hours if start.date() == end.date() and hours != (0, 24) else None


def _after_today(value: dict[str, Any], now: datetime | None) -> bool:
    """Whether a time begins after the conversation's day: never of what happened, whatever its
    clause's tense ("明天就去这里住了": 了 marks a change, not the past)."""
    begins = value.get("at") or value.get("start")
    try:
        return now is not None and begins is not None and datetime.fromisoformat(begins).date() > now.date()
    except (TypeError, ValueError):
        return False


def _only_punctuation(gap: str, pack: RulePack) -> bool:
    """Nothing between two words but a mark that ends a negation's reach (the pack's gap_breaks)."""
    gap = gap.strip()
    return not gap or pack.state.gap_breaks.fullmatch(gap) is not None


def times_of(text: str, pack: RulePack, now: datetime) -> tuple[tuple[int, str, Any], ...]:
    """(where, words, resolved value) of each time a text names, in order, the text read only for
    its times (an assistant's message: what a reply points back at, what a user accepted)."""
    folded = text.casefold()
    found = {zoned_span(text, *fact_span(m), pack) for kind, regex, needed in pack.scanned if kind == "time"
             and (needed is None or len(folded) != len(text) or needed.search(folded)) for m in regex.finditer(text)}
    # the widest reading only: "周五" inside "12月18日（周五）下午5点半" names no day of its own
    spans = sorted((a, b) for a, b in found if not any(x <= a and b <= y and (x, y) != (a, b) for x, y in found))
    return tuple((a, text[a:b], normalize_time(text[a:b], pack.lang, now, pack)) for a, b in spans)


def _answer_days(text: str, pack: RulePack, now: datetime
                 ) -> tuple[tuple[date, ...], tuple[date, ...], frozenset[date], tuple[date, ...]]:
    """The days an assistant's message names in what it asks (a question naming none asks about
    the clocked day of the last sentence before it naming one: "我建议约2月2日9:00-12:00。您看这个
    时间行吗？"), those it names with a time of day anywhere in it (an appointment: "时间：11月18日
    （周三）17:30-18:00"), in order, every day it names, and those it names by a date, once each, in
    order (a weekday alone there is read without its context)."""
    sentences, asked, start = [], [], 0
    for mark in pack.sentence_end.finditer(text) if pack.sentence_end else ():
        sentences.append((start, mark.start(), mark.group(0) in pack.state.question_marks))
        start = mark.end()
    read = [(at, d, names_a_clock(words, pack.lang, pack), names_a_date(words, pack.lang, pack), at + len(words))
            for at, words, value in times_of(text, pack, now) if (d := _named_day(words, value, pack))]
    # (and the days a list goes on with after a date, said where the list is: "Dates: … Nov 16, 18, 23")
    read = sorted([*((at, d, clock, dated) for at, d, clock, dated, _ in read),
                   *((end, listed, False, True) for _, d, clock, dated, end in read if dated and not clock
                     for listed in listed_days(text, end, d, pack.lang, pack))], key=lambda r: r[0])
    for i, (a, b, question) in enumerate(sentences):
        if not question or pack.state.open_offer.search(text, a, b):
            continue   # ("Anything else?" asks about no day)
        if any(a <= at < b for at, *_ in read):
            asked.append((a, b, False))
        else:
            # a question naming no day asks about the day given a clock in the last sentence before it
            # naming one, a time proposed ("我建议约2月2日（周二）9:00-12:00：…也和周一的取件错开。师傅会先量
            # 尺寸。您看这个时间行吗？": February 2, not the Monday of the reason; "档案里最近的体重是2月20日的
            # 2.9公斤 … 方便的话称一下？" asks about no day)
            said = [(x, y) for x, y, _ in sentences[:i] if any(x <= at < y for at, *_ in read)]
            if said and any(said[-1][0] <= at < said[-1][1] and clock for at, _, clock, _ in read):
                asked.append((*said[-1], True))
    return (tuple(d for at, d, clock, _ in read if any(a <= at < b and (clock or not clocked) for a, b, clocked in asked)),
            tuple(d for _, d, clock, _ in read if clock), frozenset(d for _, d, _, _ in read),
            tuple(dict.fromkeys(d for _, d, _, dated in read if dated)))


def _answered_day(asked: tuple[date, ...], days: tuple[date, ...], named: tuple[date, ...]) -> date | None:
    """The one day a reply pointing back at a day ("她那天五点十分才能到") means by the assistant's
    message before it: the day it asks about ("约12月18日下午5点半可以吗？"), else the one day it
    gives a time on when the user had named it too (the trial booked "11月18日（周三）17:30" of
    "周三或者周四"); a day it only mentions ("The hold expires this Saturday, March 6", "a busy
    Saturday") is not what the reply is about."""
    if len(set(asked)) == 1:
        return asked[0]
    return days[0] if len(set(days)) == 1 and days[0] in named else None


def _clause_words(text: str, at: int, pack: RulePack) -> frozenset[str]:
    """The words of the clause of ``text`` holding ``at`` that may name what a day in it is of ("start"
    of "start monday jan 4th"): a slot's words, its stopwords aside."""
    clause = next((text[a:b] for a, b in split_clauses(text, pack) if a <= at < b), "")
    return frozenset(w for w in slot_keys(clause) if w not in pack.state.slot_stopwords)


def _of_its_topic(text: str, analysis: Packed, named: tuple[date, ...], said_with: dict[date, frozenset[str]],
                  pack: RulePack) -> date | None:
    """For a day of the month said alone in a clause sharing a word with the clause of a day named before,
    that day, the one under discussion ("start monday jan 4th" … "tomorrow afternoon maybe 3ish" … "push start
    to the 11th" is January 11th, not December's). Not with a clock alone beside it, which is on the day the
    message names ("leaves at 12:10 pm London time on the 30th")."""
    times = [(words, start) for kind, words, _, start, _, _ in analysis[0] if kind == "time"]
    if sum(leans_on_context(words, pack.lang, pack) for words, _ in times) != 1:
        return None
    for words, start in times:
        if only_a_day_of_month(words, pack.lang, pack):
            own = _clause_words(text, start, pack)
            topic = next((d for d in named if own & said_with.get(d, frozenset())), None)
            if topic is not None:
                return topic
    return None


def _latest_first(day: date | None, named: tuple[date, ...]) -> tuple[date, ...]:
    """The days a conversation named, latest first, each once."""
    return named if day is None or named[:1] == (day,) else (day, *(d for d in named if d != day))


def _named_day(text: str, value: Any, pack: RulePack) -> date | None:
    """The date a time fact names, when it names one ("3月5号", "tomorrow"; not "7pm", nor a
    period longer than a day: "this month", "下周")."""
    if not isinstance(value, dict) or not names_a_day(text, pack.lang, pack):
        return None
    first, last = (str(value.get("at") or value.get(k))[:10] for k in ("start", "end"))
    return date.fromisoformat(first) if first == last else None


def _forbidding(text: str, cue: Hit, right: int, end: int, pack: RulePack) -> bool:
    """Whether a negation cue forbids: a prohibition cue ("don't", "别"), or one that forbids with
    a time bound after it in a clause that asks nothing ("Demolition can't start before January
    11th": not before then; "Can't we go before 9?" asks)."""
    said = cue.group().casefold()
    return said in pack.prohibition or (said in pack.bounded_prohibition
                                        and text[end:end + 1] not in pack.state.question_marks
                                        and pack.prohibiting_bounds.search(text, cue.end(), right) is not None)


def own_phrase(text: str, start: int, a: int, b: int, end: int, pack: RulePack) -> tuple[int, int]:
    """Where the phrase of ``text[a:b]`` begins and ends inside ``start:end``: at the punctuation
    around it (``[state] gap_breaks``): the phrase of 6点 in "晚上6点吃饭，7点半开演" is "晚上6点吃饭"."""
    breaks = [m.end() for m in pack.state.gap_breaks.finditer(text, start, a)]
    stop = pack.state.gap_breaks.search(text, b, max(b, end))
    return (breaks[-1] if breaks else start), (stop.start() if stop else max(b, end))


def _told_as_habit(text: str, start: int, a: int, b: int, end: int, pack: RulePack) -> bool:
    """Whether a habitual cue sits in the time's own phrase ("Friday works, I'm usually free
    after 3pm": the 3pm is a habit, Friday is not)."""
    return pack.habitual.search(text, *own_phrase(text, start, a, b, end, pack)) is not None


def _after_birth_word(text: str, start: int, a: int, pack: RulePack) -> bool:
    """Whether a birth word ends shortly before a time in its clause ("DOB 4/11/1979", "出生日期是4月18日")."""
    low = max(start, a - pack.state.born_chars)
    return any(hit.end() <= a for hit in pack.state.born.finditer(text, low, a))


def _ends_on_habit(text: str, start: int, end: int, pack: RulePack) -> bool:
    """Whether a clause ends on a habitual cue ("药一天两次", "twice daily")."""
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return any(hit.end() == end for hit in pack.habitual.finditer(text, start, end))


def analyse_text(text: str, pack: RulePack, entities: tuple[tuple[int, int, str], ...] = ()
                 ) -> tuple[list[Fact], list[KeyClause]]:
    """Facts and scored clauses of one text, with an empty event id (see ``_stamped``)."""
    facts, clauses, _ = _analysis(text, pack, entities)
    return facts, clauses


def _analysis(text: str, pack: RulePack, entities: tuple[tuple[int, int, str], ...] = ()
              ) -> tuple[list[Fact], list[KeyClause], list[Fact]]:
    """:func:`analyse_text`, and the times a cued scope took in: no facts of their own ("We
    can't do January 8th" is one negation), they still name the day under discussion ("How
    about the 12th?": January's)."""
    facts: list[Fact] = []
    clauses: list[KeyClause] = []
    taken_in: list[Fact] = []

    def add(kind: str, start: int, end: int, value: str | None = None) -> None:
        fragment = text[start:end].strip()
        if fragment:
            offset = text.index(fragment, start)
            facts.append(Fact(kind, fragment, pack.strength_of(kind),
                              Span("", offset, offset + len(fragment)), value))

    read = clause_hits(text, pack)
    spans = [c[:2] for c in read]
    requesting = pack.request is None or pack.request.search(text) is not None
    for i, ((start, end, condition), (_, _, hits)) in enumerate(zip(with_conditions(text, spans, pack), read)):
        before = len(facts)
        required: list[tuple[int, int]] = []   # (where an obligation's cue ends, where its scope does)
        affirmed: list[Fact] = []              # times a correction's "not" follows: kept apart from it
        ruled_out: list[Fact] = []             # times after that "not": the old ones
        for kind, a, b in hits:
            if kind == "time":   # "at 12:10 pm London time": the zone is part of the time
                a, b = zoned_span(text, a, b, pack)
                # "got back Sunday": of what happened, read when stamped (_stamped); a case supposed
                # is none ("要是…，比如12月底就生了"); "周末常回去", "we normally meet Friday": a habit
                # (… or a clause of its sentence right before ending on how often: "药一天两次，早上7点吃")
                habit = _told_as_habit(text, start, a, b, end, pack) or bool(
                    i and _ends_on_habit(text, *spans[i - 1], pack)
                    and (pack.sentence_end is None or not pack.sentence_end.search(text, spans[i - 1][1], start)))
                undated = habit or counted_from_event(text[start:a], text[b:end], pack.lang, pack)
                add(kind, max(a, start), min(b, end), UNDATED if undated
                    else BIRTH if _after_birth_word(text, start, a, pack)
                    else PAST if condition is None and said_as_past(text[start:a], text[b:end], pack.lang, pack)
                    else None)
            elif kind == "quantity" and condition is None and _elapsed(text, start, a, b, end, pack):
                add(kind, max(a, start), min(b, end), PAST)   # "吵了20分钟了": how long something went on
            elif kind == "wish" and pack.info_request.covers(text, a, b):
                continue   # "I'd like the reference number", "我想要电话号码": asked to be told, no wish
            else:
                add(kind, max(a, start), min(b, end))
        for term_start, term_end, kind in pack.lexicon.find(text, start, end):
            lead = pack.degree.search(text, max(start, term_start - 24), term_start) if pack.degree else None
            add(kind, lead.start() if lead else term_start, term_end)   # "a bit more expensive", "比较便宜"
        for ent_start, ent_end, label in entities:
            if start <= ent_start and ent_end <= end and label.casefold() not in pack.lexicon_terms:
                # a name right after a kin or naming word is whom to book under or send to: "my mom
                # Margaret Okafor", "她叫林朵朵" (the label says what it names: "PERSON")
                # (the word may end the clause before: "联系人写我爸，王建国")
                named = (label in pack.person_labels and pack.person_lead is not None
                         and pack.person_lead.search(text, max(0, ent_start - 24), ent_start) is not None)
                add("person" if named else "entity", ent_start, ent_end, label)
        # thanks for what the assistant did ("you've saved me like two hours tonight") and a count
        # of what the message lists after a colon ("I have two requirements:", "有两点要求：") hold
        # no values, nor does a degree inside a hedge ("Not 100% sure", "不是百分百确定")
        preface = pack.preface is not None and pack.preface.search(text, start, min(len(text), end + 3)) is not None
        if preface or pack.gratitude.search(text, start, end) is not None:
            del facts[before:]
        # (read one character past the clause, kept within it: a hedge's pattern may look at what ends
        # the clause, "评分应该不错吧？" asks where "儿子应该1米3左右吧" guesses)
        hedges = [(m.start(), m.end()) for m in pack.uncertainty.finditer(text, start, min(len(text), end + 1)) if m.end() <= end]
        if hedges:
            facts[before:] = [f for f in facts[before:]
                              if not any(a <= f.span.start and f.span.end <= b for a, b in hedges)]
        # "When we buy, send the e-tickets to …": a question word opening a clause that goes on asks nothing
        asks = pack.question.search(text, start, end) is not None and not (
            pack.subordinate is not None and pack.subordinate.match(text, start, end) is not None
            and text[end:end + 1] not in pack.state.question_marks)
        if not asks and condition is not None and condition < start and _sentence_asks(text, start, end, pack):
            # what goes on from a case supposed in an earlier clause of a question is asked too
            # ("要是我妹妹提前生了呢，比如12月底就生了，阿姨能提前来吗": no statement that she gave birth)
            asks = True
        if not asks and _alternative_follows(text, end, spans[i + 1] if i + 1 < len(spans) else None, pack):
            asks = True
        supposes = pack.state.conditional.search(text, start, end) is not None
        closing = False
        for kind in () if preface else _CUED_KINDS:
            if kind == "obligation" and (asks or text[end:].lstrip()[:1] in pack.state.question_marks):
                continue   # "需要证明吗", "do they have to", "Do you have to pay for parking there?": asked, not required
            if kind == "negation" and asks and supposes:
                continue   # "What if she can't do it that morning?", "要是那天他来不了呢": a case asked about
            cues = (negations(text, start, end, pack) if kind == "negation"
                    else pack.obligation.finditer(text, start, end))
            ends = NextHit(pack.scope_break, text, end)
            for cue in cues:
                if kind == "obligation" and not _limits_a_value(text, start, end, cue, pack):
                    continue   # a limit of no value: "go over the forms", "Under my name"
                if (kind == "obligation" and cue.group().casefold() in pack.limits
                        and _opens_on_a_thing(text, start, cue, pack)):
                    continue   # a limit said of a thing describes it: "it's even below my budget range"
                left, right = cued_scope(text, start, end, cue, pack, ends, condition)
                if (kind == "obligation" and cue.group().casefold() not in pack.limits
                        and (pack.filler.covers(text, cue.end(), right) or pack.filler.covers(text, left, right))):
                    # nothing required after the cue: "必须的啊" agrees, "We need to." points back;
                    # nor by a filler holding the cue: "That should be everything" ends the list
                    continue
                if kind == "negation" and (pack.filler.covers(text, left, right) or (
                        pack.says_nothing(text, left, cue.start()) and pack.says_nothing(text, cue.end(), right)
                        and not any(left <= f.span.start and f.span.end <= right for f in facts[before:]))):
                    # nothing negated: "No", "I do not", "Not yet", "没有啦" answer a question; "对不起"
                    # apologises; "Wait, no - make that Tuesday" corrects (a cue holding a value,
                    # "周四没空", negates it)
                    continue
                # never from inside a value ("午3点肯定赶不上" of "明天下午3点肯定赶不上"), which stays
                # a fact of its own ("seven of us" of "seven of us now, not eight")
                straddled = [f for f in facts[before:] if f.span.start < left < f.span.end]
                if straddled:
                    left = min(f.span.start for f in straddled)
                    affirmed += _drop_nested(straddled)
                if kind == "obligation" and pack.info_request.search(text, cue.end(), right):
                    continue  # "I need the reference number": asked for, not required
                if kind == "negation" and _points_back(text, left, cue, pack):
                    continue  # "应该是chenlina88@126.com，前面那个不用了": the correction says it
                # "don't book", "别打电话" forbid; "parking doesn't matter", "没有发票" describe
                forbids = (kind == "negation" and not asks and _forbidding(text, cue, right, end, pack)
                           and not _describes(text, start, cue, pack) and not refuses_by_itself(text, start, cue, pack)
                           # (nor one before a past verb: "never done freight before" tells what did not happen)
                           and not _past(text, cue, pack))
                # "I haven't been to Lisbon since college": what did not happen is told, like a
                # claim; so is what a thing is not ("It isn't open on Sundays", "那家周一不开门")
                add(kind, left, right, "prohibition" if forbids else
                    None if kind != "negation" else "past" if _past(text, cue, pack) else
                    "thing" if _of_a_thing(text, start, end, cue, pack) else
                    "argued" if _argued(text, start, end, cue, pack) else None)
                if kind == "obligation":
                    required.append((cue.end(), right))
                elif pack.state.correction_not.regex.match(text, cue.start()):
                    # "I meant Friday the 11th, not Thursday", "是13号，不是12号": the time just
                    # before ", not" is the one meant, a time of its own (a day talked of)
                    times = [f for f in facts[before:] if f.kind == "time" and left <= f.span.start
                             and f.span.end <= cue.start() and _only_punctuation(text[f.span.end:cue.start()], pack)]
                    affirmed += _drop_nested(times)
                    if times:   # … and the one after it is turned down: the day meant is the one talked of
                        ruled_out += [f for f in facts[before:] if f.kind == "time" and cue.end() <= f.span.start
                                      and f.span.end <= right]
        # a request ending in a question mark asks too: "Could you perhaps help me find…?" is
        # polite ("I think one of them is vegetarian, maybe Sam?" still claims)
        if asks or supposes or (text[end:end + 1] in pack.state.question_marks
                                and pack.request is not None and pack.request.search(text, start, end)):
            pass   # "修一只大概要多少钱", "要是坏了": asked or supposed, not claimed
        elif hedges and not _corrects(text, start, end, hedges, pack):
            # the hedge stays in the claim's text; a hedge alone ("我也不太确定", "Not sure
            # though") hedges the clause before it and claims nothing itself
            rest = pack.uncertainty.regex.sub(" ", text[start:end])
            # … nor does a hedged closing ("Ok, I think that's everything for now"): it says nothing
            closing = len(facts) == before and pack.filler.covers(rest)
            if (sum(ch.isalnum() for ch in rest) > pack.state.bare_hedge or len(facts) > before) and not closing:
                # a prohibition ended before the hedge stays one, the claim is what follows it
                # ("Don't charge my card yet, I think the insurer might cover it" had been a claim)
                # … and one said after a hedged clause, past a mark, ends the claim ("I think the
                # budget is $500, don't go over it")
                forbidden = [f.span for f in facts[before:] if f.kind == "negation" and f.value == "prohibition"]
                claimed = max([s.end for s in forbidden if s.end <= hedges[0][0]], default=start)
                while claimed < hedges[0][0] and not text[claimed].isalnum():
                    claimed += 1
                upto = min([s.start for s in forbidden if s.start >= hedges[0][1]
                            and not text[claimed:s.start].rstrip()[-1:].isalnum()], default=end)
                while upto > claimed and not text[upto - 1].isalnum():
                    upto -= 1
                add("uncertain", claimed, upto if upto > claimed else end)
        elif pack.claim.search(text, start, end):
            add("claim", start, end)
        cuts = _cuts(text, facts[before:], required, pack.descriptive_kinds)
        own = _drop_nested(facts[before:], pack.descriptive_kinds, pack)
        # … but a day turned down for the one before it names no day for what follows ("sunday the
        # 30th, not monday. like 2pm?": Sunday's 2pm; "Not March 3rd. … the 5th then": March's)
        taken_in += [f for f in facts[before:] if f.kind == "time" and all(f is not g for g in own + ruled_out)]
        if affirmed:
            own = sorted(own + [f for f in affirmed if all(f is not g for g in own)],
                         key=lambda f: (f.span.start, f.span.start - f.span.end))
        del facts[before:]
        facts.extend(own)

        reach = min([start] + [f.span.start for f in own])
        if reach == start and i and clauses and (
                clauses[-1].span.end > spans[i - 1][0]
                and (pack.sentence_end is None or not pack.sentence_end.search(text, clauses[-1].span.end, start))):
            # a clause that is a name alone joins the one before it in its sentence, which says
            # whose it is ("联系人写我爸，王建国": "王建国" alone says nothing of his part), as does
            # what to do instead after a prohibition ("别打我电话，发短信": quoted together; the
            # prohibition's own words stay the fact, a shorter form when room is short)
            if _says_who_alone(text, start, end, own, pack) or _says_instead(text, start, end, own, asks,
                                                                             clauses[-1], pack):
                reach = clauses[-1].span.start
                listed = start
                while listed > reach and not text[listed - 1].isalnum() and text[listed - 1] not in pack.list_joiners:
                    listed -= 1
                if listed > reach and text[listed - 1] in pack.list_joiners:
                    # (more of a prohibition's object, listed: "不要事故车、泡水车" forbids both)
                    facts[:] = [replace(f, text=text[f.span.start:end], span=Span(f.span.event_id, f.span.start, end))
                                if f.kind == "negation" and f.value == "prohibition" and f.span.end == listed - 1
                                else f for f in facts]
        if reach < start:   # a prohibition under a condition said clauses before: one clause from it on
            while clauses and clauses[-1].span.start >= reach:
                clauses.pop()
            absorbed = len(facts) - len(own)
            while absorbed > 0 and facts[absorbed - 1].span.start >= reach:
                absorbed -= 1
            own = _drop_nested(facts[absorbed:], pack.descriptive_kinds, pack)
            del facts[absorbed:]
            facts.extend(own)
            start = reach
        elif closing or pack.says_nothing(text, start, end, quoted=True) or (
                asks and not own and sum(ch.isalnum() for ch in pack.question.regex.sub("", text[start:end]))
                <= pack.bare_question) or not own and not any(
                ch.isalnum() for ch in pack.question.regex.sub(
                    "", text[pack.lead.strip_run(text, start, end, from_end=False):end])):
            continue   # "好的谢谢", "说错了", "就这么定", "有吗", politeness alone ("可以吗", "Could you please?"): nothing to quote
        # the particle before a question mark asks with it when no question word does: "明天能到吧？"
        start, end = _trim_edges(text, start, end, own, pack,
                                 trail=asks or text[end:end + 1] not in pack.state.question_marks, asks=asks)
        score = _score(text[start:end], own, pack)
        marked = text[end:end + 1] in pack.state.question_marks
        worded = asks and any(cue.group(0).casefold() in pack.question.kinds
                              for cue in pack.question.finditer(text, start, end))
        # a question in a message asking for something done keeps its values' level ("Can you book
        # a table for 2 at 7?", "Is there a table at 7? Book it"), unless it supposes a case and
        # its own sentence asks for nothing ("What if one of us gets sick that morning? Can we
        # move just one slot?": the case is asked about)
        requests = (asks or marked) and requesting and (
            not supposes and condition is None
            or pack.request is None or pack.request.search(text, *sentence_of(text, start, end, pack)) is not None)
        if marked and not worded:
            # a question stays one when quoted: its mark, unless a question word asks ("还有房吗");
            # word order alone may not show it ("is the Maple Court one close to a bus stop?")
            end += 1
        clauses.append(KeyClause(text[start:end], Span("", start, end), score, tuple(own), asks or marked,
                                 asks and not worded and not marked, tuple(c for c in cuts if start < c < end),
                                 requests))
    # a case opening its clause, naming no value, the question after it in its sentence, is asked about
    # with it ("如果当天检查做不完 要再跑一趟 那个怎么算钱" had listed "如果当天检查做不完" as a constraint of the
    # user's); one naming values keeps them ("如果坐地铁从绿岛乐园到维也纳酒店，应该在哪站上下车呢？")
    for i, (case, question) in enumerate(zip(clauses, clauses[1:])):
        opening = pack.lead.strip_run(text, case.span.start, case.span.end, from_end=False)
        if (not case.asks and question.asks and all(f.kind in _CASE_KINDS for f in case.facts)
                and pack.state.conditional.regex.match(text, opening, case.span.end)
                and (pack.sentence_end is None or not pack.sentence_end.search(text, case.span.end, question.span.start))):
            clauses[i] = replace(case, asks=True)
    kept = {id(f) for f in facts}
    # a clause begun before a prohibition that reaches back into it holds none of the facts the
    # prohibition took in ("还有万一周四高铁晚点了 7点到不了咋办": they had failed the whole stage)
    clauses = [c if all(id(f) in kept for f in c.facts) else replace(c, facts=tuple(f for f in c.facts if id(f) in kept))
               for c in clauses]
    return facts, clauses, [f for f in taken_in if id(f) not in kept]


def _cuts(text: str, found: Sequence[Fact], required: Sequence[tuple[int, int]],
          descriptive: frozenset[str]) -> list[int]:
    """Where a requirement may be cut short and still say what it requires: past its cue, at the
    end of a thing it names, never inside another nor before one that qualifies it, unless that
    one describes it ("We need a room for 2 adults" of "We need a room for 2 adults at a quiet
    pet-friendly hotel near Union Square, …"; "We must have a car" before "with automatic
    transmission"; not "an expensive" of "an expensive 4 star hotel")."""
    named = [f for f in found if f.kind not in _CUED_KINDS and f.kind not in _CLAUSE_KINDS]

    def splits(end: int, other: Fact) -> bool:
        return other.span.start < end < other.span.end or (
            other.span.start >= end and other.kind not in descriptive and not text[end:other.span.start].strip())

    return sorted({f.span.end for cue_end, right in required for f in named
                   if cue_end <= f.span.start and f.span.end < right
                   and not any(splits(f.span.end, g) for g in named)})


def _trim_edges(text: str, start: int, end: int, facts: list[Fact],
                pack: RulePack, trail: bool = True, asks: bool = False) -> tuple[int, int]:
    """Shrink a clause past leading politeness and (``trail``) trailing particles, never into a fact."""
    first = min((f.span.start for f in facts), default=end)
    last = max((f.span.end for f in facts), default=start)
    lead = pack.lead.strip_run(text, start, end, from_end=False)
    # a lead word ending inside a subject's word is none: "给我爸打电话" says whom to call ("给我|爸"
    # had left "爸打电话"; the segmenter splits "我爸", and keeps "我订", "想订" whole)
    split = next((hit.start() for hit in pack.piece_subject.finditer(text, max(start, lead - 8), min(end, lead + 8))
                  if hit.start() < lead < hit.end()), None) if lead > start else None
    if split is not None:
        lead = next((hit.start() for hit in pack.lead.finditer(text, start, lead) if hit.start() <= split < hit.end()), split)
    if lead <= first and lead < end:
        start = lead
    stripped = (pack.question_trail if asks else pack.trail).strip_run(text, start, end, from_end=True) if trail else end
    stripped = min(word_end(text, stripped, pack.lang), end)   # never inside a word: "好了" of "记好了"
    if stripped >= last and stripped > start:
        end = stripped
    return start, end


def _drop_nested(facts: list[Fact], descriptive: frozenset[str] = frozenset(),
                 pack: RulePack | None = None) -> list[Fact]:
    """Keep the widest of overlapping facts of equal or lower strength: a negation scope that
    holds a money amount is one unit, not two lines. A claim holds the facts inside it (an id,
    an amount) but absorbs the negations of its own wording ("My order never arrived" is a
    claim, not a constraint); on equal spans a negation wins over a beneficiary. With the
    ``pack``, a cued scope keeps a fact inside it that its ladder places higher, unless it is
    what the scope negates: "It's for my mom, not me" and "I need a hotel for my parents" say
    whom the task is for ("for my mom"; "not me" stays the negation's)."""
    kept: list[Fact] = []
    for fact in sorted(facts, key=lambda f: (f.span.start, -(f.span.end - f.span.start),
                                             _TIE_ORDER.get(f.kind, len(_TIE_ORDER)))):
        def holds(outer: Fact) -> bool:
            if fact.kind == "quantity" and outer.kind == "time" and outer.span.start < fact.span.start < outer.span.end:
                return True   # its number is a day's: "the jul 12 week" counts no weeks
            if not (outer.span.start <= fact.span.start and fact.span.end <= outer.span.end):
                return False
            if outer.kind in descriptive:   # "modern hotel" names a place; "modern" stays a fact
                return fact.kind == outer.kind
            if outer.kind in _CLAUSE_KINDS:
                return fact.kind in _CUED_KINDS
            if outer.kind == "obligation" and fact.kind in ("time", "quantity"):
                # "She can only get there at 5:10 that day": the time is resolved too; "I need a
                # room for 6 people for 5 nights": a count a later change replaces is stale alone
                return False
            if (pack is not None and outer.kind in _CUED_KINDS and outer.span != fact.span
                    and pack.ladder.index(pack.level_of(fact.kind, fact.value))
                    < pack.ladder.index(pack.level_of(outer.kind, outer.value))
                    and next(negations(fact.text, 0, len(fact.text), pack), None) is None):
                return False   # (what the scope negates stays in it: "not me" is its own wording)
            return outer.strength.rank >= fact.strength.rank
        if not any(holds(k) for k in kept):
            kept.append(fact)
    return kept


def _score(clause: str, facts: list[Fact], pack: RulePack) -> float:
    """Informativeness: what the clause holds, each distinct fact once. A question without a
    strong fact or a name asks for information ("地址在哪", "what's the postcode") rather than
    states a constraint, so it ranks well below statements; "Is there a fee at ADC Theatre?"
    names what the user cares about and does not, nor does "哪个酒店提供叫醒服务" (it asks for a
    feature: a descriptive fact)."""
    distinct = {(f.text.casefold(), f.strength) for f in facts}
    score = 0.5 + sum(_VALUE[strength] for _, strength in distinct)
    if pack.question.search(clause) and not any(f.strength is Strength.STRONG or f.kind == "entity"
                                                or f.kind in pack.descriptive_kinds for f in facts):
        score *= 0.3
    return score


_VALUE = {Strength.STRONG: 3.0, Strength.MEDIUM: 1.0, Strength.WEAK: 0.5}


_TOOL_KINDS = ("id", "money", "date", "clock", "percentage", "phone", "email", "quantity", "time")
_VALUE_SEARCH: dict[tuple[str, str], re.Pattern[str]] = {}


@functools.lru_cache(maxsize=8192)
def _field_holds_value(key: tuple[str, str], field: str) -> bool:
    """One field's answer, remembered: tool results repeat their small values ("1", "0.6", "P2")."""
    return _VALUE_SEARCH[key].search(field) is not None


_NAMED_GROUP = re.compile(r"\(\?P([<=])(\w+)")   # "(?P<amount>" and its "(?P=amount)"


def _holds_value(text: str, pack: RulePack, start: int = 0, end: int | None = None) -> bool:
    """Whether ``text[start:end]`` holds an id, an amount, a date or a time: the tool kinds'
    patterns as one alternation, compiled once per pack (a tool result has many fields)."""
    key = (pack.lang, pack.version)
    regex = _VALUE_SEARCH.get(key)
    if regex is None:
        parts = [r for k in _TOOL_KINDS for r in pack.patterns.get(k, ())]
        # (a group's name may repeat across patterns, "fact": joined, each pattern's names are its own)
        joined = "|".join("(?:" + _NAMED_GROUP.sub(lambda m, i=i: f"(?P{m.group(1)}{m.group(2)}_{i}", r.pattern) + ")"
                          for i, r in enumerate(parts))
        regex = _VALUE_SEARCH[key] = re.compile(joined, parts[0].flags if parts else 0)
    if start == 0 and end is None:
        return _field_holds_value(key, text)
    return regex.search(text, start, len(text) if end is None else end) is not None


def _leaves(node: object, path: str) -> Iterator[tuple[str, object]]:
    """Scalar fields of a JSON value with their paths (lists: the first five items)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node[:5]):
            yield from _leaves(value, f"{path}[{i}]")
    elif node is not None:
        yield path, node


def extract_tool_facts(event: Event, pack: RulePack, max_fields: int, max_chars: int) -> list[Fact]:
    """What a tool result states, as confirmed facts with the tool event as evidence.

    A JSON result gives its scalar fields (``status=expired``), strongest first; plain text
    gives its ids, amounts, dates and times. ``value`` holds the field path.
    """
    text = event.text
    try:
        tree = json.loads(text)
    except ValueError:
        tree = None
    facts: list[Fact] = []
    if isinstance(tree, (dict, list)):
        cursor = strong_found = 0
        for path, leaf in _leaves(tree, ""):
            literal = leaf if isinstance(leaf, str) else json.dumps(leaf)
            if not literal or len(literal) > max_chars:
                continue
            at = text.find(literal, cursor)
            if at < 0:
                at = text.find(json.dumps(literal, ensure_ascii=False)[1:-1], cursor)
            if at < 0:
                continue
            cursor = at + len(literal)
            strong = (any(c.isdigit() for c in literal) or "@" in literal) and _holds_value(literal, pack)
            if not strong and len(facts) >= max_fields:
                continue
            facts.append(Fact("confirmed", literal, Strength.STRONG if strong else Strength.MEDIUM,
                              Span(event.id, at, at + len(literal)), path))
            strong_found += strong
            if strong_found >= max_fields:  # the first fields that hold values are enough
                break
        facts.sort(key=lambda f: f.strength.rank, reverse=True)
        return sorted(facts[:max_fields], key=lambda f: f.span.start)
    for start, end in split_clauses(text, pack):  # plain text: the short clauses that hold a value
        if end - start > max_chars:
            continue
        if _holds_value(text, pack, start, end):
            facts.append(Fact("confirmed", text[start:end], Strength.STRONG, Span(event.id, start, end)))
    return facts[:max_fields]


class FactStage:
    """Facts of the prefix's user messages and tool results.

    The analysis of a text is memoised (bounded, by content) so that a growing conversation
    only analyses its new messages; ids and times are placed per call.
    """

    name = "facts"
    assigns = ("facts", "clauses", "kept_facts")
    per_event = True   # a message's facts depend on that message alone: stored ones are reused

    def __init__(self, settings: Settings) -> None:
        self._memo = Memo(settings["stages.memo_size"])
        self._placed = Memo(settings["stages.reuse_size"])

    def run(self, data: StageInput) -> StageResult:
        return self.start(data)()

    def _stamped(self, read: Hashable, packed: Packed, event_id: str, pack: RulePack, now: datetime | None,
                 day: date | None = None, named: tuple[date, ...] = (), weekdays: tuple[date, ...] = ()
                 ) -> tuple[list[Fact], list[KeyClause], list[tuple[date, bool]]]:
        """:func:`_stamped` of the analysis remembered under ``read``, remembered too: a growing
        conversation places the same facts again, and gives the merge the same objects to
        recognise. What it is placed by matters only when the text names a time."""
        timed = any(row[0] == "time" for rows in (packed[0], packed[2]) for row in rows)
        key = (read, event_id, *((now, day, named, weekdays) if timed else ()))
        return self._placed.get(key, lambda: _stamped(packed, event_id, pack, now, day, named, weekdays))

    def start(self, data: StageInput) -> Callable[[], StageResult]:
        """Send the user turns to the recognizer now (in the embedding process, it works while
        the other stages run: ``models.ner_apart``); the returned call reads the facts."""
        users = [e for e in data.prefix if e.role == "user"]
        recognizer = data.models.get("entities")
        pending = recognizer.begin([e.text for e in users]) if recognizer else lambda: [[] for _ in users]
        return lambda: self._read(data, {e.id: tuple(found) for e, found in zip(users, pending())})

    def _answer_days(self, answer: Event, pack: RulePack, now: datetime
                     ) -> tuple[tuple[date, ...], tuple[date, ...], frozenset[date], tuple[date, ...]]:
        """:func:`_answer_days` of an assistant's message, read once per text and day (days, not
        instants: one reading a day, though a call made without "now" has its own)."""
        return self._memo.get(("answer", pack.lang, pack.version, answer.text, now.date(), now.utcoffset()),
                              lambda: _answer_days(answer.text, pack, now))

    def _read(self, data: StageInput, entities: dict[str, tuple[tuple[int, int, str], ...]]) -> StageResult:
        facts: list[Fact] = []
        clauses: list[KeyClause] = []
        max_fields = data.settings["summary.max_tool_facts"]
        max_chars = data.settings["summary.max_tool_fact_chars"]
        day: date | None = None   # the date the last user message named: its reply's clock is on it
        named: tuple[date, ...] = ()   # every day named so far, latest first ("that Wednesday")
        said_with: dict[date, frozenset[str]] = {}   # the words of the clauses each day was named in
        weekdays: tuple[date, ...] = ()   # those named by a weekday ("下周日" … "周日上午十点")
        answer: Event | None = None   # the assistant's message since the last user message
        earlier: list[Event] = []     # the assistant's messages before it, since a user message named a day
        for event in data.prefix:
            if event.role == "assistant":
                if answer is not None:
                    earlier.append(answer)
                answer = event
            if event.role == "user":
                found = entities[event.id]
                read = ("user", data.pack.lang, data.pack.version, event.text, found)
                analysis = self._memo.get(read, lambda: _pack(*_analysis(event.text, data.pack, found)))
                if answer is not None and data.now and any(
                        kind == "time" and leans_on_context(text, data.pack.lang, data.pack)
                        for kind, text, *_ in analysis[0]):
                    # "约李雪老师12月18日下午5点半…可以吗？" … "她那天五点十分才能到": the day it proposed
                    asked, all_days, mentioned, _ = self._answer_days(answer, data.pack, data.now)
                    meant = _answered_day(asked, all_days, named)
                    if meant is not None:
                        named, day = _latest_first(meant, named), meant
                    elif mentioned - {day}:
                        # the answer named other days, so which one the clock is on is not known
                        # ("your Dec 7 visit stays … picking him up Dec 30" … "We'd drop him off at
                        # half past two": the check-in day, not the last one said)
                        day = None
                    elif not mentioned:
                        # … else the day an earlier answer confirmed, since the user last named one
                        # ("改到周三10点20吧，周二我爸要去社区领药" "已改为12月9日（周三）10:20" … "要是
                        # 那天他血压太高": the 9th, not the Tuesday of the reason)
                        for before in reversed(earlier[-data.settings["stages.answer_lookback"]:]):
                            asked, all_days, mentioned, _ = self._answer_days(before, data.pack, data.now)
                            if mentioned:
                                confirmed = _answered_day(asked, all_days, named)
                                if confirmed is not None:
                                    named = _latest_first(confirmed, named)
                                break
                if answer is not None and data.now and any(
                        kind == "time" and names_a_weekday(text, data.pack.lang, data.pack)
                        for kind, text, *_ in analysis[0]):
                    # "The Monday after your move is Monday, March 8 … Which one?" … "ok morning monday
                    # works": the Monday it named, not the next one from today; a weekday it names by two
                    # dates is not known ("Dates: Thu Nov 11, then Nov 16, 18, 23" … "my post op tuesday")
                    dated = self._answer_days(answer, data.pack, data.now)[3]
                    for d in dated:   # (in the order said)
                        if d >= data.now.date() and sum(x.weekday() == d.weekday() for x in dated) == 1:
                            weekdays = _latest_first(d, weekdays)
                if answer is not None:
                    earlier.append(answer)
                answer = None
                topic = _of_its_topic(event.text, analysis, named, said_with, data.pack)
                event_facts, event_clauses, days = self._stamped(read, analysis, event.id, data.pack, data.now,
                                                                 topic or day, _latest_first(topic, named), weekdays)
                for fact in event_facts:
                    if fact.kind == "time" and (d := _named_day(fact.text, fact.value, data.pack)):
                        said_with[d] = said_with.get(d, frozenset()) | _clause_words(event.text, fact.span.start, data.pack)
                for d, by_weekday in days:
                    named = _latest_first(d, named)
                    if by_weekday:
                        weekdays = _latest_first(d, weekdays)
                day = days[-1][0] if days else None
                if days:
                    earlier = []
                facts.extend(event_facts)
                clauses.extend(event_clauses)
            elif event.role == "tool":
                facts.extend(self._tool_facts(event, data.pack, max_fields, max_chars))
        # a kept tool result saying which record it replaces ("old_booking_id": …) marks that id in the summary
        # (read only where a field's name may say so: most results name none)
        kept = [found for event in data.after if event.role == "tool" and data.pack.may_name_replaced(event.text)
                for found in [self._tool_facts(event, data.pack, max_fields, max_chars)]
                if any(data.pack.names_replaced(str(f.value), f.text) for f in found if f.value)]
        return StageResult(self.name, tuple(facts), tuple(clauses), kept_facts=tuple(f for found in kept for f in found))

    def _tool_facts(self, event: Event, pack: RulePack, max_fields: int, max_chars: int) -> list[Fact]:
        """:func:`extract_tool_facts` of a tool result, read once per text, like user turns."""
        read = ("tool", pack.lang, pack.version, event.text, max_fields, max_chars)
        analysis = self._memo.get(read, lambda: _pack(extract_tool_facts(replace(event, id=""), pack,
                                                                         max_fields, max_chars), []))
        return self._stamped(read, analysis, event.id, pack, None)[0]
