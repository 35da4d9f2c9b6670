"""SqueezeMiddleware in a real LangChain v1 ``create_agent`` loop of 40+ turns with a scripted
model and a heavy tool: every model call gets a history within budget, with tool pairs intact
and the user's prohibitions present, while the agent's state keeps every message."""

from __future__ import annotations

import asyncio

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from pipeline.integrations.langchain import SqueezeMiddleware, Squeezer, from_openai, to_openai
from tests.integrations.agents import ScriptedModel, pairs_intact, search_offers, text, tokens

# (lang, the first turn with the prohibitions, phrases that must reach every model call, filler turns)
SESSIONS = [
    ("en", "I'm booking for my parents, not me. Don't call me before 9am, and no basic economy.",
     ["for my parents, not me", "Don't call me before 9am", "no basic economy"],
     "Show me more options for the trip on day {i}, with a window seat if possible."),
    ("zh", "这次是给我父母订的，不是我。早上9点前别给我打电话，不要廉价经济舱。",
     ["给我父母订的", "9点前别给我打电话", "不要廉价经济舱"],
     "第{i}天的行程再帮我看看别的选择，最好靠窗。"),
]
KEEP = 2500


def run_agent(lang: str, first: str, filler: str, turns: int = 42) -> tuple[ScriptedModel, list]:
    model = ScriptedModel()
    model.received = []
    agent = create_agent(model, [search_offers], system_prompt="You are a travel assistant.",
                         middleware=[SqueezeMiddleware(trigger=("tokens", 4000), keep=("tokens", KEEP))],
                         checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": f"t-{lang}"}}
    state: dict = {}
    for i in range(turns):
        state = agent.invoke({"messages": [HumanMessage(first if i == 0 else filler.format(i=i))]}, config)
    return model, state["messages"]


@pytest.mark.parametrize(("lang", "first", "must", "filler"), SESSIONS, ids=[s[0] for s in SESSIONS])
def test_every_model_call_is_within_budget_paired_and_keeps_the_prohibitions(lang, first, must, filler):
    model, history = run_agent(lang, first, filler)
    assert sum(isinstance(m, HumanMessage) for m in history) == 42     # the state lost nothing
    assert len(model.received) == 84                                    # a call and an answer per turn
    squeezed = [sent for sent in model.received if len(sent) < 1 + 4 * 42 and any(
        m.name == "__squeeze_summary__" for m in sent)]
    assert len(squeezed) > 60, "the history never grew past the trigger"
    for sent in model.received:
        assert pairs_intact(sent)
        assert tokens(sent) <= max(KEEP, 4000)   # under the trigger it is sent as it is
        for phrase in must:
            assert phrase in text(sent), (phrase, text(sent)[:600])
    for sent in squeezed:
        assert tokens(sent) <= KEEP
        assert isinstance(sent[-1], (HumanMessage, ToolMessage))      # the current turn is last
    # the newest messages go to the model as the same objects the state holds
    last = model.received[-1]
    assert last[-1] is not None and last[-1].id == history[-2].id


def test_async_agent_goes_through_awrap_model_call():
    model = ScriptedModel()
    model.received = []
    agent = create_agent(model, [search_offers], middleware=[SqueezeMiddleware(trigger=("tokens", 3000),
                                                                                keep=("tokens", 2000))],
                         checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "async"}}

    async def loop() -> None:
        await agent.ainvoke({"messages": [HumanMessage("No shellfish, and never book before 9am.")]}, config)
        for i in range(12):
            await agent.ainvoke({"messages": [HumanMessage(f"Another search for day {i}, please.")]}, config)

    asyncio.run(loop())
    assert any(m.name == "__squeeze_summary__" for m in model.received[-1])
    assert all(tokens(sent) <= 3000 and pairs_intact(sent) for sent in model.received)
    assert "No shellfish" in text(model.received[-1])


def test_fraction_reads_the_model_profile_and_messages_trigger():
    history = [SystemMessage("You help with returns.")]
    for i in range(30):
        history += [HumanMessage(f"Order A10{i:02d}: don't submit the return yet, I may keep it."),
                    AIMessage("Understood, I will wait for your go-ahead. " * 8)]
    squeezer = Squeezer(trigger=("messages", 40), keep=("fraction", 0.25))
    sent = squeezer(history, max_input=4000)
    assert sent is not None and tokens(sent) <= 1000 and sent[0] is history[0]
    assert Squeezer(trigger=("messages", 80), keep=("tokens", 500))(history) is None  # 61 messages
    with pytest.raises(ValueError, match="profile"):
        squeezer(history, max_input=None)


@pytest.mark.parametrize("keep", [("messages", 20), ("words", 3), ("tokens", 0)])
def test_sizes_outside_the_vocabulary_are_refused(keep):
    with pytest.raises(ValueError):
        Squeezer(keep=keep)


def test_conversion_round_trips_tool_calls():
    messages = [HumanMessage("find flights"),
                AIMessage("", tool_calls=[{"id": "c1", "name": "search", "args": {"to": "PDX"}}]),
                ToolMessage('{"flights": 2}', tool_call_id="c1"), AIMessage("Two flights.")]
    back = from_openai(to_openai(messages))
    assert [type(m) for m in back] == [type(m) for m in messages]
    assert back[1].tool_calls[0]["args"] == {"to": "PDX"} and back[2].tool_call_id == "c1"


def test_a_repeated_message_maps_to_its_own_object():
    """"yes" said early and again in the tail: the model gets the tail's own object (its id)."""
    history = []
    for i in range(24):
        history += [HumanMessage("yes" if i in (2, 23) else f"Order B7{i:02d}: don't ship it before Friday.",
                                 id=f"h{i}"),
                    AIMessage("Noted, holding it until you confirm. " * 6, id=f"a{i}")]
    sent = Squeezer(trigger=("tokens", 500), keep=("tokens", 400))(history)
    assert sent is not None and sent[-2].content == "yes" and sent[-2].id == "h23"
    assert sent[-1] is history[-1]
