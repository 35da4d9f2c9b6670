"""Where sessions live: an append-only event log, versioned snapshots and an audit trail.

``Store`` is the interface a session needs; ``SQLiteStore`` the embedded default (stdlib
``sqlite3``, WAL mode). A server database is another class with the same methods.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from ..types import Audit, SessionView, SnapshotRecord, StoredEvent
from .sqlite import SQLiteStore

__all__ = ["SQLiteStore", "Store"]


class Store(Protocol):
    """Every write is atomic; ``commit`` is conditional on the session's revision."""

    def append(self, session: str, messages: Sequence[Mapping[str, Any]],
               name: Callable[[Mapping[str, Any], int], str]) -> list[StoredEvent]:
        """Add messages at the end of the log; ``name(message, seq)`` gives an id to a message
        that has none. Creates the session on first use."""

    def load(self, session: str) -> SessionView:
        """The session's revision, live events and newest valid snapshot, read together."""

    def event(self, session: str, event_id: str) -> StoredEvent | None:
        """A live event by id (None when it was deleted or never existed)."""

    def commit(self, session: str, record: SnapshotRecord, expected_revision: int,
               audit: Audit) -> SnapshotRecord | None:
        """Store ``record`` as the next version only if the session is still at
        ``expected_revision``; None (and nothing written but the audit row) otherwise."""

    def record_audit(self, session: str, audit: Audit) -> None: ...

    def delete_events(self, session: str, ids: Sequence[str]) -> list[int]:
        """Erase these events' content and invalidate every snapshot derived from them;
        returns the invalidated snapshot versions."""

    def delete_session(self, session: str) -> None: ...

    def sessions(self) -> list[str]: ...

    def snapshots(self, session: str) -> list[SnapshotRecord]: ...

    def audits(self, session: str) -> list[dict[str, Any]]: ...

    def close(self) -> None: ...
