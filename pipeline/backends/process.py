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

It also recognises named entities for the languages in ``models.ner_apart`` (``entities``): the
English NER is half of the parent's fact stage (23-29 ms of a 30-turn session), and beside the
embedding the child was idle most of each call. Requests are pipelined: each goes out at once
and the replies come back in the order sent, so the fact stage's entities (sent first) are
answered while the parent runs the state stage, and the embedding follows without waiting for
the parent to read them.
"""

from __future__ import annotations

import collections
import contextlib
import gc
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

__all__ = ["ProcessEmbedder", "ProcessEnded"]


class ProcessEnded(RuntimeError):
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


def _recognizer(settings: "Settings", lang: str, pack_version: str) -> Any:
    """The child's recognizer of a language: built on the parent's first request, then the
    same; its objects are frozen out of the collector as the parent's are (``models.freeze_gc``)."""
    from ..stages.entities import get_recognizer
    recognizer = get_recognizer(lang, pack_version, settings=settings)
    if (lang, pack_version) not in _BUILT:
        _BUILT.add((lang, pack_version))
        if settings["models.freeze_gc"]:
            gc.collect()
            gc.freeze()
    return recognizer


_BUILT: set[tuple[str, str]] = set()


def serve(conn: Connection) -> None:
    """The child: load the backend, say ("ready", dim) or ("error", exc), then answer
    (method, *args) calls until EOF, one reply per call in the order received: ``embed`` and
    ``groups`` of ``CachedEmbedder``, ``entities`` (lang, pack version, texts) of the language's
    recognizer, ``load_entities`` (lang, pack version) to build it ahead of the first call."""
    from ..config import Settings
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C reaches the group: the parent decides
    name, values, loader = conn.recv()
    settings = Settings(values)
    try:
        embedder = loader(name, settings)
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
            if method in ("embed", "groups"):
                answer = getattr(embedder, method)(*args)
            elif method == "entities":
                answer = _recognizer(settings, args[0], args[1]).recognize(args[2])
            elif method == "load_entities":
                _recognizer(settings, *args)
                answer = None
            else:
                raise ValueError(f"no such call: {method!r}")
            conn.send(("ok", answer))
        except Exception as exc:  # noqa: BLE001
            conn.send(("error", _sendable(exc)))


class _Ticket:
    """One reply's place in the order the child answers: filled by whichever thread reads it.
    ``hello`` is the child's first message (its model loaded, or the error loading raised)."""

    __slots__ = ("conn", "done", "hello", "kind", "value")

    def __init__(self, conn: Connection, hello: "_Ticket | None" = None) -> None:
        self.conn, self.hello, self.done, self.kind, self.value = conn, hello, False, "", None


class ProcessEmbedder:
    """``CachedEmbedder``'s calls (embed, groups) and a recognizer's (entities) answered by a
    child process. The model starts loading at construction; :meth:`ready` (or the first call)
    raises what loading raised (E025, a missing package). A child that dies fails the calls
    waiting on it and is replaced on the next one."""

    def __init__(self, name: str, settings: "Settings",
                 loader: Callable[[str, "Settings"], "CachedEmbedder"]) -> None:
        self.name = name
        self._setup = (name, dict(settings.values), loader)
        self._lock = threading.Lock()        # sending, and the queue of replies to read
        self._reading = threading.Lock()     # one thread reads the child's replies at a time
        self._waiting: collections.deque[_Ticket] = collections.deque()
        self._conn: Connection | None = None
        self._hello: _Ticket | None = None
        self._child: subprocess.Popen[bytes] | None = None
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
        self._hello = _Ticket(self._conn)
        self._waiting.append(self._hello)

    def _live(self) -> tuple[Connection, _Ticket]:
        """Under the lock: the child's connection (a new child after a fork or a death) and its
        hello. Requests may go out before the model has loaded: the child reads them after."""
        if self._failed is not None:   # a model that failed to load does not load on a retry
            raise self._failed
        if self._conn is None:
            self._start()
        assert self._conn is not None and self._hello is not None
        return self._conn, self._hello

    def _ended(self, conn: Connection, exc: BaseException) -> None:
        """The child behind ``conn`` is gone: every request still waiting on it fails."""
        with contextlib.suppress(OSError):
            conn.close()
        message = (f"the {self.name} embedding process ended ({type(exc).__name__}); "
                   "a new one starts on the next call")
        with self._lock:
            if self._conn is conn:
                self._conn = None
            for ticket in [t for t in self._waiting if t.conn is conn]:
                ticket.kind, ticket.value, ticket.done = "ended", message, True
                self._waiting.remove(ticket)

    def _collect(self, ticket: _Ticket) -> Any:
        """The reply of ``ticket``, reading (and keeping) the ones sent before it."""
        with self._reading:
            while not ticket.done:
                with self._lock:
                    head = self._waiting[0]
                try:
                    kind, value = head.conn.recv()
                except (EOFError, OSError) as exc:
                    self._ended(head.conn, exc)
                    continue
                with self._lock:
                    head.kind, head.value, head.done = kind, value, True
                    self._waiting.popleft()
        hello = ticket.hello or ticket
        if hello.kind == "error":   # the model did not load: that is the answer to every call
            self._failed = hello.value
            raise hello.value
        if ticket.kind == "ended":
            raise ProcessEnded(ticket.value)
        if ticket.kind == "error":
            raise ticket.value
        return ticket.value

    def ready(self) -> None:
        """Block until the child has its model."""
        self.dim  # noqa: B018 - read for its wait

    @property
    def dim(self) -> int:
        with self._lock:
            _, hello = self._live()
        return int(self._collect(hello))

    def _begin(self, *request: Any) -> Callable[[], Any]:
        """Send a request now; the returned call reads its reply. Requests are pipelined: the
        child answers them in the order sent, and a thread reading its reply reads (and keeps)
        the ones sent before it, so callers may read in any order and from any thread."""
        with self._lock:
            conn, hello = self._live()
            ticket = _Ticket(conn, hello)
            self._waiting.append(ticket)
            try:
                conn.send(request)
            except OSError:
                pass   # a dead child: reading says so
        return lambda: self._collect(ticket)

    def embed(self, texts: Sequence[str]) -> "np.ndarray":
        return self._begin("embed", list(texts))()  # type: ignore[no-any-return]

    def groups(self, texts: Sequence[str], eps: float, min_samples: int) -> "Groups":
        return self.begin_groups(texts, eps, min_samples)()

    def begin_groups(self, texts: Sequence[str], eps: float, min_samples: int) -> Callable[[], "Groups"]:
        """``groups``, its request sent now, its answer read by the returned call: the child
        works while the caller goes on."""
        return self._begin("groups", list(texts), eps, min_samples)

    def load_entities(self, lang: str, pack_version: str) -> Callable[[], None]:
        """Build the language's recognizer in the child now; the returned call waits for it
        (and raises what building raised: a missing spaCy model)."""
        return self._begin("load_entities", lang, pack_version)

    def begin_entities(self, lang: str, pack_version: str, texts: Sequence[str]
                       ) -> Callable[[], list[list[tuple[int, int, str]]]]:
        """``EntityRecognizer.recognize`` of the language in the child, sent now."""
        return self._begin("entities", lang, pack_version, list(texts))

    def forget(self) -> None:
        """In a forked child: the parent's child process is not ours; start our own on first use
        (closing our copy of the socket, so the parent's child still ends with the parent)."""
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.close()
        self._conn = self._child = self._hello = None
        self._lock = threading.Lock()
        self._reading = threading.Lock()
        self._waiting = collections.deque()

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
