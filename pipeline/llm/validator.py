"""The validator of an LLM summary (DESIGN §7): it never trusts the model.

``Validator.prepare(request)`` reads the prefix once (its numbers, ids, negations, hedged
claims, user turns, confirmation events, superseded slots); ``Validator.check(evidence,
sections, text)`` then returns the named findings of one answer, an empty list when it passes:

- ``missing_fact``: a strong fact of the prefix is not in the summary. Matching is normalised:
  width and case folded, spacing and punctuation ignored, numbers canonical ("5k" = "5000元" =
  "5,000", Chinese numerals read by cn2an: "五千" = "5000"). A fact not found verbatim still
  counts when one clause of the summary holds all its numbers, ``llm.fact_coverage`` of its
  words (CJK character bigrams, other words), and its cue: a negation cue before a word of
  what the fact negates ("先别提交申请" holds "申请先别提交"; "申请已提交" does not), an
  obligation or negation cue for an obligation.
- ``hallucination``: a number, money amount, date, id or negation that the prefix does not
  contain (kind ``number``, ``id`` or ``negation``). Numbers are compared canonically; dates
  written as absolute values of the snapshot's times count as said. A negation counts as said
  when a negated clause of the prefix shares ``llm.negation_overlap`` of its object's words.
- ``uncertainty_lost``: a user claim stated with a hedge ("可能", "maybe", "I think") is
  restated without any hedge (a hedge holds for its sentence), or called certain
  ("质量问题已确认", "Duplicate charge of $389.00 confirmed"), in any section.
- ``unbacked_authorisation``: the summary says the user agreed or authorised ("用户已同意提交",
  "the user agreed", "客户已经点头", "okayed") and no confirmation event (a user message with
  ``metadata.confirm_results``) is in the prefix.
- ``intent_drift``: the objective sentence is further from the prefix's user turns than
  ``llm.intent_min_similarity`` by the similarity function (pluggable, see below).
- ``stale_value``: a slot the user changed ("[取件时间] 明天下午 → 后天上午") is shown with an
  old value as current (named by the slot's words or by an old value that is an id, a phone
  number or an address), a change line ends on an old value, or the slot is named without its
  newest value. Leaving a superseded value out is correct.
- ``prohibition_violated``: a sentence does, schedules or orders what the user forbade
  ("请直接提交退货申请" beside "千万别提交退货申请"; "Call the customer tomorrow" beside "don't
  call me"): the forbidden verb and ``llm.prohibition_overlap`` of the forbidden words, with no
  negation, question or withholding word ("pending approval", "等用户确认后") in the sentence.
  A confirmation event after the prohibition, or the user's own go-ahead, lifts it.
- ``number_role``: a number given a role (a budget, a limit: ``[validator.roles]``) that no
  sentence of the prefix gave it ("用户预算899元以内" when 899 was the price paid).
- ``wrong_person``: the objective or a constraint says the request is for the user when the
  user said it is not for them, or names people the user never named ("for the user's wife").

The similarity is any ``(sentence, user_turns) -> float`` in [0, 1]. The default,
``char_ngram_similarity``, needs no model: the cosine between the TF-IDF vector of the
sentence's character n-grams (CJK runs: ``llm.intent_ngrams_cjk``; other words, padded with a
space: ``llm.intent_ngrams_words``; IDF over the user turns) and the user turns' vector
restricted to those n-grams. It reads 1.0 when the user said every n-gram of the sentence and
falls with the weighted share they never said; framing words ("用户想", "the user wants",
[validator] objective_stop) are dropped first. ``embedding_similarity(embedder)`` plugs a
sentence-embedding model in instead (``LLMSummarizer(settings, similarity=...)``).

All words come from ``rules/<lang>.toml`` (cues) and ``rules/prompts/<lang>.toml``
([validator]); every threshold from ``[llm]`` of the config.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from ..config import Settings
from ..render import fold_spaced as fold
from ..rulepacks import Lexicon, RulePack, load_rule_pack
from ..stages.facts import negations, split_clauses
from ..types import Fact, SummaryRequest, Transition
from .prompt import PromptPack, Sections, fill, load_prompt_pack

__all__ = ["CHECKS", "Evidence", "Finding", "Similarity", "Validator", "char_ngram_similarity",
           "embedding_similarity", "feedback"]

CHECKS = ("missing_fact", "hallucination", "uncertainty_lost", "unbacked_authorisation",
          "intent_drift", "stale_value", "prohibition_violated", "number_role", "wrong_person")

Similarity = Callable[[str, Sequence[str]], float]

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_WORDS = re.compile(rf"[{_CJK}]+|[^\W\d_{_CJK}]+(?:'[^\W\d_]+)*", re.UNICODE)
_CN_NUMERAL = re.compile("[零〇一二两三四五六七八九十百千万亿]+")
_CN_DIGITS = set("零〇一二两三四五六七八九")
_GROUPED = re.compile(r"(?<![\d.])\d{1,3}(?:,\d{3})+(?![\d,])")
_SCALED = re.compile(r"(?<![a-z\d.])(\d+(?:\.\d+)?)\s?(k|千|万)(?![a-z])")
_SCALE = {"k": 1000, "千": 1000, "万": 10000}
_NUMBER = re.compile(r"(?<![a-z])(?<![\d.])\d+(?:\.\d+)?")
_NON_WORD = re.compile(r"[\W_]+")
_UNIT_MEMO = 4096
_SCOPE_END = re.compile(r"[,，。；;.!?！？:：、()（）\n]")
_BRACKETS = re.compile(r"[()（）]")
_ARROWS = ("→", "->", "=>", "⟶")
_STEM = 5   # two words of a spaced script are one when they share their first letters ("cancel", "cancelling")


def _squeeze(text: str) -> str:
    """Letters and digits only (no spacing, punctuation or symbols): the form a fact is looked up in."""
    return _NON_WORD.sub("", text)


def _number_value(text: str) -> str:
    if text.isdigit():
        return text.lstrip("0") or "0"
    try:
        value = Decimal(text).normalize()
    except InvalidOperation:
        return text
    return format(value, "f") if value == value.to_integral() else str(value)


@lru_cache(maxsize=4096)
def _cn2an(run: str) -> str | None:
    import cn2an  # imported by the time stage already; lazily here too
    try:
        value = cn2an.cn2an(run, "smart")
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    return _number_value(str(value))


@dataclass(frozen=True)
class Finding:
    """One failed check: ``check`` is one of CHECKS (or ``over_budget``)."""

    check: str
    text: str
    detail: str
    event: str | None = None
    kind: str | None = None
    expected: str | None = None

    def to_dict(self) -> dict[str, Any]:
        row: dict[str, Any] = {"check": self.check, "text": self.text, "detail": self.detail}
        for key in ("event", "kind", "expected"):
            if getattr(self, key) is not None:
                row[key] = getattr(self, key)
        return row


@dataclass(frozen=True)
class Unit:
    """A clause (or a whole item) read for matching."""

    text: str                     # folded, spacing kept
    canon: str                    # numbers canonical, no spacing or punctuation
    numbers: frozenset[str]
    ids: frozenset[str]           # ids as written (squeezed): matched whole, never by their parts
    tokens: frozenset[str]
    negations: tuple[int, ...]    # starts of negation cues (fixed phrases excluded)
    after: tuple[frozenset[str], ...]  # the words from each negation cue on: what it negates
    obligation: bool
    hedged: bool
    limited: bool = False         # it holds a limit's word ("不超过", "at most", "budget": [validator.roles])


@dataclass(frozen=True)
class Reading:
    """One prefix text as the hallucination and role checks use it."""

    folded: str
    numbers: frozenset[str]
    negated: tuple[frozenset[str], ...]   # the words of each negated clause
    roles: tuple[tuple[str, str], ...] = ()   # (number, role) for each role word and the number nearest it


@dataclass(frozen=True)
class Prohibition:
    """What the user forbade, as the state holds it (a prohibition fact or an unauthorised item)."""

    event: str
    text: str
    action: tuple[str, ...]       # the words the cue governs, the verb first (Reader.action)


@dataclass(frozen=True)
class HedgedClaim:
    event: str
    clause: str
    words: frozenset[str]
    numbers: frozenset[str]
    chars: frozenset[str]         # its CJK characters (Reader.chars)


@dataclass(frozen=True)
class FactShape:
    fact: Fact
    unit: Unit


@dataclass
class Evidence:
    """What one prefix says, read once and reused across attempts."""

    lang: str
    numbers: frozenset[str]
    text: str                                     # the prefix, folded (ids are looked up in it)
    negated: list[frozenset[str]]                 # words of the prefix's negated clauses
    facts: list[FactShape]
    hedged_claims: list[HedgedClaim]
    user_turns: list[str]
    confirmed: bool
    slots: list[tuple[str, frozenset[str], tuple[str, ...], str]]  # (slot, its words, old values, newest)
    event_ids: frozenset[str]
    prohibitions: list[Prohibition] = field(default_factory=list)
    number_roles: dict[str, frozenset[str]] = field(default_factory=dict)  # number -> roles it holds in the prefix
    beneficiary: tuple[str, ...] = ()          # the user's words on who the request is for
    not_self: bool = False                     # ... and one of them says it is not for the user
    persons: frozenset[str] = frozenset()      # the groups of people the user named
    backed: list[frozenset[str]] = field(default_factory=list)  # words of what the user went ahead with
    quoted: tuple[str, ...] = ()               # every strong fact as the prompt asks to copy it (Unit.canon)
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


class Reader:
    """Text → Unit, with one language's cue words and [validator] lists."""

    def __init__(self, rules: RulePack, prompts: PromptPack) -> None:
        self.rules = rules
        words = prompts.validator
        boundaries = bool(words["word_boundaries"])
        self.hedge = Lexicon(list(words["hedges"]), boundaries)
        self.authorisation = Lexicon(list(words["authorisation"]), boundaries)
        self.objective_stop = Lexicon(list(words["objective_stop"]), boundaries)
        self.certainty = Lexicon(list(words["certainty"]), boundaries)
        self.withheld = Lexicon(list(words["withheld"]), boundaries)
        self.self_words = Lexicon(list(words["self"]), boundaries)
        self.persons = Lexicon({k: list(v) for k, v in words["persons"].items()}, boundaries)
        self.person_generic = {k: frozenset(v) for k, v in words["person_generic"].items()}
        self.needs = Lexicon(list(words["needs"]), boundaries)
        self.roles = Lexicon({k: list(v) for k, v in words["roles"].items()}, boundaries)
        self.role_names = {k: str(v) for k, v in words["role_names"].items()}
        # "(changed later)": how the renderer marks a quote holding a replaced value
        self.changed_marker = fold(rules.templates.get("changed", "")).strip(" ()（）")
        # an old value of these kinds names its slot alone: nothing else could hold it
        self.contact = tuple(p for kind in ("id", "phone", "email", "address") for p in rules.patterns.get(kind, ()))
        stops = [fold(w) for w in words["stop"]]
        self.stop_words = frozenset(w for w in stops if not _CJK_RUN.fullmatch(w))
        cjk_stops = sorted((w for w in stops if _CJK_RUN.fullmatch(w)), key=len, reverse=True)
        self.cjk_stop = re.compile("|".join(map(re.escape, cjk_stops))) if cjk_stops else None
        money = sorted((fold(w) for w in words["currency"]), key=len, reverse=True)
        self.currency = Lexicon(money, boundaries)
        self.idioms = Lexicon([fold(w) for w in words["numeral_idioms"]], False)
        self.number_words = {fold(k): int(v) for k, v in words["number_words"].items()}
        self.number_word = (re.compile(r"(?<![\w'])(" + "|".join(sorted(map(re.escape, self.number_words),
                                                                     key=len, reverse=True)) + r")(?![\w'])")
                            if self.number_words else None)
        self.quantity = rules.patterns.get("quantity", ())
        # cue, hedge and money words are matched by class, not as content: one regex masks them
        masks = (rules.negation, rules.obligation, rules.uncertainty, self.hedge, self.currency)
        self.mask = re.compile("|".join(f"(?:{m.regex.pattern})" for m in masks), re.IGNORECASE)
        self._units: dict[str, Unit] = {}
        self._readings: dict[tuple[str, bool], Reading] = {}

    # -- numbers ---------------------------------------------------------------------------
    def _unit_follows(self, text: str, start: int) -> bool:
        return any(p.match(text, start) for p in self.quantity)

    def canonical(self, text: str) -> str:
        """Numbers in one form: digits, no grouping commas, "5k"/"5千"/"五千" → 5000."""
        if _CN_NUMERAL.search(text):
            idioms = [(m.start(), m.end()) for m in self.idioms.finditer(text)]
            out, pos = [], 0
            for run in _CN_NUMERAL.finditer(text):
                chars = run.group()
                if any(a < run.end() and run.start() < b for a, b in idioms):
                    continue
                if len(chars) == 1 and not self._unit_follows(text, run.start()):
                    continue  # "一定", "一下": a lone numeral counts only before a unit
                if len(chars) == 2 and set(chars) <= _CN_DIGITS:
                    continue  # "三四个": a range, not 34
                value = _cn2an(chars)
                if value is None:
                    continue
                out.append(text[pos:run.start()])
                out.append(value)
                pos = run.end()
            out.append(text[pos:])
            text = "".join(out)
        if self.number_word is not None:
            text = self.number_word.sub(
                lambda m: str(self.number_words[m[1]]) if self._unit_follows(m.string, m.start()) else m[0],
                text)
        if "," in text:  # (cheap tests first: most texts have no grouping or scale)
            text = _GROUPED.sub(lambda m: m[0].replace(",", ""), text)
        if "k" in text or "千" in text or "万" in text:
            text = _SCALED.sub(lambda m: _number_value(str(Decimal(m[1]) * _SCALE[m[2]])), text)
        return text

    def ids(self, folded: str) -> frozenset[str]:
        return frozenset(_squeeze(m.group()) for p in self.rules.patterns.get("id", ())
                         for m in p.finditer(folded))

    def numbers(self, canonical: str) -> frozenset[str]:
        return frozenset(map(_number_value, set(_NUMBER.findall(canonical))))

    # -- words -----------------------------------------------------------------------------
    def tokens(self, text: str) -> frozenset[str]:
        """Content words of folded text: CJK character bigrams (a lone character alone), other
        words lightly stemmed; cue words, money words, stop words and numbers left out."""
        return frozenset(self.words(text))

    def words(self, text: str) -> list[str]:
        """The content words of ``tokens``, in the order they are written."""
        plain = self.mask.sub(" ", text)
        if self.cjk_stop is not None:
            plain = self.cjk_stop.sub(" ", plain)
        out: list[str] = []
        for word in _WORDS.findall(plain):
            if _CJK_RUN.fullmatch(word):
                out.extend([word] if len(word) == 1 else (word[i:i + 2] for i in range(len(word) - 1)))
            elif word not in self.stop_words:
                out.append(word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)
        return out

    def action(self, text: str) -> tuple[str, ...]:
        """What a prohibition forbids: the words its first negating cue governs up to the end
        of the clause, the verb first ("don't call me, email only" → call; "千万别提交退货申请"
        → 提交 交退 退货 货申 申请). A lone CJK character is no word here."""
        folded = fold(text)
        for hit in negations(folded, 0, len(folded), self.rules):
            end = _SCOPE_END.search(folded, hit.end())
            scope = folded[hit.end():end.start() if end else len(folded)]
            words = [w for w in self.words(scope) if not (len(w) == 1 and _CJK_RUN.fullmatch(w))]
            if words:
                return tuple(words)
        return ()

    def negated(self, text: str) -> bool:
        return bool(self.negation_starts(text))

    def chars(self, text: str) -> frozenset[str]:
        """The CJK characters of a text's content words: what a Chinese action or claim is
        matched on, as a verb takes a measure word in between ("打个电话" is "打电话")."""
        return frozenset(c for word in self.words(text) if _CJK_RUN.fullmatch(word) for c in word)

    def negation_starts(self, text: str) -> tuple[int, ...]:
        """The negation cues of a text, less those inside a hedge ("不确定", "not sure")."""
        hedges = [(h.start(), h.end()) for lex in (self.hedge, self.rules.uncertainty) for h in lex.finditer(text)]
        return tuple(hit.start() for hit in negations(text, 0, len(text), self.rules)
                     if not any(a <= hit.start() < b for a, b in hedges))

    def unit(self, text: str) -> Unit:
        """The reading of a text, remembered: an answer's items recur across checks."""
        unit = self._units.get(text)
        if unit is None:
            if len(self._units) >= _UNIT_MEMO:
                self._units.clear()
            unit = self._units[text] = self._read(text)
        return unit

    def _read(self, text: str) -> Unit:
        folded = fold(text)
        canonical = self.canonical(folded)
        negations = self.negation_starts(folded)
        return Unit(folded, _squeeze(canonical), self.numbers(canonical), self.ids(folded),
                    self.tokens(folded),
                    negations, tuple(self.tokens(folded[s:]) for s in negations),
                    self.rules.obligation.search(folded) is not None,
                    self.rules.uncertainty.search(folded) is not None
                    or self.hedge.search(folded) is not None,
                    self.roles.search(folded) is not None)

    def reading(self, text: str, whole: bool = False) -> Reading:
        """What a prefix text says (its numbers, its negated clauses), remembered by content:
        a growing conversation reads only its new events."""
        key = (text, whole)
        reading = self._readings.get(key)
        if reading is None:
            if len(self._readings) >= _UNIT_MEMO:
                self._readings.clear()
            folded = fold(text)
            negated: tuple[frozenset[str], ...] = ()
            if self.rules.negation.search(folded):
                clauses = [folded] if whole else self.clauses(folded)
                negated = tuple(self.tokens(c) for c in clauses if self.negation_starts(c))
            roles: tuple[tuple[str, str], ...] = ()
            if self.roles.search(folded):  # by sentence, as the answer is read ('"limit": 900')
                roles = tuple(pair for c in self.sentences(folded) for pair in self.number_roles(c))
            reading = self._readings[key] = Reading(folded, self.numbers(self.canonical(folded)), negated, roles)
        return reading

    def number_roles(self, folded: str) -> list[tuple[str, str]]:
        """(number, role) for each role word of a clause and the number written nearest to it:
        "under $300" gives 300 the role ``limit``; in "Basic ($278) fits under the $300 budget"
        278 gets none."""
        canonical = self.canonical(folded)
        numbers = [(m.start(), m.end(), _number_value(m.group())) for m in _NUMBER.finditer(canonical)]
        if not numbers:
            return []
        pairs = []
        for hit in self.roles.finditer(canonical):
            _, number = min((max(start - hit.end(), hit.start() - end, 0), value)
                            for start, end, value in numbers)
            pairs.append((number, self.roles.kind_of(hit.group())))
        return pairs

    def sentences(self, text: str) -> list[str]:
        """A text cut after each of the pack's sentence ends (the mark stays, "?" included): the
        span within which a negation or a condition governs what a summary says."""
        out, at = [], 0
        for end in (self.rules.sentence_end.finditer(text) if self.rules.sentence_end else ()):
            out.append(text[at:end.end()])
            at = end.end()
        out.append(text[at:])
        return [s for s in out if s.strip()]

    def clauses(self, text: str) -> list[str]:
        """The clauses of a text; an aside in brackets is a clause of its own ("not for me
        (Lisbon, March 5th)": the negation does not reach into the aside)."""
        out = [text[a:b] for a, b in split_clauses(text, self.rules)]
        if any(_BRACKETS.search(c) for c in out):
            out = [part for c in out for part in _BRACKETS.split(c) if part.strip()]
        return out


