"""The systems the quality runs compare, each ``run(messages, target_chars, lang) -> messages``.

All get the same histories (OpenAI chat messages) and the same budget in characters, counted
one way for every system: content plus tool-call name and arguments (``message_chars``, the
project's own measure).

- ``truncation``: LangChain's ``trim_messages`` (``strategy="last"``, ``start_on="human"``,
  system message kept, whole messages only) with that character counter: a real peer from PyPI,
  run in this process.
- ``semantic-kernel``: Semantic Kernel's ``ChatHistoryTruncationReducer``, only when the
  optional package is installed. It counts messages, not characters, so the adapter asks it
  for the largest ``target_count`` whose reduced history fits the budget.
- ``rule-only``: :mod:`benchmarks.rule_only`, the design's first scheme.
- ``project`` and its ablations: ``pipeline.Compressor`` with the default config, and with one
  stage switched off each (``stages.enabled`` without facts / intents / state,
  ``stages.entities = false``).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from benchmarks.rule_only import RuleOnly, message_chars

__all__ = ["ABLATIONS", "PROJECT_SETTINGS", "SYSTEMS", "System", "SystemUnavailable", "build",
           "release", "size_of"]

Run = Callable[[list[dict[str, Any]], int, str], list[dict[str, Any]]]

# The project's variants: the default config, then one stage switched off in each.
ABLATIONS: dict[str, dict[str, Any]] = {
    "project": {},
    "project-no-facts": {"stages.enabled": ["intents", "state"]},
    "project-no-intents": {"stages.enabled": ["facts", "state"]},
    "project-no-state": {"stages.enabled": ["facts", "intents"]},
    "project-no-entities": {"stages.entities": False},
}
# Quality runs only: one BLAS thread for the embedder. It changes no output, and on a shared
# 2-core machine two threads per call oversubscribe the cores (the speed runs keep the default).
PROJECT_SETTINGS: dict[str, Any] = {"intents.threads": 1}

SYSTEMS = ["truncation", "semantic-kernel", "rule-only", *ABLATIONS]


class SystemUnavailable(RuntimeError):
    """The system cannot run here (an optional package is missing); the note says why."""


@dataclass
class System:
    name: str
    run: Run
    kind: str                      # peer | baseline | project | ablation
    note: str = ""
    load_s: float = 0.0
    close: Callable[[], None] = field(default=lambda: None)


def size_of(messages: list[dict[str, Any]]) -> int:
    return sum(message_chars(m) for m in messages)


def truncation() -> Run:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage, trim_messages

    def run(messages: list[dict[str, Any]], target: int, lang: str) -> list[dict[str, Any]]:
        converted = []
        for i, m in enumerate(messages):  # the id maps each kept message back to its original
            content = m.get("content") or ""
            if m["role"] == "user":
                converted.append(HumanMessage(content, id=str(i)))
            elif m["role"] == "system":
                converted.append(SystemMessage(content, id=str(i)))
            elif m["role"] == "tool":
                converted.append(ToolMessage(content, tool_call_id=m["tool_call_id"], id=str(i)))
            else:
                calls = [{"id": c["id"], "name": c["function"]["name"],
                          "args": _arguments(c["function"].get("arguments"))}
                         for c in m.get("tool_calls") or []]
                converted.append(AIMessage(content, tool_calls=calls, id=str(i)))
        kept = trim_messages(converted, max_tokens=target, strategy="last", start_on="human",
                             include_system=True, allow_partial=False,
                             token_counter=lambda ms: sum(message_chars(messages[int(x.id)]) for x in ms))
        return [dict(messages[int(x.id)]) for x in kept]
    return run


def _arguments(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw or "{}")
    except (TypeError, ValueError):
        return {"raw": raw}
    return value if isinstance(value, dict) else {"value": value}


def semantic_kernel() -> Run:
    try:
        from semantic_kernel.contents import (AuthorRole, ChatHistoryTruncationReducer, ChatMessageContent,
                                              FunctionCallContent, FunctionResultContent, TextContent)
    except Exception as exc:  # ImportError, or a broken install of its many dependencies
        raise SystemUnavailable(
            "semantic-kernel is not installed (optional: pip install semantic-kernel). It was "
            "skipped here: installing it would downgrade pydantic (2.14 -> 2.13, shared with "
            "langchain-core and FastAPI) and pull about 60 packages (aiortc, av, azure-*, openai, "
            f"mcp), so it does not install cleanly into the project's environment ({type(exc).__name__})"
        ) from exc

    roles = {"user": AuthorRole.USER, "assistant": AuthorRole.ASSISTANT, "system": AuthorRole.SYSTEM,
             "tool": AuthorRole.TOOL}

    def reduce(messages: list[dict[str, Any]], count: int) -> list[int]:
        reducer = ChatHistoryTruncationReducer(target_count=count, threshold_count=0)
        for i, m in enumerate(messages):
            items: list[Any] = []
            if m.get("content"):
                items.append(TextContent(text=m["content"]))
            for c in m.get("tool_calls") or []:
                items.append(FunctionCallContent(id=c["id"], name=c["function"]["name"],
                                                 arguments=c["function"].get("arguments")))
            if m["role"] == "tool":
                items = [FunctionResultContent(id=m["tool_call_id"], result=m.get("content") or "")]
            reducer.add_message(ChatMessageContent(role=roles[m["role"]], items=items,
                                                   metadata={"index": i}))
        asyncio.run(reducer.reduce())
        return [int(x.metadata["index"]) for x in reducer.messages]

    def run(messages: list[dict[str, Any]], target: int, lang: str) -> list[dict[str, Any]]:
        best: list[int] = []
        low, high = 1, len(messages)
        while low <= high:  # the largest message count whose reduced history fits
            mid = (low + high) // 2
            kept = reduce(messages, mid)
            if sum(message_chars(messages[i]) for i in kept) <= target:
                best, low = kept, mid + 1
            else:
                high = mid - 1
        if not best:
            best = reduce(messages, 1)
        return [dict(messages[i]) for i in best]
    return run


def project(overrides: dict[str, Any], config: Any = None) -> tuple[Run, Any]:
    """A Compressor with ``PROJECT_SETTINGS`` and ``overrides`` (over ``config``, a TOML file).
    Its embedding model is the process-wide one of those settings, so the variants of a run
    share one loaded model (and its cache): they differ in their stages, not their weights."""
    from pipeline import Compressor
    from pipeline.config import load_settings

    compressor = Compressor(load_settings({**PROJECT_SETTINGS, **overrides}, file=config))

    def run(messages: Any, target: int, lang: str) -> list[dict[str, Any]]:
        return compressor.compress(messages, target_chars=target, lang=lang).messages
    return run, compressor


def release(compressor: Any) -> None:
    """Stop a Compressor's stage threads (it has no public close; nothing to do without one)."""
    pool = getattr(compressor, "_pool", None)
    if pool is not None:
        pool.shutdown(wait=False)


