"""Batch: streamed archives in, one JSON line per conversation out, bad lines to the errors file.

The batch machinery is what is tested here, so the conversations are small and the config is
light (facts and state stages, no NER model): worker processes start in about a second.
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pipeline import load_settings
from pipeline.batch import read_done_ids, read_records, run_batch
from pipeline.cli import app

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the conversation generator lives in benchmarks/
    sys.path.insert(0, str(ROOT))
from benchmarks.generate import conversation

LIGHT = {"stages.enabled": ["facts", "state"], "stages.entities": False}
TARGET = 1000
TIMING = ("total_ms", "stage_ms")
runner = CliRunner()


def light_config(tmp_path: Path) -> Path:
    path = tmp_path / "light.toml"
    path.write_text('[stages]\nenabled = ["facts", "state"]\nentities = false\n', "utf-8")
    return path


def good(i: int) -> dict[str, Any]:
    return conversation("zh" if i % 2 else "en", 5, i, tool_chars=300)


# (line content, expected code); the line numbers are their positions in the archive
BAD = {
    3: (b'{"id": "broken", "messages": [', "E001"),
    6: (json.dumps({"id": "empty", "messages": []}).encode(), "E002"),
    9: (json.dumps({"id": "orphan", "messages": [
        {"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "nope", "content": "x"}]}).encode(), "E004"),
    12: (b"42", "E007"),
    15: (b'{"id": "latin1", "messages": [{"role": "user", "content": "caf\xe9"}]}', "E013"),
}


def write_archive(path: Path, count: int = 24, bad: bool = True) -> list[str]:
    """count good conversations with the BAD lines in between; returns the good ids in order."""
    ids, lines, i = [], [], 0
    while len(ids) < count:
        number = len(lines) + 1
        if bad and number in BAD:
            lines.append(BAD[number][0])
            continue
        conv = good(i)
        ids.append(conv["id"])
        lines.append(json.dumps(conv, ensure_ascii=False).encode())
        i += 1
    data = b"\n".join(lines) + b"\n"
    path.write_bytes(gzip.compress(data) if path.name.endswith(".gz") else data)
    return ids


def rows(path: Path) -> list[dict[str, Any]]:
    out = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    for row in out:
        for key in TIMING:
            row["report"].pop(key)
    return out


def run(src: Path, out: Path, **options: Any) -> Any:
    return run_batch(src, out, settings=load_settings(LIGHT), target_chars=TARGET, **options)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("archive") / "in.jsonl"
    return path, write_archive(path)


@pytest.fixture(scope="module")
def single(archive: tuple[Path, list[str]],
           tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    out = tmp_path_factory.mktemp("single") / "out.jsonl"
    return out, run(archive[0], out, workers=1)


def test_output_lines_hold_id_messages_snapshot_report(archive, single) -> None:
    out, summary = single
    got = rows(out)
    assert [r["id"] for r in got] == archive[1]
    assert all(set(r) == {"id", "messages", "snapshot", "report"} for r in got)
    assert all(r["report"]["action"] == ("compact" if r["report"]["chars_before"] > TARGET
                                         else "none") for r in got)
    assert sum(r["report"]["action"] == "compact" for r in got) > len(got) / 2
    assert all(r["report"]["chars_after"] <= TARGET for r in got)
    assert (summary.done, summary.failed, summary.skipped) == (len(archive[1]), len(BAD), 0)
    assert summary.chars_before == sum(r["report"]["chars_before"] for r in got)
    assert summary.chars_after == sum(r["report"]["chars_after"] for r in got)
    assert summary.chars_after < summary.chars_before / 2


def test_bad_lines_go_to_the_errors_file_with_line_id_and_code(single) -> None:
    out, summary = single
    errors = [json.loads(line) for line in
              Path(str(out) + ".errors.jsonl").read_text("utf-8").splitlines()]
    assert [(e["line"], e["code"]) for e in errors] == [(n, code) for n, (_, code) in BAD.items()]
    # the conversation's own id, else the one it would have had from its place
    assert {e["line"]: e["id"] for e in errors} == {3: "#3", 6: "empty", 9: "orphan", 12: "#12",
                                                    15: "#15"}
    assert all(e["source"] == "in.jsonl" and e["message"].startswith(f"[{e['code']}]")
               for e in errors)
    assert summary.codes == {code: 1 for _, code in BAD.values()}


def test_workers_give_the_single_process_output(archive, single, tmp_path: Path) -> None:
    ordered = run(archive[0], tmp_path / "ordered.jsonl", workers=2)
    unordered = run(archive[0], tmp_path / "unordered.jsonl", workers=2, ordered=False)
    assert ordered.done == unordered.done == single[1].done
    assert rows(tmp_path / "ordered.jsonl") == rows(single[0])
    key = lambda r: r["id"]
    assert sorted(rows(tmp_path / "unordered.jsonl"), key=key) == sorted(rows(single[0]), key=key)
    for name in ("ordered", "unordered"):
        errors = (tmp_path / f"{name}.jsonl.errors.jsonl").read_text("utf-8").splitlines()
        assert sorted(json.loads(e)["line"] for e in errors) == sorted(BAD)


def test_gzip_input_gives_the_same_output(single, tmp_path: Path) -> None:
    write_archive(tmp_path / "in.jsonl.gz")
    summary = run(tmp_path / "in.jsonl.gz", tmp_path / "out.jsonl", workers=1)
    assert summary.done == single[1].done
    assert rows(tmp_path / "out.jsonl") == rows(single[0])


def write_directory(folder: Path, gzip_jsonl: bool = False) -> None:
    """.json, .json.gz, a broken .json, a text file, and a nested JSONL file (gzip or not)."""
    (folder / "sub").mkdir(parents=True)
    (folder / "a.json").write_text(json.dumps(good(0)), "utf-8")
    (folder / "b.json.gz").write_bytes(gzip.compress(json.dumps(good(1)["messages"]).encode()))
    (folder / "bad.json").write_text("{not json", "utf-8")
    (folder / "notes.txt").write_text("not a conversation", "utf-8")
    lines = (json.dumps(good(2)["messages"]) + "\n\n" + json.dumps(good(3)) + "\n").encode()
    if gzip_jsonl:
        (folder / "sub" / "c.jsonl.gz").write_bytes(gzip.compress(lines))
    else:
        (folder / "sub" / "c.jsonl").write_bytes(lines)


def test_directory_input_json_gz_and_jsonl_files(tmp_path: Path) -> None:
    folder = tmp_path / "convs"
    write_directory(folder)
    summary = run(folder, tmp_path / "out.jsonl", workers=1)
    assert [r["id"] for r in rows(tmp_path / "out.jsonl")] == [
        good(0)["id"], "b", "sub/c.jsonl#1", good(3)["id"]]
    assert (summary.done, summary.failed) == (4, 1)
    error = json.loads((tmp_path / "out.jsonl.errors.jsonl").read_text("utf-8"))
    assert (error["source"], error["line"], error["code"]) == ("bad.json", 1, "E001")


def test_resume_skips_done_ids_and_drops_a_partial_last_line(archive, single, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    lines = single[0].read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:10]) + lines[10][:57])  # killed in the middle of line 11
    assert read_done_ids(out) == set(archive[1][:10])
    summary = run(archive[0], out, workers=2, resume=True)
    assert (summary.done, summary.skipped, summary.failed) == (len(archive[1]) - 10, 10, len(BAD))
    assert rows(out) == rows(single[0])  # every line whole, each id once, in order
    again = run(archive[0], out, workers=1, resume=True)
    assert (again.done, again.skipped) == (0, len(archive[1]))
    assert len(out.read_bytes().splitlines()) == len(archive[1])


def test_records_stream_without_reading_the_whole_file(archive) -> None:
    records = read_records(archive[0])
    first = next(records)
    assert (first.line, first.seq, first.default_id) == (1, 0, "#1")
    assert 0 < first.progress <= archive[0].stat().st_size


def test_cli_batch_prints_a_summary_and_exits_1_on_failed_lines(archive, single,
                                                                tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["batch", str(archive[0]), "-o", str(out), "--workers", "1",
                                 "--target-chars", str(TARGET), "--config",
                                 str(light_config(tmp_path)), "--no-progress",
                                 "--errors", str(tmp_path / "bad.jsonl")])
    assert result.exit_code == 1, result.output
    assert "done" in result.stderr and "E001×1" in result.stderr
    assert rows(out) == rows(single[0])
    assert len((tmp_path / "bad.jsonl").read_text("utf-8").splitlines()) == len(BAD)
    clean = tmp_path / "clean.jsonl"
    write_archive(clean, 3, bad=False)
    result = runner.invoke(app, ["batch", str(clean), "-o", str(tmp_path / "c.out.jsonl"),
                                 "--workers", "1", "--force", "--config",
                                 str(light_config(tmp_path))])
    assert result.exit_code == 0, result.output


def test_parquet_output(archive, single, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    summary = run(archive[0], tmp_path / "out.parquet", workers=1)
    table = pq.read_table(tmp_path / "out.parquet").to_pylist()
    assert summary.done == len(table) == len(archive[1])
    assert [json.loads(r["messages"]) for r in table] == [r["messages"] for r in rows(single[0])]


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_interruption_leaves_output_valid_and_resume_completes(sig: int, tmp_path: Path) -> None:
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    ids = write_archive(src, 200, bad=False)
    command = [sys.executable, "-m", "pipeline", "batch", str(src), "-o", str(out),
               "--workers", "2", "--target-chars", str(TARGET), "--no-progress",
               "--config", str(light_config(tmp_path))]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=sig == signal.SIGKILL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size == 0):
        time.sleep(0.05)
    os.kill(process.pid, sig)
    code = process.wait(timeout=30)
    if sig == signal.SIGKILL:  # the workers are orphaned: end them too (their own session)
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    else:
        assert code == 130, process.stderr.read() if process.stderr else ""
    written = out.read_text("utf-8").splitlines()
    assert 0 < len(written) < len(ids)
    for line in written:  # every complete line of OUTPUT parses
        json.loads(line)
    subprocess.run(command + ["--resume", "--workers", "1"], cwd=ROOT, check=True, capture_output=True, timeout=120)
    assert [json.loads(line)["id"] for line in out.read_text("utf-8").splitlines()] == ids


def test_kill_9_of_the_parent_leaves_no_process_of_the_run(tmp_path: Path) -> None:
    import psutil

    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_archive(src, 400, bad=False)
    command = [sys.executable, "-m", "pipeline", "batch", str(src), "-o", str(out),
               "--workers", "2", "--target-chars", str(TARGET), "--no-progress",
               "--config", str(light_config(tmp_path))]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size == 0):
        time.sleep(0.05)
    run = psutil.Process(process.pid).children(recursive=True)  # the workers, the resource tracker
    assert len(run) >= 2
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    gone, alive = psutil.wait_procs(run, timeout=10)
    try:
        assert not alive, [p.cmdline()[:3] for p in alive]
    finally:
        for leftover in alive:
            leftover.kill()


def test_a_killed_worker_loses_no_conversation(tmp_path: Path) -> None:
    """kill -9 of one worker mid-run: the chunks it took down are run again, one conversation
    at a time; none was the cause, so none is reported failed and OUTPUT is complete."""
    import psutil

    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    ids = write_archive(src, 300, bad=False)
    command = [sys.executable, "-m", "pipeline", "batch", str(src), "-o", str(out),
               "--workers", "2", "--target-chars", str(TARGET), "--no-progress",
               "--config", str(light_config(tmp_path))]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size == 0):
        time.sleep(0.05)
    workers = [p for p in psutil.Process(process.pid).children()
               if "resource_tracker" not in " ".join(p.cmdline())]
    assert workers
    workers[0].kill()
    _, stderr = process.communicate(timeout=180)
    assert process.returncode == 0, stderr.decode()[-2000:]
    assert [json.loads(line)["id"] for line in out.read_text("utf-8").splitlines()] == ids
    errors = Path(str(out) + ".errors.jsonl")
    assert not errors.exists() or errors.read_text("utf-8") == ""


def test_the_readme_batch_snippet_runs_as_a_plain_script(tmp_path: Path) -> None:
    """Workers are spawned and re-import the script: the README shows the __main__ guard."""
    import re
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    (snippet,) = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "run_batch(" in b]
    (tmp_path / "archive.jsonl").write_text("".join(
        json.dumps(conversation(lang, 30, seed=i), ensure_ascii=False) + "\n"
        for i, lang in enumerate(["zh", "en", "en", "zh"])), "utf-8")
    (tmp_path / "script.py").write_text(snippet, "utf-8")
    done = subprocess.run([sys.executable, "script.py"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "4 done, 0 failed"
    assert len((tmp_path / "compressed.jsonl").read_text("utf-8").splitlines()) == 4


def test_ctrl_c_of_a_library_run_returns_and_the_process_exits(tmp_path: Path) -> None:
    """The library call (not the CLI, which ends with os._exit) answers Ctrl-C, sent to the
    whole process group as a terminal does, with interrupted=True, and the interpreter then
    exits: no worker or executor thread keeps it alive."""
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    ids = write_archive(src, 400, bad=False)
    script = tmp_path / "run.py"
    script.write_text(
        "import faulthandler, signal\nfrom pipeline import load_settings\nfrom pipeline.batch import run_batch\n"
        "faulthandler.register(signal.SIGUSR1, all_threads=True)  # the test's view of a hang\n"
        "if __name__ == '__main__':\n"
        f"    summary = run_batch({str(src)!r}, {str(out)!r}, workers=2, target_chars={TARGET},\n"
        f"                        settings=load_settings(file={str(light_config(tmp_path))!r}))\n"
        "    print('interrupted' if summary.interrupted else 'finished', summary.done, flush=True)\n",
        "utf-8")
    process = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size == 0):
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)
    try:
        stdout, _ = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGUSR1)
        time.sleep(1)
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail(f"the interpreter did not exit after Ctrl-C; its threads:\n{process.communicate()[1][-6000:]}")
    said, done = stdout.split()
    assert process.returncode == 0 and said == "interrupted" and 0 < int(done) < len(ids)
