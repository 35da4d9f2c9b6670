"""Named entities for the fact stage: one pipeline per language, built once per process, shared.

English runs only the ``ner`` component of ``en_core_web_sm``: in that package NER carries its
own tok2vec (no listener), so tok2vec, tagger, parser, lemmatizer, ... are excluded and the
spans are the same as the full pipeline's. Chinese has no pretrained spaCy pipeline on PyPI:
jieba's words, the rule pack's lexicon terms matched over them (label = the lexicon's kind
upper-cased: TERM, PRODUCT, ALLERGEN, MEDICAL; the spans of spaCy's entity ruler, without
importing spaCy) and jieba.posseg's proper-noun tags (nr, ns, nt, nz; the mapping is
``[models.jieba_proper_nouns]``). A language with neither a model nor jieba gets a blank spaCy
tokenizer and the same lexicon match. Model names, kept labels and the batch size are in
``[models]`` of default_config.toml.

spaCy and jieba are imported when a recognizer is built, never by ``import pipeline``. Build
through :func:`get_recognizer` so every stage and thread shares one instance::

    recognizer = get_recognizer("en", load_rule_pack("en").version)
    recognizer.recognize(["I'm flying to Lisbon"])    # [[(14, 20, "GPE")]]
"""

from __future__ import annotations

import functools
import importlib
import logging
import marshal
import re
import tempfile
import threading
import unicodedata
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..config import Settings, load_settings
from ..errors import ConfigError, Errors
from ..rulepacks import RulePack, load_rule_pack

__all__ = ["ApartRecognizer", "EntityRecognizer", "EntitySpan", "clear_recognizers", "get_recognizer", "opens_a_word",
           "word_end", "word_start"]

EntitySpan = tuple[int, int, str]   # (start_char, end_char, label): text[start:end] is the entity

_SPACY_HINT = "pip install 'spacy>=3.8,<3.9'"
_JIEBA_HINT = "pip install 'jieba>=0.42'"


