"""A second process for the session tests: it appends to a store, or compacts and is killed.

    python session_worker.py STORE SESSION append MESSAGES_JSON
    python session_worker.py STORE SESSION hang-in-summary MARKER BUDGET
    python session_worker.py STORE SESSION hang-in-commit MARKER BUDGET

The hang modes write MARKER when they reach the point where the test kills them: inside the
summary (the snapshot not yet written) or inside the commit transaction (the snapshot row
written, the transaction not committed).
"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from pathlib import Path

from pipeline import Compressor
from pipeline.session import Session
from pipeline.store import SQLiteStore
from pipeline.types import SnapshotRecord, SummaryOutcome, SummaryRequest

LIGHT = {"stages.enabled": ["facts", "state"], "stages.entities": False}


def _hang(marker: str) -> None:
    Path(marker).write_text("reached", "utf-8")
    time.sleep(600)


class HangingSummary:
    def __init__(self, marker: str) -> None:
        self.marker = marker

    def summarize(self, request: SummaryRequest) -> SummaryOutcome:
        _hang(self.marker)
        return SummaryOutcome(request.extractive, "accepted")


class HangingCommit(SQLiteStore):
    marker = ""

    def _insert_snapshot(self, db: sqlite3.Connection, session: str, record: SnapshotRecord) -> None:
        super()._insert_snapshot(db, session, record)
        _hang(self.marker)


def main(store_path: str, session: str, mode: str, argument: str, budget: str = "0") -> None:
    if mode == "append":
        Session(SQLiteStore(store_path), session, config=LIGHT).append(json.loads(argument))
    elif mode == "hang-in-summary":
        compressor = Compressor(LIGHT, llm=HangingSummary(argument))
        Session(SQLiteStore(store_path), session, compressor=compressor).compact(force=True, budget=int(budget))
    elif mode == "hang-in-commit":
        HangingCommit.marker = argument
        Session(HangingCommit(store_path), session, config=LIGHT).compact(force=True, budget=int(budget))
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(*sys.argv[1:])