def coverage(wanted: frozenset[str], held: frozenset[str]) -> float:
    return 1.0 if not wanted else len(wanted & held) / len(wanted)


def same_word(word: str, held: frozenset[str]) -> bool:
    """``word`` is in ``held``, or (a word of a spaced script, 4 letters or more) one there
    shares its first ``_STEM`` letters: "cancellation" is "cancel", "charged" is "charge"."""
    if word in held:
        return True
    if len(word) < 4 or _CJK_RUN.fullmatch(word):
        return False
    return any(len(h) >= 4 and h[:min(_STEM, len(h), len(word))] == word[:min(_STEM, len(h), len(word))]
               for h in held)


def stem_coverage(wanted: Iterable[str], held: frozenset[str]) -> float:
    words = list(dict.fromkeys(wanted))
    return 1.0 if not words else sum(same_word(w, held) for w in words) / len(words)


def _says(value: Unit, unit: Unit) -> bool:
    """A clause states a value: verbatim (numbers canonical), or all its numbers and ids and
    most of its words ("Saturday 11:30 AM" says "Saturday at 11:30")."""
    if value.canon and value.canon in unit.canon:
        return True
    if not (value.numbers or value.ids) or not (value.numbers <= unit.numbers and value.ids <= unit.ids):
        return False
    return stem_coverage(value.tokens, unit.tokens) >= 0.75