def _import(module: str, hint: str) -> Any:
    """Import a heavy optional dependency, or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"named entities need {module!r}, which is not installed: {hint}") from exc


def _blas_ops() -> Any:
    """thinc's numpy ops with matrix products on numpy's BLAS. thinc's own products run on
    cython-blis, which falls back to its generic kernel on CPUs it does not recognise (this
    2-core AMD EPYC: 20 GFLOPS where numpy's OpenBLAS does 60 on one core); en_core_web_sm's NER
    spent 51 ms of a 30-turn session in them, 20 ms here, with the same spans."""
    from thinc.api import NumpyOps, Ops

    class BlasOps(NumpyOps):
        name = "squeeze_blas"

        def gemm(self, x: Any, y: Any, out: Any = None, trans1: bool = False, trans2: bool = False) -> Any:
            return Ops.gemm(self, x, y, out=out, trans1=trans1, trans2=trans2)

    return BlasOps()


def _initialize_jieba(jieba: Any) -> None:
    """``jieba.initialize()``, its default dictionary's cache file read whole first: jieba's
    ``marshal.load`` from the open file reads it a few bytes per call (0.9 s here; 0.3 s from
    the bytes). Anything unexpected leaves the load to jieba, which rebuilds a bad cache."""
    tokenizer = jieba.dt
    cache = Path(tokenizer.tmp_dir or tempfile.gettempdir()) / "jieba.cache"
    if (not tokenizer.initialized and tokenizer.dictionary == jieba.DEFAULT_DICT
            and not tokenizer.cache_file and cache.is_file()):
        with tokenizer.lock:
            try:
                tokenizer.FREQ, tokenizer.total = marshal.loads(cache.read_bytes())
                tokenizer.initialized = True
            except (OSError, EOFError, ValueError, TypeError):
                pass
    jieba.initialize()


def _jieba() -> Any:
    """jieba, its dictionary loaded once per process, its cache in the project's cache directory
    (jieba's own default, /tmp, is emptied at reboot)."""
    jieba = _import("jieba", _JIEBA_HINT)
    if not jieba.dt.initialized:
        jieba.setLogLevel(logging.WARNING)
        from ..backends import cache_dir
        cache_dir().mkdir(parents=True, exist_ok=True)
        jieba.dt.tmp_dir = str(cache_dir())
        _initialize_jieba(jieba)
    return jieba


@functools.lru_cache(maxsize=1)
def _segmenters() -> dict[str, str]:
    """``models.segmenter_<lang>`` of the default config: how a text is read may not
    change per call, the analysis memo being keyed by the text alone."""
    return {k[len("models.segmenter_"):]: str(v) for k, v in load_settings().values.items()
            if k.startswith("models.segmenter_")}


@functools.lru_cache(maxsize=4096)
def _word_starts(text: str) -> tuple[int, ...]:
    return tuple(start for _, start, _ in _jieba().tokenize(text))


def word_start(text: str, pos: int, lang: str) -> int:
    """The start of the word ``text[pos]`` is in, by the words of ``models.segmenter_<lang>``
    (jieba): a cut at ``pos`` would split "搬家公司" into "司…"; ``pos`` itself in a language
    whose words a regex sees (no segmenter) or at a word's start."""
    if pos <= 0 or pos >= len(text) or not text[pos - 1].isalnum() or _segmenters().get(lang) != "jieba":
        return pos   # after punctuation or a space, a word starts
    starts = _word_starts(text)
    start = starts[bisect_right(starts, pos) - 1] if starts and starts[0] <= pos else pos
    # Latin letters written onto a Chinese word are part of it ("D字头", "T恤"): jieba parts them
    if start < len(text) and not text[start].isascii():
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
    return start


def words_of(text: str, lang: str) -> list[str]:
    """The words of ``text`` by ``models.segmenter_<lang>`` (jieba), else its runs of letters."""
    if _segmenters().get(lang) != "jieba":
        return re.findall(r"[^\W\d_]+", text)
    starts = _word_starts(text)
    return [text[a:b] for a, b in zip(starts, (*starts[1:], len(text)))]


def word_end(text: str, pos: int, lang: str) -> int:
    """The end of the word ``text[pos - 1]`` is in: a cut at ``pos`` would leave "记" of
    "记好了"; ``pos`` itself where :func:`word_start` finds a word starting there."""
    if word_start(text, pos, lang) == pos:
        return pos
    starts = _word_starts(text)
    i = bisect_right(starts, pos)
    return starts[i] if i < len(starts) else len(text)


def opens_a_word(text: str, start: int, end: int, lang: str) -> bool:
    """Whether ``text[start:end]`` opens a longer word of the segmenter's dictionary ("门" of "门牌号"),
    not one it made up of unknown characters ("车" of "车就行")."""
    if end >= len(text) or not text[end].isalnum() or _segmenters().get(lang) != "jieba":
        return False
    starts = _word_starts(text)
    i = bisect_right(starts, start) - 1
    if i < 0 or starts[i] != start:
        return False
    stop = starts[i + 1] if i + 1 < len(starts) else len(text)
    return stop > end and bool(_jieba().dt.FREQ.get(text[start:stop]))


class EntityRecognizer:
    """Named entities of many texts in one batched pass; read-only once built.

    ``model`` is a spaCy pipeline package (default: ``models.spacy_<lang>``); an empty name
    means lexicon terms over the words of ``models.segmenter_<lang>`` (with "jieba", its proper
    nouns too; with none, a blank spaCy tokenizer's words). Loading takes about a second: build
    it once (see :func:`get_recognizer`), then call :meth:`recognize` from any thread.
    """

    def __init__(self, lang: str, pack: RulePack, model: str | None = None, *,
                 settings: Settings | None = None) -> None:
        settings = settings or load_settings()
        options = settings.values
        self.lang = lang
        self.model: str = model if model is not None else options.get(f"models.spacy_{lang}", "")
        self.segmenter: str = "" if self.model else options.get(f"models.segmenter_{lang}", "")
        self._batch_size = int(settings["models.ner_batch_size"])
        self._labels = frozenset(settings["models.ner_labels"])
        self._min_proper_noun = int(settings["models.min_proper_noun_chars"])
        self._name_tags = frozenset(settings["models.jieba_name_tags"])
        self._name_suffixes = pack.name_suffixes
        self._common_nouns = pack.common_nouns
        self._name_never_ends, self._person_labels = pack.name_never_ends, pack.person_labels
        self._surnames = pack.surnames
        prefix = "models.jieba_proper_nouns."
        self._proper_noun_labels = {k[len(prefix):]: str(v) for k, v in options.items()
                                    if k.startswith(prefix)}
        self._filler = pack.filler
        self._number = pack.number
        self._posseg: Any = None
        self._greedy: Any = None   # the NER component run by _parse_greedy, when it can be
        # spaCy does not promise that one pipeline may run in two threads at once; the stages
        # run in a pool, so calls on one instance take turns (uncontended in practice).
        self._lock = threading.Lock()
        self._memo: OrderedDict[str, tuple[EntitySpan, ...]] = OrderedDict()
        self._pieces: OrderedDict[str, tuple[tuple[int, str, str], ...]] = OrderedDict()   # posseg, by word
        self._memo_size = int(settings["models.entity_memo_size"])

        self._nlp: Any = None         # a spaCy pipeline: the trained NER, or a blank tokenizer
        self._terms: dict[tuple[str, ...], str] = {}   # a lexicon term's lowercased words -> label
        self._term_sizes: dict[str, tuple[int, ...]] = {}   # first word -> term lengths, longest first
        if self.model:   # a trained pipeline multiplies matrices: on this process's BLAS threads
            from ..backends.base import limit_blas_threads
            spacy = _import("spacy", _SPACY_HINT)   # first: importing it sets OpenBLAS's threads again
            limit_blas_threads(int(settings["models.ner_threads"]))
            self._nlp = self._load_ner(spacy, self.model)
            self._greedy = self._greedy_ner(self._nlp)
        else:
            self._build_segmenter(lang)
            self._build_terms(pack)
        if self._nlp is not None:   # a message as long as the policy allows is read whole
            self._nlp.max_length = max(self._nlp.max_length, int(settings["policy.max_message_chars"]))

    @staticmethod
    def _load_ner(spacy: Any, model: str) -> Any:
        """The package's NER alone, plus the shared embedding layer only if NER listens to one,
        its layers built on :func:`_blas_ops`."""
        from thinc.api import get_current_ops, set_current_ops
        previous = get_current_ops()
        set_current_ops(_blas_ops())   # layers take the current ops when they are built
        try:
            return EntityRecognizer._load_ner_components(spacy, model)
        finally:
            set_current_ops(previous)

    @staticmethod
    def _load_ner_components(spacy: Any, model: str) -> Any:
        try:
            path = spacy.util.get_package_path(model)
            components = set(spacy.util.get_model_meta(path).get("components", []))
            nlp = spacy.load(model, exclude=sorted(components - {"ner"}))
        except (ImportError, OSError) as exc:
            raise OSError(f"cannot load the spaCy pipeline {model!r} ({exc}); install it: "
                          f"pip install {model}") from exc
        if "ner" not in nlp.pipe_names:
            raise OSError(f"the spaCy pipeline {model!r} has no 'ner' component")
        upstreams = {getattr(node, "upstream_name", None) for node in nlp.get_pipe("ner").model.walk()}
        upstreams &= components
        if upstreams:   # e.g. a transformer pipeline: its NER reads a shared tok2vec/transformer
            nlp = spacy.load(model, exclude=sorted(components - {"ner"} - upstreams))
        return nlp

    def _build_segmenter(self, lang: str) -> None:
        """jieba, its dictionary loaded now rather than on the first call; or, for another
        segmenter, a blank spaCy pipeline's tokenizer (jieba alone spares Chinese the import of
        spaCy: 0.8 s of a one-shot command)."""
        if self.segmenter == "jieba":
            _jieba()
            self._posseg = _import("jieba.posseg", _JIEBA_HINT).dt
        else:
            config = {"nlp": {"tokenizer": {"segmenter": self.segmenter}}} if self.segmenter else {}
            self._nlp = _import("spacy", _SPACY_HINT).blank(lang, config=config)

    def _tokens(self, text: str) -> list[tuple[int, str]]:
        """(offset, word) of every word, as spaCy's tokenizers give them: whitespace is a word of
        its own except one space after a word."""
        if self._posseg is None:
            return [(token.idx, token.text) for token in self._nlp.make_doc(text)]
        tokens: list[tuple[int, str]] = []
        end = 0
        for word, start, stop in self._posseg.tokenizer.tokenize(text):
            if word.isspace():
                continue
            gap = start - end
            if gap and tokens and text[end] == " ":   # the space after a word belongs to it
                end, gap = end + 1, gap - 1
            if gap:
                tokens.append((end, text[end:start]))
            tokens.append((start, word))
            end = stop
        if end < len(text):
            if tokens and text[end] == " ":
                end += 1
            if end < len(text):
                tokens.append((end, text[end:]))
        return tokens

    def _build_terms(self, pack: RulePack) -> None:
        """The lexicons' terms as word sequences, matched by word, case-folded like spaCy's
        ``LOWER``: a term must start and end on word boundaries ("停车位" is no match inside
        "停车位置"). A term in two lexicons keeps the first kind's label, kinds sorted."""
        sizes: dict[str, set[int]] = {}
        for kind, terms in sorted(pack.lexicon_terms.items()):
            for term in terms:
                words = tuple(word.lower() for _, word in self._tokens(term))
                if words and words not in self._terms:
                    self._terms[words] = kind.upper()
                    sizes.setdefault(words[0], set()).add(len(words))
        self._term_sizes = {first: tuple(sorted(n, reverse=True)) for first, n in sizes.items()}

    def _lexicon_terms(self, tokens: Sequence[tuple[int, str]]) -> list[EntitySpan]:
        """Lexicon terms over whole words, the longest first, then the earliest, none overlapping
        (spaCy's entity ruler's choice)."""
        lower = [word.lower() for _, word in tokens]
        matches = [(size, -i, self._terms[key]) for i, first in enumerate(lower)
                   for size in self._term_sizes.get(first, ())
                   if (key := tuple(lower[i:i + size])) in self._terms and len(key) == size]
        taken: set[int] = set()
        found = []
        for size, neg_start, label in sorted(matches, key=lambda m: m[:2], reverse=True):
            start = -neg_start
            if taken.isdisjoint(range(start, start + size)):
                taken.update(range(start, start + size))
                last_offset, last_word = tokens[start + size - 1]
                found.append((tokens[start][0], last_offset + len(last_word), label))
        return sorted(found)

    @staticmethod
    def _greedy_ner(nlp: Any) -> Any:
        """The pipeline's only component when it is a greedy transition-based NER (beam width 1,
        spaCy 3's parser API), else None."""
        if nlp.pipe_names != ["ner"]:
            return None
        ner = nlp.get_pipe("ner")
        if ner.cfg.get("beam_width") != 1 or not all(
                hasattr(ner, name) for name in ("moves", "transition_states", "set_annotations")):
            return None
        return ner

    def _parse_greedy(self, texts: Sequence[str]) -> list[Any]:
        """The greedy NER's docs, parsed by the loop spaCy trains with: each step's scores come
        from the model's output layer (on :func:`_blas_ops`, numpy's BLAS) instead of the
        compiled loop's cython-blis calls, which run blis's generic kernel on CPUs blis does
        not recognise (this AMD EPYC: 50 ms of a 30-turn English session, 22 ms this way). The
        transitions are the component's own, so the entities are the same. Batches hold texts
        of like length, as in spaCy's own ``pipe``: a batch takes as many steps as its longest."""
        ner = self._greedy
        docs = [self._nlp.make_doc(text) for text in texts]
        by_length = sorted(docs, key=len)
        for begin in range(0, len(by_length), self._batch_size):
            batch = by_length[begin:begin + self._batch_size]
            states = ner.moves.init_batch(batch)
            step = ner.model.predict(batch)
            todo = [state for state in states if not state.is_final()]
            while todo:
                todo = ner.transition_states(todo, step.predict(todo))
            step.clear_memory()
            ner.set_annotations(batch, states)
        return docs

    @property
    def components(self) -> tuple[str, ...]:
        """What runs: the spaCy components (``("ner",)`` for en_core_web_sm), or the segmenter
        and the lexicon match (``("jieba", "lexicon")``)."""
        if self.model:
            return tuple(self._nlp.pipe_names)
        return (self.segmenter or "spacy-blank", "lexicon")

    def begin(self, texts: Sequence[str]) -> Callable[[], list[list[EntitySpan]]]:
        """``recognize``, made by the returned call (here in this process: nothing to send ahead)."""
        return lambda: self.recognize(texts)

    def recognize(self, texts: Sequence[str]) -> list[list[EntitySpan]]:
        """Per text, its entities as ``(start_char, end_char, label)`` in text order.

        One batched ``nlp.pipe`` over the texts not seen before (English, 30 short texts here:
        30-60 ms batched, 70-150 ms one by one); texts seen before come from a bounded memo,
        so a growing conversation only analyses its new messages.
        """
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._memo))
            if missing:
                if self._posseg is not None:
                    self._posseg.makesure_userdict_loaded()   # words added with jieba.add_word
                if self.model:
                    docs = (self._parse_greedy(missing) if self._greedy is not None
                            else self._nlp.pipe(missing, batch_size=self._batch_size))
                    for text, doc in zip(missing, docs):   # kept as a tuple: untracked by the GC
                        self._memo[text] = tuple(self._kept(doc))
                else:
                    for text in missing:
                        tokens = self._tokens(text)
                        terms = self._lexicon_terms(tokens)
                        self._memo[text] = tuple(terms if self._posseg is None
                                                 else self._with_proper_nouns(terms, tokens))
            found = []
            for text in texts:
                self._memo.move_to_end(text)
                found.append(list(self._memo[text]))
            while len(self._memo) > self._memo_size:
                self._memo.popitem(last=False)
            return found

    def _kept(self, doc: Any) -> list[EntitySpan]:
        """Pretrained labels in ``models.ner_labels``, common nouns aside."""
        return [(e.start_char, e.end_char, e.label_) for e in doc.ents
                if e.label_ in self._labels and e.text.casefold() not in self._common_nouns]

    def _with_proper_nouns(self, terms: list[EntitySpan], tokens: Sequence[tuple[int, str]]) -> list[EntitySpan]:
        """Lexicon terms; compound place names (over the terms they hold); then jieba's proper
        nouns where nothing else is: "过敏" is tagged nr (a person) by jieba's dictionary, but it
        is a MEDICAL term first. The spans stay disjoint."""
        found = terms
        tagged = list(self._tagged(tokens))
        for start, end, label in self._compound_names(tagged):  # a name holding a term: "世界公园美洲区"
            inside = [f for f in found if start <= f[0] and f[1] <= end]
            if not any(start < e and s < end for s, e, _ in found if (s, e, _) not in inside):
                found = [f for f in found if f not in inside] + [(start, end, label)]
        for start, end, label in self._proper_nouns(tagged):
            if not any(start < e and s < end for s, e, _ in found):
                found.append((start, end, label))
        return sorted(found)

    def _tagged(self, tokens: Sequence[tuple[int, str]]) -> Iterator[tuple[int, str, str]]:
        """(offset, word, jieba tag) over the text's own jieba words, so every span is
        word-aligned; punctuation, numbers, whitespace and ASCII words come through as tag "x".

        A dictionary word takes its dictionary tag; a word jieba's HMM found ("张伟" is in no
        dictionary) is tagged by posseg, whose HMM is the slow part, on that word alone: about
        4x faster than posseg over whole texts, with the same result on 97 % of the ~790 proper
        nouns of 1,528 CrossWOZ/RiSAWOZ user turns.
        """
        tags = self._posseg.word_tag_tab
        for offset, word in tokens:
            if (word.isascii() or word.isspace() or self._number.fullmatch(word)
                    or all(unicodedata.category(ch).startswith("P") for ch in word)):
                yield offset, word, "x"
                continue
            tag = tags.get(word)
            if tag is not None:
                yield offset, word, tag
            else:
                yield from self._tagged_pieces(word, offset)

    def _proper_nouns(self, tagged: Sequence[tuple[int, str, str]]) -> Iterator[EntitySpan]:
        """Words jieba tags as proper nouns. Fillers ("谢谢", "明白": nr in jieba's
        dictionary), the pack's common nouns ("老公": nr, "哥哥": ns), one-character tags
        ("恩", "换") and names ending as no name does ("钱能": ``[names] name_never_ends``) are dropped.
        A surname jieba split off a person's name opens it ("周/淑芬": 周淑芬, ``[names] surnames``)."""
        for i, (begin, piece, flag) in enumerate(tagged):
            label = self._proper_noun_labels.get(flag)
            if (label and len(piece) >= self._min_proper_noun and not self._filler.covers(piece)
                    and piece not in self._common_nouns
                    and not (label in self._person_labels and piece[-1:] in self._name_never_ends)):
                before = tagged[i - 1] if i else None
                if (label in self._person_labels and len(piece) == 2 and before is not None
                        and before[1] in self._surnames and before[0] + len(before[1]) == begin):
                    begin, piece = before[0], before[1] + piece
                yield begin, begin + len(piece), label

    def _compound_names(self, tagged: Sequence[tuple[int, str, str]]) -> Iterator[EntitySpan]:
        """Runs of noun words ending in a place suffix of the rule pack (two words or more, or
        one of three chars or more), with the letters or digits right before them: one name,
        labelled like its last word when that is a proper noun, else FAC."""
        run: list[tuple[int, str, str]] = []
        for word in [*tagged, (-1, "", "x")]:
            if word[2] in self._name_tags:
                run.append(word)
                continue
            if not run and word[1].isascii() and word[1].isalnum():
                run.append(word)   # letters or digits glued to a name open it: "798艺术区", "K11购物中心"
                continue
            while run and not run[-1][1].endswith(self._name_suffixes):
                run.pop()
            if len(run) >= 2 or (run and len(run[0][1]) >= 3   # "工业园区" is one jieba word,
                                 and run[0][2] not in self._proper_noun_labels):  # "清华大学" a name already
                # a proper noun at the end names the whole ("广州天河区": GPE), else a facility
                yield (run[0][0], run[-1][0] + len(run[-1][1]),
                       self._proper_noun_labels.get(run[-1][2], "FAC"))
            run = []

    def _tagged_pieces(self, word: str, start: int) -> Iterator[tuple[int, str, str]]:
        """posseg's (offset, piece, tag) inside one word it did not find in its dictionary.
        posseg's HMM is pure Python (a third of the Chinese fact stage): each word is read once
        per process (words recur across conversations: names, places, products)."""
        pieces = self._pieces.get(word)
        if pieces is None:
            found_pieces = []
            pos = 0
            for pair in self._posseg.cut(word):
                found = word.find(pair.word, pos)
                if found < 0:
                    continue
                pos = found + len(pair.word)
                found_pieces.append((found, pair.word, pair.flag))
            pieces = self._pieces[word] = tuple(found_pieces)
            while len(self._pieces) > self._memo_size:
                self._pieces.popitem(last=False)
        for offset, piece, tag in pieces:
            yield start + offset, piece, tag


