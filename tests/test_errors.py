"""Every numbered error: fed through the CLI, one line on stderr naming the place, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline import Compressor, ConfigError, InputError
from pipeline.cli import app

runner = CliRunner()


def run_cli(tmp_path: Path, payload: bytes | str, *args: str) -> tuple[int, str, str]:
    source = tmp_path / "in.json"
    source.write_bytes(payload.encode("utf-8") if isinstance(payload, str) else payload)
    result = runner.invoke(app, ["compress", str(source), *args])
    return result.exit_code, result.stdout, result.stderr


def dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False)


CALL = {"role": "assistant", "content": "",
        "tool_calls": [{"id": "c1", "type": "function",
                        "function": {"name": "lookup_order", "arguments": "{}"}}]}

CASES = [
    ("E001", '[{"role": "user", "content": "hi"', ["line 1"]),
    ("E002", "[]", ["empty"]),
    ("E003", dumps([{"role": "user", "content": "hi"}, {"role": "bot", "content": "x"}]),
     ["message 2", "'bot'"]),
    ("E004", dumps([{"role": "user", "content": "hi"},
                    {"role": "tool", "tool_call_id": "c9", "content": "{}"}]),
     ["message 2 (T2)", "'c9'"]),
    ("E005", dumps([{"role": "user", "content": 42}]), ["message 1 (U1)", "int"]),
    ("E006", dumps([{"role": "user", "content": "x" * 300}]), ["message 1 (U1)", "300", "limit of 100"]),
    ("E007", dumps({"history": []}), ["\"messages\""]),
    ("E008", dumps([{"role": "user", "content": "hi"}, "just text"]), ["message 2", "str"]),
    ("E009", dumps([{"role": "user", "content": "hi"}, CALL, {"role": "tool", "content": "{}"}]),
     ["message 3 (T3)", "tool_call_id"]),
    ("E010", dumps([{"role": "user", "content": "hi"},
                    {"role": "assistant", "content": "", "tool_calls": [{"type": "function"}]}]),
     ["message 2 (A2)", "call 0"]),
    ("E011", dumps({"messages": [{"role": "user", "content": "hi"}], "now": "next tuesday-ish"}),
     ["conversation", "next tuesday-ish"]),
    ("E012", dumps([{"role": "user", "content": "hi", "id": "m1"},
                    {"role": "assistant", "content": "yo", "id": "m1"}]), ["message 2", "'m1'"]),
    ("E013", b'[{"role": "user", "content": "\xff\xfe bad"}]', ["UTF-8", "byte"]),
    ("E017", "[" * 100_000 + "]" * 100_000, ["nested too deeply"]),
    ("E017", '{"messages": [{"role": "user", "content": "hi", "metadata": {"a": '
     + "[" * 100_000 + "]" * 100_000 + "}}]}", ["nested too deeply"]),
    ("E017", '[{"role": "user", "content": "hi", "n": ' + "9" * 5000 + "}]", ["digits"]),
    ("E017", '[{"role": "user", "content": "caf\\ud800e"}]', ["lone surrogate \\ud800", "line 1"]),
    ("E017", '[{"role": "user", "content": "ok \\ud83d\\ude00",\n "name": "\\udc00"}]',
     ["lone surrogate \\udc00", "line 2"]),
]
# a time, a zone, a language or a target of the wrong kind or out of range: E011 naming the field
for field, value in [("now", "NaN"), ("now", "Infinity"), ("now", "1e20"), ("now", "1e400"),
                     ("now", "-1e15"), ("timezone", "5"), ("timezone", '["Asia/Shanghai"]'),
                     ("lang", '["zh"]'), ("lang", "7")]:
    CASES.append(("E011", f'{{"messages": [{{"role": "user", "content": "hi"}}], "{field}": {value}}}',
                  ["conversation", "time" if field == "now" else field]))
CASES.append(("E011", '[{"role": "user", "content": "hi", "timestamp": NaN}]',
              ["last timestamp", "out of range"]))


@pytest.mark.parametrize(("code", "payload", "fragments"), CASES, ids=[c[0] for c in CASES])
def test_input_error_codes(tmp_path: Path, code: str, payload: str | bytes, fragments: list[str]) -> None:
    config = tmp_path / "limits.toml"
    config.write_text("[policy]\nmax_message_chars = 100\n")
    exit_code, stdout, stderr = run_cli(tmp_path, payload, "--config", str(config))
    assert exit_code == 2
    assert stdout == ""  # invalid input never gives partial output
    line = stderr.strip()
    assert line.startswith(f"[{code}]") and "\n" not in line
    for fragment in fragments:
        assert fragment in line
    assert "Traceback" not in stderr


def test_paired_surrogate_escapes_are_one_character(tmp_path: Path) -> None:
    exit_code, stdout, _ = run_cli(tmp_path, '[{"role": "user", "content": "ok \\ud83d\\ude00"}]')
    assert exit_code == 0 and json.loads(stdout)["messages"][0]["content"] == "ok 😀"


def test_missing_file_is_E014(tmp_path: Path) -> None:
    result = runner.invoke(app, ["compress", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert result.stderr.startswith("[E014]") and "nope.json" in result.stderr


@pytest.mark.parametrize(("code", "toml", "fragment"), [
    ("E020", "[policy]\nbudgte = 5\n", "'policy.budgte'"),
    ("E021", "[policy]\nbudget = \"big\"\n", "'policy.budget'"),
    ("E022", "[policy]\ntrim_ratio = 0.9\ncompact_ratio = 0.5\n", "trim_ratio"),
])
def test_config_error_codes(tmp_path: Path, code: str, toml: str, fragment: str) -> None:
    config = tmp_path / "bad.toml"
    config.write_text(toml)
    exit_code, stdout, stderr = run_cli(tmp_path, dumps([{"role": "user", "content": "hi"}]),
                                        "--config", str(config))
    assert exit_code == 2 and stdout == ""
    assert stderr.startswith(f"[{code}]") and fragment in stderr


def test_unknown_language_is_E024(tmp_path: Path) -> None:
    exit_code, _, stderr = run_cli(tmp_path, dumps([{"role": "user", "content": "hi"}]), "--lang", "fr")
    assert exit_code == 2
    assert stderr.startswith("[E024]") and "'fr'" in stderr and "en, zh" in stderr


def test_malformed_rule_pack_is_E023(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pipeline import rulepacks

    (tmp_path / "base.toml").write_text('[meta]\nname = "base"\nversion = "1"\n')
    (tmp_path / "xx.toml").write_text('[meta]\nname = "xx"\nversion = "1"\n[text]\n')
    monkeypatch.setattr(rulepacks, "rules_dir", lambda: tmp_path)
    rulepacks.load_rule_pack.cache_clear()
    try:
        with pytest.raises(ConfigError) as caught:
            rulepacks.load_rule_pack("xx")
    finally:
        rulepacks.load_rule_pack.cache_clear()
    assert caught.value.code == "E023" and "missing [text] clause_split" in str(caught.value)


@pytest.mark.parametrize("target", ["abc", 0, -3, 2.5, True])
def test_a_target_that_is_not_a_positive_integer_is_E011(target: object) -> None:
    with pytest.raises(InputError) as caught:
        Compressor({"stages.enabled": []}).compress([{"role": "user", "content": "hi"}],
                                                    target_chars=target)  # type: ignore[arg-type]
    assert caught.value.code == "E011" and "target_chars" in caught.value.message


def test_library_raises_typed_errors_and_leaves_input_alone() -> None:
    history = [{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "x", "content": "{}"}]
    before = json.dumps(history)
    with pytest.raises(InputError) as caught:
        Compressor().compress(history)
    assert caught.value.code == "E004"
    assert json.dumps(history) == before


def test_lenient_mode_keeps_orphan_with_W001() -> None:
    history = [{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "x", "content": "{}"}]
    result = Compressor({"policy.lenient_orphans": True}).compress(history)
    assert result.messages == history
    assert any(w.startswith("[W001]") and "T2" in w for w in result.report["warnings"])
