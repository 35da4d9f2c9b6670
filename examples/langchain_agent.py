"""A LangChain v1 agent whose model calls go through SqueezeMiddleware, run offline.

    python examples/langchain_agent.py        (needs: pip install 'context-squeeze[langchain]')

The model here is a stand-in that calls a tool once per user turn and then answers, so the
example runs without a key; put your own (``init_chat_model("openai:gpt-4o-mini")``) in its
place. It prints what the model was sent on the last call: the full history stays in the
agent's state, the model gets a summary plus the newest turns, within the budget.
"""

from __future__ import annotations

import itertools
import json
from typing import ClassVar, Iterator

from langchain.agents import create_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver

from pipeline.integrations.langchain import SqueezeMiddleware, to_openai
from pipeline.parse import message_size
from pipeline.units import counter_for


class StandInModel(BaseChatModel):
    """Calls ``search_hotels`` for each new user turn, then answers; remembers what it was sent."""

    last_sent: list = []
    calls: ClassVar[Iterator[int]] = itertools.count(1)  # ids must be unique: a reused one joins turns (W010)

    @property
    def _llm_type(self) -> str:
        return "stand-in"

    def bind_tools(self, tools, **kwargs):  # type: ignore[no-untyped-def]
        return self

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):  # type: ignore[no-untyped-def]
        self.last_sent = list(messages)
        if isinstance(messages[-1], ToolMessage):
            reply = AIMessage("The first one fits: refundable, downtown, under your cap.")
        else:
            reply = AIMessage("", tool_calls=[{"id": f"call_{next(self.calls)}", "name": "search_hotels",
                                               "args": {"query": messages[-1].content[:60]}}])
        return ChatResult(generations=[ChatGeneration(message=reply)])


@tool
def search_hotels(query: str) -> str:
    """Search hotels."""
    return json.dumps([{"id": f"H{i:03d}", "name": f"Hotel {i}", "price": 140 + 9 * i,
                        "refundable": i % 2 == 0, "note": "Breakfast included. " * 4} for i in range(8)])


def main() -> None:
    model = StandInModel()
    agent = create_agent(model, [search_hotels], system_prompt="You book hotels.",
                         middleware=[SqueezeMiddleware(trigger=("tokens", 3000), keep=("tokens", 2000))],
                         checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "example"}}
    turns = ["I need a hotel in Portland for my parents, not me. No more than $180 per night, "
             "and don't call me before 9am."] + [f"Any other options near stop {i}?" for i in range(25)]
    for text in turns:
        state = agent.invoke({"messages": [HumanMessage(text)]}, config)
    sent = model.last_sent
    tokens = sum(message_size(m, counter_for("o200k")) for m in to_openai(sent))
    print(f"state: {len(state['messages'])} messages; the model was sent {len(sent)} ({tokens} o200k tokens)")
    summary = next(m for m in sent if m.name == "__squeeze_summary__")
    print(summary.content[:400])


if __name__ == "__main__":
    main()
