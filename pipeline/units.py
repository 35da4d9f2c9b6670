"""What a size is counted in: characters (the default), or the tokens of a model.

One setting, ``policy.unit``, names it, so the CLI, batch workers, Ray actors, the service and
sessions all count the same way; every budget, target and report size is then in that unit.

    counter_for("chars")("你好")                     # 2
    counter_for("o200k")("你好")                     # tokens of GPT-4o's encoding (bpe-openai, offline)
    counter_for("models/tokenizer.json")("你好")     # a Hugging Face tokenizer file
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Callable

from .errors import ConfigError, Errors, InputError

__all__ = ["OPENAI_ENCODINGS", "counter_for", "is_tokens", "target_in"]

# unit name -> bpe-openai encoding (exact, vocabularies shipped in the wheel: no download)
OPENAI_ENCODINGS = {"o200k": "o200k_base", "cl100k": "cl100k_base"}


def is_tokens(unit: str) -> bool:
    return unit != "chars"


def target_in(unit: str, chars: int | None, tokens: int | None, where: str, names: tuple[str, str]) -> int | None:
    """The one target a request gives, checked against what sizes count: a target named in the
    other unit is E011 (never converted), in the CLI and the service alike."""
    if chars is not None and tokens is not None:
        raise InputError(Errors.E011, where=where, field=names[1], value=tokens,
                         detail=f"give {names[0]} or {names[1]}, not both")
    wrong, right = (names[0], names[1]) if is_tokens(unit) else (names[1], names[0])
    given = chars if is_tokens(unit) else tokens
    if given is not None:
        raise InputError(Errors.E011, where=where, field=wrong, value=given,
                         detail=f"sizes count {unit} (policy.unit): use {right}")
    return tokens if is_tokens(unit) else chars


@lru_cache(maxsize=8)
def counter_for(unit: str) -> Callable[[str], int]:
    """The size function of a unit, loaded once per process (a vocabulary takes ~0.1 s)."""
    if unit == "chars":
        return len
    if unit in OPENAI_ENCODINGS:
        try:
            import bpe_openai
        except ImportError as exc:
            raise ConfigError(Errors.E026, unit=unit, detail="needs bpe-openai: pip install "
                              "'context-squeeze[tokens]'") from exc
        encoding = bpe_openai.get_encoding(OPENAI_ENCODINGS[unit])
        # ordinary text: a user who types "<|endoftext|>" is counted, not refused
        return lambda text: len(encoding.encode_ordinary(text))
    if unit.endswith(".json"):
        return _tokenizer_file(Path(unit))
    raise ConfigError(Errors.E026, unit=unit, detail="expected chars, o200k, cl100k or the path "
                      "of a Hugging Face tokenizer.json")


def _tokenizer_file(path: Path) -> Callable[[str], int]:
    try:
        from tokenizers import Tokenizer
    except ImportError as exc:
        raise ConfigError(Errors.E026, unit=str(path), detail="a tokenizer.json needs tokenizers: "
                          "pip install 'context-squeeze[tokens]'") from exc
    try:
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as exc:  # tokenizers raises its own Exception for a missing or bad file
        raise ConfigError(Errors.E026, unit=str(path), detail=f"cannot load it: {exc}") from exc
    tokenizer.no_truncation()
    tokenizer.no_padding()  # a tokenizer.json may pad every text to a fixed length (MiniLM's: 128)
    return lambda text: len(tokenizer.encode(text, add_special_tokens=False).ids)
