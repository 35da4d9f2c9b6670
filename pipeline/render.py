"""Summary items → the summary text, fitted to its budget.

Items are placed by their level on the rule pack's priority ladder (prohibitions, open items,
the task, constraints ... context), then by informativeness per char. An item that does not
fit is replaced by a shorter form (the verbatim stretch holding its facts), then by the runs of
its facts that say something alone, so a negation stays whole with its object and no value is
shown cut from its clause. Three layouts are
tried, richest first (sections with labels and event ids; one list with ids; one plain list);
a richer layout is kept unless it costs kept content. A final check looks for every strong
fact in the text (width, case and spacing folded) and names what is missing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, time
from functools import lru_cache
from typing import Callable, Sequence

from .parse import event_chars
from .rulepacks import RulePack
from .types import Event, Fact, SummaryItem

__all__ = ["Rendering", "dropped_items", "find_missing", "render_summary", "shown_time"]

SECTIONS = ("open", "constraints", "state", "claims", "confirmed", "attachments", "times", "key")
_SECTION_TEMPLATE = {"open": "open", "constraints": "constraints", "state": "state",
                     "claims": "claims", "confirmed": "confirmed", "attachments": "attachments",
                     "times": "times", "key": "key_sentences"}


@dataclass(frozen=True)
class Rendering:
    text: str
    kept: tuple[SummaryItem, ...]     # in source order
    missing: tuple[Fact, ...]         # strong facts not found in the text


def _fold(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


_QUOTES = (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'))


def fold_spaced(text: str) -> str:
    """Width and case folded, typographic quotes made plain; spacing kept, so where a word or a
    value ends still shows ("300m" is not inside "1300m")."""
    text = unicodedata.normalize("NFKC", text)
    for curly, plain in _QUOTES:
        if curly in text:
            text = text.replace(curly, plain)
    return text.casefold()


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Width, case and spacing folded, for finding a fact in a text (fact texts recur on every
    call of a growing conversation: remembered; a whole summary is folded by ``_fold``)."""
    return _fold(text)


def find_missing(facts: Sequence[Fact], text: str) -> list[Fact]:
    folded = _fold(text)
    return [f for f in facts if fold(f.text) not in folded]


def dropped_items(items: Sequence[SummaryItem], kept: Sequence[SummaryItem]) -> list[SummaryItem]:
    """The items the text holds in no form (an item whose words another kept item already
    shows is not dropped: it was a duplicate)."""
    placed = {id(k) for k in kept}
    shown = {(k.source, k.text) for k in kept}
    return [i for i in items
            if not any(id(f) in placed or (f.source, f.text) in shown for f in (i, *i.alternatives, *i.fragments))]


_LINE_BREAKS = re.compile(r"\s*\n\s*")


def _one_line(text: str) -> str:
    """An item quoted across line breaks ("…139元。\n\n改完以后…") on one line of the summary,
    one item per line, as the rest of it is read."""
    return _LINE_BREAKS.sub(" ", text) if "\n" in text else text


def _compose(header: str, items: Sequence[SummaryItem], pack: RulePack, sections: bool,
             ids: bool) -> str:
    separator = pack.templates["separator"]
    lines = [header] if header else []
    groups = ([(s, [i for i in items if i.section == s]) for s in SECTIONS] if sections
              else [("", list(items))])
    for section, members in groups:
        if not members:
            continue
        if sections:
            lines.append(pack.templates[_SECTION_TEMPLATE[section]])
        members = sorted(members, key=lambda i: i.order)
        # items read in one place of an attachment share one mention of that place
        by_line: dict[tuple[str, str], list[SummaryItem]] = {}
        for item in members:
            label = item.label if ids else ""
            key = (label, item.source) if label or not ids else (f"\0{len(by_line)}", item.source)
            by_line.setdefault(key, []).append(item)
        for (label, source), placed in by_line.items():
            # two clauses of one message side by side are joined as written ("书桌是给我女儿的，她上三年级"),
            # by marks as long as the separator (what the layout's size counted)
            joined = source + "".join(
                (_joins_next(before, item, len(separator)) or separator if before is not None else "") + _one_line(item.text)
                for before, item in zip([None, *placed], placed))
            lines.append(pack.templates["line"].format(event=label, text=joined)
                         if label and not label.startswith("\0") else joined)
    return "\n".join(lines)


