"""Where the service's compressions run, behind one small interface (``Runner``):

- ``ProcessRunner`` (``service.workers`` ≥ 1, what ``squeeze serve`` uses): worker processes,
  each with its own models. A request past ``service.timeout_seconds`` gets its worker killed and
  replaced, so the deadline really stops the work; requests with a large body ("heavy") may hold
  at most ``service.heavy_workers`` workers at once, so one tenant's large histories never take
  every worker from the others.
- ``ThreadRunner`` (``service.workers = 0``, or an app given its own Compressor): this process's
  threads sharing one Compressor. Its timeout answers, but the work goes on to its end.

A worker that dies (kill -9, out of memory) is replaced; workers end with the service (kill -9
included), like batch workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing import get_context
from multiprocessing.connection import Connection
from typing import Any, Callable, Protocol

from .compressor import Compressor
from .config import Settings, load_settings
from .errors import SqueezeError
from .types import CompressionResult

__all__ = ["NoWorker", "Overdue", "ProcessRunner", "Runner", "ThreadRunner", "WorkerLost"]

log = logging.getLogger("pipeline.service")


class Overdue(Exception):
    """The compression passed its deadline (E032)."""


class NoWorker(Exception):
    """No worker became free before the request's deadline (E050)."""


class WorkerLost(Exception):
    """The worker process died while compressing this request (E034)."""


def _json(result: CompressionResult) -> bytes:
    return json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")


def _page(result: CompressionResult) -> bytes:
    from .inspection import inspection_html
    return inspection_html(result).encode("utf-8")


# what a request asks for -> how its result is written (in the worker: a trace is never pickled)
WRITERS: dict[str, Callable[[CompressionResult], bytes]] = {"compress": _json, "inspect": _page}


class Runner(Protocol):
    unit: str                     # what target_chars counts (policy.unit)
    load_error: str | None
    load_seconds: float | None

    @property
    def ready(self) -> bool: ...

    async def start(self) -> None: ...

    async def run(self, kind: str, data: Any, options: dict[str, Any], heavy: bool) -> tuple[bytes, dict[str, Any]]:
        """The written result and its report; raises SqueezeError, Overdue, NoWorker, WorkerLost."""
        ...

    def close(self) -> None: ...


class _Gate:
    """Heavy requests hold at most ``limit`` slots at once; the time spent waiting counts
    against the request's deadline like the rest."""

    def __init__(self, limit: int) -> None:
        self._heavy = asyncio.Semaphore(max(1, limit))

    @contextlib.asynccontextmanager
    async def slot(self, heavy: bool, remaining: float) -> Any:
        if not heavy:
            yield
            return
        try:
            await asyncio.wait_for(self._heavy.acquire(), max(0.0, remaining))
        except TimeoutError:
            raise NoWorker from None
        try:
            yield
        finally:
            self._heavy.release()