def build(name: str, config: Any = None) -> tuple[System, Any]:
    """The named system, ready to run (models loaded); raises SystemUnavailable."""
    import time

    started = time.perf_counter()
    handle = None
    if name == "truncation":
        system = System(name, truncation(), "peer", 'langchain_core trim_messages(strategy="last", '
                        'start_on="human", include_system=True), character counter')
    elif name == "semantic-kernel":
        run = semantic_kernel()
        import semantic_kernel as sk
        where = Path(sk.__file__).resolve().parent.parent
        system = System(name, run, "peer", "ChatHistoryTruncationReducer(threshold_count=0), the largest "
                        f"target_count that fits the budget (semantic-kernel {getattr(sk, '__version__', '?')} "
                        f"from {where})")
    elif name == "rule-only":
        system = System(name, RuleOnly(), "baseline", "benchmarks/rule_only.py: numbers, negations, "
                        "lexicon terms; no models")
    elif name in ABLATIONS:
        run, handle = project(ABLATIONS[name], config)
        what = ", ".join(f"{k} = {v}" for k, v in ABLATIONS[name].items()) or "default config"
        system = System(name, run, "project" if name == "project" else "ablation", what,
                        close=lambda: release(handle))
        for lang, text in (("zh", "预算500元以内，明天下午别打电话，订单号A1042。"),
                           ("en", "Budget no more than $300, don't call me tomorrow, order A1042.")):
            warm = [{"role": "user", "content": text}, {"role": "assistant", "content": "OK."},
                    {"role": "user", "content": text}]
            run(warm, 40, lang)  # load the models outside the measured calls
    else:
        raise ValueError(f"unknown system {name!r}; known: {', '.join(SYSTEMS)}")
    system.load_s = round(time.perf_counter() - started, 2)
    return system, handle
