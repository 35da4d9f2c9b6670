"""The README's "Use it with LangChain, LangGraph and the OpenAI SDK" blocks run as written,
with a scripted model and tools and a loopback OpenAI-compatible server standing in."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integrations.agents import ScriptedModel, search_offers
from tests.llm.llm_scripted import ScriptedLLM, answer
from tests.integrations.test_openai import sdk_history

ROOT = Path(__file__).resolve().parents[2]


def blocks() -> list[str]:
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("### Use it with LangChain, LangGraph and the OpenAI SDK", 1)[1].split("\n## ", 1)[0]
    section = section.split("\n### ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_section_has_the_three_blocks():
    assert [("create_agent" in b, "create_react_agent" in b, "SqueezedCompletions" in b) for b in blocks()] == [
        (True, False, False), (False, True, False), (False, False, True)]


@pytest.mark.parametrize("index", [0, 1, 2], ids=["langchain", "langgraph", "openai"])
def test_readme_block_runs(index, capsys):
    from openai import OpenAI
    server = ScriptedLLM()
    server.script(answer("noted"))
    model = ScriptedModel()
    model.received = []
    scope = {"model": model, "tools": [search_offers], "history": sdk_history(),
             "client": OpenAI(base_url=server.url, api_key="test", max_retries=0)}
    try:
        exec(compile(blocks()[index], f"README block {index}", "exec"), scope)
    finally:
        server.close()
    if index < 2:
        assert model.received, "the agent never called its model"
    else:
        assert server.requests and "o200k" in capsys.readouterr().out


def test_the_langchain_example_script_runs():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "langchain_agent.py")],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    sent = re.search(r"the model was sent (\d+) \((\d+) o200k tokens\)", done.stdout)
    assert "for my parents, not me" in done.stdout and sent, done.stdout
    # (a summary and the newest turns within the middleware's keep of 2,000 tokens, which they use)
    assert int(sent[1]) >= 5 and 1500 <= int(sent[2]) <= 2000, done.stdout
