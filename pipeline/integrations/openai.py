"""The OpenAI SDK: compress the history, then call ``chat.completions.create`` with it.

    from openai import OpenAI
    from pipeline.integrations.openai import SqueezedCompletions

    chat = SqueezedCompletions(OpenAI(), target=8000, unit="o200k")
    response = chat.create(model="gpt-4o-mini", messages=history)   # history may hold SDK objects
    history.append(response.choices[0].message)                     # ...like this one
    chat.last_report["size_after"]                                   # what was sent, in o200k tokens

``history`` is never changed; the request carries the compressed copy. With ``AsyncOpenAI`` use
``await chat.acreate(...)`` (the compression runs in a worker thread).
"""

from __future__ import annotations

import asyncio
from typing import Any, Sequence

from ..compressor import Compressor
from ..config import load_settings

__all__ = ["SqueezedCompletions"]


class SqueezedCompletions:
    """``client.chat.completions.create`` with ``messages`` compressed first: to ``target`` (in
    ``unit``) when given, else by the policy (``policy.budget``: compact above its compact line)."""

    def __init__(self, client: Any, *, target: int | None = None, unit: str | None = None,
                 compressor: Compressor | None = None, config: dict[str, Any] | None = None) -> None:
        if compressor is None:
            overrides = {**(config or {}), **({"policy.unit": unit} if unit else {})}
            compressor = Compressor(load_settings(overrides))
        self.client, self.compressor, self.target = client, compressor, target
        self.last_report: dict[str, Any] | None = None

    def _squeeze(self, messages: Sequence[Any]) -> list[dict[str, Any]]:
        result = self.compressor.compress(list(messages), target_chars=self.target)
        self.last_report = result.report
        return result.messages

    def create(self, *, messages: Sequence[Any], **kwargs: Any) -> Any:
        return self.client.chat.completions.create(messages=self._squeeze(messages), **kwargs)

    async def acreate(self, *, messages: Sequence[Any], **kwargs: Any) -> Any:
        squeezed = await asyncio.to_thread(self._squeeze, messages)
        return await self.client.chat.completions.create(messages=squeezed, **kwargs)
