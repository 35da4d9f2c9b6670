"""The Stage protocol and the isolated runner every stage goes through."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Callable, Hashable, Mapping, Protocol, Sequence, TypeVar

from ..config import Settings
from ..errors import Warnings
from ..rulepacks import RulePack
from ..types import Event, StageResult

T = TypeVar("T")

__all__ = ["Memo", "Stage", "StageInput", "run_stage", "start_stage"]


@dataclass(frozen=True)
class StageInput:
    """Everything a stage may read: the prefix events, the rule pack, settings and ``now``."""

    prefix: Sequence[Event]
    pack: RulePack
    settings: Settings
    now: datetime
    models: Mapping[str, Any] = field(default_factory=dict)   # loaded once by the Compressor, read-only
    # the messages kept as they are after the prefix: a stage linking turns reads them only for
    # what they change of the prefix (a time moved again in the last turns)
    after: Sequence[Event] = ()
    # shorter prefixes a second summary of this call may take (a caller's target the first one leaves
    # room under): a stage that walks the prefix in order keeps where it stood at each
    marks: Sequence[int] = ()


class Stage(Protocol):
    """A component that declares what it produces and computes it without side effects."""

    name: str
    assigns: tuple[str, ...]  # the StageResult fields it fills
    per_event: bool           # its result for a message depends on that message alone

    def run(self, data: StageInput) -> StageResult: ...

    # a stage with work in another process may also define ``start(data) -> Callable[[],
    # StageResult]``: its request goes out in the calling thread, the returned call waits for
    # the answer and finishes (see start_stage)


class Memo:
    """What a stage computed from one text alone, remembered by content (bounded, thread-safe),
    so that a growing conversation only reads its new messages."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]  # type: ignore[no-any-return]
        value = compute()
        self.put(key, value)
        return value

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


def run_stage(stage: Stage, data: StageInput) -> tuple[StageResult, str | None]:
    """Run one stage, timed; a failure becomes an empty result and a W007 warning, never a crash."""
    started = time.perf_counter()
    try:
        result = stage.run(data)
    except Exception as exc:  # noqa: BLE001 - a stage must not take the history down with it
        return _failed(stage, exc, started)
    return _finished(stage, result, started)


def start_stage(stage: Stage, data: StageInput) -> Callable[[], tuple[StageResult, str | None]]:
    """Start a stage in this thread and return the call that finishes it (``run_stage``'s
    result). A stage with ``start`` sends its request now, so the embedding process works
    while the other stages run (sent from another thread, it waited 3-5 ms for the interpreter
    lock: the Chinese critical path). Any other stage runs in the returned call. The time
    reported is what this thread spent in the stage (its start, then its finish: waiting
    included), not the other stages' run between them."""
    start = getattr(stage, "start", None)
    if start is None:
        return lambda: run_stage(stage, data)
    began = time.perf_counter()
    try:
        pending = start(data)
    except Exception as exc:  # noqa: BLE001
        failure = _failed(stage, exc, began)
        return lambda: failure
    spent = time.perf_counter() - began

    def finish() -> tuple[StageResult, str | None]:
        resumed = time.perf_counter() - spent   # as if the stage had run without a break
        try:
            result = pending()
        except Exception as exc:  # noqa: BLE001
            return _failed(stage, exc, resumed)
        return _finished(stage, result, resumed)
    return finish


def _finished(stage: Stage, result: StageResult, started: float) -> tuple[StageResult, str | None]:
    return replace(result, name=stage.name, seconds=time.perf_counter() - started, error=None), None


def _failed(stage: Stage, exc: Exception, started: float) -> tuple[StageResult, str | None]:
    detail = f"{type(exc).__name__}: {exc}"
    return (StageResult(stage.name, seconds=time.perf_counter() - started, error=detail),
            Warnings.W007.format(stage=stage.name, detail=detail))
