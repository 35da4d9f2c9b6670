"""The benchmark suite: its pieces, and a smoke run of ``python -m benchmarks --quick`` on tiny
limits whose outputs are checked for structure (never for timings)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from benchmarks.generate import checkpoints, conversation
from benchmarks.quality import Case, evaluate, norm, summarise, text_of
from benchmarks.rule_only import RuleOnly, message_chars
from benchmarks.suite import ROOT, parser
from benchmarks.systems import ABLATIONS, SYSTEMS, size_of, truncation

SCORE = ROOT.parent / "shared" / "eval" / "score.py"

DIALOGUES = [
    {"id": "tiny-zh", "lang": "zh", "source": "test", "messages": [
        {"role": "user", "content": "你好，我想找一家人均100元以内的餐馆，不要辣的。"},
        {"role": "assistant", "content": "好的，请问您想在哪个区域？"},
        {"role": "user", "content": "在国贸附近吧，周六晚上6点，4个人。"},
        {"role": "assistant", "content": "为您找到了三家餐馆：甲、乙、丙，都在国贸附近，人均八十到一百元。"},
        {"role": "user", "content": "好的谢谢"},
        {"role": "assistant", "content": "不客气，还需要别的吗？"},
        {"role": "user", "content": "帮我订甲那家吧。"}],
     "checkpoints": [{"turn": 7, "constraints": [
         {"slot": "餐馆-人均消费", "value": "100元以内", "verbatim": True},
         {"slot": "餐馆-周边", "value": "国贸", "verbatim": True},
         {"slot": "餐馆-人数", "value": "4个人", "verbatim": True},
         {"slot": "餐馆-菜系", "value": "川菜", "verbatim": False}]}]},
    {"id": "tiny-en", "lang": "en", "source": "test", "messages": [
        {"role": "user", "content": "Hi, I need a cheap hotel in the north with free parking, no smoking rooms please."},
        {"role": "assistant", "content": "There are several. Do you have a preferred star rating?"},
        {"role": "user", "content": "4 stars, for 3 nights from Friday."},
        {"role": "assistant", "content": "The Acorn Guest House fits: north, cheap, 4 stars, free parking."},
        {"role": "user", "content": "ok thanks"},
        {"role": "assistant", "content": "Shall I book it?"},
        {"role": "user", "content": "Yes, book it for 2 people."}],
     "checkpoints": [{"turn": 7, "constraints": [
         {"slot": "hotel-area", "value": "north", "verbatim": True},
         {"slot": "hotel-pricerange", "value": "cheap", "verbatim": True},
         {"slot": "hotel-stars", "value": "4", "verbatim": True},
         {"slot": "hotel-book day", "value": "friday", "verbatim": True}]}]},
]


def test_generator_output_unchanged_and_annotated() -> None:
    for lang in ("zh", "en"):
        for seed in range(5):
            plain = conversation(lang, 25, seed)
            conv, inserted = conversation(lang, 25, seed, annotated=True)
            assert conv == plain  # existing callers see the same conversation
            assert inserted
            for item in inserted:
                message = conv["messages"][item["message"]]
                assert message["role"] == "user"
                assert item["value"].casefold() in message["content"].casefold()
                assert item["phrase"] in message["content"]
                assert "-" in item["slot"]
            points = checkpoints(conv["messages"], inserted, every=10)
            assert points[-1]["turn"] == len(conv["messages"])
            for cp in points:
                assert conv["messages"][cp["turn"] - 1]["role"] == "user"
                slots = [c["slot"] for c in cp["constraints"]]
                assert len(slots) == len(set(slots))  # a later value replaces the earlier one
    # a fixed seed is a fixed conversation
    assert conversation("en", 12, 3) == conversation("en", 12, 3)


@pytest.mark.skipif(not SCORE.is_file(), reason="../shared/eval/score.py not present")
def test_normalisation_matches_score_py() -> None:
    spec = importlib.util.spec_from_file_location("shared_score", SCORE)
    score = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(score)
    samples = ["  Budget NO more\tthan $300 ", "预算 500 元 以内", "Ｆｕｌｌ width Ａ", ""]
    for s in samples:
        for lang in ("zh", "en"):
            assert norm(s, lang) == score.norm(s, lang)
    messages = [{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
                {"role": "assistant", "content": None}, {"role": "user", "content": "c"}]
    assert text_of(messages) == score.text_of(messages)


def test_rule_only_keeps_constraints_within_budget() -> None:
    rule = RuleOnly()
    for dialogue in DIALOGUES:
        history = dialogue["messages"]
        target = int(size_of(history) * 0.6)
        out = rule(history, target, dialogue["lang"])
        assert size_of(out) <= target
        assert out[-1] == history[-1]  # the current turn verbatim
        text = text_of(out)
        assert "好的谢谢" not in text and "ok thanks" not in text  # confirmations go
    zh = text_of(rule(DIALOGUES[0]["messages"], 200, "zh"))
    assert "100元以内" in zh and "不要辣的" in zh  # a number, a negation
    en = text_of(rule(DIALOGUES[1]["messages"], 400, "en"))
    assert "no smoking rooms" in en and "4 stars" in en


def test_truncation_peer_and_measure() -> None:
    conv = conversation("en", 12, 1)
    history = conv["messages"]
    target = int(size_of(history) * 0.35)
    out = truncation()(history, target, "en")
    assert size_of(out) <= target
    assert out[0]["role"] == "system" and out[1]["role"] == "user"
    assert out[-1] == history[-1]
    call = next(m for m in history if m.get("tool_calls"))
    fn = call["tool_calls"][0]["function"]
    assert message_chars(call) == len(fn["name"]) + len(fn["arguments"])


def test_evaluate_scores_retention_and_eid() -> None:
    dialogue = DIALOGUES[1]
    constraints = [c for c in dialogue["checkpoints"][0]["constraints"] if c["verbatim"]]
    case = Case("tiny", "x", "en", dialogue["messages"], constraints)
    tallies = evaluate(lambda m, t, lang: m, [case], [0.5])  # "keeps everything": over budget
    [row] = summarise("identity", tallies)
    assert row["retention"] == 1.0 and row["over_budget"] == 1 and row["mean_size"] == 1.0
    assert row["clusters"] == 1 and row["clusters_covered"] == 1
    assert row["eid_per_1k_tokens"] == pytest.approx(1000 * 5 / (case.size / 4), abs=0.01)
    tallies = evaluate(lambda m, t, lang: [], [case], [0.5])
    [row] = summarise("nothing", tallies)
    assert row["retention"] == 0.0 and row["over_budget"] == 0


def test_cli_has_bench_command() -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    result = CliRunner().invoke(app, ["bench", "--help"])
    assert result.exit_code == 0
    assert "--quick" in result.output and "--data-dir" in result.output


def test_default_data_dir_is_beside_the_repo() -> None:
    args = parser().parse_args([])
    assert args.data_dir is None  # resolved to ROOT.parent / "shared" / "data" at run time
    assert (ROOT / "benchmarks" / "suite.py").is_file()


def test_quick_run_writes_report(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    for dialogue in DIALOGUES:
        (data / f"{dialogue['id']}.jsonl").write_text(json.dumps(dialogue, ensure_ascii=False) + "\n", "utf-8")
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--data-dir", str(data), "--out", str(out),
         "--limit", "1", "--sessions", "1", "--session-turns", "8", "--turns", "10,30", "--count", "1",
         "--batch-count", "1", "--no-progress"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=170)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads((out / "results.json").read_text("utf-8"))
    assert {"meta", "notes", "quality", "speed", "main_table", "figures"} <= set(result)
    assert result["meta"]["machine"]["cores"] >= 1 and result["meta"]["quick"] is True

    quality = result["quality"]
    assert quality["ratios"] == [0.25, 0.35, 0.5]
    names = [d["name"] for d in quality["datasets"]]
    assert names == ["tiny-en", "tiny-zh", "generated_zh", "generated_en"]
    statuses = {s["system"]: s["status"] for s in quality["systems"]}
    assert list(statuses) == SYSTEMS
    ran = [s for s, status in statuses.items() if status == "ran"]
    assert {"truncation", "rule-only", *ABLATIONS} <= set(ran)
    assert statuses["semantic-kernel"] in ("ran", "skipped")
    keys = {"dataset", "system", "ratio", "cases", "constraints", "kept", "retention", "mean_size",
            "over_budget", "clusters", "clusters_covered", "tokens", "eid_per_1k_tokens", "p50_ms", "errors"}
    rows = quality["results"]
    assert len(rows) == len(ran) * len(names) * 3
    for row in rows:
        assert keys <= set(row)
        assert row["errors"] == 0
        assert 0 <= row["retention"] <= 1

    speed = result["speed"]
    assert speed["load_s"] > 0 and speed["peak_rss_mb"] > 0
    assert {(r["lang"], r["turns"]) for r in speed["latency"]} == {(l, t) for l in ("zh", "en") for t in (10, 30)}
    for row in speed["latency"]:
        assert {"p50", "p95", "n"} <= set(row["cold"]) and {"p50", "p95"} <= set(row["warm"])
    assert set(speed["growth"]) == {"zh", "en"}
    assert {"slope", "intercept", "r2"} <= set(speed["growth"]["en"]["cold"]["per_turn"])
    assert speed["throughput"]["per_cpu_second"] > 0

    main = result["main_table"]
    assert main["ratio"] == 0.35
    assert set(main["retention"]) == set(ran)
    assert set(main["retention"]["project"]) == set(names)
    assert set(main["latency_30"]) == {"zh", "en"}

    assert sorted(result["figures"]) == ["latency_vs_turns.png", "retention_vs_size.png"]
    for name in result["figures"]:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = (out / "report.md").read_text("utf-8")
    for heading in ("# context-squeeze benchmark report", "## Main table", "## Quality", "## Speed",
                    "## Notes", "## Figures", "### tiny-zh", "### generated_en"):
        assert heading in report
    assert "chars / 1.5" in report and "chars / 4" in report


def test_the_attachment_benchmark_reads_real_files() -> None:
    """Its figures are of files read, not of readings that failed fast."""
    from benchmarks.attachments import reading_costs

    rows = reading_costs("en", repeat=1, pages=2)
    assert [r["what"] for r in rows] == ["pdf (per page)", "image (per image)"]
    assert rows[0]["problem"] is None and rows[0]["p50_ms"] > 0
    if shutil.which("tesseract") or os.environ.get("CI"):  # CI installs it
        assert rows[1]["problem"] is None


def _texts(conv: dict) -> set[str]:
    return {m["content"] for m in conv["messages"] if m["role"] in ("user", "tool")}


def _is_list(text: str) -> bool:
    return sum(1 for line in text.splitlines() if re.match(r"\d+\. ", line)) >= 2


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_agent_sessions_have_the_lengths_of_real_ones(lang: str) -> None:
    from benchmarks.agent_sessions import LIMITS, USER_TURNS, session

    sizes, shares = [], []
    for seed in range(12):
        conv = session(lang, seed)
        messages = conv["messages"]
        assert conv["lang"] == lang and datetime.fromisoformat(conv["now"]).utcoffset() is not None
        assert messages[0]["role"] == "system" and messages[-1]["role"] == "user"
        users = [m for m in messages if m["role"] == "user"]
        assert USER_TURNS[0] <= len(users) <= USER_TURNS[1]
        assert 60 <= len(messages) <= 140
        calls: dict[str, int] = {}
        answered: set[str] = set()
        for i, m in enumerate(messages[1:], 1):
            kind = "tool" if m["role"] == "tool" else m["role"]
            if m.get("tool_calls"):
                for call in m["tool_calls"]:
                    assert call["type"] == "function" and call["function"]["name"]
                    assert isinstance(json.loads(call["function"]["arguments"]), dict)
                    calls[call["id"]] = i
                continue
            low, high = LIMITS[kind]
            assert low <= len(m["content"]) <= high, (kind, len(m["content"]), m["content"])
            if kind == "tool":
                assert calls.get(m["tool_call_id"], i) < i  # answers a call made before it
                answered.add(m["tool_call_id"])
                try:
                    json.loads(m["content"])
                except ValueError:
                    assert _is_list(m["content"]), m["content"]
        assert answered == set(calls)
        shares.append(sum(1 for m in messages if m.get("tool_calls")) / (len(users) - 1))
        sizes.append(sum(len(m["content"] or "") for m in messages))
    assert 0.35 <= statistics.mean(shares) <= 0.65  # about half the user turns call a tool
    assert 10_000 <= statistics.median(sizes) <= 25_000


def test_agent_sessions_are_seeded_and_never_repeat_their_texts() -> None:
    from benchmarks.agent_sessions import session, sized

    assert session("zh", 7) == session("zh", 7) and sized("en", 100, 7) == sized("en", 100, 7)
    for lang in ("zh", "en"):
        assert session(lang, 1)["messages"] != session(lang, 2)["messages"]
        seen: set[str] = set()
        total = repeated = 0
        for seed in range(20):  # a cold cache stays cold: user turns and tool results are new
            texts = _texts(session(lang, seed))
            total, repeated = total + len(texts), repeated + len(texts & seen)
            seen |= texts
        assert repeated / total < 0.02
        base, grown = session(lang, 3)["messages"], session(lang, 3, grown=True)["messages"]
        assert grown[:len(base)] == base and [m["role"] for m in grown[len(base):]] == ["assistant", "user"]
        assert len(grown[-2]["content"]) >= 100


def test_sized_sessions_continue_the_session() -> None:
    from benchmarks.agent_sessions import session, sized

    for lang in ("zh", "en"):
        for n in (25, 50, 100, 200, 400, 700):
            messages = sized(lang, n, 5)["messages"]
            assert n - 5 <= len(messages) <= n and messages[-1]["role"] == "user"
        longer, shorter = sized(lang, 400, 5)["messages"], sized(lang, 100, 5)["messages"]
        assert longer[:len(shorter)] == shorter
        assert longer[:len(session(lang, 5)["messages"])] == session(lang, 5)["messages"]


def test_agent_sessions_compress_without_warnings() -> None:
    from benchmarks.agent_sessions import session, sized
    from benchmarks.realistic import chars
    from pipeline import Compressor

    compressor = Compressor()
    for lang in ("zh", "en"):
        for conv in (session(lang, 0), session(lang, 0, grown=True), session(lang, 1), sized(lang, 25, 2),
                     sized(lang, 200, 3)):
            target = int(chars(conv) * 0.35)
            report = compressor.compress(conv, target_chars=target).report
            assert report["action"] == "compact" and report["warnings"] == []
            assert report["size_after"] <= target and set(report["stages"].values()) == {"ok"}


def test_realistic_benchmark_measures_what_it_promises(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks.realistic import main, table

    result = main(["--count", "2", "--sizes", "25,50", "--no-cli", "--json"])
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(result))
    assert {"count", "ratio", "sizes", "load_and_warm_up_s", "latency", "settled", "length", "cli"} <= set(result)
    assert all(result["settled"][lang]["cold"]["n"] == 2 for lang in ("zh", "en"))
    assert result["cli"] is None and result["sizes"] == [25, 50]
    for lang in ("zh", "en"):
        row = result["latency"][lang]
        for what in ("cold", "warm", "truncation"):
            assert row[what]["n"] == 2 and 0 < row[what]["p50"] <= row[what]["p95"]
        assert set(row["stages"]) == {"facts", "intents", "state", "outside stages"}
        assert row["cold_x_truncation"] > 1 and row["warm_x_truncation"] > 0
        assert row["chars_p50"] > 5_000 and 0 <= row["repeated_texts"] < 0.05
        length = result["length"][lang]
        assert [r["messages"] for r in length["rows"]] == [25, 50]
        assert all(r["n"] == 2 and r["cold_p50"] > 0 and r["ms_per_kchar"] > 0 for r in length["rows"])
        assert length["rows"][0]["chars"] < length["rows"][1]["chars"]
        assert {"slope", "intercept", "r2"} == set(length["fit_per_kchar"])
    text = table(result)
    assert "cold" in text and "cold, settled" in text and "fit zh" in text and "one-shot CLI" not in text


def test_model_load_breakdown_times_each_model_in_a_fresh_process() -> None:
    from benchmarks.realistic import _child

    steps = json.loads(_child("-c", "from benchmarks.realistic import load_breakdown; load_breakdown()").stdout)
    names = [s["step"] for s in steps]
    assert names[:2] == ["import pipeline", "Compressor()"]
    for part in ("import spacy", "entities zh", "entities en", "embedder",
                 "first compression zh", "first compression en"):
        assert any(n.startswith(part) for n in names), part
    assert all(s["ms"] >= 0 for s in steps) and sum(s["ms"] for s in steps) > 0
