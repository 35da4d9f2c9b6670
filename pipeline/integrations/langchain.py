"""LangChain v1: a middleware for ``create_agent`` that compresses what the model is sent.

    from langchain.agents import create_agent
    from pipeline.integrations.langchain import SqueezeMiddleware

    agent = create_agent(model, tools, middleware=[SqueezeMiddleware(trigger=("tokens", 8000),
                                                                      keep=("tokens", 4000))])

``trigger`` and ``keep`` speak ``SummarizationMiddleware``'s vocabulary: ("tokens", n),
("messages", n) or ("fraction", f) of the model's ``profile["max_input_tokens"]``; ``keep`` is a
size (tokens or fraction): context-squeeze keeps whole turns up to a size, never a message count.
Unlike ``SummarizationMiddleware`` it does not rewrite the agent's state: the checkpoint keeps the
full history and every model call is compressed from it (warm calls reuse cached embeddings), so
nothing the user said is ever lost from the state, and no LLM is needed to summarise.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable, Sequence

from ..compressor import Compressor
from ..config import load_settings
from ..parse import message_size

try:
    from langchain_core.messages import BaseMessage, convert_to_messages, convert_to_openai_messages
except ImportError as exc:  # pragma: no cover - the message names the extra
    raise ImportError("pipeline.integrations.langchain needs langchain: "
                      "pip install 'context-squeeze[langchain]'") from exc

__all__ = ["SqueezeMiddleware", "Squeezer", "from_openai", "to_openai"]

log = logging.getLogger("pipeline.integrations")

Size = tuple[str, float]


def to_openai(messages: Sequence[BaseMessage]) -> list[dict[str, Any]]:
    """LangChain messages as OpenAI chat messages (what ``Compressor.compress`` reads)."""
    return list(convert_to_openai_messages(list(messages)))


def from_openai(messages: Sequence[dict[str, Any]]) -> list[BaseMessage]:
    return list(convert_to_messages(list(messages)))


class Squeezer:
    """The one compression step behind the middleware and the LangGraph hook: decide by
    ``trigger``, compress to ``keep``, hand back LangChain messages, keeping the caller's own
    message objects for every message that comes out unchanged (ids, metadata, provider blocks)."""

    def __init__(self, *, trigger: Size | Sequence[Size] = ("tokens", 8000), keep: Size = ("tokens", 4000),
                 unit: str = "o200k", compressor: Compressor | None = None,
                 config: dict[str, Any] | str | None = None) -> None:
        self.triggers = [trigger] if isinstance(trigger[0], str) else list(trigger)  # type: ignore[index]
        for kind, value in [*self.triggers, keep]:
            if kind not in ("tokens", "messages", "fraction") or not value > 0:
                raise ValueError(f"a size is ('tokens', n), ('messages', n) or ('fraction', f), not {(kind, value)!r}")
        if keep[0] == "messages":
            raise ValueError("keep=('messages', n): context-squeeze keeps whole turns up to a size; "
                             "give keep=('tokens', n) or ('fraction', f)")
        self.keep = keep
        if compressor is None:
            settings = load_settings(config if isinstance(config, dict) else None,
                                     file=config if isinstance(config, str) else None)
            compressor = Compressor(settings.with_overrides({"policy.unit": unit}))
        self.compressor = compressor

    def _limit(self, size: Size, max_input: int | None) -> int:
        kind, value = size
        if kind == "fraction":
            if not max_input:
                raise ValueError("a ('fraction', f) size needs the model's profile['max_input_tokens']; "
                                 "give ('tokens', n) instead")
            return int(max_input * value)
        return int(value)

    def should_squeeze(self, history: list[dict[str, Any]], size: int, max_input: int | None) -> bool:
        return any((len(history) if kind == "messages" else size) > self._limit((kind, value), max_input)
                   for kind, value in self.triggers)

    def __call__(self, messages: Sequence[BaseMessage], *, max_input: int | None = None,
                 now: Any = None) -> list[BaseMessage] | None:
        """The messages to send instead, or None when the history is under the trigger."""
        history = to_openai(messages)
        size = sum(message_size(m, self.compressor.measure) for m in history)
        if not self.should_squeeze(history, size, max_input):
            return None
        result = self.compressor.compress(history, target_chars=self._limit(self.keep, max_input), now=now)
        report = result.report
        log.info("squeezed %d messages, %d -> %d %s (%s)", len(history), report["size_before"],
                 report["size_after"], report["unit"], report["action"])
        return self._originals(messages, history, result.messages)

    @staticmethod
    def _originals(messages: Sequence[BaseMessage], history: list[dict[str, Any]],
                   out: list[dict[str, Any]]) -> list[BaseMessage]:
        """Each output message as the caller's object when it came through unchanged, else
        converted (the summary, a trimmed tool result). Matched from the end: the verbatim tail
        is a suffix of the history, so a repeated text ("yes") maps to its own position."""
        kept: list[BaseMessage] = []
        end = len(history)
        for message in reversed(out):
            match = next((i for i in range(end - 1, -1, -1) if history[i] == message), None)
            if match is None:
                kept.extend(reversed(from_openai([message])))
            else:
                kept.append(messages[match])
                end = match
        return kept[::-1]


def _max_input(model: Any) -> int | None:
    profile = getattr(model, "profile", None)
    return profile.get("max_input_tokens") if isinstance(profile, dict) else None


try:
    from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse
except ImportError:  # langchain-core alone: the converters and Squeezer still work
    AgentMiddleware = object  # type: ignore[assignment,misc]


class SqueezeMiddleware(AgentMiddleware):  # type: ignore[misc,valid-type]
    """Compresses ``request.messages`` before each model call; the agent's state is untouched."""

    def __init__(self, *, trigger: Size | Sequence[Size] = ("tokens", 8000), keep: Size = ("tokens", 4000),
                 unit: str = "o200k", compressor: Compressor | None = None,
                 config: dict[str, Any] | str | None = None) -> None:
        if AgentMiddleware is object:
            raise ImportError("SqueezeMiddleware needs langchain>=1: pip install 'context-squeeze[langchain]'")
        super().__init__()
        self.squeezer = Squeezer(trigger=trigger, keep=keep, unit=unit, compressor=compressor, config=config)

    def wrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]) -> Any:
        messages = self.squeezer(request.messages, max_input=_max_input(request.model))
        return handler(request if messages is None else request.override(messages=messages))

    async def awrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], Any]) -> Any:
        # CPU work: off the event loop, so other agents in this process keep running
        messages = await asyncio.to_thread(self.squeezer, request.messages, max_input=_max_input(request.model))
        return await handler(request if messages is None else request.override(messages=messages))
