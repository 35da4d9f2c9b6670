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

from .errors import ConfigError, Errors

__all__ = ["OPENAI_ENCODINGS", "counter_for", "is_tokens"]

# unit name -> bpe-openai encoding (exact, vocabularies shipped in the wheel: no download)
OPENAI_ENCODINGS = {"o200k": "o200k_base", "cl100k": "cl100k_base"}


def is_tokens(unit: str) -> bool:
    return unit != "chars"


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
