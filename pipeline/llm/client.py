"""A client for any OpenAI-compatible chat-completions endpoint (llama.cpp server, Ollama,
vLLM, LM Studio, a hosted API), on httpx, with a synchronous and an asyncio entry point.

Everything that can go wrong on the wire ends as one ``LLMCallError`` whose ``kind`` names it
(timeout, connection_error, http_error, malformed_response, empty_output, finish_reason), so
the summariser can fall back and say why. httpx is imported here, on first use, never by
``import pipeline``.

    client = ChatClient(settings)          # llm.base_url, llm.model, llm.api_key_env, ...
    client.complete([{"role": "user", "content": "hi"}]).text
    await client.acomplete(messages)
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..config import Settings
from ..errors import ConfigError, Errors

if TYPE_CHECKING:
    import httpx

__all__ = ["ChatClient", "Completion", "LLMCallError", "endpoint_of"]

_PATH = "/chat/completions"


class LLMCallError(Exception):
    """One failed call: ``kind`` is what failed, ``detail`` the particulars, for the report."""

    def __init__(self, kind: str, detail: str) -> None:
        self.kind, self.detail = kind, detail
        super().__init__(f"{kind}: {detail}")


@dataclass(frozen=True)
class Completion:
    """The text of one answer and how it ended."""

    text: str
    finish_reason: str | None
    model: str | None = None
    usage: Mapping[str, Any] = field(default_factory=dict)
    ms: float = 0.0


def endpoint_of(base_url: str) -> str:
    """``http://host:8080/v1`` → ``http://host:8080/v1/chat/completions``; a full endpoint
    is kept as given."""
    url = base_url.strip().rstrip("/")
    return url if url.endswith(_PATH) else url + _PATH


class ChatClient:
    """Chat completions over HTTP; one connection pool per client for the sync path."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        if not settings["llm.base_url"] or not settings["llm.model"]:
            raise ConfigError(Errors.E022, detail="the LLM summary needs llm.base_url and llm.model "
                                                  "(--llm-url and --llm-model)")
        self.url = endpoint_of(settings["llm.base_url"])
        self.model = settings["llm.model"]
        key_env = settings["llm.api_key_env"]
        if key_env and key_env not in os.environ:
            raise ConfigError(Errors.E022, detail=f"llm.api_key_env names {key_env!r}, "
                                                  "which is not set in the environment")
        self._key_env = key_env
        self.timeout = float(settings["llm.timeout_seconds"])
        self.accepted = tuple(settings["llm.accept_finish_reasons"])
        self._sync: httpx.Client | None = None

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self._key_env:  # read at call time: a rotated key is picked up
            headers["Authorization"] = f"Bearer {os.environ.get(self._key_env, '')}"
        return headers

    def payload(self, messages: Sequence[Mapping[str, str]], max_tokens: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [dict(m) for m in messages],
            "max_tokens": max_tokens or self.settings["llm.max_output_tokens"],
            "temperature": self.settings["llm.temperature"],
            "stream": False,
        }
        if self.settings["llm.json_mode"]:
            body["response_format"] = {"type": "json_object"}
        return body

    def complete(self, messages: Sequence[Mapping[str, str]], max_tokens: int | None = None) -> Completion:
        """One answer, synchronously."""
        import httpx

        if self._sync is None:
            self._sync = httpx.Client(timeout=httpx.Timeout(self.timeout))
        started = time.perf_counter()
        try:
            response = self._sync.post(self.url, json=self.payload(messages, max_tokens),
                                       headers=self._headers())
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from exc
        return self._read(response.status_code, response.content, started)

    async def acomplete(self, messages: Sequence[Mapping[str, str]],
                        max_tokens: int | None = None) -> Completion:
        """One answer, in the running event loop (one short-lived connection pool per call)."""
        import httpx

        started = time.perf_counter()
        try:
            async with httpx.AsyncClient(timeout=httpx.Timeout(self.timeout)) as client:
                response = await client.post(self.url, json=self.payload(messages, max_tokens),
                                             headers=self._headers())
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from exc
        return self._read(response.status_code, response.content, started)

    def close(self) -> None:
        if self._sync is not None:
            self._sync.close()
            self._sync = None

    def _transport_error(self, exc: Exception) -> LLMCallError:
        import httpx

        if isinstance(exc, httpx.TimeoutException):
            return LLMCallError("timeout", f"no answer from {self.url} within {self.timeout:g} s")
        return LLMCallError("connection_error", f"{type(exc).__name__} calling {self.url}: {exc}")

    def _read(self, status: int, body: bytes, started: float) -> Completion:
        ms = round((time.perf_counter() - started) * 1000, 3)
        if status >= 400:
            excerpt = body[:200].decode("utf-8", "replace").strip()
            raise LLMCallError("http_error", f"HTTP {status} from {self.url}: {excerpt}")
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            raise LLMCallError("malformed_response", f"the response body is not JSON: {exc}") from exc
        try:
            choice = data["choices"][0]
            message = choice.get("message") or {}
            content = message.get("content")
            finish = choice.get("finish_reason")
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise LLMCallError("malformed_response", "the response has no choices[0].message") from exc
        if content is not None and not isinstance(content, str):
            raise LLMCallError("malformed_response", f"message.content is a {type(content).__name__}")
        if finish not in self.accepted:
            raise LLMCallError("finish_reason", f"finish_reason {finish!r} (accepted: "
                                                f"{', '.join(self.accepted)}): the answer is incomplete")
        if not content or not content.strip():
            raise LLMCallError("empty_output", "the answer is empty")
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        return Completion(content, finish, data.get("model"), usage, ms)