class ApartRecognizer:
    """A language's recognizer in the embedding process (``models.ner_apart``): the same spans,
    computed beside the parent's other stages. ``begin`` sends the texts at once, ahead of the
    embedding request, so the child answers them first. If the child dies before answering,
    the spans are read here (the recognizer loads in this process, once, with a log warning):
    the fact stage's prohibitions and values do not depend on the embedding process."""

    def __init__(self, process: Any, lang: str, pack_version: str, settings: Settings) -> None:
        self._process, self.lang, self.pack_version, self._settings = process, lang, pack_version, settings
        self._loading: Callable[[], None] | None = process.load_entities(lang, pack_version)

    def ready(self) -> None:
        """Wait for the child's recognizer; raise what building it raised (a missing model)."""
        if self._loading is not None:
            self._loading()
            self._loading = None

    def begin(self, texts: Sequence[str]) -> Callable[[], list[list[EntitySpan]]]:
        from ..backends.process import ProcessEnded
        pending = self._process.begin_entities(self.lang, self.pack_version, texts)

        def read() -> list[list[EntitySpan]]:
            try:
                return pending()  # type: ignore[no-any-return]
            except ProcessEnded as exc:
                logging.getLogger(__name__).warning("%s; entities read in this process", exc)
                return get_recognizer(self.lang, self.pack_version, settings=self._settings).recognize(texts)
        return read

    def recognize(self, texts: Sequence[str]) -> list[list[EntitySpan]]:
        return self.begin(texts)()


