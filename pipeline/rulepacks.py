"""rules/<lang>.toml (over rules/base.toml) → a typed, compiled RulePack, cached per language.

Adding a language means adding ``rules/<code>.toml``; nothing here names a language.
"""

from __future__ import annotations

import re
import tomllib
from re import _constants as _sre, _parser as _sre_parser
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from .errors import ConfigError, Errors
from .types import Strength, said_of_the_past

__all__ = ["Hit", "Lexicon", "RulePack", "StateRules", "available_langs", "covered", "fact_span", "load_rule_pack",
           "required_chars", "rules_dir", "slot_keys"]

_REQUIRED = {
    "meta": ("name", "version"),
    "text": ("clause_split", "scope_breaks", "left_context", "left_context_reach", "word_boundaries",
             "number", "units"),
    "cues": ("negation", "obligation", "uncertainty", "claims", "info_requests", "negation_exceptions"),
    "beneficiary": ("patterns",),
    "fillers": ("words", "lead", "trail"),
    "questions": ("cues",),
    "state": ("drop_before", "drop_after", "choose_after", "add_after", "change", "actions",
              "authorize", "object_extension", "short_object", "object_end", "conditionals",
              "gapped_change", "mention_after", "negation_gap", "gap_breaks", "question_marks", "mentioned_chars",
              "pronouns"),
    "summary": ("header", "header_short", "line", "constraints", "claims", "key_sentences", "confirmed", "trimmed",
                "separator", "cut", "conditional", "attachments"),
    "attachments": ("page", "file", "image", "unread", "unread_image", "reasons"),
}


Hit = re.Match  # what a Lexicon yields: start(), end(), group()