def _joins_next(before: SummaryItem, item: SummaryItem, width: int) -> str:
    """The marks written between ``before`` and ``item`` in their message, when ``item`` is the
    clause right after it and they are ``width`` long; else ""."""
    joins = before.joins
    return joins[1] if (joins and joins[0] == item.order[1] and before.order[0] == item.order[0]
                        and len(joins[1]) == width) else ""


def _priority(item: SummaryItem, pack: RulePack) -> tuple[int, float, tuple[int, int]]:
    """Higher first: the ladder level, then what it says per char, then the newer."""
    return -pack.ladder.index(item.level), item.value / (len(item.text) + 4), item.order


class _Draft:
    """The size of a layout as items are added, computed incrementally (recomposing the text
    at every attempt made rendering quadratic in the number of items)."""

    def __init__(self, header: str, pack: RulePack, sections: bool, ids: bool,
                 measure: Callable[[str], int]) -> None:
        self.pack, self.sections, self.ids, self.measure = pack, sections, ids, measure
        self.size = measure(header)
        self.lines = 1 if header else 0
        self.open: set[tuple[str, ...]] = set()
        self.separator = measure(pack.templates["separator"])

    def _new_line(self, text: str) -> int:
        return self.measure(text) + (1 if self.lines else 0)

    def cost(self, item: SummaryItem) -> tuple[int, int, list[tuple[str, ...]]]:
        """(added size, added lines, groups opened) if ``item`` were added."""
        section = item.section if self.sections else ""
        size, lines, opened = 0, 0, []  # type: ignore[var-annotated]
        if self.sections and (section, "\0") not in self.open:
            size += self.measure(self.pack.templates[_SECTION_TEMPLATE[section]]) + 1
            lines += 1
            opened.append((section, "\0"))
        group = (section, item.label if self.ids else "", item.source)
        if self.ids and not item.label:
            size += self.measure(item.source + item.text) + 1
            lines += 1
        elif group in self.open:
            size += self.separator + self.measure(item.text)
        else:
            shown = (self.pack.templates["line"].format(event=item.label, text=item.source + item.text)
                     if self.ids else item.source + item.text)
            size += self.measure(shown) + 1
            lines += 1
            opened.append(group)
        if not self.lines and lines:
            size -= 1
        return size, lines, opened

    def add(self, cost: tuple[int, int, list[tuple[str, ...]]]) -> None:
        self.size += cost[0]
        self.lines += cost[1]
        self.open.update(cost[2])


def _holds_facts(item: SummaryItem) -> bool:
    """Placed before context: state, claims, tool facts, and clauses naming more than a mood
    (a weak evaluative alone, "太棒了", "Brilliant", waits with the context)."""
    return item.section != "key" or any(f.strength.rank >= 2 for f in item.facts)


def _named(item: SummaryItem) -> frozenset[str]:
    """What the item names now (medium or strong facts, folded): not the values it quotes that
    a later change replaced."""
    old = {id(f) for f in item.replaced}
    return frozenset(fold(f.text) for f in item.facts if f.strength.rank >= 2 and id(f) not in old)


@dataclass(frozen=True)
class _Candidate:
    """What placing an item needs, whatever the layout: computed once per rendering."""

    item: SummaryItem
    named: frozenset[str]                         # its facts (medium or strong), folded
    forms: tuple[tuple[int, SummaryItem], ...]    # (size, form) of its whole forms, shortest first
    fragments: tuple[tuple[SummaryItem, frozenset[str]], ...]
    facts_first: bool


