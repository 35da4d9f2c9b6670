"""A short run of the fuzz harness (benchmarks/fuzz_parse.py) over its seeds: an input that
makes decode_json or Compressor.compress raise anything but a numbered SqueezeError fails it,
and the input is kept (the failure names the crash file)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("atheris", reason="atheris is not installed (pip install atheris; it is in the dev extra)")

ROOT = Path(__file__).resolve().parents[1]


def test_fuzzing_the_input_entry_finds_no_crash(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks.fuzz_parse", "-max_total_time=20", "-seed=1",
         f"-artifact_prefix={tmp_path}/", str(corpus)],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=600)
    found = sorted(p.name for p in tmp_path.iterdir() if p.is_file())
    at = run.stdout.find("=== Uncaught Python exception")  # atheris prints the traceback there
    tail = run.stdout[at:at + 4000] if at >= 0 else run.stderr[-4000:]
    assert run.returncode == 0 and not found, f"crash files {found}:\n{tail}"
    assert "Done " in run.stderr, tail  # ran to the time limit over the seeds
    assert any(corpus.iterdir())        # and found inputs of new coverage
