"""The bundled examples, run through the real CLI: what a user sees must hold what they said."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CONFIG = EXAMPLES / "config.toml"
runner = CliRunner()

# (file, phrases the summary must hold verbatim)
MUST_KEEP = [
    ("zh_repair.json", ["申请先别提交", "GX7K2M9QPL", "可能有质量问题", "预算500元以内", "不要寄顺丰到付",
                        "下周三下午3点"]),
    ("zh_return.json", ["先不要提交退货申请", "A1042", "399元", "别打电话"]),
    ("en_insurance.json", ["for my parents, not me", "no more than $300", "must be refundable",
                           "don't call me", "may have a heart condition"]),
    ("en_booking.json", ["No shellfish", "never before 9am", "No more than $180 per night",
                         "must have free cancellation", "table for 4"]),
]


def compress(name: str, *args: str) -> dict:
    result = runner.invoke(app, ["compress", str(EXAMPLES / name), "--config", str(CONFIG), *args])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(("name", "phrases"), MUST_KEEP, ids=[m[0] for m in MUST_KEEP])
def test_example_compacts_and_keeps_constraints(name: str, phrases: list[str]) -> None:
    original = json.loads((EXAMPLES / name).read_text("utf-8"))
    out = compress(name)
    report, messages = out["report"], out["messages"]
    assert report["action"] == "compact"
    assert report["chars_after"] < report["chars_before"] / 2
    summaries = [m for m in messages if m.get("name") == "__squeeze_summary__"]
    assert len(summaries) == 1 and set(summaries[0]) == {"role", "name", "content"}
    for phrase in phrases:
        assert phrase in summaries[0]["content"], phrase
    # system prompt first and unchanged; the tail is the original's suffix, byte for byte
    assert messages[0] == original["messages"][0]
    tail = messages[messages.index(summaries[0]) + 1:]
    assert tail == original["messages"][-len(tail):]
    assert tail[0]["role"] == "user"


def test_pending_call_stays_verbatim_in_the_tail() -> None:
    original = json.loads((EXAMPLES / "en_booking.json").read_text("utf-8"))
    pending = next(m for m in original["messages"]
                   if any(c["id"] == "call_7" for c in m.get("tool_calls") or []))
    out = compress("en_booking.json")
    assert pending in out["messages"]
    summary = next(m for m in out["messages"] if m.get("name") == "__squeeze_summary__")
    assert "call_7" not in summary["content"] and "book_table" not in summary["content"]


def test_target_chars_and_annotate() -> None:
    out = compress("zh_return.json", "--target-chars", "2500", "--annotate")
    assert out["report"]["chars_after"] <= 2500
    summary = next(m for m in out["messages"] if m.get("name") == "__squeeze_summary__")
    assert summary["metadata"]["squeeze"]["covered"] == out["report"]["covered"]
    assert "先不要提交退货申请" in summary["content"]


def test_inspect_shows_the_cut_and_the_summary() -> None:
    result = runner.invoke(app, ["inspect", str(EXAMPLES / "zh_repair.json"), "--config", str(CONFIG)])
    assert result.exit_code == 0, result.stderr
    assert "compact" in result.stdout and "summary" in result.stdout
    assert "申请先别提交" in result.stdout


def test_inspect_html_writes_one_page_with_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    result = runner.invoke(app, ["inspect", str(EXAMPLES / "zh_repair.json"), "--config",
                                 str(CONFIG), "--html", str(out)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"wrote {out}") and "compact" in result.stdout
    page = out.read_text("utf-8")
    summary = compress("zh_repair.json")["messages"][1]["content"]
    assert page.startswith("<!DOCTYPE html>") and "申请先别提交" in page
    assert summary.splitlines()[0] in page
    failed = runner.invoke(app, ["inspect", str(EXAMPLES / "zh_repair.json"), "--config",
                                 str(CONFIG), "--html", str(tmp_path / "no" / "such" / "dir.html")])
    assert failed.exit_code == 2 and failed.stderr.startswith("[E016]")
    assert "Traceback" not in failed.stderr


def test_console_script_reads_stdin_and_reports_errors_without_traceback() -> None:
    exe = Path(sys.executable).with_name("squeeze")
    good = subprocess.run([str(exe), "compress", "-"], input=b'[{"role": "user", "content": "hi"}]',
                          capture_output=True, check=False)
    assert good.returncode == 0 and json.loads(good.stdout)["report"]["action"] == "none"
    bad = subprocess.run([str(exe), "compress", "-"], input=b'{"messages": [{"role": "user"',
                         capture_output=True, check=False)
    assert bad.returncode == 2 and bad.stdout == b""
    assert bad.stderr.decode().startswith("[E001]") and b"Traceback" not in bad.stderr


def test_session_commands_round_trip(tmp_path: Path) -> None:
    """append → context (compacts) → show → export → delete an event → delete all."""
    store = ["--store", str(tmp_path / "s.db"), "--config", str(CONFIG)]
    original = json.loads((EXAMPLES / "zh_return.json").read_text("utf-8"))
    appended = runner.invoke(app, ["session", "append", "chat-1", str(EXAMPLES / "zh_return.json"), *store])
    assert appended.exit_code == 0, appended.stderr
    ids = json.loads(appended.stdout)
    assert len(ids) == len(original["messages"])

    context = runner.invoke(app, ["session", "context", "chat-1", "--force", "--budget", "6000", *store])
    assert context.exit_code == 0, context.stderr
    result = json.loads(context.stdout)
    assert result["report"]["commit"] == "committed" and result["report"]["snapshot_version"] == 1
    summary = next(m["content"] for m in result["messages"] if m.get("name") == "__squeeze_summary__")
    assert "先不要提交退货申请" in summary

    shown = json.loads(runner.invoke(app, ["session", "show", "chat-1", *store]).stdout)
    assert shown["events"] == len(ids) and shown["snapshots"][0]["valid"] is True
    assert shown["audits"][0]["outcome"] == "committed" and shown["snapshot"]["snapshot_version"] == 1
    listed = json.loads(runner.invoke(app, ["session", "show", *store]).stdout)
    assert listed == {"sessions": ["chat-1"]}

    out = tmp_path / "log.jsonl"
    assert runner.invoke(app, ["session", "export", "chat-1", "-o", str(out), *store]).exit_code == 0
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert [line["message"] for line in lines] == original["messages"]  # the log is the input, unaltered

    cited = result["snapshot"]["constraints"][0]["source"][0]
    deleted = runner.invoke(app, ["session", "delete", "chat-1", "--event", cited, *store])
    assert json.loads(deleted.stdout) == {"deleted": [cited], "invalidated_snapshots": [1]}
    shown = json.loads(runner.invoke(app, ["session", "show", "chat-1", *store]).stdout)
    assert shown["events"] == len(ids) - 1 and shown["snapshots"][0]["valid"] is False
    assert shown["snapshot"] is None

    assert runner.invoke(app, ["session", "delete", "chat-1", "--all", *store]).exit_code == 0
    gone = runner.invoke(app, ["session", "show", "chat-1", *store])
    assert gone.exit_code == 2 and gone.stderr.startswith("[E040]") and "Traceback" not in gone.stderr


def test_session_append_refuses_bad_input_with_a_numbered_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"role": "user", "content": "hi"}, {"role": "robot", "content": "x"}]', "utf-8")
    result = runner.invoke(app, ["session", "append", "s", str(bad), "--store", str(tmp_path / "s.db")])
    assert result.exit_code == 2 and result.stderr.startswith("[E003]")
    missing = runner.invoke(app, ["session", "show", "s", "--store", str(tmp_path / "s.db")])
    assert missing.exit_code == 2 and missing.stderr.startswith("[E040]")  # nothing was appended


def test_version_is_the_installed_one() -> None:
    from importlib.metadata import version

    import pipeline

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"context-squeeze {pipeline.__version__}"
    assert pipeline.__version__ == version("context-squeeze")


def test_a_one_shot_command_reads_english_entities_in_its_own_process() -> None:
    """``models.ner_apart`` pays only in a process that keeps running: a command that compresses
    once loads spaCy beside the embedding process's model rather than waiting for that process
    to load it after its own (one-shot en 2.0 s against 2.6 s)."""
    from pipeline.cli import _compressor

    compressor, _ = _compressor(None, {})
    assert compressor.settings["models.ner_apart"] == []
    turns = [{"role": "user" if i % 2 == 0 else "assistant",
              "content": f"Turn {i}: I'm flying to Lisbon with Maria Santos; keep it under ${i}00."}
             for i in range(12)]
    result = compressor.compress(turns, target_chars=500, lang="en")
    assert result.report["action"] == "compact"
    assert type(compressor._loaded["en"]["entities"]).__name__ == "EntityRecognizer"
    assert "Lisbon" in {f["text"] for f in result.snapshot["persistent"]}
