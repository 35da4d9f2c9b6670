"""squeeze_hook as a LangGraph pre-model hook: the model sees a compressed history, the graph's
state keeps every message."""

from __future__ import annotations

import warnings

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from pipeline.integrations.langgraph import squeeze_hook
from tests.integrations.agents import ScriptedModel, pairs_intact, search_offers, text, tokens

with warnings.catch_warnings():  # create_react_agent is deprecated for create_agent, still shipped
    warnings.simplefilter("ignore")
    from langgraph.prebuilt import create_react_agent


def test_pre_model_hook_sends_a_squeezed_history_and_keeps_the_state():
    model = ScriptedModel()
    model.received = []
    agent = create_react_agent(model, [search_offers], checkpointer=InMemorySaver(),
                               pre_model_hook=squeeze_hook(trigger=("tokens", 3000), keep=("tokens", 2000)))
    config = {"configurable": {"thread_id": "graph"}}
    first = "订单A1042先别提交退货申请，我可能自己留着。"
    state = agent.invoke({"messages": [HumanMessage(first)]}, config)
    for i in range(30):
        state = agent.invoke({"messages": [HumanMessage(f"再查一下第{i}个方案的价格。")]}, config)
    assert sum(isinstance(m, HumanMessage) for m in state["messages"]) == 31   # nothing lost
    late = model.received[-10:]
    assert all(any(m.name == "__squeeze_summary__" for m in sent) for sent in late)
    for sent in model.received:
        assert pairs_intact(sent) and tokens(sent) <= 3000
        assert "先别提交退货申请" in text(sent) and "A1042" in text(sent)