def _trie_pattern(words: Sequence[str]) -> str:
    """A regex of a word list as a trie, so matching costs the length of the text, not the
    number of words; longer words win ("no more than" over "no")."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        branches = [re.escape(c) + build(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 and len(branches[0]) == 1 else f"(?:{'|'.join(branches)})"
        return f"{body}?" if "" in node else body

    return build(trie)


def typographic(word: str) -> tuple[str, ...]:
    """A word as typed, as typeset ("don’t") and as tokenizers split it ("do n't", "I 'd",
    "No , I do n't need"): one cue however the text was written."""
    if "'" not in word and "," not in word:
        return (word,)
    split = re.sub(r"\s*,", " ,", re.sub(r"n't\b", " n't", word) if "n't" in word
                   else re.sub(r"(?<=\w)'(s|re|ve|d|ll|m)\b", r" '\1", word))
    forms = dict.fromkeys((word, split, word.replace("'", "\u2019")))
    return tuple(forms)


class Lexicon:
    """Words and phrases found by one compiled trie regex, case-insensitively.

    With word boundaries, a term that begins and ends with a letter or digit must not touch
    another one ("no" is not found in "north"); terms with punctuation at an edge ("?") are
    matched as they are. ``within`` lists words a term may sit inside without being that term,
    for a language written without spaces ("选" in "选项" chooses nothing); ``patterns`` are
    regexes found as terms too.
    """

    def __init__(self, terms: Mapping[str, Sequence[str]] | Sequence[str], boundaries: bool,
                 inflections: Sequence[str] = (), within: Sequence[str] = (), patterns: Sequence[str] = ()) -> None:
        pairs = terms.items() if isinstance(terms, Mapping) else [("", terms)]
        self.kinds: dict[str, str] = {}
        self._boundaries = boundaries
        for kind, words in pairs:
            for word in words:
                for form in typographic(word):   # "don't" also finds "don’t"
                    self.kinds.setdefault(form.casefold(), kind)
        words = sorted(self.kinds)
        guarded = [w for w in words if boundaries and w[:1].isalnum() and w[-1:].isalnum()]
        loose = [w for w in words if w not in set(guarded)]
        parts = []
        self._inflections = tuple(sorted(inflections, key=len, reverse=True))
        ending = f"(?:{'|'.join(map(re.escape, self._inflections))})?" if inflections else ""
        if guarded:  # "museum" also finds "museums" when the pack lists "s" as an inflection
            parts.append(rf"(?<![\w-]){_trie_pattern(guarded)}{ending}(?![\w-])")
        if loose:
            parts.append(_trie_pattern(loose))
        parts += patterns   # what a word list cannot say ("does the …" opening a clause asks)
        # a term starting at offset k of a word it sits inside: not where that word is written.
        # Checked after the term, looking back: a check before it would run at every position
        # and cost the regex its fast scan for the terms' first letters (5x on "obligation")
        guards = []
        for w in sorted({w.casefold() for w in within}):
            for k in range(len(w)):
                for t in words:
                    if w.startswith(t, k):        # the term ends inside the word, or at its end
                        rest = w[k + len(t):]
                        guards.append(rf"(?!(?<={re.escape(w[:k + len(t)])}){re.escape(rest)})" if rest
                                      else rf"(?<!{re.escape(w)})")
                    elif t.startswith(w[k:]):     # … or runs on past its end
                        guards.append(rf"(?<!{re.escape(w[:k] + t)})")
        body = "|".join(parts) if parts else r"(?!x)x"
        self.regex = re.compile(f"(?:{body}){''.join(dict.fromkeys(guards))}" if guards else body, re.IGNORECASE)

    def finditer(self, text: str, start: int = 0, end: int | None = None) -> Iterator[Hit]:
        return self.regex.finditer(text, start, len(text) if end is None else end)

    def search(self, text: str, start: int = 0, end: int | None = None) -> Hit | None:
        return self.regex.search(text, start, len(text) if end is None else end)

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int, str]]:
        """(start, end, kind) of each term. Without word boundaries, terms that overlap are one
        ("含早餐" holds "含早" and "早餐": never "含早" cut from inside "早餐")."""
        end = len(text) if end is None else end
        found: list[tuple[int, int, str]] = []
        pos = start
        while (hit := self.regex.search(text, pos, end)) is not None:
            first, last = hit.start(), hit.end()
            inside = first + 1
            while not self._boundaries and inside < last:
                longer = self.regex.match(text, inside, end)
                last = max(last, longer.end()) if longer else last
                inside += 1
            found.append((first, last, self.kind_of(hit.group(0))))
            pos = max(last, first + 1)
        return found

    def kind_of(self, found: str) -> str:
        found = found.casefold()
        if found in self.kinds:
            return self.kinds[found]
        bare = (found[:-len(i)] for i in self._inflections if found.endswith(i))
        return next((self.kinds[b] for b in bare if b in self.kinds), "")

    def strip_run(self, text: str, start: int, end: int, *, from_end: bool) -> int:
        """Past a run of terms (and separators) at the start, or before one at the end."""
        hits = list(self.finditer(text, start, end))
        if from_end:
            pos = end
            for hit in reversed(hits):
                if text[hit.end():pos].strip(_SEPARATORS):
                    break
                pos = hit.start()
            while pos > start and text[pos - 1] in _SEPARATORS:
                pos -= 1
            return pos
        pos = start
        for i, hit in enumerate(hits):
            if text[pos:hit.start()].strip(_SEPARATORS):
                break
            if (not self._boundaries and len(hit.group(0)) == 1 and hit.end() < end
                    and text[hit.end()] not in _SEPARATORS
                    and not (i + 1 < len(hits) and hits[i + 1].start() == hit.end())):
                break   # without word boundaries one character may begin a word: "那边", "请假"
            pos = hit.end()
        while pos < end and text[pos] in _SEPARATORS:
            pos += 1
        return pos

    def covers(self, text: str, start: int = 0, end: int | None = None) -> bool:
        """True when every letter of ``text[start:end]`` belongs to a term: a pure filler."""
        return covered(text, start, end, (self,))


def covered(text: str, start: int, end: int | None, lexicons: Sequence[Lexicon]) -> bool:
    """True when every letter of ``text[start:end]`` belongs to a term of one of ``lexicons``
    ("Thanks a lot, seriously", "哎不对": fillers and a correction's words, together)."""
    end = len(text) if end is None else end
    hits = sorted((hit.start(), hit.end()) for lexicon in lexicons for hit in lexicon.finditer(text, start, end))
    pos = start
    for first, last in hits:
        if any(ch.isalnum() for ch in text[pos:first]):
            return False
        pos = max(pos, last)
    return not any(ch.isalnum() for ch in text[pos:end])


_SEPARATORS = " \t,，、"


@dataclass(frozen=True)
class StateRules:
    """Decision, change and authorisation cues (the [state] table)."""

    drop_before: Lexicon
    away_for: Lexicon          # right after a drop_before cue: someone away for a while ("Raj is out till Monday")
    born: Lexicon              # right before a date: a birth date, no time anything is set for ("DOB 4/11/1979")
    limits: Lexicon            # before a drop cue, a condition ("超过就不考虑了", "anything over 500 is out")
    relatives: Lexicon         # a negation just after one describes a thing ("highways where you can't pay cash")
    drop_after: Lexicon
    choose_after: Lexicon
    add_after: Lexicon
    add_before: Lexicon   # an add said after its object ("保价加上吧"): the object before it
    also_after: Lexicon   # right after a value: one more, none replaced ("we need fatima saturdays too")
    also_opening: Lexicon  # opening a clause: what it says comes on top, it corrects nothing ("不是12个 还有家长")
    done_opening: Lexicon  # an assistant's message opening on one did what was just asked ("Done.", "改好了")
    told_changed: Lexicon  # in an assistant's message, right before a value the user just gave: changed to it ("改成三颗")
    moved: Lexicon         # early in a done answer: what it did was move a time ("Done. Moved to …", "已改到")
    moved_within: int      # … within this many characters of its start
    move_asked: Lexicon    # in the question after a time proposed, it asks to move a thing there ("Should I move the booking there?")
    done_said: Lexicon     # within those characters: the answer did it ("Booking was successful", "预订成功")
    offers_instead: Lexicon   # a question holding one offers its value for the current one ("How about 12:15?")
    change: Lexicon
    actions: Lexicon
    authorize: Lexicon
    object_end: re.Pattern[str]
    gapped_change: re.Pattern[str]
    said_wrong: re.Pattern[str] | None  # "i said peanut, its tree nuts": the words said (old) and what it is (new)
    change_from: re.Pattern[str] | None   # the old value named before a change's cue ("从月付改成年付")
    change_verbs: dict[str, str]        # a change cue that is a verb's: its verb ("改学": 学), whose object it changes
    topic: re.Pattern[str] | None       # a clause's opening topic, its value after it ("分期那个，12期吧")
    topic_after: re.Pattern[str] | None  # a topic said right after a value ("20 year term on the loan")
    topic_other: re.Pattern[str] | None  # words before a value after a topic naming another thing it is of ("op is")
    mention_after: Lexicon
    negation_gap: int
    gap_breaks: re.Pattern[str]
    question_marks: tuple[str, ...]
    conditional: Lexicon
    condition_closers: frozenset[str]   # conditional cues that end their condition ("…的话"): it began before them
    determiners: Lexicon                # not part of a value named ("instead of the 6-month visa": "6-month visa")
    slot_prepositions: Lexicon          # before a changed slot's name, no part of it ("For the Toprol, make it …": Toprol)
    slot_persons: Lexicon               # whom a change is made for: no slot's name ("switch us to …")
    value_leads: Lexicon                # between a slot's name and a value said with it, no part of either ("颜色要奶咖色")
    # right before or after a thing's name, make it a place: what the clause says is on or in it, no
    # value of it and no thing said alone ("蛋糕上写…", "on the cake write …")
    place_before_name: Lexicon
    place_after_name: Lexicon
    object_marks: Lexicon               # before a changed slot's name, after who changed it ("财务把预算提高到…": 预算)
    thing_leads: Lexicon                # open a thing proposed ("I'd suggest a 15-yard dumpster", "我建议一个15方的垃圾箱")
    thing_verbs: Lexicon               # before a thing revised, no part of it ("can we do the catalina grana … instead")
    thing_negations: frozenset[str]     # negation cues of a thing: an action they forbid follows right after ("no booking")
    untyped_value_chars: int            # the longest value no pattern types that a change of its slot replaces
    thing_chars: int                    # the longest name of a thing a proposal offers
    headless_ends: tuple[str, ...]      # a thing's name ending in one names no head noun ("白的": the white one)
    verdict_tails: Lexicon              # after a new value, judging the change ("换成士卓曼稳妥点": 士卓曼)
    slot_trails: Lexicon                # adverbs after a changed slot's name, no part of it ("定损也挪到": 定损)
    copula: re.Pattern[str] | None      # words before a corrected value that are none of it ("是3幢1201": 3幢1201)
    currencies: frozenset[str]          # units that make a quantity an amount of money ("一百块"): what a bare budget replaces
    headcounts: frozenset[str]          # units counting the party ("people", "位"): what a bare count replaces
    headcount_slots: frozenset[str]   # words naming the party's count as a slot ("人数改成34个": people, whatever counts them)
    # a unit's plural and singular forms made one ("monitors" → "monitor"): (pattern, replacement), in order
    unit_forms: tuple[tuple[re.Pattern[str], str], ...]
    slot_key_forms: tuple[tuple[re.Pattern[str], str], ...]   # a slot's word as said in any form ("pickup": "pick")
    slot_stopwords: frozenset[str]      # words naming no slot ("till", "doesn"): never what ties a value to its slot
    weak_slot_words: frozenset[str]     # words naming a slot only alone ("date" of "reply by date"): no decision's tie
    hour_leads: Lexicon                 # words after which a bare number is an hour ("come at 9 not 8")
    topic_leads: Lexicon                # words opening a clause on what it is about ("for the 22nd, can …")
    new_part_said_with_copula: bool     # the new part after an old one turned down opens on the copula ("不是古城那个店，是…")
    particles: Lexicon                 # closing a decided thing or a new value, no part of it ("改到周五了", "…1点半吗")
    pronouns: frozenset[str]
    kind_words: dict[str, tuple[str, ...]]   # words naming a value's kinds besides its display name ("手机": phone)
    generic_objects: tuple[str, ...]    # no object of their own ("don't pay anything yet", "先别下单了")
    people: frozenset[str]              # pronouns of persons ("Skip her then"): no object decided on
    action_leads: tuple[str, ...]       # words opening an action, not a thing chosen ("我要给我老公看一下")
    indefinites: tuple[str, ...]        # before a bare topic, no thing chosen ("a table", "一个房间")
    object_extension: int
    short_object: int
    correction: Lexicon        # "说错了", "I meant": a value after it replaces the last of its kind
    instead: Lexicon           # "X instead of Y", "X而不是Y": X replaces Y, named right there
    instead_said: Lexicon      # "mid grey not navy": X replaces Y, a thing the user said before
    correction_not: Lexicon    # "I meant Friday the 11th, not Thursday": the words after a correction's value name the old one
    apology: Lexicon           # a correction cue that only apologises ("sorry for the delay"): it carries to no next sentence
    revise: Lexicon            # "we're now back December 30th", "还是要80升的吧": a value said again for its slot, no change verb
    revise_current: Lexicon    # a revise cue replacing the current time with no slot named ("Can we do Monday instead?")
    raised_to: Lexicon         # a limit raised or lowered to the bare number after it ("可以到450", "go up to 450")
    limit_after: Lexicon       # … or said as the limit after the bare number opening its clause ("2000 is my absolute max", "2000封顶")
    limit_lead: Lexicon        # … which these may lead in without saying a limit ("say 450 max")
    limit_before: Lexicon      # … or before it ("max 500 then", "最多450吧")
    limit_trail: Lexicon       # … and these close, saying no more ("550 absolute max but thats it")
    confirm_changes: Lexicon   # a question asking to go ahead with the changes just told ("确认这样改吗？"): it proposes them all
    estimates: Lexicon         # words saying a size is guessed ("8公斤左右", "about 15 kg"): a size measured since settles it
    accept: Lexicon            # a user turn opening with these (and fillers) accepts the assistant's proposal
    accept_but: Lexicon        # unless its first sentence goes on with one of these ("yes, but for 2 nights")
    accept_provisos: Lexicon   # … a proviso after the yes is a condition of its own ("yes, as long as …")
    accept_others: Lexicon     # the rest of a proposal taken, beside the reply's own changes ("rest as you said")
    accept_reasons: Lexicon    # … nor does what the user cannot do themselves, naming no value ("搬不动那个大衣柜")
    open_choices: Lexicon      # a change to one of these names no value: the choice is left to the agent ("whatever works")
    remark_verbs: Lexicon      # words making what follows a yes past a pause a statement of its own ("…, brunch will be over")
    measured: Lexicon          # a size said in a message with one of these was measured: it settles one said unsure ("称了一下")
    stays: Lexicon             # a sentence saying what stays as it is ("the rest would stay on …") proposes no change
    amounts: Lexicon           # "a bit more", "点" after an add cue: how much more, not a thing ("虾再加点 改70斤")
    day_of_thing: Lexicon      # right after a day, these make it name a thing of that day, not a time ("周二那个宫保鸡丁")
    accept_named: Lexicon      # anywhere in a reply, accepts the offer holding the words after it ("Yes to the tiramisu")
    accept_named_after: Lexicon   # accepts the offer holding the words before it in its clause ("The T-Roc sounds good")
    offer_reach: int           # how many of the assistant's last messages a reply may name an offer of
    new_task: Lexicon          # words opening a message about another matter ("换个事儿问你", "Separate issue.")
    other_slots: Lexicon       # words holding a slot's word that name another one ("date of birth", "出生日期")
    unavailable: Lexicon       # words saying a time asked for cannot be had ("fully booked", "约满了")
    plural_ref: Lexicon        # an offer's words for several things said before ("these three", "这几个")
    single_ref: Lexicon        # unless it asks for one of them ("one of them", "其中一家")
    offer_cue: Lexicon         # a sentence saying what the assistant can do ("we can pull …", "我可以帮您…")
    alternative: Lexicon       # a proposal naming options ("Ferro & Vine or Osteria Lucca"): a reply naming one takes that one
    # a sentence ending on it states what it says and asks only for a yes ("那寄养四晚对吧",
    # "So that's four nights of boarding, right?"): its values are chosen, not asked about
    confirm_tag: Lexicon
    list_item: re.Pattern[str]  # where a line of a list begins ("- ", "2. ", "（3）")
    option_refs: tuple[re.Pattern[str], ...]   # a proposal naming a listed option by its number ("option 2", "第2种": group n)
    option_numbers: Mapping[str, int]   # words for those numbers ("second", "二")
    proposal_mark: Lexicon     # an assistant's sentence proposing what follows ("My proposal:", "我建议")
    open_offer: Lexicon        # a question offering more help, proposing nothing ("Anything else?", "还有什么需要")
    asks_preference: Lexicon   # a question asking what the user wants, proposing nothing unless it asks an action too
    confirmation_mark: Lexicon  # what follows it, up to the asking sentence, is one proposal ("我跟您确认一下要办理的内容：")
    confirm_request: Lexicon   # a sentence asking for the go-ahead without a question mark ("您确认的话回复我一下")
    suits: Lexicon   # a question asking whether what was said before suits ("这样做可以吗？", "Does that work for you?")
    proposal_lead: Lexicon     # stripped from the proposal's start ("Shall I", "需要我帮您")
    plan_follows: Lexicon      # ending a proposing sentence before its colon, the plan follows ("这样排：", "as follows:")
    proposes_revision: Lexicon  # a question holding one asks for the revision it names ("Can we go up to $95?")
    asks_for_info: Lexicon  # a clause holding one asks to be told, sets no value ("那周五晚上体测要带啥")
    count_totals: Lexicon   # a revise cue saying the whole of a count: it revises counts only ("so 14 rooms total")
    proposal_trail: Lexicon    # and from its end ("for you", "吗")
    restated_frame_chars: int  # a clause said again in these many letters of its own with a new value replaces it (0: off)
    restated_bare_frame_chars: int   # … with no cue, a statement, in at least these many (0: off)
    restate_cue: Lexicon       # besides obligation and negation cues, words that make a clause a wish to hold ("希望…之前")
    one_value_kinds: frozenset[str]   # kinds a clause holds one of at a time: said again, it restates with no cue ("他们都61岁了")
    one_value_slots: Lexicon   # words naming a slot of one value: a value after one, said again after it, replaces ("Actually, budget $410")
    slot_qualifier: re.Pattern[str]   # the word before a slot's word that says whose slot it is ("hotel budget"), group 1
    count_apart: re.Pattern[str]      # the words before a count ending so set it apart, a fragment of its own ("所以就带饼干 1只狗")
    slot_leads: Lexicon        # words before a slot's word that say nothing of whose it is ("Actually budget", "其实预算")
    wanted_by: Lexicon         # before a thing revised, who wants it ("he wants Boston College instead"): no part of it
    intends: Lexicon           # right before an instead cue, it is the task ("looking to replace 7 windows"): nothing replaced
    value_joiners: Lexicon     # joining two values' own words in one clause ("check in the 20th and check out the 22nd")
    reason_joiners: Lexicon    # ending the words before a change, they make them its reason, no slot ("we hired one more person today so make it 7")
    every_thing: Lexicon       # a count said with these is the count of every thing counted together before ("make it 7 of everything", "各改成7台")
    slot_revisers: Lexicon     # a slot's value said again replaces only with one of these in its clause ("Actually, budget $410")
    # the unit an amount is a price of ("260一小时", "200 an hour"): a budget said again with no slot
    # word, by the same unit, is that budget's new value
    rate: re.Pattern[str]
    accept_rest: int           # an acceptance may name what it takes in this many letters ("好的就这个时间", "book all three")
    mentioned_chars: int       # replaced words no fact holds this long or longer, said before their change, are history there ("standard shipping")
    bare_hedge: int = 0        # a clause with no more letters than this besides its hedge words hedges, claims nothing ("我也不太确定")
    own_word_chars: int = 2    # a word of a clause's own is this long at least (what two clauses share: "drip", "收入")
    offer_words_asked: int = 1     # words a question shares with a pending offer to be about it ("after care")
    offer_words_answered: int = 2  # … or its answer shares ("the Rachio 3 runs … the drip zones")
    named_value_chars: int = 3  # a replaced value this long or longer, said again elsewhere before the change, is history there too ("一节")
    picked_chars: int = 0       # a reply opening on at most this many chars of a value the question named picks it ("1R.")
    verb_reach: int = 0         # sentences back a question's verb looks for what it was said of ("add X. … Want me to add them?")
    bound_chars: int = 0        # chars beside an amount looked at for its limit word ("1000元以内", "under $1000")
    born_chars: int = 0         # chars after a birth word within which a date is the birth date ("DOB 4/11/1979")


@dataclass(frozen=True)
class RulePack:
    lang: str
    version: str
    clause_split: re.Pattern[str]
    space_split: re.Pattern[str] | None          # a space parting clauses in a text typed without marks ("…吧 大床房…")
    space_split_unless: re.Pattern[str] | None   # … any of these marks in the text: its spaces part nothing
    number: re.Pattern[str]                        # a number in digits or words ("12", "十二", "三千五")
    approximate_number: re.Pattern[str]   # … with the words making it approximate ("三十多", "thirty-odd")
    sentence_end: re.Pattern[str] | None   # a condition governs the clauses after it up to here
    scope_break: Lexicon
    left_context: re.Pattern[str]
    left_context_contrast: re.Pattern[str]   # before a contrast's "not" ("seven of us now, not eight")
    left_context_reach: int        # chars before a cue that left_context may take (bounds its search)
    left_context_snap: int         # a clause start this close before the left context is taken too
    piece_snap: int                # a clause start this close before a shorter form of it is taken too
    list_joiners: str              # marks joining the items of one list, never two clauses ("事故车、泡水车")
    leaning: Lexicon               # words a shorter form of a clause may not start with ("that", "和")
    brackets: tuple[tuple[str, str], ...]   # (opening, closing): a shorter form never cuts between them
    quotes: tuple[tuple[str, str], ...]     # (opening, closing): no clause ends between them
    value_separator: re.Pattern[str]        # where a value a change sets ends ("make it 11, she has …")
    value_separator_of_words: re.Pattern[str]   # … between words: no thousands comma ("2,700")
    name_end: re.Pattern[str]               # where a listed or proposed thing's name ends ("奥齿泰（韩国）：")
    piece_subject: Lexicon         # words of a short lead a shorter form keeps: another person, what happened
    degree: re.Pattern[str] | None  # words of degree a lexicon term takes with it ("a bit more expensive")
    duration: re.Pattern[str] | None   # a quantity's unit that measures time ("20分钟", "40 minutes")
    magnitudes: frozenset[str]         # units measuring a size, spaces out and folded: no count of things ("sqft", "升")
    elapsed_before: re.Pattern[str] | None   # words before a length of time saying it went by ("住了", "waited")
    elapsed_not_after: re.Pattern[str] | None   # words after it saying it is yet to go ("就到了", "后")
    preface: re.Pattern[str] | None  # a count of what a message lists after a colon ("two requirements:"): no value
    patterns: Mapping[str, tuple[re.Pattern[str], ...]]
    # each pattern, in the order of ``patterns``, with its kind and ``required_chars``: a clause
    # holding none of what it searches for is not searched (most patterns need a digit or a rare word)
    scanned: tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None], ...]
    strengths: Mapping[str, Strength]
    negation: Lexicon
    negation_exception: Lexicon
    prohibition: frozenset[str]                    # the negation cues that forbid, casefolded
    bounded_prohibition: frozenset[str]            # cues that forbid with a time bound after them ("can't start before")
    prohibiting_bounds: Lexicon                    # those bounds ("before", "until")
    past_negation: frozenset[str]                  # those that say what did not happen ("haven't", "didn't"), casefolded
    describing: Lexicon                            # right before such a cue, it describes ("there's no")
    describing_after: Lexicon                      # right after it, too ("nothing was ever diagnosed")
    describing_within: Lexicon                     # … or a few words after it ("no loading dock but we have a forklift")
    thing_refusing: Lexicon                        # a thing named, then its cue ("my laptop won't"): what it will not do
    argued: Lexicon                                # a cue stressed to argue a case ("don't even", "连…都不"): a claim
    described: Lexicon                             # opening a clause about another or a thing ("She's …, no elevator")
    past_after: Lexicon                            # right after a negation cue, it says what did not happen ("never had")
    habitual: Lexicon                              # in a time's clause, the time is a habit, not a date ("我周末常回去")
    things: Lexicon                                # opening a negated clause, it says what a thing is not ("It isn't open")
    describing_gap: Lexicon                        # words between a describing word and the cue ("I really don't")
    negation_exception_patterns: tuple[re.Pattern[str], ...]
    obligation: Lexicon
    uncertainty: Lexicon
    gratitude: Lexicon                             # thanks for what the assistant did: its clause holds no values
    hedge_correcting: Lexicon                      # hedges saying the corrected value after a correction ("打错了，应该是…")
    approximations: frozenset[str]                 # hedges that, right before a value, say its size ("大概三万五")
    claim: Lexicon
    info_request: Lexicon
    bare_question: int                             # a question with no fact and no more letters than this besides its cues: not quoted
    instead_chars: int                             # a factless clause this short after a negation says what to do instead
    limits: frozenset[str]                         # obligation cues limiting a value: none without a number near
    clause_openers: frozenset[str]                 # cues opening a clause of their own: no words before them in scope
    limit_reach: int
    limit_pointer: Lexicon                         # right after a limit, a value said before ("under that")
    filler: Lexicon
    lead: Lexicon
    trail: Lexicon
    question_trail: Lexicon   # the trail a question loses: not what it asks about ("Is Friday ok?")
    question: Lexicon
    subordinate: re.Pattern[str] | None            # a question word opening a clause that goes on ("When we buy, send …")
    request: Lexicon | None                        # a question holding one asks for something done ("Can you book …?")
    other_side: Lexicon | None                     # opening a question's other side (", or does she wait outside?")
    templates: Mapping[str, str]
    attachments: Mapping[str, Any]                 # [attachments]: how an attachment's text is sourced
    state: StateRules
    lexicon: Lexicon
    lexicon_terms: Mapping[str, tuple[str, ...]]   # fact kind -> terms, for entity rulers
    name_suffixes: tuple[str, ...]                 # [names] suffixes: words a place name ends in
    common_nouns: frozenset[str]                   # [names] common_nouns: never a name alone (casefolded)
    name_never_ends: frozenset[str]                # [names] name_never_ends: no person's name ends in one ("钱能", "太少")
    surnames: frozenset[str]                       # [names] surnames: a one-char word right before a name opens it ("周/淑芬")
    person_lead: re.Pattern[str] | None            # [names] person_leads or [beneficiary] people, then the name
    person_labels: frozenset[str]                  # [names] person_labels: the entity labels naming a person
    descriptive_kinds: frozenset[str]              # kinds whose span does not absorb the facts inside it
    time_grammar: Mapping[str, Any]                # the [times] table, read by stages/times.py
    ladder: tuple[str, ...]                        # the summary's priority levels, top first
    ladder_kinds: Mapping[str, str]                # fact kind (or strength) -> the level a clause holding it reaches
    not_alone: frozenset[str]                      # kinds a clause may not be cut down to alone
    not_alone_labels: frozenset[str] = frozenset()  # entity labels it may not be cut down to alone ("PERSON")
    joins_before: frozenset[str] = frozenset()     # kinds a clause holding only them joins the clause before ("person")
    spaced: bool = False                           # words are separated by spaces ([text] word_boundaries)
    # [tools] history_fields, record_fields, replacing_fields: a word of a tool field's path saying the value is not one to act on
    unshown_field: re.Pattern[str] | None = None
    replacing_field: re.Pattern[str] | None = None   # [tools] replacing_fields: … saying it names the record replaced
    history_field: re.Pattern[str] | None = None     # [tools] history_fields: … saying it held the value before

    def says_nothing(self, text: str, start: int = 0, end: int | None = None, *, quoted: bool = False) -> bool:
        """Only fillers and correction words ("ok", "No wait", "哎不对"): nothing a cue could take.
        ``quoted``: as a clause of its own, a yes or a change of subject too ("Sounds good, book
        those", "就这么定", "Quick question"): the state stage reads them, a quote says nothing."""
        lexicons = (self.filler, self.state.correction) + ((self.state.accept, self.state.new_task) if quoted else ())
        return covered(text, start, end, lexicons)

    def left_to_snapshot(self, path: str) -> bool:
        """Whether a tool result's field path names a value it held before ("ship_to.previous",
        "old_email", "地址.变更前") or the record's own bookkeeping ("updated_at", "request_id"):
        kept in the snapshot, not shown in the summary."""
        return self.unshown_field is not None and self.unshown_field.search(path) is not None

    def names_replaced(self, path: str, value: str) -> bool:
        """Whether a tool result's field names the record the result replaces: an id under a word
        saying so ("supersedes", "replaces", "cancelled", "released_slot") or under one saying the
        record held it before ("old_booking_id": "FT-0116-07" beside "booking_id": "FT-0117-03").
        Only an id (letters and digits) names a record: a phone or a time there is another history."""
        return (self.may_name_replaced(path) and any(c.isalpha() for c in value)
                and any(p.fullmatch(value) for p in self.patterns.get("id", ())))

    def may_name_replaced(self, text: str) -> bool:
        """Whether a tool result's text holds a word a field naming a record replaced is named by."""
        return any(f is not None and f.search(text) is not None for f in (self.replacing_field, self.history_field))

    def level_of(self, kind: str, value: Any = None) -> str:
        """The ladder level a user's clause holding a fact of ``kind`` reaches (a negation
        read as forbidding, ``value="prohibition"``, is a level of its own, as is one saying what
        did not happen, ``value="past"``)."""
        key = ({"prohibition": "prohibition", "past": "past_negation", "thing": "thing_negation",
                "argued": "argued_negation"}.get(value, kind)
               if kind == "negation" else "past_time" if said_of_the_past(kind, value) else kind)
        return self.ladder_kinds.get(key) or self.ladder_kinds[self.strength_of(kind).value]

    def strength_of(self, kind: str) -> Strength:
        return self.strengths.get(kind, Strength.MEDIUM)