# -- similarity -------------------------------------------------------------------------------
def _char_ngrams(text: str, cjk: Sequence[int], words: Sequence[int]) -> Counter[str]:
    grams: Counter[str] = Counter()
    for word in _WORDS.findall(text):
        padded, sizes = (word, cjk) if _CJK_RUN.fullmatch(word) else (f" {word} ", words)
        for n in sizes:
            grams.update(padded[i:i + n] for i in range(len(padded) - n + 1))
    return grams


def char_ngram_similarity(cjk: Sequence[int] = (2, 3), words: Sequence[int] = (3, 4, 5),
                          strip: Callable[[str], str] | None = None) -> Similarity:
    """The default intent similarity, in pure Python (see the module docstring).

    >>> round(char_ngram_similarity()("退货运费", ["我想退货", "运费谁出"]), 2)
    1.0
    """
    clean = strip or fold

    @lru_cache(maxsize=_UNIT_MEMO)
    def grams(text: str) -> frozenset[str]:  # a turn's n-grams, read once across attempts
        return frozenset(_char_ngrams(clean(text), cjk, words))

    def similarity(sentence: str, turns: Sequence[str]) -> float:
        target = _char_ngrams(clean(sentence), cjk, words)
        if not target:
            return 0.0
        docs = [grams(t) for t in turns]
        said: set[str] = set()
        df: Counter[str] = Counter()
        for doc in docs:
            keys = doc & target.keys()
            said.update(keys)
            df.update(keys)
        count = len(docs) + 1

        def idf(gram: str) -> float:
            return math.log((1 + count) / (1 + df[gram] + 1)) + 1

        sentence_vec = {g: tf * idf(g) for g, tf in target.items()}
        norm = math.sqrt(sum(v * v for v in sentence_vec.values()))
        shared = math.sqrt(sum(idf(g) ** 2 for g in said))
        if not norm or not shared:
            return 0.0
        return sum(sentence_vec[g] * idf(g) for g in said) / (norm * shared)
    return similarity


