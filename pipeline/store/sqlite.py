"""The embedded session store: one SQLite file in WAL mode, safe across threads and processes.

Each thread gets its own connection. Writes run in ``BEGIN IMMEDIATE`` transactions, so
two processes appending at once are serialised by SQLite and a process killed mid-write
leaves the previous state intact (the transaction never committed).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..errors import Errors, StoreError
from ..types import Audit, SessionView, SnapshotRecord, StoredEvent
from .codec import decode_results, encode_results

__all__ = ["SQLiteStore"]

SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY, created TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS events (
    session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL, id TEXT NOT NULL, message TEXT, appended TEXT NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session, seq), UNIQUE (session, id));
CREATE TABLE IF NOT EXISTS snapshots (
    session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    version INTEGER NOT NULL, state_revision INTEGER NOT NULL, cursor INTEGER NOT NULL,
    first_event TEXT NOT NULL, last_event TEXT NOT NULL, state TEXT NOT NULL,
    snapshot TEXT NOT NULL, text TEXT NOT NULL, producers TEXT NOT NULL, created TEXT NOT NULL,
    valid INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (session, version));
CREATE TABLE IF NOT EXISTS audits (
    session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    at TEXT NOT NULL, action TEXT NOT NULL, outcome TEXT NOT NULL, snapshot_version INTEGER,
    chars_before INTEGER NOT NULL, chars_after INTEGER NOT NULL, stage_ms TEXT NOT NULL,
    fallback TEXT, duration_ms REAL NOT NULL, detail TEXT NOT NULL);
"""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class SQLiteStore:
    """``SQLiteStore("sessions.db")``: the file and its tables are created on first use."""

    def __init__(self, path: str | Path, *, timeout: float = 30.0) -> None:
        self.path = str(path)
        self.timeout = timeout
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        db = self._connection()
        try:
            found = self._schema(db)
            if found is None:  # a new file, or one whose creation was cut short
                db.executescript(_SCHEMA)
                db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
                found = self._schema(db)
        except sqlite3.OperationalError as exc:  # locked by a writer past the timeout
            raise StoreError(Errors.E042, path=self.path, detail=str(exc)) from exc
        except sqlite3.DatabaseError as exc:
            raise StoreError(Errors.E044, path=self.path, detail=str(exc)) from exc
        if found != SCHEMA_VERSION:
            raise StoreError(Errors.E044, path=self.path,
                             detail=f"schema {found}, this version reads {SCHEMA_VERSION}")

    @staticmethod
    def _schema(db: sqlite3.Connection) -> str | None:
        """The schema version the file holds (None: no tables yet). Only reads, so the store
        opens while another process writes, or is stuck inside a commit holding the lock."""
        if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone():
            return None
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        return row[0] if row else None

    # -- connections and transactions -------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None,
                                     check_same_thread=False)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")
                db.execute("PRAGMA foreign_keys=ON")
                db.execute("PRAGMA secure_delete=ON")  # erased content is zeroed, not left in free pages
            except sqlite3.OperationalError as exc:  # no such folder, no permission, locked
                raise StoreError(Errors.E042, path=self.path, detail=str(exc)) from exc
            except sqlite3.DatabaseError as exc:     # a file that is not SQLite at all
                raise StoreError(Errors.E044, path=self.path, detail=str(exc)) from exc
            self._local.db = db
            with self._lock:
                self._connections.append(db)
        return db

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        db = self._connection()
        try:
            db.execute(begin)
        except sqlite3.DatabaseError as exc:
            raise StoreError(Errors.E042, path=self.path, detail=str(exc)) from exc
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _write(self) -> Any:
        return self._transaction("BEGIN IMMEDIATE")

    def _read(self) -> Any:
        return self._transaction("BEGIN")

    def close(self) -> None:
        with self._lock:
            for db in self._connections:
                db.close()
            self._connections.clear()
        self._local = threading.local()

    # -- the event log ----------------------------------------------------------------------

    def append(self, session: str, messages: Sequence[Mapping[str, Any]],
               name: Callable[[Mapping[str, Any], int], str]) -> list[StoredEvent]:
        appended = _now()
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO sessions (id, created) VALUES (?, ?)", (session, appended))
            last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE session = ?",
                              (session,)).fetchone()[0]
            stored = []
            for offset, message in enumerate(messages, start=1):
                seq = last + offset
                given = message.get("id")
                event_id = given if isinstance(given, str) and given else name(message, seq)
                try:
                    db.execute("INSERT INTO events (session, seq, id, message, appended) "
                               "VALUES (?, ?, ?, ?, ?)", (session, seq, event_id, _dump(message), appended))
                except sqlite3.IntegrityError as exc:
                    raise StoreError(Errors.E043, session=session, event_id=event_id) from exc
                stored.append(StoredEvent(seq, event_id, message, appended))
        return stored

    def _events(self, db: sqlite3.Connection, session: str) -> tuple[StoredEvent, ...]:
        rows = db.execute("SELECT seq, id, message, appended FROM events "
                          "WHERE session = ? AND deleted = 0 ORDER BY seq", (session,))
        return tuple(StoredEvent(seq, id_, json.loads(message), appended)
                     for seq, id_, message, appended in rows)

    def event(self, session: str, event_id: str) -> StoredEvent | None:
        row = self._connection().execute(
            "SELECT seq, id, message, appended FROM events WHERE session = ? AND id = ? AND deleted = 0",
            (session, event_id)).fetchone()
        return StoredEvent(row[0], row[1], json.loads(row[2]), row[3]) if row else None

    def load(self, session: str) -> SessionView:
        with self._read() as db:
            row = db.execute("SELECT revision FROM sessions WHERE id = ?", (session,)).fetchone()
            if row is None:
                raise StoreError(Errors.E040, session=session, store=self.path)
            snapshot = db.execute(_SNAPSHOT_SELECT + " AND valid = 1 ORDER BY version DESC LIMIT 1",
                                  (session,)).fetchone()
            return SessionView(row[0], self._events(db, session),
                               _record(snapshot) if snapshot else None)

    # -- snapshots and audits ---------------------------------------------------------------

    def commit(self, session: str, record: SnapshotRecord, expected_revision: int,
               audit: Audit) -> SnapshotRecord | None:
        with self._write() as db:
            row = db.execute("SELECT revision FROM sessions WHERE id = ?", (session,)).fetchone()
            if row is None or row[0] != expected_revision:
                self._insert_audit(db, session, replace(audit, outcome="conflict"))
                return None
            version = db.execute("SELECT COALESCE(MAX(version), 0) + 1 FROM snapshots WHERE session = ?",
                                 (session,)).fetchone()[0]
            snapshot = {**record.snapshot, "snapshot_version": version,
                        "state_revision": expected_revision + 1}
            committed = SnapshotRecord(version, expected_revision + 1, record.cursor, record.covered,
                                       record.state, snapshot, record.text, record.producers,
                                       record.created)
            self._insert_snapshot(db, session, committed)
            db.execute("UPDATE sessions SET revision = ? WHERE id = ?", (expected_revision + 1, session))
            self._insert_audit(db, session, replace(audit, snapshot_version=version))
        return committed

    def _insert_snapshot(self, db: sqlite3.Connection, session: str, record: SnapshotRecord) -> None:
        db.execute("INSERT INTO snapshots (session, version, state_revision, cursor, first_event, "
                   "last_event, state, snapshot, text, producers, created) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (session, record.version, record.state_revision, record.cursor, record.covered[0],
                    record.covered[1], _dump(encode_results(record.state)), _dump(record.snapshot),
                    record.text, _dump(record.producers), record.created))

    def record_audit(self, session: str, audit: Audit) -> None:
        with self._write() as db:
            self._insert_audit(db, session, audit)

    @staticmethod
    def _insert_audit(db: sqlite3.Connection, session: str, audit: Audit) -> None:
        db.execute("INSERT INTO audits VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (session, _now(), audit.action, audit.outcome, audit.snapshot_version,
                    audit.chars_before, audit.chars_after, _dump(audit.stage_ms), audit.fallback,
                    audit.duration_ms, audit.detail))

    def snapshots(self, session: str) -> list[SnapshotRecord]:
        rows = self._connection().execute(_SNAPSHOT_SELECT + " ORDER BY version", (session,))
        return [_record(row) for row in rows]

    def audits(self, session: str) -> list[dict[str, Any]]:
        cursor = self._connection().execute(
            "SELECT at, action, outcome, snapshot_version, chars_before, chars_after, stage_ms, "
            "fallback, duration_ms, detail FROM audits WHERE session = ? ORDER BY rowid", (session,))
        names = [c[0] for c in cursor.description]
        return [{**dict(zip(names, row)), "stage_ms": json.loads(row[6])} for row in cursor]

    # -- deletion ---------------------------------------------------------------------------

    def delete_events(self, session: str, ids: Sequence[str]) -> list[int]:
        """A snapshot is derived from every event it covers (facts, key sentences, intents),
        so every snapshot covering a deleted event is invalidated and its content erased."""
        with self._write() as db:
            if db.execute("SELECT 1 FROM sessions WHERE id = ?", (session,)).fetchone() is None:
                raise StoreError(Errors.E040, session=session, store=self.path)
            seqs = []
            for event_id in ids:
                row = db.execute("SELECT seq, deleted FROM events WHERE session = ? AND id = ?",
                                 (session, event_id)).fetchone()
                if row is None or row[1]:
                    raise StoreError(Errors.E041, session=session, event_id=event_id,
                                     detail=" (already deleted)" if row else "")
                seqs.append(row[0])
            if not seqs:
                return []
            db.executemany("UPDATE events SET message = NULL, deleted = 1 WHERE session = ? AND seq = ?",
                           [(session, seq) for seq in seqs])
            invalid = [v for (v,) in db.execute(
                "SELECT version FROM snapshots WHERE session = ? AND valid = 1 AND cursor >= ?",
                (session, min(seqs)))]
            db.execute("UPDATE snapshots SET valid = 0, state = '[]', snapshot = '{}', text = '' "
                       "WHERE session = ? AND cursor >= ?", (session, min(seqs)))
            db.execute("UPDATE sessions SET revision = revision + 1 WHERE id = ?", (session,))
        self._checkpoint()
        return invalid

    def _checkpoint(self) -> None:
        """Copy the WAL into the file and empty it, so erased content is gone from both
        (a reader still holding an old view keeps it until it finishes)."""
        self._connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def delete_session(self, session: str) -> None:
        with self._write() as db:
            if db.execute("DELETE FROM sessions WHERE id = ?", (session,)).rowcount == 0:
                raise StoreError(Errors.E040, session=session, store=self.path)
        self._checkpoint()

    def sessions(self) -> list[str]:
        return [row[0] for row in self._connection().execute("SELECT id FROM sessions ORDER BY created, id")]


_SNAPSHOT_SELECT = ("SELECT version, state_revision, cursor, first_event, last_event, state, snapshot, "
                    "text, producers, created, valid FROM snapshots WHERE session = ?")


def _record(row: Sequence[Any]) -> SnapshotRecord:
    return SnapshotRecord(row[0], row[1], row[2], (row[3], row[4]), decode_results(json.loads(row[5])),
                          json.loads(row[6]), row[7], json.loads(row[8]), row[9], bool(row[10]))
