"""Batch on Ray: a local Ray cluster gives the local engine's records and errors, loses nothing
when an actor is killed, and finishes an interrupted run with --resume.

One cluster for the module (two actors and a slot for the reads); the config is light (facts
and state stages, no NER model), as in tests/test_batch.py.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import ray

from pipeline import load_settings
from pipeline.batch import input_size, run_batch
from pipeline.errors import SqueezeError

sys.path.insert(0, str(Path(__file__).parent))
from test_batch import BAD, LIGHT, TARGET, good, rows, write_directory  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ACTORS = 2


@pytest.fixture(scope="module")
def cluster() -> Any:
    ray.init(num_cpus=ACTORS + 1, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def write_archive(path: Path, count: int, broken_every: int = 50) -> int:
    """``count`` lines, every ``broken_every``-th one broken (2 %), the kinds of tests/test_batch.py."""
    kinds = list(BAD.values())
    lines, broken = [], 0
    for number in range(1, count + 1):
        if number % broken_every == 0:
            lines.append(kinds[broken % len(kinds)][0])
            broken += 1
        else:
            lines.append(json.dumps(good(number), ensure_ascii=False).encode())
    path.write_bytes(b"\n".join(lines) + b"\n")
    return broken


def as_set(out: Path) -> list[dict[str, Any]]:
    return sorted(rows(out), key=lambda r: r["id"])


def errors_of(out: Path) -> list[str]:
    return sorted(Path(str(out) + ".errors.jsonl").read_text("utf-8").splitlines())


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Any]:
    """2,000 conversations with 2 % broken lines, and the local engine's output of it."""
    folder = tmp_path_factory.mktemp("ray")
    source = folder / "in.jsonl"
    write_archive(source, 2000)
    local = folder / "local.jsonl"
    summary = run_batch(source, local, settings=load_settings(LIGHT), target_chars=TARGET, workers=1)
    return source, local, summary


def run_ray(source: Path, out: Path, **options: Any) -> Any:
    return run_batch(source, out, settings=load_settings(LIGHT), target_chars=TARGET, engine="ray",
                     actors=ACTORS, **options)


def test_the_ray_engine_writes_the_local_engines_records_and_errors(cluster, archive, tmp_path: Path) -> None:
    source, local, expected = archive
    seen: list[tuple[int, int]] = []
    summary = run_ray(source, tmp_path / "out.jsonl",
                      on_progress=lambda s, consumed: seen.append((s.done + s.failed, consumed)))
    # the progress bar's units are the local engine's: bytes of the input read
    assert seen[-1] == (2000, input_size(source)) and len(seen) > 1
    assert (summary.done, summary.failed, summary.codes) == (expected.done, expected.failed, expected.codes)
    assert (summary.done, summary.failed) == (1960, 40)
    assert summary.chars_before == expected.chars_before and summary.chars_after == expected.chars_after
    assert as_set(tmp_path / "out.jsonl") == as_set(local)
    assert errors_of(tmp_path / "out.jsonl") == errors_of(local)


