"""The Stage protocol and the isolated runner every stage goes through."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Mapping, Protocol, Sequence

from ..config import Settings
from ..errors import Warnings
from ..rulepacks import RulePack
from ..types import Event, StageResult

__all__ = ["Stage", "StageInput", "run_stage"]


@dataclass(frozen=True)
class StageInput:
    """Everything a stage may read: the prefix events, the rule pack, settings and ``now``."""

    prefix: Sequence[Event]
    pack: RulePack
    settings: Settings
    now: datetime
    models: Mapping[str, Any] = field(default_factory=dict)   # loaded once by the Compressor, read-only


class Stage(Protocol):
    """A component that declares what it produces and computes it without side effects."""

    name: str
    assigns: tuple[str, ...]  # the StageResult fields it fills
    per_event: bool           # its result for a message depends on that message alone

    def run(self, data: StageInput) -> StageResult: ...


def run_stage(stage: Stage, data: StageInput) -> tuple[StageResult, str | None]:
    """Run one stage, timed; a failure becomes an empty result and a W007 warning, never a crash."""
    started = time.perf_counter()
    try:
        result = stage.run(data)
    except Exception as exc:  # noqa: BLE001 - a stage must not take the history down with it
        detail = f"{type(exc).__name__}: {exc}"
        return (StageResult(stage.name, seconds=time.perf_counter() - started, error=detail),
                Warnings.W007.format(stage=stage.name, detail=detail))
    return replace(result, name=stage.name, seconds=time.perf_counter() - started, error=None), None
