"""The wheel a user installs holds every module and data file a checkout has: a subpackage or
rule pack left out of pyproject.toml breaks `pip install .` while an editable install hides it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import pipeline

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory) -> set[str]:
    """Built from a clean copy: setuptools reuses a stale build/ folder of the checkout."""
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("pipeline", "rules", "models"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(out)],
                   check=True, capture_output=True)
    (wheel,) = out.glob("context_squeeze-*.whl")
    return set(zipfile.ZipFile(wheel).namelist())


def checkout_files() -> set[str]:
    """What the installed package must contain, read from the checkout (not from pyproject)."""
    wanted = {f"pipeline/{p.relative_to(ROOT / 'pipeline')}" for p in (ROOT / "pipeline").rglob("*")
              if p.is_file() and p.suffix in {".py", ".toml", ".j2", ".typed"} and "__pycache__" not in p.parts}
    for folder, package in (("rules", "pipeline/rules"), ("models", "pipeline/models")):
        wanted |= {f"{package}/{p.relative_to(ROOT / folder)}" for p in (ROOT / folder).rglob("*")
                   if p.is_file() and p.suffix in {".py", ".toml", ".json"} and "__pycache__" not in p.parts}
    return wanted


def test_the_wheel_holds_every_module_and_data_file(wheel_names):
    missing = checkout_files() - wheel_names
    assert not missing, f"left out of the wheel (pyproject.toml [tool.setuptools]): {sorted(missing)}"
    assert f"context_squeeze-{pipeline.__version__}.dist-info/licenses/LICENSE" in wheel_names
    assert "pipeline/models/minilm-tokenizer.json" in wheel_names


def test_the_wheel_carries_no_tests_or_benchmarks(wheel_names):
    assert not any(name.startswith(("tests/", "benchmarks/", "examples/")) for name in wheel_names)