def _map_workers() -> list[Any]:
    import psutil

    found = []
    for process in psutil.process_iter(["cmdline"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if "MapBatches(_Compress)" in cmdline:
            found.append(process)
    return found


def test_an_actor_killed_mid_run_loses_and_doubles_nothing(cluster, archive, tmp_path: Path) -> None:
    source, local, _ = archive
    out = tmp_path / "out.jsonl"
    killed: list[int] = []

    def kill_one_when_running() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if out.exists() and out.stat().st_size > 0 and _map_workers():
                victim = _map_workers()[0]
                killed.append(victim.pid)
                os.kill(victim.pid, signal.SIGKILL)
                return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_one_when_running, daemon=True)
    killer.start()
    summary = run_ray(source, out)
    killer.join(timeout=5)
    assert killed, "no actor was found to kill"
    assert summary.failed == 40 and not summary.interrupted
    written = [r["id"] for r in rows(out)]
    assert len(written) == len(set(written)) == 1960          # nothing twice
    assert as_set(out) == as_set(local)                        # nothing lost
    assert errors_of(out) == errors_of(local)


def test_resume_after_an_interrupted_run_completes_the_output(archive, tmp_path: Path) -> None:
    """The CLI is stopped (SIGINT) while it writes; a rerun with --resume writes the rest."""
    source, local, _ = archive
    out = tmp_path / "out.jsonl"
    config = tmp_path / "light.toml"
    config.write_text('[stages]\nenabled = ["facts", "state"]\nentities = false\n', "utf-8")
    command = [sys.executable, "-m", "pipeline", "batch", str(source), "-o", str(out), "--engine", "ray",
               "--actors", str(ACTORS), "--target-chars", str(TARGET), "--config", str(config), "--no-progress"]
    first = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and not (out.exists() and out.stat().st_size > 20000):
        time.sleep(0.05)
    first.send_signal(signal.SIGINT)
    assert first.wait(timeout=120) == 130
    partial = len(rows(out))
    assert 0 < partial < 1960
    second = subprocess.run(command + ["--resume"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert second.returncode == 1, second.stderr[-2000:]       # 1: some lines failed (the broken ones)
    written = [r["id"] for r in rows(out)]
    assert len(written) == len(set(written)) == 1960
    assert as_set(out) == as_set(local)


def test_parquet_in_and_out(cluster, tmp_path: Path) -> None:
    """Parquet input (a conversation column, or messages with an id) and Parquet output."""
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    conversations = [good(i) for i in range(1, 31)]
    table = pa.table({"id": [c["id"] for c in conversations],
                      "messages": [json.dumps(c["messages"], ensure_ascii=False) for c in conversations]})
    table = table.append_column("now", pa.array([c.get("now") for c in conversations], pa.string()))
    pq.write_table(table, tmp_path / "in.parquet")
    summary = run_ray(tmp_path / "in.parquet", tmp_path / "out.parquet")
    assert (summary.done, summary.failed) == (30, 0)
    out = pq.read_table(tmp_path / "out.parquet").to_pylist()
    assert sorted(r["id"] for r in out) == sorted(c["id"] for c in conversations)
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in conversations), "utf-8")
    local = run_batch(jsonl, tmp_path / "local.jsonl", settings=load_settings(LIGHT), target_chars=TARGET,
                      workers=1)
    assert local.chars_after == summary.chars_after


def test_without_ray_the_engine_is_a_numbered_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import builtins

    real = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray" or name.startswith("ray."):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    (tmp_path / "in.jsonl").write_text(json.dumps(good(1)) + "\n", "utf-8")
    with pytest.raises(SqueezeError, match=r"\[E038\].*context-squeeze\[ray\]"):
        run_batch(tmp_path / "in.jsonl", tmp_path / "out.jsonl", engine="ray")


def test_a_directory_gives_the_local_engines_ids_and_errors(cluster, tmp_path: Path) -> None:
    """.json, .json.gz and nested .jsonl files: the same names, line numbers and default ids."""
    folder = tmp_path / "convs"
    write_directory(folder, gzip_jsonl=True)
    local = run_batch(folder, tmp_path / "local.jsonl", settings=load_settings(LIGHT), target_chars=TARGET,
                      workers=1)
    summary = run_ray(folder, tmp_path / "out.jsonl")
    assert (summary.done, summary.failed) == (local.done, local.failed) == (4, 1)
    # "b" is a bare list of messages: its now is the time it was compressed
    def undated(out: Path) -> list[dict[str, Any]]:
        return [{**r, "report": {k: v for k, v in r["report"].items() if k != "now"}} for r in as_set(out)]

    assert undated(tmp_path / "out.jsonl") == undated(tmp_path / "local.jsonl")
    assert {r["id"] for r in rows(tmp_path / "out.jsonl")} == {good(0)["id"], "b", "sub/c.jsonl.gz#1", good(3)["id"]}
    assert errors_of(tmp_path / "out.jsonl") == errors_of(tmp_path / "local.jsonl")

