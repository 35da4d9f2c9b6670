"""How the LLM summary is turned on: the config, the API, the CLI; off, it costs nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from llm_scripted import BASE, CONVERSATIONS, GOOD, TARGET, ScriptedLLM, answer
from typer.testing import CliRunner

from pipeline import Compressor, ConfigError, load_settings
from pipeline.cli import app
from pipeline.llm import LLMSummarizer

ROOT = Path(__file__).resolve().parents[2]


def test_off_by_default() -> None:
    assert load_settings()["llm.enabled"] is False
    assert Compressor(load_settings(BASE)).llm is None


def test_the_config_turns_it_on(server: ScriptedLLM) -> None:
    def count(text: str) -> int:
        return len(text) // 2

    compressor = Compressor({**BASE, "llm.enabled": True, "llm.base_url": server.url, "llm.model": "m"},
                            counter=count)
    assert isinstance(compressor.llm, LLMSummarizer) and compressor.llm.measure is count
    server.script(answer(GOOD["zh"]))
    result = compressor.compress(CONVERSATIONS["zh"], target_chars=TARGET["zh"] // 2)  # in counter units
    assert result.report["summary_path"] == "accepted"


def test_an_explicit_summarizer_wins(server: ScriptedLLM) -> None:
    mine = LLMSummarizer(load_settings({"llm.base_url": server.url, "llm.model": "mine"}))
    compressor = Compressor({**BASE, "llm.enabled": True, "llm.base_url": server.url, "llm.model": "m"},
                            llm=mine)
    assert compressor.llm is mine


def test_turned_on_without_an_endpoint_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as caught:
        Compressor({**BASE, "llm.enabled": True})
    assert caught.value.code == "E022"


@pytest.mark.parametrize(("key", "value"), [("llm.max_retries", -1), ("llm.retry_shrink", 0.0),
                                            ("llm.target_ratio", 1.5)])
def test_bad_llm_settings(key: str, value: float) -> None:
    with pytest.raises(ConfigError) as caught:
        LLMSummarizer(load_settings({"llm.base_url": "http://127.0.0.1:1/v1", "llm.model": "m", key: value}))
    assert caught.value.code == "E021"


def test_httpx_is_imported_only_when_the_llm_is_used() -> None:
    code = ("import sys, pipeline; from pipeline import Compressor; "
            "Compressor({'stages.enabled': ['facts', 'state']}); "
            "assert 'httpx' not in sys.modules and 'pipeline.llm' not in sys.modules; print('ok')")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_cli_options(server: ScriptedLLM, tmp_path: Path, lang: str) -> None:
    source = tmp_path / "conv.json"
    source.write_text(json.dumps(CONVERSATIONS[lang], ensure_ascii=False), "utf-8")
    config = tmp_path / "config.toml"
    config.write_text('[policy]\nfill_target = false\n[stages]\nenabled = ["facts", "state"]\n')   # (as BASE)
    server.script(answer(GOOD[lang]))
    result = CliRunner().invoke(app, ["compress", str(source), "--config", str(config),
                                      "--target-chars", str(TARGET[lang]),
                                      "--llm-url", server.url, "--llm-model", "local-7b"])
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["report"]["summary_path"] == "accepted" and out["report"]["llm_attempts"][0]["findings"] == []
    assert server.requests[0]["model"] == "local-7b"
    assert out["messages"][1]["content"].splitlines()[1].endswith(GOOD[lang]["objective"])


def test_the_cli_names_a_missing_key(tmp_path: Path) -> None:
    source = tmp_path / "conv.json"
    source.write_text(json.dumps(CONVERSATIONS["en"]), "utf-8")
    result = CliRunner().invoke(app, ["compress", str(source), "--llm-url", "http://127.0.0.1:9/v1",
                                      "--llm-model", "m", "--llm-key-env", "SQUEEZE_NO_SUCH_KEY"])
    assert result.exit_code == 2
    assert result.stderr.startswith("[E022]") and "SQUEEZE_NO_SUCH_KEY" in result.stderr
