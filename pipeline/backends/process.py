"""An embedder in a process of its own (``intents.process = true``).

In a thread beside the other stages, the embedding is numpy's many short calls: each needs
the GIL back, which the fact stage's Python holds. Measured on 2 cores: USE over 30
turns took 70 ms alone and 280-520 ms beside a busy Python thread, so the threads ran the
stages one after the other, slower than in turn. A child process gives the embedding a core of
its own, and it loads its model while the parent loads spaCy and jieba. It also clusters
(``groups``): only labels cross back.

The child is a plain ``python -c`` over a socket pair, not ``multiprocessing``: spawn would
import the caller's ``__main__`` again, and a script without an ``if __name__ == "__main__"``
guard would then crash. The child holds the ``CachedEmbedder``, so a growing conversation
embeds only its new turns.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import weakref
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    import numpy as np

    from ..config import Settings
    from .base import CachedEmbedder, Groups

__all__ = ["ProcessEmbedder"]


class _Ended(RuntimeError):
    """The child is gone: this call fails, the next one starts a new child."""

# the child's first message is sys.path: pipeline is importable there as it is here
_CHILD = ("import sys; from multiprocessing.connection import Connection; "
          "conn = Connection(int(sys.argv[1])); sys.path[:] = conn.recv(); "
          "from pipeline.backends.process import serve; serve(conn)")


def _sendable(exc: Exception) -> Exception:
    """The error itself when it survives pickling, else its text (a custom signature may not)."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def serve(conn: Connection) -> None:
    """The child: load the backend, say ("ready", dim) or ("error", exc), then answer
    (method, *args) calls of ``CachedEmbedder`` (embed, groups) until EOF."""
    from ..config import Settings
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C reaches the group: the parent decides
    name, values, loader = conn.recv()
    try:
        embedder = loader(name, Settings(values))
        conn.send(("ready", int(embedder.dim)))
    except Exception as exc:  # noqa: BLE001 - raised in the parent, where it is read
        conn.send(("error", _sendable(exc)))
        return
    while True:
        try:
            method, *args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            if method not in ("embed", "groups"):
                raise ValueError(f"no such call: {method!r}")
            conn.send(("ok", getattr(embedder, method)(*args)))
        except Exception as exc:  # noqa: BLE001
            conn.send(("error", _sendable(exc)))


class ProcessEmbedder:
    """``CachedEmbedder``'s calls (embed, groups) answered by a child process. The model starts
    loading at construction; :meth:`ready` (or the first call) raises what loading raised (E025,
    a missing package). A child that dies fails that call and is replaced on the next one."""

    def __init__(self, name: str, settings: "Settings",
                 loader: Callable[[str, "Settings"], "CachedEmbedder"]) -> None:
        self.name = name
        self._setup = (name, dict(settings.values), loader)
        self._lock = threading.Lock()
        self._conn: Connection | None = None
        self._child: subprocess.Popen[bytes] | None = None
        self._dim: int | None = None
        self._failed: Exception | None = None
        self._start()
        _LIVE.add(self)

    def _start(self) -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            self._child = subprocess.Popen(
                [sys.executable, "-c", _CHILD, str(theirs.fileno())], pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)   # stdout is the CLI's
        self._conn = Connection(ours.detach())
        self._conn.send(list(sys.path))
        self._conn.send(self._setup)
        self._dim = None

    def _reply(self, conn: Connection) -> Any:
        try:
            kind, value = conn.recv()
        except (EOFError, OSError) as exc:
            with contextlib.suppress(OSError):
                conn.close()
            self._conn = None
            raise _Ended(f"the {self.name} embedding process ended ({type(exc).__name__}); "
                               "a new one starts on the next call") from exc
        if kind == "error":
            raise value
        return value

    def _ready(self) -> Connection:
        """Under the lock: a live child with its model loaded."""
        if self._failed is not None:   # a model that failed to load does not load on a retry
            raise self._failed
        if self._conn is None:   # after a fork, or a child that died
            self._start()
        conn = self._conn
        assert conn is not None
        if self._dim is None:
            try:
                self._dim = self._reply(conn)
            except _Ended:
                raise
            except Exception as exc:
                self._failed = exc
                raise
        return conn

    def ready(self) -> None:
        """Block until the child has its model."""
        with self._lock:
            self._ready()

    @property
    def dim(self) -> int:
        self.ready()
        assert self._dim is not None
        return self._dim

    def _begin(self, *request: Any, wait: bool = True) -> Callable[[], Any]:
        """Send a request now; the returned call reads its reply. The lock is held from the
        send to the reply (taken here, given back by whichever thread reads it), so replies
        never cross: the caller must make the returned call, in any thread. ``wait=False``:
        while another call is being answered, do not wait here; the returned call sends and
        reads (the caller's other work goes on meanwhile)."""
        if not self._lock.acquire(blocking=wait):
            return lambda: self._begin(*request)()
        try:
            conn = self._ready()
            try:
                conn.send(request)
            except OSError:
                pass   # a dead child: the reply says so
        except BaseException:
            self._lock.release()
            raise

        def reply() -> Any:
            try:
                return self._reply(conn)
            finally:
                self._lock.release()
        return reply

    def embed(self, texts: Sequence[str]) -> "np.ndarray":
        return self._begin("embed", list(texts))()  # type: ignore[no-any-return]

    def groups(self, texts: Sequence[str], eps: float, min_samples: int) -> "Groups":
        return self.begin_groups(texts, eps, min_samples)()

    def begin_groups(self, texts: Sequence[str], eps: float, min_samples: int) -> Callable[[], "Groups"]:
        """``groups``, its request sent now, its answer read by the returned call: the child
        works while the caller goes on."""
        return self._begin("groups", list(texts), eps, min_samples, wait=False)

    def forget(self) -> None:
        """In a forked child: the parent's child process is not ours; start our own on first use
        (closing our copy of the socket, so the parent's child still ends with the parent)."""
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.close()
        self._conn = self._child = None
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if self._child is not None:
                self._child.wait(10)
                self._child = None


_LIVE: "weakref.WeakSet[ProcessEmbedder]" = weakref.WeakSet()


def _after_fork() -> None:
    for embedder in list(_LIVE):
        embedder.forget()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)
