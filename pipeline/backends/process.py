"""An embedder in a process of its own (``intents.process = true``).

The stages run side by side in threads, but the embedding is numpy's many short calls: each
needs the GIL back, which the fact stage's Python holds. Measured on 2 cores: USE over 30
turns took 70 ms alone and 280-520 ms beside a busy Python thread, so the threads ran the
stages one after the other, slower than in turn. A child process gives the embedding a core of
its own, and it loads its model while the parent loads spaCy and jieba.

The child holds the bare backend; the cache stays in the parent (``CachedEmbedder``), so a
growing conversation sends only its new turns across.
"""

from __future__ import annotations

import os
import threading
import weakref
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

if TYPE_CHECKING:
    import numpy as np

    from ..config import Settings
    from .base import Embedder

__all__ = ["ProcessEmbedder"]

_CHILD: dict[str, Any] = {}   # in the child: the loaded backend, or the error loading it raised


def _load(name: str, values: Mapping[str, Any], loader: Callable[[str, "Settings"], "Embedder"]) -> None:
    from ..config import Settings
    try:
        _CHILD["embedder"] = loader(name, Settings(dict(values)))
    except Exception as exc:  # noqa: BLE001 - sent to the parent by _ready, which raises it there
        _CHILD["error"] = exc


def _ready() -> int:
    if "error" in _CHILD:
        raise _CHILD["error"]
    return int(_CHILD["embedder"].dim)


def _embed(texts: list[str]) -> "np.ndarray":
    return _CHILD["embedder"].embed(texts)


class ProcessEmbedder:
    """The ``Embedder`` protocol over a one-process pool (spawned: no threads forked).

    The model starts loading at construction; :meth:`wait` (or the first ``embed``) raises what
    loading raised (E025, a missing package). A child that dies is replaced on the next call."""

    def __init__(self, name: str, settings: "Settings",
                 loader: Callable[[str, "Settings"], "Embedder"]) -> None:
        self.name = name
        self._args = (name, dict(settings.values), loader)
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._loaded: Future[int] | None = None
        self._start()
        _LIVE.add(self)

    def _start(self) -> None:
        self._pool = ProcessPoolExecutor(1, mp_context=get_context("spawn"), initializer=_load,
                                         initargs=self._args)
        self._loaded = self._pool.submit(_ready)

    def wait(self) -> int:
        """Block until the child has its model; its dimension."""
        assert self._loaded is not None
        return self._loaded.result()

    @property
    def dim(self) -> int:
        return self.wait()

    def embed(self, texts: Sequence[str]) -> "np.ndarray":
        with self._lock:
            if self._pool is None:   # after a fork, or a child that died
                self._start()
            pool = self._pool
        assert pool is not None
        try:
            self.wait()
            return pool.submit(_embed, list(texts)).result()
        except BrokenProcessPool as exc:
            with self._lock:
                if self._pool is pool:
                    self._pool = None
            raise RuntimeError(f"the {self.name} embedding process ended ({exc}); "
                               "a new one starts on the next call") from exc

    def forget_pool(self) -> None:
        """In a forked child: the parent's pool is not ours; start our own on first use."""
        self._pool = None
        self._loaded = None

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None


_LIVE: "weakref.WeakSet[ProcessEmbedder]" = weakref.WeakSet()


def _after_fork() -> None:
    for embedder in list(_LIVE):
        embedder.forget_pool()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)
