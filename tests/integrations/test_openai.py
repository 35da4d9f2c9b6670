"""The OpenAI SDK: its pydantic message objects are read as they are, and SqueezedCompletions
sends the compressed history through a real client to a scripted server on loopback."""

from __future__ import annotations

import asyncio
import copy
import json

import pytest
from openai import AsyncOpenAI, OpenAI
from openai.types.chat import ChatCompletionMessage

from pipeline import Compressor
from pipeline.integrations.openai import SqueezedCompletions
from pipeline.parse import message_size
from pipeline.units import counter_for
from tests.llm.llm_scripted import ScriptedLLM, answer


def sdk_history(turns: int = 24) -> list:
    """User turns as dicts, assistant turns as the SDK's response objects (one with a tool call)."""
    history: list = [{"role": "system", "content": "You help customers return orders."},
                     {"role": "user", "content": "订单A1042的破壁机可能有质量问题，但先别提交退货申请，预算500元以内。"}]
    for i in range(turns):
        if i == 3:
            history.append(ChatCompletionMessage(role="assistant", content=None, tool_calls=[
                {"id": "call_7", "type": "function", "function": {"name": "get_order",
                                                                   "arguments": '{"order_id": "A1042"}'}}]))
            history.append({"role": "tool", "tool_call_id": "call_7",
                            "content": json.dumps({"order": "A1042", "price": 399, "status": "delivered"})})
        history.append(ChatCompletionMessage(role="assistant", content=f"好的，第{i}个问题我记下了。" * 6))
        history.append({"role": "user", "content": f"第{i}个问题：换货要多久？能上门取件吗？"})
    return history


def test_sdk_objects_are_read_and_come_back_as_the_dicts_the_sdk_sends():
    history = sdk_history()
    result = Compressor().compress(history, target_chars=900)
    json.dumps(result.to_dict(), ensure_ascii=False)   # sendable and serialisable
    assert result.report["action"] == "compact"
    tail = result.messages[-3:]
    assert tail[0] == {"role": "user", "content": "第22个问题：换货要多久？能上门取件吗？"}
    assert tail[1] == {"role": "assistant", "content": history[-2].content}
    summary = next(m["content"] for m in result.messages if m.get("name") == "__squeeze_summary__")
    assert "先别提交退货申请" in summary and "A1042" in summary


def test_a_foreign_object_is_still_e008_with_a_hint():
    with pytest.raises(Exception) as caught:
        Compressor().compress([{"role": "user", "content": "hi"}, object()])
    assert caught.value.code == "E008" and "OpenAI SDK message" in caught.value.message


@pytest.fixture(scope="module")
def server():
    scripted = ScriptedLLM()
    yield scripted
    scripted.close()


def test_squeezed_completions_sends_the_compressed_history(server):
    server.script(answer("好的，先不提交，等您确认。"))
    history = sdk_history()
    before = copy.deepcopy(history)
    chat = SqueezedCompletions(OpenAI(base_url=server.url, api_key="test", max_retries=0),
                               target=600, unit="o200k")
    response = chat.create(model="scripted", messages=history, temperature=0)
    assert response.choices[0].message.content == "好的，先不提交，等您确认。"
    sent = server.requests[0]
    assert sent["model"] == "scripted" and sent["temperature"] == 0
    assert sum(message_size(m, counter_for("o200k")) for m in sent["messages"]) <= 600
    assert chat.last_report["unit"] == "o200k" and chat.last_report["size_after"] <= 600
    text = json.dumps(sent["messages"], ensure_ascii=False)
    assert "先别提交退货申请" in text and "预算500元以内" in text
    assert sent["messages"][-1]["content"] == history[-1]["content"]
    assert history == before                          # the caller's history is never changed
    # the response object goes straight back into the history for the next call
    history += [response.choices[0].message, {"role": "user", "content": "那就下周三下午3点上门取件吧。"}]
    server.script(answer("已安排。"))
    chat.create(model="scripted", messages=history)
    assert server.requests[0]["messages"][-2]["content"] == "好的，先不提交，等您确认。"


def test_async_client_and_acompress(server):
    server.script(answer("ok"))
    chat = SqueezedCompletions(AsyncOpenAI(base_url=server.url, api_key="test", max_retries=0), target=2000)

    async def call() -> tuple:
        compressed = await chat.compressor.acompress(sdk_history(), target_chars=2000)
        response = await chat.acreate(model="scripted", messages=sdk_history())
        return compressed, response

    compressed, response = asyncio.run(call())
    assert response.choices[0].message.content == "ok"
    assert server.requests[0]["messages"] == compressed.messages