# (literal strings, any digit): every match holds one of them
_Needed = tuple[frozenset[str], bool]


def _cased(text: str) -> bool:
    return any(c.lower() != c.upper() for c in text)


def _needed_of(strings: set[str], digit: bool) -> _Needed | None:
    """Spaces and a letter or two of a cased script are in almost every clause: they gate nothing."""
    if any(s.isspace() or (len(s) < 3 and (_cased(s) or any(c.isspace() for c in s))) for s in strings):
        return None
    return frozenset(strings), digit


def _rank(needed: _Needed) -> tuple[bool, int]:
    """Characters before words (a digit, "@", "号" are rarer than "with"), then the fewest."""
    return any(_cased(s) for s in needed[0]), len(needed[0]) + 10 * needed[1]


def _needed_in(items: Any) -> _Needed | None:
    """Of a sequence: the rarest thing any one of its required parts needs (a run of literal
    characters is one word)."""
    found: list[_Needed] = []
    run = ""
    for op, arg in [*items, (None, None)]:
        if op is _sre.LITERAL:
            run += chr(arg)
            continue
        if run and (needed := _needed_of({run}, False)):
            found.append(needed)
        run = ""
        if op is not None and (needed := _needed_by(op, arg)):
            found.append(needed)
    return min(found, key=_rank, default=None)


