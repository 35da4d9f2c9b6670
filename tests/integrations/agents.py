"""A scripted chat model and a heavy tool for running real LangChain / LangGraph agent loops
offline: the model records every list of messages it is sent."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool

from pipeline.integrations.langchain import to_openai
from pipeline.parse import message_size
from pipeline.units import counter_for


class ScriptedModel(BaseChatModel):
    """Asks the tool once per user turn, then answers from its result."""

    received: list[list[BaseMessage]] = []

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Any, **kwargs: Any) -> "ScriptedModel":
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self.received.append(list(messages))
        last = messages[-1]
        turn = sum(isinstance(m, HumanMessage) for m in messages)
        if isinstance(last, ToolMessage):
            reply = AIMessage(f"Here are the options for request {turn}: the first fits best, "
                              "it is refundable and within what you asked for.")
        else:
            reply = AIMessage("", tool_calls=[{"id": f"call_{len(self.received)}", "name": "search_offers",
                                               "args": {"query": last.content[:40], "page": turn}}])
        return ChatResult(generations=[ChatGeneration(message=reply)])


@tool
def search_offers(query: str, page: int) -> str:
    """Search offers (a long JSON result, as real tools return)."""
    return json.dumps({"query": query, "page": page, "results": [
        {"id": f"OF{page:03d}{i}", "title": f"Offer {i} for {query}", "price": 120 + 7 * i,
         "refundable": i % 2 == 0, "notes": "Free cancellation until 24 hours before. " * 3}
        for i in range(8)]})


def tokens(messages: list[BaseMessage]) -> int:
    count = counter_for("o200k")
    return sum(message_size(m, count) for m in to_openai(messages))


def pairs_intact(messages: list[BaseMessage]) -> bool:
    """Every call has its result after it, and every result answers an earlier call."""
    called: set[str] = set()
    answered: set[str] = set()
    for message in messages:
        if isinstance(message, AIMessage):
            called |= {c["id"] for c in message.tool_calls}
        if isinstance(message, ToolMessage):
            if message.tool_call_id not in called:
                return False
            answered.add(message.tool_call_id)
    return called == answered


def text(messages: list[BaseMessage]) -> str:
    return "\n".join(m.content if isinstance(m.content, str) else json.dumps(m.content, ensure_ascii=False)
                     for m in messages)
