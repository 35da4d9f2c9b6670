"""LangGraph: a ``pre_model_hook`` that compresses what the model sees, not the graph's state.

    from langgraph.prebuilt import create_react_agent
    from pipeline.integrations.langgraph import squeeze_hook

    agent = create_react_agent(model, tools, pre_model_hook=squeeze_hook(keep=("tokens", 4000)))

The hook answers ``{"llm_input_messages": [...]}``, which LangGraph sends to the model while the
state keeps every message (see ``pipeline.integrations.langchain`` for ``trigger`` and ``keep``).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .langchain import Squeezer

__all__ = ["squeeze_hook"]


def squeeze_hook(**options: Any) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A pre-model hook; ``options`` are ``Squeezer``'s (trigger, keep, unit, compressor, config)."""
    squeezer = Squeezer(**options)

    def hook(state: Mapping[str, Any]) -> dict[str, Any]:
        squeezed = squeezer(state["messages"])
        return {"llm_input_messages": state["messages"] if squeezed is None else squeezed}

    hook.squeezer = squeezer  # type: ignore[attr-defined]
    return hook