class ThreadRunner:
    """One Compressor in this process, shared by ``service.threads`` threads."""

    def __init__(self, settings: Settings, source: Compressor | Callable[[], Compressor] | None = None) -> None:
        self.settings, self.source = settings, source
        self.compressor: Compressor | None = None
        self.unit = source.unit if isinstance(source, Compressor) else settings["policy.unit"]
        self.load_error: str | None = None
        self.load_seconds: float | None = None
        self._pool = ThreadPoolExecutor(max(1, settings["service.threads"]), thread_name_prefix="squeeze-request")
        self._gate: _Gate | None = None

    @property
    def ready(self) -> bool:
        return self.compressor is not None

    async def start(self) -> None:
        self._gate = _Gate(self.settings["service.heavy_workers"])
        threading.Thread(target=self._load, name="squeeze-load", daemon=True).start()

    def _load(self) -> None:
        started = time.perf_counter()
        try:
            source = self.source
            compressor = (source if isinstance(source, Compressor)
                          else source() if source is not None else Compressor(self.settings))
            compressor.warmup()
        except Exception as exc:
            log.exception("loading the models failed")
            self.load_error = f"{type(exc).__name__}: {exc}"
            return
        self.load_seconds = time.perf_counter() - started
        self.unit = compressor.unit
        self.compressor = compressor

    async def run(self, kind: str, data: Any, options: dict[str, Any], heavy: bool) -> tuple[bytes, dict[str, Any]]:
        compressor, gate = self.compressor, self._gate
        assert compressor is not None and gate is not None
        timeout = self.settings["service.timeout_seconds"]

        def work() -> tuple[bytes, dict[str, Any]]:
            result = compressor.compress(data, **options)
            return WRITERS[kind](result), result.report

        started = time.monotonic()
        async with gate.slot(heavy, timeout):
            try:
                return await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(self._pool, work),
                                              timeout - (time.monotonic() - started))
            except TimeoutError:
                raise Overdue from None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _worker_main(values: dict[str, Any], conn: Connection, parent: int) -> None:
    """A worker process: load and warm once, then answer requests until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides
    from .batch import die_with_parent
    # a daemon process may not start one of its own: the worker is the embedding's process
    settings = load_settings(values).with_overrides({"intents.process": False}, origin="service worker")
    die_with_parent(parent, settings["batch.parent_check_seconds"])
    started = time.perf_counter()
    try:
        compressor = Compressor(settings)
        compressor.warmup()
    except Exception as exc:  # noqa: BLE001 - said to the parent, which answers 503 with it
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
        return
    # warmup() froze the loaded models out of full collections (models.freeze_gc)
    conn.send(("ready", time.perf_counter() - started))
    while True:
        try:
            kind, data, options = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(_answer(compressor, kind, data, options))
        del data
        compressor.settle()   # the answer sent, what stays is the caches: before the next request


def _answer(compressor: Compressor, kind: str, data: Any, options: dict[str, Any]) -> tuple[Any, ...]:
    try:
        result = compressor.compress(data, **options)
        return ("ok", WRITERS[kind](result), result.report)
    except SqueezeError as error:
        return ("refused", error)
    except Exception as exc:  # noqa: BLE001 - one request's bug must not end the worker
        logging.getLogger("pipeline.service").exception("compression failed")
        return ("failed", type(exc).__name__)


def _exchange(conn: Connection, request: tuple[Any, ...], timeout: float) -> tuple[Any, ...] | None:
    """Send a request and wait for its reply; None when the deadline passes first."""
    conn.send(request)
    if not conn.poll(max(0.0, timeout)):
        return None
    return conn.recv()  # type: ignore[no-any-return]


class _Worker:
    def __init__(self, settings: Settings) -> None:
        parent_end, child_end = get_context("spawn").Pipe()
        self.conn = parent_end
        self.process = get_context("spawn").Process(
            target=_worker_main, args=(dict(settings.values), child_end, os.getpid()),
            name="squeeze-worker", daemon=True)
        self.process.start()
        child_end.close()

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
            self.process.join(5)
        self.conn.close()


class ProcessRunner:
    """``size`` worker processes; a request holds one from its send to its reply."""

    def __init__(self, settings: Settings, size: int) -> None:
        self.settings, self.size = settings, max(1, size)
        self.unit = settings["policy.unit"]
        self.load_error: str | None = None
        self.load_seconds: float | None = None
        self.workers: set[_Worker] = set()   # alive (loading, idle or busy): what close() kills
        self._idle: asyncio.Queue[_Worker] | None = None
        self._gate: _Gate | None = None
        self._ready = 0
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def ready(self) -> bool:
        return self._ready > 0

    async def start(self) -> None:
        self._idle = asyncio.Queue()
        self._gate = _Gate(self.settings["service.heavy_workers"])
        for _ in range(self.size):
            self._spawn()

    def _spawn(self) -> None:
        task = asyncio.get_running_loop().create_task(self._boot())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _boot(self) -> None:
        worker = await asyncio.to_thread(_Worker, self.settings)  # spawn takes a moment: off the loop
        self.workers.add(worker)
        try:
            kind, detail = await asyncio.to_thread(worker.conn.recv)
        except (EOFError, OSError):
            kind, detail = "failed", "the worker process ended while loading"
        if kind != "ready":
            log.error("a worker could not load the models: %s", detail)
            self.load_error = detail
            self._discard(worker)
            return
        if self.load_seconds is None:
            self.load_seconds = detail
            log.info("models loaded and warm in a worker in %.2f s", detail)
        self._ready += 1
        assert self._idle is not None
        self._idle.put_nowait(worker)

    def _discard(self, worker: _Worker) -> None:
        self.workers.discard(worker)
        worker.kill()

    def _replace(self, worker: _Worker) -> None:
        """Kill a worker (overdue or dead) and start another in its place."""
        self._ready -= 1
        self._discard(worker)
        self._spawn()

    async def run(self, kind: str, data: Any, options: dict[str, Any], heavy: bool) -> tuple[bytes, dict[str, Any]]:
        assert self._idle is not None and self._gate is not None
        timeout = self.settings["service.timeout_seconds"]
        started = time.monotonic()

        def remaining() -> float:
            return timeout - (time.monotonic() - started)

        async with self._gate.slot(heavy, remaining()):
            try:
                worker = await asyncio.wait_for(self._idle.get(), max(0.0, remaining()))
            except TimeoutError:
                raise NoWorker from None
            try:
                reply = await asyncio.to_thread(_exchange, worker.conn, (kind, data, options), remaining())
            except (EOFError, OSError, BrokenPipeError):
                self._replace(worker)
                raise WorkerLost from None
            except BaseException:  # cancelled (the service is stopping): the worker's state is unknown
                self._replace(worker)
                raise
            if reply is None:
                log.warning("a compression passed its %.1f s deadline: its worker is replaced", timeout)
                self._replace(worker)
                raise Overdue
            self._idle.put_nowait(worker)
        status, *rest = reply
        if status == "ok":
            return rest[0], rest[1]
        if status == "refused":
            raise rest[0]
        raise RuntimeError(rest[0])

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for worker in list(self.workers):
            self._discard(worker)
