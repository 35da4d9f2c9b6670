"""The safe-compaction contract (DESIGN §3–§4) at scale: seeded valid histories
(``benchmarks.histories.history``) through one shared Compressor, each result checked by
``benchmarks.histories.check``, with targets drawn per seed (none, tight, loose, force).

Why seeds: a failure names one integer that replays the case anywhere
(``python -m benchmarks.properties --cases 1 --start SEED``); ``SQUEEZE_CONTRACT_CASES`` sets
how many run (the default keeps this file near a minute on 2 cores; the long run of the same
generator and checker is ``python -m benchmarks.properties --cases 100000``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from benchmarks.histories import check, compress_case, run_case
from pipeline import Compressor

CASES = int(os.environ.get("SQUEEZE_CONTRACT_CASES", "1000"))


@pytest.fixture(scope="module")
def compressor() -> Compressor:
    return Compressor()


@pytest.mark.parametrize("seed", range(CASES), ids=lambda seed: f"seed{seed}")
def test_contract_holds(compressor: Compressor, seed: int) -> None:
    replay = f"(replay: python -m benchmarks.properties --cases 1 --start {seed})"
    try:
        violations, _ = run_case(compressor, seed)
    except Exception as exc:  # noqa: BLE001  any exception on valid input fails, named by its seed
        pytest.fail(f"seed {seed}: {type(exc).__name__}: {exc} {replay}")
    assert not violations, f"seed {seed}: {'; '.join(violations)} {replay}"


def _drop_last_tool_result(messages: list[dict[str, Any]], report: dict[str, Any]) -> None:
    messages.remove(next(m for m in reversed(messages) if m.get("role") == "tool"))


def _edit_last_message(messages: list[dict[str, Any]], report: dict[str, Any]) -> None:
    messages[-1] = {**messages[-1], "content": "edited"}


def _drop_a_system_message(messages: list[dict[str, Any]], report: dict[str, Any]) -> None:
    messages.remove(next(m for m in messages if m.get("role") in ("system", "developer")))


def _drop_warnings(messages: list[dict[str, Any]], report: dict[str, Any]) -> None:
    report["warnings"] = []


# what each break needs in the result to apply, and the break itself
BREAKS: dict[str, tuple[Callable[[Any], bool], Callable[[list[dict[str, Any]], dict[str, Any]], None]]] = {
    "tool result dropped": (lambda r: r.report["action"] == "compact"
                            and any(m.get("role") == "tool" for m in r.messages), _drop_last_tool_result),
    "tail edited": (lambda r: r.report["action"] == "compact", _edit_last_message),
    "system message dropped": (lambda r: any(m.get("role") == "system" for m in r.messages),
                               _drop_a_system_message),
    "W002 dropped": (lambda r: r.report["over_target"], _drop_warnings),
}


@pytest.mark.parametrize("name", BREAKS)
def test_the_checker_catches(compressor: Compressor, name: str) -> None:
    """The checker is not vacuous: a result broken on purpose has violations."""
    applies, breaks = BREAKS[name]
    for seed in range(300):
        run = compress_case(compressor, seed)
        if applies(run.result):
            assert not check(run.history, run.result, run.limit, sent=run.sent)
            breaks(run.result.messages, run.result.report)
            assert check(run.history, run.result, run.limit, sent=run.sent), f"seed {seed}: {name} went unnoticed"
            return
    pytest.fail(f"no seed below 300 has a result that {name} applies to")


def test_the_checker_catches_a_mutated_input(compressor: Compressor) -> None:
    run = compress_case(compressor, 0)
    run.sent["messages"][0]["content"] = "mutated"
    assert "the input was mutated" in check(run.history, run.result, run.limit, sent=run.sent)
