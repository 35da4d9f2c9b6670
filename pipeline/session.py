"""Sessions: one conversation compacted again and again as it grows, without drift or loss.

The raw messages go to an append-only event log; a compaction writes a new snapshot (its
structured state, its rendered text, what made it) and commits it only if nothing newer was
committed or deleted meanwhile. Guarantees (tested in tests/test_session.py):

- no event is lost or reordered: events appended during a compaction stay after it, verbatim;
- a compaction that lost the race is redone from the newer state, or given up; it never
  overwrites newer data; a killed process leaves the previous snapshot valid;
- the next snapshot is built from the stored structured state plus the raw events (facts of
  covered messages are reused, stages that link turns re-read the raw user messages), never
  from the previous summary text, so "maybe" stays a claim and the newest value stays current;
- deleting an event invalidates and erases every snapshot that covers it; the next context is
  rebuilt from what is left.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping, Sequence
from urllib.parse import quote

from .compressor import Compressor
from .config import Settings
from .errors import Errors, InputError, StoreError
from .parse import ROLES, parse_conversation
from .policy import plan
from .store import Store
from .rulepacks import load_rule_pack
from .types import (Action, Audit, CarriedState, CompressionResult, Conversation, Event, Plan,
                    PrefixSummary, SessionView, Snapshot, SnapshotRecord, StoredEvent)

__all__ = ["Session"]

_SUMMARY_ID = "__squeeze_summary__"


def _with_id(event: StoredEvent) -> dict[str, Any]:
    return {**event.message, "id": event.id}


def _now_of(events: Sequence[StoredEvent]) -> str:
    """A conversation's ``now`` is when its newest message was said: its own timestamp, else
    the time it was appended to the log."""
    last = events[-1]
    stamp = last.message.get("timestamp")
    return stamp if isinstance(stamp, str) and stamp else last.appended


@dataclass(frozen=True)
class _Frame:
    """A session as one compaction sees it: the whole raw log and the view that would be sent
    now (system messages, the newest summary, the events after it)."""

    state: SessionView
    full: Conversation
    view: Conversation
    messages: Mapping[str, Mapping[str, Any]]   # event id → the caller's message, as appended
    seqs: Mapping[str, int]                     # event id → its place in the log


class Session:
    """``Session(SQLiteStore("s.db"), "chat-42")``: append messages, ask for the context.

    Several ``Session`` objects (threads, processes) may work on the same session id: the
    store serialises their writes and the conditional commit keeps them consistent.
    """

    def __init__(self, store: Store, id: str, *, compressor: Compressor | None = None,
                 config: Mapping[str, Any] | Settings | str | None = None) -> None:
        self.store = store
        self.id = id
        self.compressor = compressor or Compressor(config)
        self.settings = self.compressor.settings
        self._background: ThreadPoolExecutor | None = None

    # -- the event log ----------------------------------------------------------------------

    def append(self, messages: Sequence[Mapping[str, Any]]) -> list[str]:
        """Add messages (OpenAI chat format) to the log; returns their event ids. The whole log
        is checked as it would be (roles, tool-call pairs, sizes, ids) before anything is
        written: an invalid message raises a numbered error and nothing is appended."""
        if not isinstance(messages, Sequence) or isinstance(messages, (str, bytes)):
            raise InputError(Errors.E007, type_name=type(messages).__name__)
        if not messages:
            return []
        try:
            logged = [_with_id(e) for e in self.store.load(self.id).events]
        except StoreError as error:
            if error.code != "E040":
                raise
            logged = []
        # a check only: no time is normalised and no language read here, so neither is detected
        parse_conversation(logged + list(messages), self.settings, now=datetime.now(timezone.utc),
                           lang=self.settings["conversation.lang"] or "en")
        stored = self.store.append(self.id, messages,
                                   name=lambda message, seq: f"{ROLES[message['role']]}{seq}")
        return [e.id for e in stored]

    def get_event(self, event_id: str) -> dict[str, Any]:
        """The raw message behind an evidence reference ("U7", "T12"), as it was appended."""
        event = self.store.event(self.id, event_id)
        if event is None:
            raise StoreError(Errors.E041, session=self.id, event_id=event_id, detail="")
        return dict(event.message)

    def delete_events(self, ids: Sequence[str]) -> list[int]:
        """Erase these events and every snapshot that covers them; returns the invalidated
        snapshot versions. The next ``context()`` is rebuilt without them; an offloaded log
        (session.offload_dir) is rewritten without them too."""
        invalid = self.store.delete_events(self.id, list(ids))
        folder = self.settings["session.offload_dir"]
        if folder and self._offload_path(Path(folder)).exists():
            self._offload(self.store.load(self.id).events, Path(folder))
        return invalid

    # -- context and compaction -------------------------------------------------------------

    def context(self, budget: int | None = None) -> CompressionResult:
        """The messages to send now: system messages, the newest summary, the events after it;
        compacted first when the policy says so (budget: policy.budget unless given)."""
        return self._run(budget, force=False)

    def compact(self, force: bool = False, budget: int | None = None) -> CompressionResult:
        """Compact if the policy says so (or now, with ``force``); the result is the context
        after it, and ``report["commit"]`` says whether a snapshot was committed."""
        return self._run(budget, force=force)

    def compact_in_background(self, force: bool = False,
                              budget: int | None = None) -> Future[CompressionResult]:
        """``compact`` on a background thread, under the same conditional commit."""
        if self._background is None:
            self._background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="squeeze-session")
        return self._background.submit(self._run, budget, force)

    def close(self) -> None:
        if self._background is not None:
            self._background.shutdown(wait=True)
            self._background = None

    def _run(self, budget: int | None, force: bool) -> CompressionResult:
        settings = (self.settings if budget is None
                    else self.settings.with_overrides({"policy.budget": budget}))
        for _ in range(settings["session.commit_retries"] + 1):
            started = time.perf_counter()
            frame = self._frame()
            decision = plan(frame.view, settings, force=force)
            if decision.action is Action.COMPACT and not self._covers_new(frame, decision):
                decision = Plan(Action.NONE, limit=decision.limit, reason="nothing new to compact",
                                warnings=decision.warnings)
            if decision.action is not Action.COMPACT:
                return self._result(frame, decision, started, frame.state.snapshot, commit="not_needed")
            summary, record = self._summarize(frame, decision)
            draft = self._result(frame, decision, started, record, summary, commit="committed")
            report = draft.report
            audit = Audit("compact", "committed", report["chars_before"], report["chars_after"],
                          report["total_ms"], stage_ms=report["stage_ms"], fallback=report["fallback"],
                          detail=f"covers {record.covered[0]}..{record.covered[1]}")
            committed = self.store.commit(self.id, record, frame.state.revision, audit)
            if committed is not None:
                return self._result(frame, decision, started, committed, summary, commit="committed")
        started = time.perf_counter()
        frame = self._frame()
        self.store.record_audit(self.id, Audit("compact", "gave_up", frame.view.size, frame.view.size, 0.0,
                                               detail="newer writes won every attempt"))
        return self._result(frame, Plan(Action.NONE, reason="compaction lost the race to newer writes"),
                            started, frame.state.snapshot, commit="gave_up")

    @staticmethod
    def _covers_new(frame: _Frame, decision: Plan) -> bool:
        """Whether the cut leaves behind an event the stored snapshot does not cover yet: a cut
        right after the summary would commit the same events again under a new version."""
        return any(e.id != _SUMMARY_ID and e.role != "system" for e in frame.view.events[:decision.cut])

    def _frame(self) -> _Frame:
        state = self.store.load(self.id)
        if not state.events:
            raise InputError(Errors.E002)
        now = _now_of(state.events)
        lang = self.settings["conversation.lang"] or None
        full = parse_conversation([_with_id(e) for e in state.events], self.settings, now=now, lang=lang)
        cursor = state.snapshot.cursor if state.snapshot else 0
        view = [_with_id(e) for e in state.events if e.seq <= cursor and e.message["role"] == "system"]
        if state.snapshot is not None:
            view.append({**self._summary(state.snapshot), "id": _SUMMARY_ID})
        view += [_with_id(e) for e in state.events if e.seq > cursor]
        return _Frame(state, full, parse_conversation(view, self.settings, now=now, lang=full.lang),
                      {e.id: e.message for e in state.events}, {e.id: e.seq for e in state.events})

    def _summary(self, record: SnapshotRecord) -> dict[str, Any]:
        return self.compressor.summary_message(record.text, record.covered, record.version)

    def _summarize(self, frame: _Frame, decision: Plan) -> tuple[PrefixSummary, SnapshotRecord]:
        """The new snapshot: the previous one's structured state (when the same rules and
        models made it) plus the raw events up to the cut; never the previous summary text."""
        assert decision.cut is not None
        cut_id = frame.view.events[decision.cut].id
        cut = next(e.index for e in frame.full.events if e.id == cut_id)
        producers = self.compressor.producers(frame.full.lang)
        previous = frame.state.snapshot
        carried = None
        if previous is not None and previous.producers == producers:
            carried = CarriedState(frozenset(e.id for e in frame.state.events if e.seq <= previous.cursor),
                                   previous.state)
        if self.settings["session.offload_dir"]:
            self._offload(frame.state.events, Path(self.settings["session.offload_dir"]))
        summary = self.compressor.summarize_prefix(frame.full, cut, decision.summary_budget,
                                                   carried=carried)
        record = SnapshotRecord(0, 0, frame.seqs[frame.full.events[cut - 1].id],
                                (summary.covered[0], summary.covered[-1]), summary.results,
                                summary.snapshot.to_dict(), summary.text, producers,
                                datetime.now(timezone.utc).isoformat())
        return summary, record

    def _result(self, frame: _Frame, decision: Plan, started: float, record: SnapshotRecord | None,
                summary: PrefixSummary | None = None, *, commit: str) -> CompressionResult:
        pack = load_rule_pack(frame.full.lang)

        def outgoing(event: Event) -> dict[str, Any]:
            if event.id == _SUMMARY_ID:
                return self._summary(frame.state.snapshot)  # type: ignore[arg-type]
            if event.index in decision.trimmed:
                return self.compressor.trimmed(replace(event, message=frame.messages[event.id]), pack)
            return dict(frame.messages[event.id])

        if summary is not None and record is not None and decision.cut is not None:
            out = [dict(frame.messages[e.id]) for e in frame.full.events
                   if e.role == "system" and frame.seqs[e.id] <= record.cursor]
            at = len(out)
            out.append(self._summary(record))
            out += [outgoing(e) for e in frame.view.events[decision.cut:]]
            result = self.compressor.assemble(
                frame.view, decision, out, record.snapshot, summary.timings, list(summary.warnings),
                started, stages=summary.stages, covered=list(summary.covered),
                summary_chars=len(summary.text), summary=summary,
                summary_index=at)
            result.report["summary_path"] = summary.path
            result.report["fallback"] = summary.reason if summary.path == "fallback" else None
        else:
            snapshot = record.snapshot if record else Snapshot(frame.full.lang, []).to_dict()
            result = self.compressor.assemble(frame.view, decision, [outgoing(e) for e in frame.view.events],
                                              snapshot, {}, [], started)
        result.report.update({"session": self.id, "commit": commit,
                              "snapshot_version": record.version if record and record.version else None,
                              "events": len(frame.state.events)})
        return result

    def _offload_path(self, folder: Path) -> Path:
        return folder / f"{quote(self.id, safe='')}.jsonl"

    def _offload(self, events: Sequence[StoredEvent], folder: Path) -> None:
        """The whole log as JSONL, written beside and then renamed: a reader never sees half."""
        folder.mkdir(parents=True, exist_ok=True)
        target = self._offload_path(folder)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, delete=False,
                                         suffix=".part") as handle:
            for event in events:
                handle.write(json.dumps({"seq": event.seq, "id": event.id, "appended": event.appended,
                                         "message": event.message}, ensure_ascii=False) + "\n")
        os.replace(handle.name, target)