def _needed_by(op: Any, arg: Any) -> _Needed | None:
    if op is _sre.IN:
        chars: set[str] = set()
        digit = False
        for item, value in arg:
            if item is _sre.LITERAL:
                chars.add(chr(value))
            elif item is _sre.RANGE and value[1] - value[0] <= 400:
                chars.update(map(chr, range(value[0], value[1] + 1)))
            elif item is _sre.CATEGORY and value is _sre.CATEGORY_DIGIT:
                digit = True
            else:   # a negated class, a wide range, \w: any character may do
                return None
        return _needed_of(chars, digit)
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
        return _needed_in(arg[2]) if arg[0] >= 1 else None
    if op is _sre.SUBPATTERN:
        return _needed_in(arg[3])
    if op is _sre.ATOMIC_GROUP:
        return _needed_in(arg)
    if op is _sre.BRANCH:   # what one of the branches needs
        union: set[str] = set()
        digit = False
        for branch in arg[1]:
            needed = _needed_in(branch)
            if needed is None:
                return None
            union |= needed[0]
            digit |= needed[1]
        return _needed_of(union, digit)
    return None   # lookarounds and anchors consume nothing; any character, a back reference


def required_chars(regex: re.Pattern[str]) -> re.Pattern[str] | None:
    """A search for what every match of ``regex`` holds one of (a digit, "@", "号日", the kind
    of place a place's name ends in), or None when common letters or any character may do: a
    text without it has no match, so the pattern is not tried there. Read off the regex's
    parse, so it holds for any pattern a pack adds. It is made to search the case-folded text
    (``str.casefold``, where that keeps every character's place): as fast as a plain search,
    and it finds all the pattern's case-blind matches could hold."""
    needed = _needed_in(_sre_parser.parse(regex.pattern, regex.flags))
    if needed is None or not (needed[0] or needed[1]):
        return None
    folded = {s.casefold() for s in needed[0]}
    chars = "".join(re.escape(s) for s in sorted(s for s in folded if len(s) == 1)) + (r"\d" if needed[1] else "")
    words = [s for s in folded if len(s) > 1]
    return re.compile("|".join(([_trie_pattern(words)] if words else []) + ([f"[{chars}]"] if chars else [])))


