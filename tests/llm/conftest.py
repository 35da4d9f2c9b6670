"""Fixtures of the LLM tests: one scripted server for the session, the conversations' requests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from llm_scripted import BASE, CONVERSATIONS, TARGET, Capture, ScriptedLLM

from pipeline import Compressor, load_settings
from pipeline.types import SummaryRequest


@pytest.fixture(scope="session")
def llm_server() -> Iterator[ScriptedLLM]:
    server = ScriptedLLM()
    yield server
    server.close()


@pytest.fixture
def server(llm_server: ScriptedLLM) -> ScriptedLLM:
    llm_server.script()
    return llm_server


@pytest.fixture(scope="session")
def compressor() -> Compressor:
    return Compressor(load_settings(BASE))


@pytest.fixture(scope="session")
def requests_by_lang(compressor: Compressor) -> dict[str, SummaryRequest]:
    """The summary request each conversation makes (the real fact and state stages)."""
    out = {}
    capture = Capture()
    previous = compressor.llm
    compressor.llm = capture
    try:
        for lang, conv in CONVERSATIONS.items():
            compressor.compress(conv, target_chars=TARGET[lang])
            assert capture.request is not None
            out[lang] = capture.request
    finally:
        compressor.llm = previous
    return out