def _candidates(items: Sequence[SummaryItem], measure: Callable[[str], int],
                pack: RulePack) -> list[_Candidate]:
    seen: set[tuple[str, str]] = set()
    candidates = []
    for item in sorted(items, key=lambda i: _priority(i, pack), reverse=True):
        if (item.source, item.text) in seen:
            continue
        seen.add((item.source, item.text))
        forms = sorted(((measure(f.text), f) for f in (item, *item.alternatives)), key=lambda m: m[0])
        # the task is placed with the facts, named things or not ("把老房子的厨房和卫生间翻新"):
        # the ladder puts it above every constraint
        first = _holds_facts(item) or pack.ladder.index(item.level) <= pack.ladder.index("task")
        candidates.append(_Candidate(item, _named(item), tuple(forms),
                                     tuple((f, _named(f)) for f in item.fragments), first))
    return candidates


def _tells(change: SummaryItem, fact: Fact) -> bool:
    """Whether a change's line says what replaced ``fact``: it names the span or the words."""
    return (any(ref.event_id == fact.span.event_id and ref.start < fact.span.end and fact.span.start < ref.end
                for ref in change.refs) or fold(fact.text) in fold(change.text))


def _fit(header: str, candidates: Sequence[_Candidate], budget: int, pack: RulePack,
         measure: Callable[[str], int], sections: bool, ids: bool) -> tuple[list[SummaryItem], bool]:
    """Facts first, context with what is left: every item that holds a fact is placed in its
    shortest whole form (the stretch holding all its facts), else as its strong fragments;
    then placed items get their whole clause back while room remains; then clauses that only
    repeat facts already said, and clauses without facts. A tight budget keeps more facts, a
    loose one ends with whole clauses. Also says whether every item went in whole."""
    chosen: list[SummaryItem] = []
    draft = _Draft(header, pack, sections, ids, measure)

    shown: set[str] = set()   # texts placed: the same words twice say nothing more ("机场附近；机场附近")
    changes = [c for c in candidates if c.item.section == "state" and c.item.refs]
    placed_ids: set[int] = set()

    def attempt(item: SummaryItem) -> bool:
        if item.text in shown:
            return False
        # a quote holding a value a change replaced goes in only with the change's line ("a table
        # for two at 17:30 on Thursday (changed later)" alone said 17:30 no longer holds, not what does)
        for change in (c for c in changes if id(c) not in placed_ids and any(
                _tells(c.item, f) for f in item.replaced)):
            if not (change.named and change.named <= said) and not place_change(change):
                return False   # (a quote placed says the current value already: no line needed)
        cost = draft.cost(item)
        if draft.size + cost[0] > budget:
            return False
        draft.add(cost)
        chosen.append(item)
        shown.add(item.text)
        return True

    placed: list[tuple[SummaryItem, int, int]] = []   # (item, where its form is, the form's size)
    said: set[str] = set()            # the facts already in the text, folded
    later: list[SummaryItem] = []     # items whose every fact is already said: context now

    def place_change(change: _Candidate) -> bool:
        placed_ids.add(id(change))
        size = next((size for size, form in change.forms if attempt(form)), None)
        if size is None:
            placed_ids.discard(id(change))
            return False
        placed.append((change.item, len(chosen) - 1, size))
        said.update(change.named)
        return True

    for candidate in candidates:
        item = candidate.item
        if id(candidate) in placed_ids:
            continue
        if not candidate.facts_first:
            continue
        if candidate.named <= said and (candidate.named and item.section in ("key", "state") or item.replaced):
            # it names nothing new: a clause of context, a change whose current value a quote
            # said, or a quote of values since replaced whose current ones are said (the change
            # line tells what it was)
            later.append(item)
            continue
        size = next((size for size, form in candidate.forms if attempt(form)), None)
        if size is not None:
            placed_ids.add(id(candidate))
            placed.append((item, len(chosen) - 1, size))
            said |= candidate.named
            continue
        taken: set[int] = set()   # the facts this item's placed pieces hold
        for fragment, named in candidate.fragments:
            held = {id(f) for f in fragment.facts}
            if named and named <= said or held & taken:
                continue   # a shorter run of what a longer one placed already says
            if attempt(fragment):
                said |= named
                taken |= held
    for item, position, size in placed:  # same section and label: the swap costs the difference
        grow = measure(item.text) - size
        if grow > 0 and draft.size + grow <= budget:
            draft.size += grow
            chosen[position] = item
    for item in later + [c.item for c in candidates if not c.facts_first]:
        attempt(item)
    # a counter that is not additive (tokens) may still overshoot: drop the least important
    while chosen and measure(_compose(header, chosen, pack, sections, ids)) > budget:
        chosen.remove(min(chosen, key=lambda i: _priority(i, pack)))
    return chosen, {id(i) for i in chosen} == {id(c.item) for c in candidates}


