"""rules/<lang>.toml (over rules/base.toml) → a typed, compiled RulePack, cached per language.

Adding a language means adding ``rules/<code>.toml``; nothing here names a language.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .errors import ConfigError, Errors
from .types import Strength

__all__ = ["RulePack", "available_langs", "load_rule_pack", "rules_dir"]

_REQUIRED = {
    "meta": ("name", "version"),
    "text": ("clause_split", "scope_breaks", "left_context", "word_boundaries", "number", "units"),
    "cues": ("negation", "obligation", "uncertainty", "negation_exceptions"),
    "beneficiary": ("patterns",),
    "fillers": ("words", "lead", "trail"),
    "questions": ("cues",),
    "summary": ("header", "header_short", "line", "constraints", "claims", "key_sentences", "confirmed", "trimmed", "separator"),
}


@dataclass(frozen=True)
class RulePack:
    lang: str
    version: str
    clause_split: re.Pattern[str]
    scope_break: re.Pattern[str]
    left_context: re.Pattern[str]
    patterns: Mapping[str, tuple[re.Pattern[str], ...]]
    strengths: Mapping[str, Strength]
    negation: re.Pattern[str]
    negation_exception: re.Pattern[str]
    obligation: re.Pattern[str]
    uncertainty: re.Pattern[str]
    filler: re.Pattern[str]
    lead: re.Pattern[str]
    trail: re.Pattern[str]
    question: re.Pattern[str]
    templates: Mapping[str, str]
    lexicon_terms: Mapping[str, tuple[str, ...]]   # fact kind -> terms, for entity rulers
    time_grammar: Mapping[str, Any]                # the [times] table, read by stages/times.py

    def strength_of(self, kind: str) -> Strength:
        return self.strengths.get(kind, Strength.MEDIUM)


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


def _alternation(words: list[str], boundaries: bool) -> str:
    """One regex for a word list, longest first; word edges guarded where a word has them."""
    items = []
    for word in sorted(set(words), key=len, reverse=True):
        item = re.escape(word)
        if boundaries and re.match(r"\w", word):
            item = rf"(?<!\w){item}"
        if boundaries and re.search(r"\w$", word):
            item = rf"{item}(?!\w)"
        items.append(item)
    return f"(?:{'|'.join(items)})"


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
    quantity = rf"{text['number']}\s*{_alternation(text['units'], bounds)}"
    patterns.setdefault("quantity", []).append(_compile(lang, quantity))
    patterns["beneficiary"] = [_compile(lang, r) for r in data["beneficiary"]["patterns"]]

    strengths = {**base.get("strength", {}), **data.get("strength", {})}
    lexicon_terms: dict[str, list[str]] = {}
    for name, lexicon in _lexicons():
        terms = lexicon.get("terms", {}).get(lang)
        meta = lexicon.get("meta", {})
        if not terms:
            continue
        if "kind" not in meta or "strength" not in meta:
            raise ConfigError(Errors.E023, name=f"lexicons/{name}", detail="[meta] needs kind and strength")
        patterns.setdefault(meta["kind"], []).append(_compile(name, _alternation(terms, bounds)))
        lexicon_terms.setdefault(meta["kind"], []).extend(terms)
        strengths.setdefault(meta["kind"], meta["strength"])
    try:
        typed_strengths = {k: Strength(v) for k, v in strengths.items()}
    except ValueError as exc:
        raise ConfigError(Errors.E023, name=lang, detail=f"bad strength: {exc}") from exc

    fillers = _alternation(data["fillers"]["words"], bounds)
    return RulePack(
        lang=lang,
        version=f"{base['meta']['version']}.{data['meta']['version']}",
        clause_split=_compile(lang, text["clause_split"]),
        scope_break=_compile(lang, _alternation(text["scope_breaks"], bounds)),
        left_context=_compile(lang, text["left_context"]),
        patterns={k: tuple(v) for k, v in patterns.items()},
        strengths=typed_strengths,
        negation=_compile(lang, _alternation(cues["negation"], bounds)),
        negation_exception=_compile(lang, _alternation(cues["negation_exceptions"], bounds)),
        obligation=_compile(lang, _alternation(cues["obligation"], bounds)),
        uncertainty=_compile(lang, _alternation(cues["uncertainty"], bounds)),
        filler=_compile(lang, rf"(?:\s|\W|{fillers})*$"),
        lead=_compile(lang, rf"(?:{_alternation(data['fillers']['lead'], bounds)}[\s,，]*)+"),
        trail=_compile(lang, rf"(?:[\s,，]*{_alternation(data['fillers']['trail'], bounds)})+$"),
        question=_compile(lang, _alternation(data["questions"]["cues"], bounds)),
        templates=dict(data["summary"]),
        lexicon_terms={k: tuple(v) for k, v in lexicon_terms.items()},
        time_grammar=dict(data.get("times", {})),
    )