_RECOGNIZERS: dict[tuple[Hashable, ...], EntityRecognizer] = {}
_RECOGNIZERS_LOCK = threading.Lock()


def _frozen(value: Any) -> Hashable:
    return tuple(value) if isinstance(value, list) else value


def get_recognizer(lang: str, pack_version: str, model: str | None = None,
                   settings: Settings | None = None) -> EntityRecognizer:
    """The process-wide recognizer for this language, pack version, model and ``[models]``
    settings: built on the first call (under a lock, so two threads never load it twice), then
    the same instance. A new pack version (edited lexicons) builds a new one.
    """
    settings = settings or load_settings()
    pack = load_rule_pack(lang)
    if pack.version != pack_version:
        raise ConfigError(Errors.E023, name=lang,
                          detail=f"version {pack_version} asked, {pack.version} loaded")
    resolved = model if model is not None else settings.values.get(f"models.spacy_{lang}", "")
    options = tuple(sorted((k, _frozen(v)) for k, v in settings.values.items()
                           if k.startswith("models.") or k == "policy.max_message_chars"))
    key = (lang, pack_version, resolved, options)
    with _RECOGNIZERS_LOCK:
        if key not in _RECOGNIZERS:
            _RECOGNIZERS[key] = EntityRecognizer(lang, pack, resolved, settings=settings)
        return _RECOGNIZERS[key]


def clear_recognizers() -> None:
    """Forget the built recognizers (tests; a process that reloads its rule packs)."""
    with _RECOGNIZERS_LOCK:
        _RECOGNIZERS.clear()