def render_summary(prefix: Sequence[Event], items: Sequence[SummaryItem], must: Sequence[Fact],
                   pack: RulePack, budget: int, measure: Callable[[str], int] = len,
                   tolerance: float = 0.1) -> Rendering:
    """The richest layout that keeps as much as the plainest one, within ``budget``."""
    covered = [e for e in prefix if e.role != "system"]
    first, last = covered[0].id, covered[-1].id
    chars = sum(event_chars(e, measure) for e in covered)
    full = pack.templates["header"].format(first=first, last=last, count=len(covered), chars=chars)
    short = pack.templates["header_short"].format(first=first, last=last)
    # the message's name already marks it as a summary: a tight budget keeps content instead
    header = (full if measure(full) * 8 <= budget else short if measure(short) * 8 <= budget
              else "")

    rank = {level: i for i, level in enumerate(pack.ladder)}

    def merit(chosen: list[SummaryItem]) -> tuple[tuple[int, ...], int, float]:
        """Must-keep facts held, level by level down the ladder (one prohibition outweighs two
        times: a layout that fit "They land Jan 12 and fly back June 10" instead of "don't call
        me" won on count), then facts named, then value. A fact counts at the level of the item
        that carries it when that is higher: the budget in the task's clause outranks the same
        kind of fact in "It's not too heavy"."""
        held: dict[int, int] = {}
        for i in chosen:
            for f in i.must:
                held[id(f)] = min(held.get(id(f), len(rank)), rank.get(i.level, len(rank)))
        by_level = [0] * (len(rank) + 1)
        for f in must:
            if id(f) in held:
                by_level[min(held[id(f)], rank.get(pack.level_of(f.kind, f.value), len(rank)))] += 1
        named = {(f.span, f.kind) for i in chosen for f in i.facts}
        return (tuple(by_level), len(named), sum(i.value for i in chosen))

    candidates = _candidates(items, measure, pack)
    fits = []
    for sections, ids in ((True, True), (False, True), (False, False)):
        chosen, whole = _fit(header, candidates, budget, pack, measure, sections, ids)
        fits.append((merit(chosen), chosen, sections, ids))
        if whole:  # everything went in whole: a plainer layout cannot hold more
            break
    top = max(f[0][:2] for f in fits)
    top_value = max(f[0][2] for f in fits if f[0][:2] == top)
    # the richest layout that holds every must-keep fact and every fact the best one holds,
    # and nearly as much else
    _, chosen, sections, ids = next(f for f in fits if f[0][:2] == top
                                    and f[0][2] >= top_value * (1 - tolerance))
    chosen = _repair(header, chosen, must, prefix, budget, pack, measure, sections, ids)
    text = _compose(header, chosen, pack, sections, ids)
    kept = tuple(sorted(chosen, key=lambda i: i.order))
    return Rendering(text, kept, tuple(find_missing(must, text)))