def fact_span(match: re.Match[str]) -> tuple[int, int]:
    """Where a pattern's fact is: its group named ``fact`` when it has one ("prefer (?P<fact>a
    standard room)": the cue words around it are context), else the whole match."""
    return match.span("fact" if "fact" in match.re.groupindex else 0)


def _field_words(words: Sequence[str]) -> re.Pattern[str] | None:
    """A word of a field path ("old" in "old_qty", not in "bold"; "_" and "." separate words); a
    word of a script without spaces opens its segment ("原来的地址")."""
    if not words:
        return None
    spaced = [re.escape(w) for w in words if w.isascii()]
    glued = [re.escape(w) for w in words if not w.isascii()]
    parts = ([rf"(?<![^\W_])(?:{'|'.join(spaced)})(?![^\W_])"] if spaced else []) + \
        ([rf"(?<![^\W_])(?:{'|'.join(glued)})"] if glued else [])
    return re.compile("|".join(parts), re.IGNORECASE)


def id_shape(value: str) -> str:
    """An id's scheme: its letters and marks, each digit one place ("PO-0000-0000")."""
    return re.sub(r"\d", "0", value.casefold())


def slot_keys(slot: str) -> list[str]:
    """Words of a slot name to look for: words of 4+ letters, or character bigrams for CJK; a
    slot named by one short word is that word ("raise my cap to $20,000": "cap", "fee", "tip")."""
    slot = slot.casefold()
    words = [w for w in re.findall(r"[a-z]{4,}", slot)] or re.findall(r"^\s*([a-z]{3})\s*$", slot)
    cjk = re.sub(r"[^\u4e00-\u9fff]", "", slot)
    return words + [cjk[i:i + 2] for i in range(len(cjk) - 1)]


def rules_dir() -> Path:
    """The rule packs: ``pipeline/rules`` in an installed wheel, ``rules/`` in a checkout."""
    packaged = Path(__file__).parent / "rules"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "rules"


def available_langs() -> list[str]:
    return sorted(p.name[:-5] for p in rules_dir().iterdir()
                  if p.name.endswith(".toml") and p.name != "base.toml")


