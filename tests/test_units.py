"""Token budgets end to end: one setting (policy.unit) makes every size, budget, target and
report count tokens, in the library, the CLI, batch and the service."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from benchmarks.generate import conversation
from pipeline import Compressor, ConfigError
from pipeline.cli import app
from pipeline.parse import message_size
from pipeline.service import create_app, exposure_warning
from pipeline.config import load_settings
from pipeline.units import counter_for

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
TOKENIZER = ROOT / "models" / "minilm-tokenizer.json"
runner = CliRunner()

# (unit, text, tokens): counts a user can check against tiktoken / the tokenizer itself
COUNTS = [
    ("chars", "预算500元以内", 8),
    ("o200k", "hello world", 2),
    ("cl100k", "hello world", 2),
    ("o200k", "don't call me before 9am", 7),    # don't| call| me| before| |9|am
    ("cl100k", "don't call me before 9am", 8),   # don|'t| call| me| before| |9|am
    (str(TOKENIZER), "hello world", 2),
    (str(TOKENIZER), "don't call me", 5),    # don ' t call me
]


@pytest.mark.parametrize(("unit", "text", "tokens"), COUNTS)
def test_counts(unit, text, tokens):
    assert counter_for(unit)(text) == tokens


def test_chinese_is_cheaper_in_o200k_than_in_cl100k():
    text = "下周三下午3点上门，申请先别提交"
    assert 0 < counter_for("o200k")(text) < counter_for("cl100k")(text) <= len(text)


@pytest.mark.parametrize("unit", ["o200k", "cl100k"])
def test_special_token_text_typed_by_a_user_is_counted_not_refused(unit):
    assert counter_for(unit)("<|endoftext|>") > 1


@pytest.mark.parametrize(("unit", "detail"), [("words", "expected chars, o200k"),
                                                ("/nowhere/tokenizer.json", "cannot load it")])
def test_an_unknown_unit_is_e026(unit, detail):
    with pytest.raises(ConfigError) as caught:
        Compressor({"policy.unit": unit})
    assert caught.value.code == "E026" and detail in caught.value.message


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("unit", ["o200k", str(TOKENIZER)])
def test_a_token_target_holds_in_tokens_and_the_report_names_its_unit(lang, unit):
    history = conversation(lang, 30, seed=3)
    count = counter_for(unit)
    result = Compressor({"policy.unit": unit}).compress(history, target_chars=600)
    report = result.report
    assert report["action"] == "compact" and report["unit"] == unit and report["target"] == 600
    assert report["size_after"] == sum(message_size(m, count) for m in result.messages) <= 600
    assert report["size_before"] == sum(message_size(m, count) for m in history["messages"])
    # chars stay chars whatever the unit
    assert report["chars_before"] == sum(message_size(m) for m in history["messages"])
    assert report["chars_after"] == sum(message_size(m) for m in result.messages)
    assert report["chars_after"] > report["size_after"]


def test_a_custom_counter_is_reported_as_custom():
    report = Compressor(counter=lambda text: len(text.split())).compress(
        conversation("en", 30, seed=1), target_chars=300).report
    assert report["unit"] == "custom" and report["size_after"] <= 300


def cli(*args: str):
    return runner.invoke(app, [*args])


def test_cli_target_tokens_counts_o200k_by_default():
    result = cli("compress", str(EXAMPLES / "en_insurance.json"), "--target-tokens", "400")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)["report"]
    assert (report["unit"], report["target"], report["action"]) == ("o200k", 400, "compact")
    assert report["size_after"] <= 400 < report["chars_after"]


def test_cli_unit_and_budget_in_tokens():
    result = cli("compress", str(EXAMPLES / "zh_repair.json"), "--unit", "cl100k", "--budget", "4000")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)["report"]
    assert report["unit"] == "cl100k" and report["action"] == "compact"  # 8,600 tokens > 0.8 × 4,000
    assert report["size_after"] <= 2000 < report["chars_before"]        # the low watermark, in tokens


@pytest.mark.parametrize(("args", "message"), [
    (["--unit", "o200k", "--target-chars", "500"], "use --target-tokens"),
    (["--unit", "chars", "--target-tokens", "500"], "use --target-chars"),
    (["--target-chars", "500", "--target-tokens", "500"], "not both"),
    (["--unit", "syllables"], "E026"),
])
def test_cli_refuses_a_target_in_the_wrong_unit(args, message):
    result = cli("compress", str(EXAMPLES / "en_insurance.json"), *args)
    assert result.exit_code == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_batch_counts_tokens_in_every_record(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(conversation(lang, 30, seed=i), ensure_ascii=False) + "\n"
                              for i, lang in enumerate(["zh", "en", "zh"])), "utf-8")
    out = tmp_path / "out.jsonl"
    result = cli("batch", str(source), "-o", str(out), "--workers", "1", "--no-progress",
                 "--target-tokens", "500")
    assert result.exit_code == 0, result.stderr
    reports = [json.loads(line)["report"] for line in out.read_text("utf-8").splitlines()]
    assert len(reports) == 3
    assert all(r["unit"] == "o200k" and r["size_after"] <= 500 for r in reports)


@pytest.fixture(scope="module")
def token_service():
    with TestClient(create_app({"policy.unit": "o200k"})) as client:
        while client.get("/readyz").status_code != 200:
            pass
        yield client


def test_service_takes_target_tokens_when_it_counts_tokens(token_service):
    history = conversation("en", 30, seed=2)
    answer = token_service.post("/v1/compress", json={**history, "target_tokens": 500})
    assert answer.status_code == 200, answer.text
    report = answer.json()["report"]
    assert report["unit"] == "o200k" and report["size_after"] <= 500
    wrong = token_service.post("/v1/compress", json={**history, "target_chars": 500})
    assert wrong.status_code == 400 and "E011" in wrong.text and "target_tokens" in wrong.text


def test_a_chars_service_refuses_target_tokens():
    with TestClient(create_app()) as client:
        while client.get("/readyz").status_code != 200:
            pass
        answer = client.post("/v1/compress?target_tokens=300", json=conversation("zh", 30, seed=2))
    assert answer.status_code == 400 and "E011" in answer.text and "target_chars" in answer.text


@pytest.mark.parametrize(("host", "token", "warned"), [
    ("127.0.0.1", None, False), ("::1", None, False), ("localhost", None, False),
    ("0.0.0.0", None, True), ("192.168.1.20", None, True), ("squeeze.internal", None, True),
    ("0.0.0.0", "s3cret", False),
])
def test_serving_beyond_loopback_without_a_token_warns(host, token, warned, monkeypatch):
    settings = load_settings()
    monkeypatch.delenv(settings["service.token_env"], raising=False)
    if token:
        monkeypatch.setenv(settings["service.token_env"], token)
    warning = exposure_warning(host, settings)
    assert (warning is not None) == warned
    if warned:
        assert warning.startswith("[W014]") and host in warning and "SQUEEZE_TOKEN" in warning


def test_log_level_is_checked():
    result = cli("--log-level", "loud", "--version")
    # --version is eager: it answers first; a bad level with a command is refused
    bad = cli("--log-level", "loud", "compress", str(EXAMPLES / "en_insurance.json"))
    assert result.exit_code == 0 and bad.exit_code == 2 and "--log-level" in bad.stderr


def test_the_summary_header_counts_chars_in_any_unit():
    """"…: 40 messages, 5260 chars]" must be chars even when budgets count tokens."""
    history = conversation("en", 30, seed=5)
    result = Compressor({"policy.unit": "o200k"}).compress(history, target_chars=600)
    header = result.messages[[m.get("name") for m in result.messages].index("__squeeze_summary__")]
    said = int(re.search(r"messages, (\d+) chars\]", header["content"]).group(1))
    prefix = history["messages"][:result.report["cut_index"]]
    assert said == sum(message_size(m) for m in prefix if m["role"] != "system")
