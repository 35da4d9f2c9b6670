"""The chat-completions client against the scripted server: each failure has its kind."""

from __future__ import annotations

import asyncio
import json

import pytest
from llm_scripted import Reply, ScriptedLLM, answer, llm_settings

from pipeline import ConfigError, load_settings
from pipeline.llm import ChatClient, LLMCallError
from pipeline.llm.client import endpoint_of

MESSAGES = [{"role": "user", "content": "你好"}]


@pytest.mark.parametrize(("base", "endpoint"), [
    ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1/chat/completions"),
    ("http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/v1/chat/completions"),
    ("http://h/v1/chat/completions", "http://h/v1/chat/completions"),
])
def test_endpoint(base: str, endpoint: str) -> None:
    assert endpoint_of(base) == endpoint


def test_an_answer(server: ScriptedLLM) -> None:
    server.script(answer("好的"))
    completion = ChatClient(llm_settings(server.url)).complete(MESSAGES)
    assert (completion.text, completion.finish_reason, completion.model) == ("好的", "stop", "scripted")
    assert completion.usage["total_tokens"] == 2 and completion.ms > 0
    assert server.requests[0]["messages"] == MESSAGES


def test_an_answer_in_asyncio(server: ScriptedLLM) -> None:
    server.script(answer("ok"), answer("again"))
    client = ChatClient(llm_settings(server.url))

    async def both() -> list[str]:
        first = await client.acomplete(MESSAGES)
        second = await client.acomplete(MESSAGES, max_tokens=16)
        return [first.text, second.text]

    assert asyncio.run(both()) == ["ok", "again"]
    assert server.requests[1]["max_tokens"] == 16


ERRORS = [
    (Reply(content="x", delay=2.5), "timeout"),
    (Reply(status=503, raw=b"busy"), "http_error"),
    (Reply(status=401, raw=b'{"error": "bad key"}'), "http_error"),
    (Reply(raw=b"<html>proxy error</html>"), "malformed_response"),
    (Reply(raw=json.dumps({"choices": []}).encode()), "malformed_response"),
    (Reply(raw=json.dumps({"choices": [{"message": {"content": ["a"]}, "finish_reason": "stop"}]}).encode()),
     "malformed_response"),
    (Reply(content="half an ans", finish_reason="length"), "finish_reason"),
    (Reply(content="filtered", finish_reason="content_filter"), "finish_reason"),
    (Reply(content="   "), "empty_output"),
    (Reply(content=None), "empty_output"),
]


@pytest.mark.parametrize(("reply", "kind"), ERRORS)
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_failures_have_a_kind(server: ScriptedLLM, reply: Reply, kind: str, mode: str) -> None:
    server.script(reply)
    client = ChatClient(llm_settings(server.url, timeout_seconds=1.0))
    with pytest.raises(LLMCallError) as caught:
        if mode == "sync":
            client.complete(MESSAGES)
        else:
            asyncio.run(client.acomplete(MESSAGES))
    assert caught.value.kind == kind


def test_other_finish_reasons_can_be_accepted(server: ScriptedLLM) -> None:
    server.script(answer("done", finish_reason="eos"))
    client = ChatClient(llm_settings(server.url, accept_finish_reasons=["stop", "eos"]))
    assert client.complete(MESSAGES).text == "done"


@pytest.mark.parametrize(("overrides", "detail"), [
    ({"llm.base_url": "", "llm.model": "m"}, "needs llm.base_url and llm.model"),
    ({"llm.base_url": "http://127.0.0.1:1/v1", "llm.model": ""}, "needs llm.base_url and llm.model"),
    ({"llm.base_url": "http://127.0.0.1:1/v1", "llm.model": "m", "llm.api_key_env": "SQUEEZE_NO_SUCH_KEY"},
     "'SQUEEZE_NO_SUCH_KEY', which is not set"),
])
def test_settings_errors(overrides: dict, detail: str) -> None:
    with pytest.raises(ConfigError) as caught:
        ChatClient(load_settings(overrides))
    assert caught.value.code == "E022" and detail in caught.value.message