def _read(name: str) -> dict[str, Any]:
    try:
        return tomllib.loads((rules_dir() / f"{name}.toml").read_text("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(Errors.E023, name=name, detail=str(exc)) from exc


def _lexicons() -> list[tuple[str, dict[str, Any]]]:
    """Every domain lexicon in rules/lexicons/, for users to extend without code."""
    folder = rules_dir() / "lexicons"
    found = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            found.append((path.stem, tomllib.loads(path.read_text("utf-8"))))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(Errors.E023, name=f"lexicons/{path.stem}", detail=str(exc)) from exc
    return found


def _compile(name: str, pattern: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    try:
        return re.compile(pattern, flags)
    except re.error as exc:
        raise ConfigError(Errors.E023, name=name, detail=f"bad pattern {pattern!r}: {exc}") from exc


def _alternation(words: list[str], boundaries: bool, after_digit: bool = False,
                 not_before: Mapping[str, list[str]] | None = None) -> str:
    """One regex for a word list, longest first; word edges guarded where a word has them (in
    a language written without spaces, a Latin word still may not run on into Latin letters:
    "M" is no unit in "8.2 mmol/L"); ``after_digit``: a word may follow a digit ("8GB");
    ``not_before``: what may not follow a word, where the two make another word ("晚" + "上")."""
    items = []
    for word in sorted(set(words), key=len, reverse=True):
        item = re.escape(word)
        if not_before and not_before.get(word):
            item += f"(?!{'|'.join(map(re.escape, not_before[word]))})"
        if boundaries and re.match(r"\w", word):
            item = rf"(?<![^\W\d_]){item}" if after_digit else rf"(?<!\w){item}"
        if boundaries and re.search(r"\w$", word):
            item = rf"{item}(?!\w)"
        elif re.search(r"[A-Za-z]$", word):
            item = rf"{item}(?![A-Za-z])"
        items.append(item)
    return f"(?:{'|'.join(items)})"


def _state_rules(lang: str, table: Mapping[str, Any], bounds: bool) -> StateRules:
    def cue(key: str) -> Lexicon:   # words, and what a word list cannot say (``<key>_patterns``)
        return Lexicon(table[key], bounds, within=table.get("cue_within", ()), patterns=table.get(f"{key}_patterns", ()))

    return StateRules(
        drop_before=cue("drop_before"), away_for=Lexicon(table.get("away_for", []), bounds),
        born=Lexicon(table.get("born", []), bounds), limits=Lexicon(table.get("limits", []), bounds),
        relatives=Lexicon(table.get("relatives", []), bounds),
        drop_after=cue("drop_after"),
        choose_after=cue("choose_after"), add_after=cue("add_after"),
        change=Lexicon(table["change"] + list(table.get("change_verbs", {})), bounds, within=table.get("cue_within", ()),
                       patterns=table.get("change_patterns", ())),
        change_verbs={k.casefold(): v.casefold() for k, v in table.get("change_verbs", {}).items()},
        add_before=Lexicon(table.get("add_before", []), bounds, within=table.get("cue_within", ()),
                           patterns=table.get("add_before_patterns", ())),
        also_after=Lexicon(table.get("also_after", []), bounds),
        also_opening=Lexicon(table.get("also_opening", []), bounds),
        done_opening=Lexicon(table.get("done_openings", []), bounds),
        told_changed=Lexicon(table.get("told_changed", []), bounds),
        moved=Lexicon(table.get("moved", []), bounds), moved_within=int(table.get("moved_within", 0)),
        move_asked=Lexicon(table.get("move_asked", []), bounds),
        done_said=Lexicon(table.get("done_said", []), bounds),
        offers_instead=Lexicon(table.get("offers_instead", []), bounds),
        actions=cue("actions"), authorize=cue("authorize"),
        object_end=_compile(lang, table["object_end"]),
        gapped_change=_compile(lang, table["gapped_change"]),
        said_wrong=_compile(lang, table["said_wrong"]) if table.get("said_wrong") else None,
        change_from=_compile(lang, table["change_from"]) if table.get("change_from") else None,
        topic=_compile(lang, table["topic"]) if table.get("topic") else None,
        topic_after=_compile(lang, table["topic_after"]) if table.get("topic_after") else None,
        topic_other=_compile(lang, table["topic_other"]) if table.get("topic_other") else None,
        mention_after=cue("mention_after"),
        negation_gap=int(table["negation_gap"]),
        gap_breaks=_compile(lang, table["gap_breaks"]),
        question_marks=tuple(table["question_marks"]),
        conditional=cue("conditionals"),
        condition_closers=frozenset(c.casefold() for c in table.get("condition_closers", [])),
        currencies=frozenset(c.casefold() for c in table.get("currencies", [])),
        headcounts=frozenset(c.casefold() for c in table.get("headcounts", [])),
        headcount_slots=frozenset(c.casefold() for c in table.get("headcount_slots", [])),
        unit_forms=tuple((_compile(lang, pattern), replacement) for pattern, replacement in table.get("unit_forms", [])),
        slot_key_forms=tuple((_compile(lang, pattern), replacement)
                             for pattern, replacement in table.get("slot_key_forms", [])),
        slot_stopwords=frozenset(w.casefold() for w in table.get("slot_stopwords", [])),
        weak_slot_words=frozenset(w.casefold() for w in table.get("weak_slot_words", [])),
        hour_leads=Lexicon(table.get("hour_leads", []), bounds),
        topic_leads=Lexicon(table.get("topic_leads", []), bounds),
        new_part_said_with_copula=bool(table.get("new_part_said_with_copula", False)),
        particles=Lexicon(table.get("particles", []), bounds),
        determiners=Lexicon(table.get("determiners", []), bounds),
        slot_prepositions=Lexicon(table.get("slot_prepositions", []), bounds),
        slot_persons=Lexicon(table.get("slot_persons", []), bounds),
        value_leads=Lexicon(table.get("value_leads", []), bounds),
        place_before_name=Lexicon(table.get("place_before_name", []), bounds),
        place_after_name=Lexicon(table.get("place_after_name", []), bounds),
        object_marks=Lexicon(table.get("object_marks", []), bounds),
        thing_leads=Lexicon(table.get("thing_leads", []), bounds),
        thing_negations=frozenset(w.casefold() for w in table.get("thing_negations", [])),
        untyped_value_chars=int(table.get("untyped_value_chars", 0)),
        thing_chars=int(table.get("thing_chars", 0)),
        headless_ends=tuple(table.get("headless_ends", ())),
        verdict_tails=Lexicon(table.get("verdict_tails", []), bounds),
        slot_trails=Lexicon(table.get("slot_trails", []), bounds),
        copula=_compile(lang, table["copula"]) if table.get("copula") else None,
        pronouns=frozenset(p.casefold() for p in table["pronouns"]),
        kind_words={w.casefold(): (kind,) if isinstance(kind, str) else tuple(kind)
                    for w, kind in table.get("kind_words", {}).items()},
        generic_objects=tuple(sorted((w.casefold() for w in table.get("generic_objects", [])), key=len, reverse=True)),
        people=frozenset(p.casefold() for p in table.get("people", [])),
        action_leads=tuple(w.casefold() for w in table.get("action_leads", [])),
        indefinites=tuple(w.casefold() for w in table.get("indefinites", [])),
        object_extension=int(table["object_extension"]), short_object=int(table["short_object"]),
        # (an apology is no correction: "sorry for the late reply, a 10 minute meeting")
        correction=Lexicon(table.get("corrections", []), bounds,
                           within=[*table.get("corrections_within", ()), *table.get("apologies", ())],
                           patterns=table.get("corrections_patterns", ())),
        instead=Lexicon(table.get("instead", []), bounds),
        instead_said=Lexicon(table.get("instead_said", []), bounds, patterns=table.get("instead_said_patterns", ())),
        correction_not=Lexicon(table.get("correction_not", []), bounds),
        apology=Lexicon(table.get("apologies", []), bounds),
        revise=Lexicon(table.get("revise", []), bounds, within=table.get("cue_within", ()), patterns=table.get("revise_patterns", [])),
        revise_current=Lexicon(table.get("revise_current", []), bounds, patterns=table.get("revise_current_patterns", ())),
        raised_to=Lexicon(table.get("raised_to", []), bounds),
        limit_after=Lexicon(table.get("limit_after", []), bounds),
        limit_lead=Lexicon(table.get("limit_lead", []), bounds),
        limit_before=Lexicon(table.get("limit_before", []), bounds),
        limit_trail=Lexicon(table.get("limit_trail", []), bounds),
        confirm_changes=Lexicon(table.get("confirm_changes", []), bounds),
        estimates=Lexicon(table.get("estimates", []), bounds),
        accept=Lexicon(table.get("accept", []), bounds, within=table.get("accept_within", ()), patterns=table.get("accept_patterns", ())),
        accept_but=Lexicon(table.get("accept_but", []), bounds),
        accept_provisos=Lexicon(table.get("accept_provisos", []), bounds),
        accept_others=Lexicon(table.get("accept_others", []), bounds, patterns=table.get("accept_others_patterns", ())),
        accept_reasons=Lexicon(table.get("accept_reasons", []), bounds, patterns=table.get("accept_reasons_patterns", ())),
        open_choices=Lexicon(table.get("open_choices", []), bounds),
        remark_verbs=Lexicon(table.get("remark_verbs", []), bounds),
        measured=Lexicon(table.get("measured", []), bounds),
        stays=Lexicon(table.get("stays", []), bounds, patterns=table.get("stays_patterns", ())),
        amounts=Lexicon(table.get("amounts", []), bounds),
        day_of_thing=Lexicon(table.get("day_of_thing", []), bounds),
        accept_named=Lexicon(table.get("accept_named", []), bounds),
        accept_named_after=Lexicon(table.get("accept_named_after", []), bounds),
        offer_reach=int(table.get("offer_reach", 1)),
        unavailable=Lexicon(table.get("unavailable", []), bounds),
        new_task=Lexicon(table.get("new_task", []), bounds),
        other_slots=Lexicon(table.get("other_slots", []), bounds),
        plural_ref=Lexicon(table.get("plural_refs", []), bounds),
        single_ref=Lexicon(table.get("single_refs", []), bounds),
        offer_cue=Lexicon(table.get("offer_cues", []), bounds, patterns=table.get("offer_cues_patterns", ())),
        alternative=Lexicon(table.get("alternatives", []), bounds),
        confirm_tag=Lexicon([], bounds, patterns=table.get("confirm_tag_patterns", ())),
        list_item=_compile(f"{lang}.state.list_item", table.get("list_item", r"(?!)")),
        option_refs=tuple(_compile(f"{lang}.state.option_refs", p) for p in table.get("option_refs", [])),
        option_numbers={str(k).casefold(): int(v) for k, v in table.get("option_numbers", {}).items()},
        proposal_mark=Lexicon(table.get("proposal_marks", []), bounds, patterns=table.get("proposal_marks_patterns", ())),
        open_offer=Lexicon(table.get("open_offers", []), bounds),
        asks_preference=Lexicon(table.get("asks_preference", []), bounds),
        confirmation_mark=Lexicon(table.get("confirmation_marks", []), bounds,
                                  patterns=table.get("confirmation_marks_patterns", ())),
        confirm_request=Lexicon(table.get("confirm_requests", []), bounds),
        suits=Lexicon(table.get("asks_suits", []), bounds, patterns=table.get("asks_suits_patterns", ())),
        proposal_lead=Lexicon(table.get("proposal_lead", []), bounds),
        plan_follows=Lexicon(table.get("plan_follows", []), bounds),
        proposes_revision=Lexicon(table.get("revision_requests", []), bounds),
        asks_for_info=Lexicon(table.get("info_questions", []), bounds),
        count_totals=Lexicon(table.get("count_totals", []), bounds),
        thing_verbs=Lexicon(table.get("thing_verbs", []), bounds),
        proposal_trail=Lexicon(table.get("proposal_trail", []), bounds),
        restated_frame_chars=int(table.get("restated_frame_chars", 0)),
        restated_bare_frame_chars=int(table.get("restated_bare_frame_chars", 0)),
        restate_cue=Lexicon(table.get("restate_cues", []), bounds),
        one_value_kinds=frozenset(table.get("one_value_kinds", [])),
        one_value_slots=Lexicon(table.get("one_value_slots", []), bounds),
        slot_qualifier=_compile(lang, table.get("slot_qualifier", "(?!)")),
        count_apart=_compile(lang, table.get("count_apart", "(?!)")),
        rate=_compile(lang, table.get("rate", "(?!)")),
        slot_leads=Lexicon(table.get("slot_leads", []), bounds),
        reason_joiners=Lexicon(table.get("reason_joiners", []), bounds),
        value_joiners=Lexicon(table.get("value_joiners", []), bounds),
        wanted_by=Lexicon(table.get("wanted_by", []), bounds),
        intends=Lexicon(table.get("intends", []), bounds),
        every_thing=Lexicon(table.get("every_thing", []), bounds),
        slot_revisers=Lexicon(table.get("slot_revisers", []), bounds, patterns=table.get("slot_revisers_patterns", ())),
        accept_rest=int(table.get("accept_rest", 0)),
        bare_hedge=int(table.get("bare_hedge", 0)),
        own_word_chars=int(table.get("own_word_chars", 2)),
        offer_words_asked=int(table.get("offer_words_asked", 1)),
        offer_words_answered=int(table.get("offer_words_answered", 2)),
        named_value_chars=int(table.get("named_value_chars", 3)),
        picked_chars=int(table.get("picked_chars", 0)), verb_reach=int(table.get("verb_reach", 0)),
        bound_chars=int(table.get("bound_chars", 0)), born_chars=int(table.get("born_chars", 0)),
        mentioned_chars=int(table["mentioned_chars"]),
    )


@lru_cache(maxsize=None)
def load_rule_pack(lang: str) -> RulePack:
    """The compiled pack for ``lang``; E024 if there is none, E023 if it is malformed."""
    if lang not in available_langs():
        raise ConfigError(Errors.E024, lang=lang, available=", ".join(available_langs()))
    base, data = _read("base"), _read(lang)
    for table, keys in _REQUIRED.items():
        for key in keys:
            if key not in data.get(table, {}):
                raise ConfigError(Errors.E023, name=lang, detail=f"missing [{table}] {key}")
    text, cues = data["text"], data["cues"]
    bounds = bool(text["word_boundaries"])

    patterns: dict[str, list[re.Pattern[str]]] = {}
    for source in (base, data):
        for kind, regexes in source.get("patterns", {}).items():
            patterns.setdefault(kind, []).extend(_compile(lang, r) for r in regexes)
    # a number with a unit is a quantity, with a currency an amount of money ("seven hundred
    # dollars" is what "$600" was: one slot, one kind)
    # a bound after a measure is part of its value ("4分以上", "4 stars or more": cut off, the
    # value says another thing); money's bounds make a limit ([state] limits, "一百块以内")
    state = _state_rules(lang, data["state"], bounds)
    measures = [u for u in text["units"] if u.casefold() not in state.currencies]
    approximate = f"(?:{text['approximate']})?" if text.get("approximate") else ""
    for kind, units, bound in (("money", text.get("money_units", []), ""),
                               ("quantity", [u for u in text["units"] if u.casefold() in state.currencies], ""),
                               ("quantity", measures, text.get("quantity_bound", ""))):
        if units:
            unit = _alternation(units, bounds, after_digit=True, not_before=text.get("unit_word_starts"))
            regex = rf"{text['number']}{approximate}{text.get('unit_joiner', '')}{unit}{text.get('quantity_end', '')}{bound}"
            patterns.setdefault(kind, []).append(_compile(lang, regex))
    # a number before what it counts is a quantity, units or not ("three Google Play charges", "三十来个箱子")
    if text.get("counted"):
        patterns.setdefault("quantity", []).append(_compile(lang, rf"{text['number']}{approximate}{text['counted']}"))
    if text.get("counted_one"):   # … and one of a thing, said alone ("One monitor and a dock")
        patterns.setdefault("quantity", []).append(_compile(lang, text["counted_one"]))
    # a bare number after words that only an amount follows ("keep it under twenty-six hundred")
    if text.get("money_leads"):
        # (the whole number, never a shorter one: "seven" of "seven hundred dollars" is no amount)
        units = _alternation(text["units"] + text.get("money_units", []), bounds)
        # (a lead's first letter looked for first: the alternation is tried at few places)
        first = "".join(sorted({re.escape(lead[0].casefold()) for lead in text["money_leads"]}))
        regex = (rf"(?=[{first}]){_alternation(text['money_leads'], bounds)}\s+"
                 rf"(?=(?P<amount>{text['number']}))(?P=amount)(?!{approximate}\s*(?:%|{units}))")
        patterns.setdefault("money", []).append(_compile(lang, regex))
    # … and a bare number large enough to be one (a scale word, three digits), before words said only
    # of an amount ("twelve thousand total for venue food and cake"; "two total" counts)
    if text.get("money_trails"):
        scales = "|".join(f"(?<={re.escape(s)})" for s in text.get("amount_scales", [])) + r"|(?<=\d{3})"
        regex = (rf"(?=(?P<trailed>{text['number']}))(?P=trailed)(?:{scales})"
                 rf"(?=\s+{_alternation(text['money_trails'], bounds)})")
        patterns.setdefault("money", []).append(_compile(lang, regex))
    # who a request may be for; a name after one of them, or after a naming word, is a person's
    people = data["beneficiary"].get("people", [])
    patterns["beneficiary"] = [_compile(lang, r.replace("{people}", f"(?:{_alternation(people, bounds)})"))
                               for r in data["beneficiary"]["patterns"]]
    leads = data.get("names", {}).get("person_leads", [])
    # (searched up to where a name starts: "$" is that end)
    person_lead = (_compile(lang, rf"(?:{_alternation(leads + people, bounds)})[\s,:：，]{{0,3}}$")
                   if leads else None)

    strengths = {**base.get("strength", {}), **data.get("strength", {})}
    lexicon_terms: dict[str, list[str]] = {}
    lexicon_within: list[str] = []   # where a term is another word ("to watch" holds no product)
    for name, lexicon in _lexicons():
        terms = lexicon.get("terms", {}).get(lang)
        meta = lexicon.get("meta", {})
        if not terms:
            continue
        lexicon_within.extend(lexicon.get("within", {}).get(lang, ()))
        if "kind" not in meta or "strength" not in meta:
            raise ConfigError(Errors.E023, name=f"lexicons/{name}", detail="[meta] needs kind and strength")
        lexicon_terms.setdefault(meta["kind"], []).extend(terms)
        strengths.setdefault(meta["kind"], meta["strength"])
    try:
        typed_strengths = {k: Strength(v) for k, v in strengths.items()}
    except ValueError as exc:
        raise ConfigError(Errors.E023, name=lang, detail=f"bad strength: {exc}") from exc

    ladder = {**base["ladder"], **data.get("ladder", {})}
    kinds = {k: v for k, v in ladder.items() if isinstance(v, str)}
    for level in ("prohibitions", "open", "task", "constraints", "ids", "changes", "claims", "times",
                  "confirmed", "preferences", "key", *kinds.values()):
        if level not in ladder["levels"]:
            raise ConfigError(Errors.E023, name=lang, detail=f"[ladder] levels lacks {level!r}")
    for strength in Strength:
        if strength.value not in kinds:
            raise ConfigError(Errors.E023, name=lang, detail=f"[ladder] has no level for {strength.value!r} facts")
    return RulePack(
        lang=lang,
        version=f"{base['meta']['version']}.{data['meta']['version']}",
        clause_split=_compile(lang, text["clause_split"]),
        space_split=_compile(lang, text["space_clause_split"]) if text.get("space_clause_split") else None,
        space_split_unless=_compile(lang, text["space_clause_split_unless"]) if text.get("space_clause_split_unless") else None,
        number=_compile(lang, text["number"]),
        approximate_number=_compile(lang, text["number"] + approximate),
        sentence_end=_compile(lang, text["sentence_end"]) if "sentence_end" in text else None,
        scope_break=Lexicon(text["scope_breaks"], bounds, patterns=text.get("scope_break_patterns", ())),
        left_context=_compile(lang, text["left_context"]),
        left_context_contrast=_compile(lang, text.get("left_context_contrast", text["left_context"])),
        left_context_reach=int(text["left_context_reach"]),
        left_context_snap=int(text.get("left_context_snap", 0)),
        piece_snap=int(text.get("piece_snap", 0)),
        list_joiners="".join(text.get("list_joiners", [])),
        leaning=Lexicon(text.get("leaning", []), bounds),
        brackets=tuple((pair[0], pair[1]) for pair in base["punctuation"]["brackets"]),
        quotes=tuple((pair[0], pair[1]) for pair in base["punctuation"].get("quotes", [])),
        value_separator=re.compile(base["punctuation"]["value_separators"]),
        value_separator_of_words=re.compile(base["punctuation"]["value_separators_of_words"]),
        name_end=re.compile(base["punctuation"]["name_ends"]),
        piece_subject=Lexicon([*text.get("piece_subjects", []), *people], bounds,
                              patterns=text.get("piece_subject_patterns", ())),
        degree=_compile(lang, text["degree"]) if text.get("degree") else None,
        duration=_compile(lang, rf"(?:{_alternation(text['durations'], bounds)})\s*$") if text.get("durations") else None,
        magnitudes=frozenset(re.sub(r"\s", "", u).casefold() for u in text.get("magnitudes", ())),
        elapsed_before=_compile(lang, text["elapsed_before"]) if text.get("elapsed_before") else None,
        elapsed_not_after=_compile(lang, text["elapsed_not_after"]) if text.get("elapsed_not_after") else None,
        preface=(_compile(lang, text["preface"].replace("{number}", f"(?:{text['number']})"))
                 if text.get("preface") else None),
        patterns={k: tuple(v) for k, v in patterns.items()},
        scanned=tuple((k, r, required_chars(r)) for k, v in patterns.items() for r in v),
        strengths=typed_strengths,
        negation=Lexicon(cues["negation"], bounds, patterns=cues.get("negation_patterns", ())),
        negation_exception=Lexicon(cues["negation_exceptions"], bounds),
        prohibition=frozenset(f.casefold() for c in cues.get("prohibition", ()) for f in typographic(c)),
        bounded_prohibition=frozenset(f.casefold() for c in cues.get("bounded_prohibition", ()) for f in typographic(c)),
        prohibiting_bounds=Lexicon(cues.get("prohibiting_bounds", []), bounds),
        past_negation=frozenset(f.casefold() for c in cues.get("past_negation", ()) for f in typographic(c)),
        describing=Lexicon(cues.get("describing", []), bounds),
        thing_refusing=Lexicon([], bounds, patterns=cues.get("thing_refusing_patterns", ())),
        argued=Lexicon([], bounds, patterns=cues.get("argued_patterns", ())),
        described=Lexicon(cues.get("described", []), bounds),
        describing_after=Lexicon(cues.get("describing_after", []), bounds),
        describing_within=Lexicon([], bounds, patterns=cues.get("describing_within_patterns", ())),
        past_after=Lexicon(cues.get("past_after", []), bounds, patterns=cues.get("past_after_patterns", ())),
        habitual=Lexicon(cues.get("habitual", []), bounds, within=cues.get("habitual_within", ())),
        things=Lexicon(cues.get("things", []), bounds),
        describing_gap=Lexicon(cues.get("describing_gap", []), bounds),
        negation_exception_patterns=tuple(_compile(lang, p) for p in cues.get("negation_exception_patterns", ())),
        obligation=Lexicon(cues["obligation"], bounds, within=cues.get("obligation_within", ())),
        uncertainty=Lexicon(cues["uncertainty"], bounds, patterns=cues.get("uncertainty_patterns", ())),
        gratitude=Lexicon([], bounds, patterns=cues.get("gratitude_patterns", ())),
        hedge_correcting=Lexicon(cues.get("hedges_correcting", []), bounds),
        approximations=frozenset(w.casefold() for w in cues.get("approximations", [])),
        claim=Lexicon(cues["claims"], bounds),
        info_request=Lexicon(cues["info_requests"], bounds),
        limits=frozenset(f.casefold() for c in cues.get("limits", ()) for f in typographic(c)),
        clause_openers=frozenset(f.casefold() for c in cues.get("clause_openers", ()) for f in typographic(c)),
        limit_reach=int(cues.get("limit_reach", 0)),
        limit_pointer=Lexicon(cues.get("limit_pointers", []), bounds),
        filler=Lexicon(data["fillers"]["words"], bounds),
        lead=Lexicon(data["fillers"]["lead"], bounds),
        trail=Lexicon(data["fillers"]["trail"], bounds, within=data["fillers"].get("trail_within", ())),
        question_trail=Lexicon([w for w in data["fillers"]["trail"]
                                if w not in data["fillers"].get("question_keeps", ())], bounds,
                               within=data["fillers"].get("trail_within", ())),
        question=Lexicon(data["questions"]["cues"], bounds, patterns=data["questions"].get("patterns", ()),
                         within=data["questions"].get("within", ())),
        subordinate=_compile(lang, data["questions"]["subordinate"]) if data["questions"].get("subordinate") else None,
        request=Lexicon(data["questions"]["requests"], bounds, patterns=data["questions"].get("requests_patterns", ()))
        if data["questions"].get("requests") else None,
        other_side=Lexicon(data["questions"]["alternatives"], bounds) if data["questions"].get("alternatives") else None,
        bare_question=int(data["questions"].get("bare", 0)),
        instead_chars=int(cues.get("instead_chars", 0)),
        templates=dict(data["summary"]),
        attachments=dict(data["attachments"]),
        state=state,
        lexicon=Lexicon(lexicon_terms, bounds, text.get("inflections", ()), within=lexicon_within),
        lexicon_terms={k: tuple(v) for k, v in lexicon_terms.items()},
        name_suffixes=tuple(data.get("names", {}).get("suffixes", ())),
        common_nouns=frozenset(w.casefold() for w in data.get("names", {}).get("common_nouns", ())),
        name_never_ends=frozenset(data.get("names", {}).get("name_never_ends", ())),
        surnames=frozenset(data.get("names", {}).get("surnames", ())),
        person_lead=person_lead,
        person_labels=frozenset(data.get("names", {}).get("person_labels", ())),
        descriptive_kinds=frozenset(base["nesting"]["descriptive"] + data.get("nesting", {}).get("descriptive", [])),
        time_grammar=dict(data.get("times", {})),
        ladder=tuple(ladder["levels"]),
        ladder_kinds=kinds,
        not_alone=frozenset(ladder["not_alone"]),
        unshown_field=_field_words([*base.get("tools", {}).get("history_fields", []),
                                    *base.get("tools", {}).get("record_fields", []),
                                    *base.get("tools", {}).get("replacing_fields", [])]),
        replacing_field=_field_words(base.get("tools", {}).get("replacing_fields", [])),
        history_field=_field_words(base.get("tools", {}).get("history_fields", [])),
        not_alone_labels=frozenset(ladder.get("not_alone_labels", [])),
        joins_before=frozenset(ladder.get("joins_before", [])),
        spaced=bounds,
    )