def _repair(header: str, chosen: list[SummaryItem], must: Sequence[Fact], prefix: Sequence[Event],
            budget: int, pack: RulePack, measure: Callable[[str], int], sections: bool,
            ids: bool) -> list[SummaryItem]:
    """Put back every strong fact the text lacks, evicting the least important items that
    hold no strong fact to make room: a summary is not shipped short of a constraint it could
    hold. Only items below the fact's ladder level make room: a constraint does not evict the
    task ("I'm looking at health insurance options" gave way to "nothing was ever diagnosed")."""
    order = {e.id: e.index for e in prefix}
    rank = {level: i for i, level in enumerate(pack.ladder)}
    chosen = list(chosen)
    for fact in find_missing(must, _compose(header, chosen, pack, sections, ids)):
        if fact.kind in pack.not_alone:
            continue  # "this month" alone tells the agent nothing: reported missing instead
        patch = SummaryItem("constraints", fact.text, pack.level_of(fact.kind, fact.value), 3.0, fact.span.event_id,
                            (order[fact.span.event_id], fact.span.start), must=(fact,))
        candidate = chosen + [patch]
        below = rank.get(patch.level, len(rank))
        spare = sorted((i for i in chosen if not i.must and rank.get(i.level, len(rank)) > below),
                       key=lambda i: _priority(i, pack))
        while measure(_compose(header, candidate, pack, sections, ids)) > budget and spare:
            candidate.remove(spare.pop(0))
        if measure(_compose(header, candidate, pack, sections, ids)) <= budget:
            chosen = candidate
    return chosen


def shown_time(value: dict[str, str]) -> str:
    """A normalised time as the summary shows it: the same instant or interval as the ISO-8601
    value of the snapshot, in a third of the chars ("2026-12-01 18:00–23:59+00:00", a whole day
    as its date); an undated clock or part of day as times of day ("12:00+08:00", "–11:00+08:00"
    for "before 11")."""
    try:
        if "at" in value:
            at = datetime.fromisoformat(value["at"])
            return f"{at:%Y-%m-%d %H:%M}{_offset(at)}"
        if "start" not in value:
            return _shown_time_of_day(value)
        start, end = datetime.fromisoformat(value["start"]), datetime.fromisoformat(value["end"])
    except (KeyError, TypeError, ValueError):
        return str(value.get("at") or f"{value.get('start')}/{value.get('end')}")
    whole = start.time() == time(0) and end.time() >= time(23, 59)
    if whole:
        return f"{start:%Y-%m-%d}" + ("" if start.date() == end.date() else f"–{end:%Y-%m-%d}")
    # (an interval across a change of the zone's offset says both: "2027-03-29 12:14+11:00–2027-04-09
    # 23:59+10:00", not the start an hour off)
    own = _offset(start) if _offset(start) != _offset(end) else ""
    if start.date() == end.date():
        return f"{start:%Y-%m-%d %H:%M}{own}–{end:%H:%M}{_offset(end)}"
    return f"{start:%Y-%m-%d %H:%M}{own}–{end:%Y-%m-%d %H:%M}{_offset(end)}"


def _shown_time_of_day(value: dict[str, str]) -> str:
    """``{"time"}``, ``{"time_start", "time_end"}`` or one of the two, as "HH:MM" with the offset."""
    if "time" in value:
        at = time.fromisoformat(value["time"])
        return f"{at:%H:%M}{_offset(at)}"
    start, end = (time.fromisoformat(value[k]) if k in value else None for k in ("time_start", "time_end"))
    if start is None and end is None:
        raise KeyError("time")
    if end is None:
        return f"{start:%H:%M}{_offset(start)}–"
    return (f"{start:%H:%M}" if start else "") + f"–{end:%H:%M}{_offset(end)}"


def _offset(moment: datetime | time) -> str:
    """"+08:00" (ISO-8601's form of a UTC offset); nothing for a naive time."""
    offset = moment.utcoffset()
    if offset is None:
        return ""
    minutes = int(offset.total_seconds()) // 60
    return f"{'-' if minutes < 0 else '+'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