def embedding_similarity(embedder: Any) -> Similarity:
    """The intent similarity by a sentence-embedding model: any object whose ``embed(texts)``
    returns L2-normalised rows (pipeline.backends); the cosine with the nearest user turn."""
    def similarity(sentence: str, turns: Sequence[str]) -> float:
        if not turns:
            return 0.0
        rows = embedder.embed([sentence, *turns])
        return float(max(float(rows[0] @ row) for row in rows[1:]))
    return similarity


# -- the validator ----------------------------------------------------------------------------
def _confirmation(message: Mapping[str, Any]) -> bool:
    metadata = message.get("metadata")
    return isinstance(metadata, Mapping) and bool(metadata.get("confirm_results"))


class Validator:
    """Checks one answer against the prefix; thresholds from ``[llm]``."""

    def __init__(self, settings: Settings, similarity: Similarity | None = None) -> None:
        self.settings = settings
        self._similarity = similarity
        self._readers: dict[str, Reader] = {}
        self._similarities: dict[str, Similarity] = {}

    def reader(self, lang: str) -> Reader:
        if lang not in self._readers:
            self._readers[lang] = Reader(load_rule_pack(lang), load_prompt_pack(lang))
        return self._readers[lang]

    def similarity(self, lang: str) -> Similarity:
        """The plugged similarity, else the default one of ``lang`` (framing words dropped)."""
        if self._similarity is not None:
            return self._similarity
        if lang not in self._similarities:
            reader = self.reader(lang)
            framing = reader.objective_stop.regex
            ids = reader.rules.patterns.get("id", ())

            def strip(text: str) -> str:
                """Framing words, ids and numbers out: an objective may name the order a tool
                found ("预约号YK58217") without drifting from what the user asked."""
                text = fold(text)
                if reader.changed_marker:  # "(changed later)" says how a value stands, not what is wanted
                    text = text.replace(reader.changed_marker, " ")
                for pattern in ids:
                    text = pattern.sub(" ", text)
                return _NUMBER.sub(" ", framing.sub(" ", text))
            self._similarities[lang] = char_ngram_similarity(
                self.settings["llm.intent_ngrams_cjk"], self.settings["llm.intent_ngrams_words"], strip)
        return self._similarities[lang]

    # -- per request ------------------------------------------------------------------------
    def prepare(self, request: SummaryRequest) -> Evidence:
        """Everything the checks need from the prefix and the snapshot, read once."""
        started = time.perf_counter()
        reader = self.reader(request.lang)
        snapshot = request.snapshot
        texts: list[str] = []
        for event in request.prefix:
            texts.append(event.text)
            texts.extend(f"{c.name} {c.arguments}" for c in event.tool_calls)
        templates = reader.rules.templates
        derived = list(snapshot.state_path)
        for item in snapshot.open_items:
            key = "unauthorised" if item["kind"] == "unauthorised" else "authorised_by_user"
            derived.append(templates.get(key, "{text}").replace("{text}", item["text"]))
        for time_item in snapshot.times:
            value = time_item.get("value")
            if isinstance(value, Mapping):
                derived.extend(str(v) for v in value.values())
        # the prompt shows tool facts as "field=value": a model may copy the field path
        derived.extend(str(c["field"]) for c in snapshot.confirmed_facts if c.get("field"))
        numbers: set[str] = set()
        folded_texts: list[str] = []
        negated: list[frozenset[str]] = []
        roles: dict[str, set[str]] = {}
        for position, text in enumerate((*texts, *derived)):
            # the snapshot's own lines ("未获准：申请先别提交") are read whole, events by clause
            reading = reader.reading(text, whole=position >= len(texts))
            folded_texts.append(reading.folded)
            numbers.update(reading.numbers)
            negated.extend(reading.negated)
            for number, role in reading.roles:
                roles.setdefault(number, set()).add(role)
        required = frozenset(self.settings["llm.required_levels"])
        not_alone = reader.rules.not_alone
        facts = []
        for fact in request.must:
            unit = reader.unit(fact.text)
            if (reader.rules.level_of(fact.kind, fact.value) in required
                    or (fact.kind not in not_alone and (unit.numbers or unit.ids))):
                facts.append(FactShape(fact, unit))
        evidence = Evidence(
            lang=request.lang, numbers=frozenset(numbers), text="\n".join(folded_texts),
            negated=negated, facts=facts,
            hedged_claims=self._hedged_claims(request, reader),
            user_turns=[e.text for e in request.prefix if e.role == "user" and e.text.strip()],
            confirmed=any(e.role == "user" and _confirmation(e.message) for e in request.prefix),
            slots=self._slots(request.transitions, templates, reader),
            event_ids=frozenset(fold(e.id) for e in request.prefix),
            prohibitions=self._prohibitions(request, reader),
            quoted=tuple(reader.unit(f.text).canon for f in request.must),
            number_roles={n: frozenset(r) for n, r in roles.items()},
            backed=[reader.tokens(fold(o["text"])) for o in snapshot.open_items if o["kind"] != "unauthorised"]
            + [reader.tokens(fold(d["object"])) for d in snapshot.decisions if d["status"] == "accepted"],
        )
        self._who(evidence, request, reader)
        evidence.seconds = time.perf_counter() - started
        return evidence

    def _prohibitions(self, request: SummaryRequest, reader: Reader) -> list[Prohibition]:
        """What the user forbade and still forbids: the prohibition facts and the unauthorised
        open items, less those a later confirmation event lifts and those the user then said
        to go ahead with (an ``authorised_by_user`` open item on the same action)."""
        order = {e.id: e.index for e in request.prefix}
        confirmed_at = max((e.index for e in request.prefix if e.role == "user" and _confirmation(e.message)),
                           default=-1)
        sources = [(f.span.event_id, f.text) for f in request.must if f.kind == "negation" and f.value == "prohibition"]
        sources += [(o["source"][0], o["text"]) for o in request.snapshot.open_items if o["kind"] == "unauthorised"]
        allowed = [reader.tokens(fold(o["text"])) for o in request.snapshot.open_items
                   if o["kind"] != "unauthorised"]
        overlap = self.settings["llm.prohibition_overlap"]
        found = []
        for event_id, text in dict.fromkeys(sources):
            action = reader.action(text)
            if not action or order.get(event_id, -1) < confirmed_at or reader.unit(text).numbers:
                continue  # (a prohibition holding a number is a limit: "别超过500块", "never before 9am")
            if any(stem_coverage(action, words) >= overlap for words in allowed):
                continue
            found.append(Prohibition(event_id, text, action))
        return found

    @staticmethod
    def _who(evidence: Evidence, request: SummaryRequest, reader: Reader) -> None:
        """Who the request is for, in the user's words (the rule pack's beneficiary patterns),
        whether one of them says "not for me", and every group of people the user named."""
        said: list[str] = []
        persons: set[str] = set()
        gap = reader.rules.state.negation_gap
        for event in request.prefix:
            if event.role != "user":
                continue
            folded = fold(event.text)
            said += [m.group() for p in reader.rules.patterns.get("beneficiary", ()) for m in p.finditer(folded)]
            said += [folded[max(0, h.start() - gap):h.end()] for h in reader.self_words.finditer(folded)
                     if reader.negated(folded[max(0, h.start() - gap):h.start()])]
            persons.update(reader.persons.kind_of(h.group()) for h in reader.persons.finditer(folded))
        evidence.beneficiary = tuple(dict.fromkeys(said))
        evidence.not_self = any(reader.negated(text) for text in said)
        evidence.persons = frozenset(persons)

    def _hedged_claims(self, request: SummaryRequest, reader: Reader) -> list[HedgedClaim]:
        """The hedged clauses of the user's claims, unless the user later said it plainly."""
        order = {e.id: e.index for e in request.prefix}
        claims = []
        for claim in request.snapshot.user_claims:
            event_id = claim["source"][0]
            for clause in reader.clauses(claim["text"]):
                folded = fold(clause)
                if not reader.rules.uncertainty.search(folded) or reader.rules.question.search(folded):
                    continue
                words = reader.tokens(folded)
                if words:
                    claims.append(HedgedClaim(event_id, clause, words, reader.unit(clause).numbers,
                                              reader.chars(folded)))
        if not claims:
            return []
        later = [(e.index, reader.unit(c)) for e in request.prefix if e.role == "user"
                 for c in reader.clauses(e.text)]
        threshold = self.settings["llm.claim_coverage"]
        return [claim for claim in claims
                if not any(index > order.get(claim.event, -1) and not unit.hedged
                           and coverage(claim.words, unit.tokens) >= threshold for index, unit in later)]

    @staticmethod
    def _slots(transitions: Sequence[Transition], templates: Mapping[str, str],
               reader: Reader) -> list[tuple[str, frozenset[str], tuple[str, ...], str]]:
        """Each changed slot once, named as the summary names it ("[数量]" for the kind
        "quantity"): its words, its earlier values and its newest value, from every change of
        the state stage to it ("两次 → 5000元", "5000元 → 1200元")."""
        chains: dict[str, list[str]] = {}
        for transition in transitions:
            chain = chains.setdefault(templates.get(f"kind_{transition.slot}", transition.slot), [])
            for value in (transition.old, transition.new):
                value = (value or "").strip()
                if value and (not chain or chain[-1] != value):
                    chain.append(value)
        return [(slot, reader.tokens(fold(slot)), tuple(dict.fromkeys(v for v in chain if v != chain[-1])),
                 chain[-1]) for slot, chain in chains.items() if len(set(chain)) > 1]

    # -- per answer -------------------------------------------------------------------------
    def check(self, evidence: Evidence, sections: Sections, text: str) -> list[Finding]:
        """The findings of one answer; ``text`` is its rendering (what would be shipped)."""
        reader = self.reader(evidence.lang)
        items = [(name, value) for name, value in sections.items()]
        units = [(name, reader.unit(c)) for name, value in items for c in reader.clauses(value)]
        wholes = [reader.unit(value) for _, value in items]
        findings: list[Finding] = []
        findings += self._missing(evidence, reader, units, wholes, text)
        findings += self._hallucinated(evidence, reader, items, units)
        findings += self._unhedged(evidence, reader, items)
        findings += self._authorised(evidence, reader, items)
        findings += self._drifted(evidence, sections.objective)
        findings += self._stale(evidence, reader, [(name, reader.unit(c), whole) for (name, value), whole
                                                   in zip(items, wholes) for c in reader.clauses(value)])
        findings += self._violated(evidence, reader, items)
        findings += self._misplaced_numbers(evidence, reader, items)
        findings += self._wrong_person(evidence, reader, items)
        return findings

    def _missing(self, evidence: Evidence, reader: Reader, units: Sequence[tuple[str, Unit]],
                 wholes: Sequence[Unit], text: str) -> list[Finding]:
        whole = _squeeze(reader.canonical(fold(text)))
        threshold = self.settings["llm.fact_coverage"]
        found = []
        for shape in evidence.facts:
            if shape.unit.canon and shape.unit.canon in whole:
                continue
            if any(self._holds(shape, unit, threshold) for unit in [u for _, u in units] + list(wholes)):
                continue
            found.append(Finding("missing_fact", shape.fact.text,
                                 f"strong {shape.fact.kind} fact not in the summary",
                                 event=shape.fact.span.event_id, kind=shape.fact.kind))
        return found

    @staticmethod
    def _holds(shape: FactShape, unit: Unit, threshold: float) -> bool:
        """One clause holds a fact: all its numbers and ids, its words (half as many when
        numbers or ids carry it: "Total must stay at or under $450" holds "company will cover
        up to $450 for the whole thing"), and its cue: a negation before a word of what it
        negates, or for a limit ("别超过500块") a limit's word ("不超过500元")."""
        fact = shape.unit
        if not fact.numbers <= unit.numbers or not fact.ids <= unit.ids:
            return False
        valued = bool(fact.numbers or fact.ids)
        if stem_coverage(fact.tokens, unit.tokens) < (threshold / 2 if valued else threshold):
            return False
        if not fact.tokens and not valued:
            return False  # nothing to match but the verbatim text
        if fact.negations:
            if valued and unit.limited:
                return True
            negated = fact.after[0]
            if not unit.negations or (negated and not any(negated & words for words in unit.after)):
                return False
        elif fact.obligation and not (unit.obligation or unit.negations or unit.limited):
            return False
        return True

    def _hallucinated(self, evidence: Evidence, reader: Reader, items: Sequence[tuple[str, str]],
                      units: Sequence[tuple[str, Unit]]) -> list[Finding]:
        found: list[Finding] = []
        seen: set[tuple[str, str]] = set()
        for _, value in items:
            folded = fold(value)
            for event_id in evidence.event_ids:  # "（U7）": a citation, not a number
                if event_id in folded:
                    folded = re.sub(rf"(?<![^\W_]){re.escape(event_id)}(?![^\W_])", " ", folded)
            for id_pattern in reader.rules.patterns.get("id", ()):
                for match in id_pattern.finditer(folded):
                    token = match.group()
                    said = re.search(rf"(?<![a-z0-9_-]){re.escape(token)}(?![a-z0-9_-])", evidence.text)
                    if said is None and ("id", token) not in seen:
                        seen.add(("id", token))
                        found.append(Finding("hallucination", match.group(),
                                             "id not in the prefix", kind="id"))
                    folded = folded.replace(match.group(), " ")
            for number in sorted(reader.numbers(reader.canonical(folded)) - evidence.numbers):
                if ("number", number) not in seen:
                    seen.add(("number", number))
                    found.append(Finding("hallucination", number,
                                         f"number {number} (in {value!r}) not in the prefix",
                                         kind="number"))
        overlap = self.settings["llm.negation_overlap"]
        for _, unit in units:
            for after in unit.after:
                words = after or unit.tokens
                if not words or any(coverage(words, said) >= overlap for said in evidence.negated):
                    continue
                if ("negation", unit.text) not in seen:
                    seen.add(("negation", unit.text))
                    found.append(Finding("hallucination", unit.text.strip(),
                                         "negation that no negated clause of the prefix holds",
                                         kind="negation"))
        return found

    def _unhedged(self, evidence: Evidence, reader: Reader, items: Sequence[tuple[str, str]]) -> list[Finding]:
        """A hedged claim is restated as a fact by a clause without a hedge that holds most of
        its words, or some of its words and all of its numbers ("Double charge of $389 last
        month"), or by a clause that calls it certain ("质量问题已确认", "… $389.00 confirmed")."""
        threshold = self.settings["llm.claim_coverage"]
        found: list[Finding] = []
        if not evidence.hedged_claims:
            return found
        # a hedge holds for its whole sentence ("I think I was charged twice ($389 each time)")
        units = [(reader.unit(clause), sentence.hedged, reader.certainty.search(sentence.text) is not None)
                 for _, value in items for sentence in (reader.unit(s) for s in reader.sentences(value))
                 for clause in reader.clauses(sentence.text)]
        for claim in evidence.hedged_claims:
            for unit, hedged_sentence, certain in units:
                if (unit.hedged or hedged_sentence) and not certain:
                    continue
                share = stem_coverage(claim.words, unit.tokens)
                if claim.chars:  # Chinese words are matched by character ("有蛀牙" restates "有点蛀了")
                    share = max(share, len(claim.chars & reader.chars(unit.text)) / len(claim.chars))
                numbered = bool(claim.numbers) and claim.numbers <= unit.numbers
                if (share >= threshold or (numbered and share >= threshold / 2)
                        or (certain and (share >= threshold / 2 or claim.numbers & unit.numbers))):
                    found.append(Finding("uncertainty_lost", unit.text.strip(),
                                         f"the user's hedged claim {claim.clause!r} restated as a fact",
                                         event=claim.event, expected=claim.clause))
                    break
        return found

    def _authorised(self, evidence: Evidence, reader: Reader,
                    items: Sequence[tuple[str, str]]) -> list[Finding]:
        """Consent stated as a fact ("the user agreed", "客户已经点头", "User said go ahead")
        with nothing to back it: no confirmation event, and no go-ahead of the user's or
        accepted proposal in the state that the sentence is about. Consent denied ("未经用户
        同意") or made a condition ("needs the user's approval", "等用户批准后") is no claim."""
        if evidence.confirmed:
            return []
        gap = reader.rules.state.negation_gap
        overlap = self.settings["llm.prohibition_overlap"]
        found = []
        for _, value in items:
            for sentence in reader.sentences(fold(value)):
                hit = next((h for h in reader.authorisation.finditer(sentence)
                            if not reader.negated(sentence[max(0, h.start() - gap):h.end()])), None)
                if hit is None or reader.needs.search(sentence) or reader.withheld.search(sentence):
                    continue
                words = reader.tokens(sentence)
                if any(backed and stem_coverage(backed, words) >= overlap for backed in evidence.backed):
                    continue
                found.append(Finding("unbacked_authorisation", value.strip(),
                                     f"{hit.group()!r} with no confirmation event in the prefix"))
                break
        return found

    def _drifted(self, evidence: Evidence, objective: str) -> list[Finding]:
        minimum = self.settings["llm.intent_min_similarity"]
        if not objective.strip():
            return [Finding("intent_drift", "", "the summary has no objective", expected=f">= {minimum}")]
        score = self.similarity(evidence.lang)(objective, evidence.user_turns)
        evidence.extra["intent_similarity"] = round(score, 3)
        if score >= minimum:
            return []
        return [Finding("intent_drift", objective, f"similarity {score:.2f} to the user's turns "
                                                   f"is under {minimum}", expected=f">= {minimum}")]

    @staticmethod
    def _stale(evidence: Evidence, reader: Reader, units: Sequence[tuple[str, Unit, Unit]]) -> list[Finding]:
        """Only the newest value of a changed slot may be stated as current. A clause that names
        the slot (by its words, or by an old value that is an id, a phone number or an address:
        "Send updates to d.reyes@oldmail.com") with an old value is stale unless it also holds
        the newest, or its item says it changed (a change word, "(changed later)"). A change line
        ("A → B") must end on the newest value, and so must an old value in the decisions (the
        history of changes), unless a later line goes on from there ("[取件时间] 明天下午 →
        后天上午", then "[取件时间] 后天上午 → 今晚8点")."""
        state = reader.rules.state
        found = []
        newest = [reader.unit(new) for _, _, _, new in evidence.slots]
        for slot, words, olds, new in evidence.slots:
            current = reader.unit(new)
            old_values = [reader.unit(v) for v in olds if _squeeze(fold(v))]
            # an old value names its slot when nothing else could hold it (an id, a phone, an address;
            # not a time: "今晚8点之前" may be the delivery while "今晚8点" was the old pickup)
            telling = [u.canon for v, u in zip(olds, old_values) if any(p.search(v) for p in reader.contact)]
            named = _squeeze(fold(slot))

            ordered = [u for _, u, _ in units]
            naming = [bool(words & u.tokens) or bool(named and named in u.canon)
                      or any(t in u.canon for t in telling) for u in ordered]
            stale = None
            for i, (section, unit, item) in enumerate(units):
                olds_said = [old for old in old_values if _says(old, unit)]
                if not naming[i] or not olds_said:
                    continue
                arrow = next((a for a in _ARROWS if a in unit.text), None)
                if arrow is None and any(q and q in unit.canon and any(o.canon in q for o in olds_said)
                                         for q in evidence.quoted):
                    continue  # a must-keep fact copied as the prompt asks (the extraction holds it current)
                told_on = any(_says(current, later) for later in ordered[i + 1:])
                if arrow is not None:
                    last = reader.unit(unit.text.rsplit(arrow, 1)[1])
                    # (a line ending on the newest value of a slot the state tells apart is current:
                    # "[以内] 预算5000元 → 预算300元" beside "[预算] 5000元 → 500元")
                    if any(_says(value, last) for value in newest) or told_on:
                        continue
                elif section == "decisions" and told_on:
                    continue
                elif (_says(current, unit) or state.change.search(item.text) or state.correction.search(item.text)
                      or (reader.changed_marker and reader.changed_marker in item.text)):
                    continue
                stale = unit
                break
            if stale is not None:
                found.append(Finding("stale_value", stale.text.strip(),
                                     f"[{slot}] shown with an old value; the newest is {new!r}",
                                     kind=slot, expected=new))
            elif any(naming) and not any(_says(current, u) for u in ordered):
                found.append(Finding("stale_value", slot, f"[{slot}] named without its newest value {new!r}",
                                     kind=slot, expected=new))
        return found

    def _violated(self, evidence: Evidence, reader: Reader,
                  items: Sequence[tuple[str, str]]) -> list[Finding]:
        """A sentence that does, schedules or orders what the user forbade: it holds the
        forbidden verb and ``llm.prohibition_overlap`` of the forbidden words, with no negation,
        question or withholding word ("等用户确认后", "pending approval", "dropped") in it.
        "Call the customer tomorrow" breaks "please don't call me"; "千万别提交退货申请" and
        "Cancelling the Plus membership: not authorised yet" keep it."""
        if not evidence.prohibitions:
            return []
        overlap = self.settings["llm.prohibition_overlap"]
        found: list[Finding] = []
        for _, value in items:
            for sentence in reader.sentences(fold(value)):
                if (reader.negated(sentence) or reader.rules.question.search(sentence)
                        or reader.withheld.search(sentence)):
                    continue
                words = reader.tokens(sentence)
                chars = reader.chars(sentence)
                for prohibition in evidence.prohibitions:
                    if self._does(prohibition.action, words, chars, overlap):
                        found.append(Finding("prohibition_violated", sentence.strip(),
                                             f"the user forbade {prohibition.text!r}",
                                             event=prohibition.event, expected=prohibition.text))
                        break
        return found

    @staticmethod
    def _does(action: Sequence[str], words: frozenset[str], chars: frozenset[str], overlap: float) -> bool:
        """A sentence holds the forbidden action: its verb (a Chinese one by its first
        character) and ``overlap`` of its words (of a Chinese one, of its characters)."""
        if _CJK_RUN.fullmatch(action[0]):  # (both characters of a two-character verb: "提前" is no "提交")
            wanted = list(dict.fromkeys(c for word in action for c in word))
            return wanted[0] in chars and sum(c in chars for c in wanted) >= max(overlap * len(wanted),
                                                                                 min(len(wanted), 2))
        return same_word(action[0], words) and stem_coverage(action, words) >= overlap

    @staticmethod
    def _misplaced_numbers(evidence: Evidence, reader: Reader,
                           items: Sequence[tuple[str, str]]) -> list[Finding]:
        """A number the summary gives a role (a budget, a limit) that no clause of the prefix
        gave it: "用户预算899元以内" when 899 was the price paid. Read by sentence: "Budget:
        $412 total" gives 412 the role across the colon."""
        found: list[Finding] = []
        seen: set[tuple[str, str]] = set()
        for _, value in items:
            for sentence in reader.sentences(fold(value)):
                if reader.roles.search(sentence) is None:
                    continue
                for number, role in reader.number_roles(sentence):
                    if number not in evidence.numbers or role in evidence.number_roles.get(number, ()):
                        continue  # a number never said is a hallucination already
                    if (number, role) not in seen:
                        seen.add((number, role))
                        found.append(Finding("number_role", sentence.strip(),
                                             f"{number} is used as a {role}; no clause of the prefix gives it that role",
                                             kind=number, expected=reader.role_names.get(role, role)))
        return found

    @staticmethod
    def _named(reader: Reader, group: str, said: frozenset[str]) -> bool:
        """The user named these people, or more precisely ("孩子" when the user said "儿子")."""
        return group in said or bool(reader.person_generic.get(group, frozenset()) & said)

    def _wrong_person(self, evidence: Evidence, reader: Reader,
                      items: Sequence[tuple[str, str]]) -> list[Finding]:
        """Who the request is for, in the objective and the constraints: the user themself
        when the user said it is not for them ("for the user himself", "给自己买的"), or people
        the user never named ("for the user's wife")."""
        if not evidence.beneficiary:
            return []
        gap = reader.rules.state.negation_gap
        expected = "; ".join(evidence.beneficiary)
        found: list[Finding] = []
        for name, value in items:
            if name not in ("objective", "constraints"):
                continue
            folded = fold(value)
            wrong = None
            if evidence.not_self:
                wrong = next((h.group() for h in reader.self_words.finditer(folded)
                              if not reader.negated(folded[max(0, h.start() - gap):h.start()])), None)
            if wrong is None:
                wrong = next((h.group() for h in reader.persons.finditer(folded)
                              if not self._named(reader, reader.persons.kind_of(h.group()), evidence.persons)), None)
            if wrong is not None:
                found.append(Finding("wrong_person", value.strip(), f"{wrong!r}: not whom the user said it is for",
                                     expected=expected))
        return found


def feedback(findings: Iterable[Finding], prompts: PromptPack) -> list[str]:
    """One line per finding for the retry prompt, in the conversation's language."""
    templates = prompts.prompt["findings"]
    lines = []
    for finding in findings:
        template = templates.get(finding.check)
        if template:
            lines.append(fill(template, text=finding.text, event=finding.event or "",
                              kind=finding.kind or "", expected=finding.expected or ""))
    return list(dict.fromkeys(lines))
