"""The SQLite store on its own: atomic appends, conditional commits, erasing deletes."""

from __future__ import annotations

import sqlite3

import pytest

from pipeline.errors import StoreError
from pipeline.store import SQLiteStore
from pipeline.types import Audit, SnapshotRecord


def _name(message, seq):
    return f"{message['role'][0].upper()}{seq}"


def _record(cursor: int, text: str = "summary") -> SnapshotRecord:
    return SnapshotRecord(0, 0, cursor, ("U1", f"A{cursor}"), (), {"constraints": []}, text,
                          {"rules": "zh 1.0"}, "2026-11-30T00:00:00+00:00")


AUDIT = Audit("compact", "committed", 100, 50, 1.0)


@pytest.fixture
def store(tmp_path):
    store = SQLiteStore(tmp_path / "s.db")
    store.append("s", [{"role": "user", "content": "one"}, {"role": "assistant", "content": "two"},
                       {"role": "user", "content": "three", "id": "mine"}], _name)
    return store


def test_the_log_keeps_order_ids_and_the_messages_as_given(store):
    view = store.load("s")
    assert [(e.seq, e.id) for e in view.events] == [(1, "U1"), (2, "A2"), (3, "mine")]
    assert view.events[2].message == {"role": "user", "content": "three", "id": "mine"}
    assert view.revision == 0 and view.snapshot is None
    journal = sqlite3.connect(store.path).execute("PRAGMA journal_mode").fetchone()[0]
    assert journal == "wal"


def test_a_batch_with_a_reused_id_appends_nothing(store):
    with pytest.raises(StoreError) as error:
        store.append("s", [{"role": "user", "content": "four"}, {"role": "user", "content": "x", "id": "A2"}],
                     _name)
    assert error.value.code == "E043" and "'A2'" in error.value.message
    assert len(store.load("s").events) == 3


def test_commit_succeeds_only_at_the_expected_revision(store):
    first = store.commit("s", _record(2), 0, AUDIT)
    assert first is not None and (first.version, first.state_revision) == (1, 1)
    assert first.snapshot["snapshot_version"] == 1 and first.snapshot["state_revision"] == 1
    assert store.commit("s", _record(3, "stale"), 0, AUDIT) is None  # someone committed meanwhile
    assert store.load("s").snapshot.text == "summary"
    assert [a["outcome"] for a in store.audits("s")] == ["committed", "conflict"]
    assert store.commit("s", _record(3, "newer"), 1, AUDIT).version == 2


def test_a_deletion_is_all_or_nothing_and_bumps_the_revision(store):
    store.commit("s", _record(2), 0, AUDIT)
    with pytest.raises(StoreError) as error:
        store.delete_events("s", ["U1", "nope"])
    assert error.value.code == "E041"
    assert len(store.load("s").events) == 3 and store.load("s").snapshot is not None
    assert store.delete_events("s", ["mine"]) == []        # after the snapshot's cursor
    assert store.load("s").revision == 2                   # an open compaction must start over
    assert store.delete_events("s", ["A2"]) == [1]
    assert store.load("s").snapshot is None and store.event("s", "A2") is None
    with pytest.raises(StoreError) as error:
        store.delete_events("s", ["A2"])
    assert "already deleted" in error.value.message


def test_unknown_sessions_and_other_schemas_are_numbered_errors(tmp_path, store):
    with pytest.raises(StoreError) as error:
        store.load("nobody")
    assert error.value.code == "E040"
    with pytest.raises(StoreError) as error:
        store.delete_session("nobody")
    assert error.value.code == "E040"
    sqlite3.connect(store.path).execute("UPDATE meta SET value = '99' WHERE key = 'schema'").connection.commit()
    with pytest.raises(StoreError) as error:
        SQLiteStore(store.path)
    assert error.value.code == "E044" and "schema 99" in error.value.message
    with pytest.raises(StoreError) as error:
        SQLiteStore(tmp_path / "no" / "such" / "dir" / "s.db")
    assert error.value.code == "E042"


def test_deleting_a_session_removes_everything(store):
    store.commit("s", _record(2), 0, AUDIT)
    store.delete_session("s")
    assert store.sessions() == [] and store.snapshots("s") == [] and store.audits("s") == []


def test_the_store_opens_and_reads_while_another_connection_holds_the_write_lock(store):
    """Opening a store that has its tables only reads: a compaction stuck inside its commit
    (holding the write lock) keeps nobody from opening the store and reading the log."""
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("DELETE FROM events")
    reader = SQLiteStore(store.path, timeout=0.2)
    assert [e.id for e in reader.load("s").events] == ["U1", "A2", "mine"]
    with pytest.raises(StoreError) as error:  # a writer still waits, then says why
        reader.append("s", [{"role": "user", "content": "four"}], _name)
    assert error.value.code == "E042" and "locked" in error.value.message
    holder.execute("ROLLBACK")
    assert len(SQLiteStore(store.path).load("s").events) == 3
