"""Other processes for the session tests: they append to a store, compact it, and are killed.

    python session_worker.py STORE SESSION append MESSAGES_JSON
    python session_worker.py STORE SESSION hang-in-summary MARKER BUDGET
    python session_worker.py STORE SESSION hang-in-commit MARKER BUDGET
    python session_worker.py STORE SESSION write DIR NAME APPENDS
    python session_worker.py STORE SESSION compact-loop DIR BUDGET
    python session_worker.py STORE SESSION fork-compactors DIR BUDGET

The hang modes write MARKER when they reach the point where the test kills them: inside the
summary (the snapshot not yet written) or inside the commit transaction (the snapshot row
written, the transaction not committed).

``write`` and ``compact-loop`` touch DIR/ready-NAME and wait for DIR/go, so that all of them
start at once; then ``write`` makes APPENDS small appends (printing the ids of each as JSON)
and ``compact-loop`` compacts with force until DIR/stop appears (printing "OUTCOME VERSION").

``fork-compactors`` warms up once, prints "ready", then for each order read from stdin
({"hang": "summary" | "commit" | "", "at": N, "marker": FILE}) forks a child that compacts
with force until it is killed (or orphaned), printing "OUTCOME VERSION" after each compaction,
and hanging (after writing FILE) in its N-th summary or commit when told to. It prints
"child PID", then "reaped PID EXIT" (-9 for SIGKILL) when the child is gone.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pipeline import Compressor
from pipeline.session import Session
from pipeline.store import SQLiteStore
from pipeline.types import SnapshotRecord, SummaryOutcome, SummaryRequest

LIGHT = {"stages.enabled": ["facts", "state"], "stages.entities": False}


def batches(name: str, appends: int) -> list[list[dict[str, Any]]]:
    """What writer NAME appends: a user message, every other time with the reply, each one
    recognisable by its writer and place."""
    return [[{"role": "user", "content": f"{name} asks question {i}"}]
            + ([{"role": "assistant", "content": f"{name} answers question {i}"}] if i % 2 else [])
            for i in range(appends)]


class Hang:
    """Called at a point the test kills a process in: the AT-th call writes MARKER and sleeps
    (AT 0: never)."""

    def __init__(self, marker: str = "", at: int = 0) -> None:
        self.marker = marker
        self.at = at
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1
        if self.calls == self.at:
            Path(self.marker).write_text("reached", "utf-8")
            time.sleep(600)


class HangingSummary:
    def __init__(self, hang: Hang) -> None:
        self.hang = hang

    def summarize(self, request: SummaryRequest) -> SummaryOutcome:
        self.hang()
        return SummaryOutcome(request.extractive, "accepted")


class HangingCommit(SQLiteStore):
    hang = Hang()

    def _insert_snapshot(self, db: sqlite3.Connection, session: str, record: SnapshotRecord) -> None:
        super()._insert_snapshot(db, session, record)
        self.hang()


def _say(line: str) -> None:
    """One write per line: the forked children share the pipe with their parent, so a line
    written in parts (print does, when Python runs unbuffered) could be cut by a kill or
    interleaved with another process's line."""
    os.write(sys.stdout.fileno(), f"{line}\n".encode())


def _start_together(folder: Path, name: str) -> None:
    (folder / f"ready-{name}").touch()
    while not (folder / "go").exists():
        time.sleep(0.005)


def _compact_until(session: Session, budget: int, stop: Callable[[], bool]) -> None:
    while not stop():
        report = session.compact(force=True, budget=budget).report
        _say(f"{report['commit']} {report['snapshot_version']}")
        if report["commit"] != "committed":
            time.sleep(0.01)  # nothing new to compact yet: let the writers add some


def _warm_up(compressor: Compressor, folder: Path) -> None:
    """Load the parsers and rule packs on a throwaway store, so that the time of a kill falls
    in a compaction of the shared store, not in start-up."""
    name = ",".join(compressor.settings["stages.enabled"])
    store = SQLiteStore(folder / f"warm-up-{name}.db")
    session = Session(store, "warm-up", compressor=compressor)
    for batch in batches("warm-up", 8):
        session.append(batch)
    session.compact(force=True, budget=200)
    store.close()


def _fork_compactors(store_path: str, session: str, folder: Path, budget: int) -> None:
    """One warmed-up process forks the compactors the test kills, so each round costs
    milliseconds, not the seconds a new interpreter needs to import and warm up. It warms up
    one stage at a time: a compressor with one stage starts no thread, and a thread running
    at a fork would leave its locks held in the child."""
    for stage in LIGHT["stages.enabled"]:
        _warm_up(Compressor({**LIGHT, "stages.enabled": [stage]}), folder)
    assert threading.active_count() == 1
    me = os.getpid()
    _say("ready")
    for line in iter(sys.stdin.readline, ""):
        order = json.loads(line)
        pid = os.fork()
        if pid == 0:
            try:
                hang = Hang(order["marker"], order["at"])
                HangingCommit.hang = hang if order["hang"] == "commit" else Hang()
                summary = HangingSummary(hang if order["hang"] == "summary" else Hang())
                _compact_until(Session(HangingCommit(store_path), session,
                                       compressor=Compressor(LIGHT, llm=summary)),
                               budget, lambda: os.getppid() != me)  # no orphan if the test fails
            except BaseException:  # noqa: BLE001  (a child never returns into this loop)
                traceback.print_exc()
            os._exit(1)
        _say(f"child {pid}")
        _say(f"reaped {pid} {os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])}")


def main(store_path: str, session: str, mode: str, argument: str, *rest: str) -> None:
    if mode == "append":
        Session(SQLiteStore(store_path), session, config=LIGHT).append(json.loads(argument))
    elif mode == "hang-in-summary":
        compressor = Compressor(LIGHT, llm=HangingSummary(Hang(argument, 1)))
        Session(SQLiteStore(store_path), session, compressor=compressor).compact(force=True, budget=int(rest[0]))
    elif mode == "hang-in-commit":
        HangingCommit.hang = Hang(argument, 1)
        Session(HangingCommit(store_path), session, config=LIGHT).compact(force=True, budget=int(rest[0]))
    elif mode == "write":
        name, appends = rest[0], int(rest[1])
        writer = Session(SQLiteStore(store_path), session, config=LIGHT)
        _start_together(Path(argument), name)
        for batch in batches(name, appends):
            _say(json.dumps(writer.append(batch)))
    elif mode == "compact-loop":
        folder = Path(argument)
        compressor = Compressor(LIGHT)
        _warm_up(compressor, folder)
        compacting = Session(SQLiteStore(store_path), session, compressor=compressor)
        _start_together(folder, "compactor")
        _compact_until(compacting, int(rest[0]), (folder / "stop").exists)
    elif mode == "fork-compactors":
        _fork_compactors(store_path, session, Path(argument), int(rest[0]))
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(*sys.argv[1:])
