"""Sessions: a long agent loop compacted many times, races, a killed process, deletion."""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline import Compressor
from pipeline.errors import InputError, StoreError
from pipeline.rulepacks import load_rule_pack
from pipeline.session import Session
from pipeline.store import SQLiteStore
from pipeline.types import Action, SummaryOutcome, SummaryRequest

sys.path.insert(0, str(Path(__file__).parent))
from session_loop import SCRIPT, turns  # noqa: E402
from session_worker import batches

WORKER = Path(__file__).parent / "session_worker.py"
LIGHT = {"stages.enabled": ["facts", "state"], "stages.entities": False}
LANGS = ["zh", "en"]


@pytest.fixture(scope="module")
def compressor() -> Compressor:
    return Compressor({"conversation.timezone": "Asia/Shanghai"})


def _text(messages: list[dict]) -> str:
    return "\n".join(str(m.get("content") or "") for m in messages)


def _loop(session: Session, lang: str, count: int, budget: int) -> dict:
    session.append([{"role": "system", "content": SCRIPT[lang]["system"]}])
    result = None
    for messages in turns(lang, count):
        session.append(messages[:1])
        result = session.context(budget=budget)  # what the agent would send now
        session.append(messages[1:])
    assert result is not None
    return result


@pytest.mark.parametrize("lang", LANGS)
def test_long_loop_keeps_constraints_newest_values_and_uncertain_claims(tmp_path, compressor, lang):
    store = SQLiteStore(tmp_path / "s.db")
    session = Session(store, "loop", compressor=compressor)
    result = _loop(session, lang, 200, budget=6000)
    script = SCRIPT[lang]
    snapshots = store.snapshots("loop")
    # compacted again and again (8 times in zh, 11 in en: options a tool listed and the user never
    # named are left to the snapshot, so a summary grows slower than it did)
    assert len(snapshots) >= 5 and all(s.valid for s in snapshots)
    assert [s.version for s in snapshots] == list(range(1, len(snapshots) + 1))

    sent = _text(result.messages)
    for must in script["strong"] + script["current"]:
        assert must in sent, must
    assert result.report["chars_after"] <= 6000 * 0.8
    constraints = " | ".join(c["text"] for c in result.snapshot["constraints"])
    for old in script["stale"]:
        assert old not in constraints, old  # an old value is history, never current
    claim, hedge = script["claim"]
    for record in snapshots:  # every re-compaction keeps the claim a claim, hedge and all
        claims = [c for c in record.snapshot["user_claims"] if claim in c["text"]]
        assert claims and all(c["kind"] == "uncertain" and hedge in c["text"] for c in claims)
        assert not any(claim in c["text"] for c in record.snapshot["constraints"])
    summary = next(m["content"] for m in result.messages if m.get("name") == "__squeeze_summary__")
    quoted = summary[summary.index(claim) - 20: summary.index(claim) + len(claim)]
    assert hedge in quoted  # the rendered text still says "maybe"

    log = store.load("loop").events  # nothing lost, nothing reordered
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert len(log) == 1 + sum(len(m) for m in turns(lang, 200))


def test_recompaction_reads_only_new_messages_for_facts(tmp_path, compressor, monkeypatch):
    """The next snapshot starts from the stored state: the fact stage reads only what the
    previous snapshot did not cover (and everything again when other rules made it)."""
    stage = next(s for s in compressor.stages if s.name == "facts")
    seen: list[list[str]] = []
    original = stage.start   # the compressor enters the stage by its start
    monkeypatch.setattr(stage, "start", lambda data: seen.append([e.id for e in data.prefix]) or original(data))
    session = Session(SQLiteStore(tmp_path / "s.db"), "inc", compressor=compressor)
    for messages in turns("zh", 20):
        session.append(messages)
    first = session.compact(force=True, budget=4000)
    for messages in list(turns("zh", 30))[20:]:
        session.append(messages)
    second = session.compact(force=True, budget=4000)
    assert first.report["commit"] == second.report["commit"] == "committed"
    covered_first = first.report["covered"]
    assert seen[0][0] == "U1" and seen[0][-1] == covered_first[-1]
    assert seen[1] and all(not (i in seen[0]) for i in seen[1])  # only the new events
    monkeypatch.setattr(compressor, "producers", lambda lang: {"rules": "another version"})
    for messages in list(turns("zh", 40))[30:]:
        session.append(messages)
    session.compact(force=True, budget=4000)
    assert seen[2][0] == "U1"  # other rules made the stored state: read the raw events again


def test_evidence_refs_resolve_to_the_raw_events(tmp_path, compressor):
    session = Session(SQLiteStore(tmp_path / "s.db"), "ev", compressor=compressor)
    for messages in turns("en", 20):
        session.append(messages)
    snapshot = session.compact(force=True, budget=3000).snapshot
    assert snapshot["evidence_refs"]
    for fact in snapshot["constraints"] + snapshot["confirmed_facts"]:
        event_id, start, end = fact["source"]
        raw = session.get_event(event_id)
        assert raw["content"][start:end] == fact["text"]
    with pytest.raises(StoreError) as error:
        session.get_event("U999")
    assert error.value.code == "E041"


class Gate:
    """A summariser that holds a compaction until the test lets it go."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def summarize(self, request: SummaryRequest) -> SummaryOutcome:
        self.entered.set()
        assert self.release.wait(60)
        return SummaryOutcome(request.extractive, "accepted")


def _thirty(lang: str) -> list[dict]:
    messages = [m for turn in turns(lang, 12) for m in turn]
    return messages[:29] + [{"role": "user", "content": SCRIPT[lang]["said"][12]}]


def _worker(store: Path, session: str, mode: str, *arguments: str, **pipes) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    return subprocess.Popen([sys.executable, str(WORKER), str(store), session, mode, *arguments], env=env,
                            text=True, **pipes)


@pytest.mark.parametrize("lang", LANGS)
def test_events_appended_during_a_compaction_stay_after_it(tmp_path, lang):
    path = tmp_path / "s.db"
    gate = Gate()
    compacting = Session(SQLiteStore(path), "race", compressor=Compressor(LIGHT, llm=gate))
    assert compacting.append(_thirty(lang))[-1] == "U30"
    future = compacting.compact_in_background(force=True, budget=2000)
    assert gate.entered.wait(60)

    other_thread = threading.Thread(target=lambda: Session(SQLiteStore(path), "race", config=LIGHT)
                                    .append([{"role": "assistant", "content": "thirty-one"}]))
    other_thread.start()
    other_thread.join(30)
    process = _worker(path, "race", "append", json.dumps([{"role": "user", "content": "thirty-two"}]))
    assert process.wait(120) == 0
    gate.release.set()
    result = future.result(60)
    compacting.close()

    assert result.report["commit"] == "committed"
    store = SQLiteStore(path)
    log = store.load("race").events
    assert [e.seq for e in log] == list(range(1, 33))
    assert [e.id for e in log[-2:]] == ["A31", "U32"]
    assert [e.message["content"] for e in log[-2:]] == ["thirty-one", "thirty-two"]
    snapshots = store.snapshots("race")
    assert len(snapshots) == 1 and snapshots[0].cursor < 30
    after = Session(store, "race", config=LIGHT).context(budget=2000)
    assert after.messages[-2:] == [{"role": "assistant", "content": "thirty-one"},
                                   {"role": "user", "content": "thirty-two"}]
    assert after.report["snapshot_version"] == 1


@pytest.mark.parametrize("retries, outcome", [(2, "committed"), (0, "gave_up")])
def test_a_compaction_that_lost_the_race_retries_or_gives_up(tmp_path, retries, outcome):
    path = tmp_path / "s.db"
    gate = Gate()
    slow = Session(SQLiteStore(path), "race",
                   compressor=Compressor({**LIGHT, "session.commit_retries": retries}, llm=gate))
    slow.append(_thirty("zh"))
    future = slow.compact_in_background(force=True, budget=2000)
    assert gate.entered.wait(60)
    fast = Session(SQLiteStore(path), "race", config=LIGHT)
    assert fast.compact(force=True, budget=2000).report["snapshot_version"] == 1
    fast.append([m for turn in list(turns("zh", 24))[12:] for m in turn])  # enough to compact again
    gate.release.set()
    result = future.result(60)
    slow.close()

    store = SQLiteStore(path)
    audits = [a["outcome"] for a in store.audits("race")]
    assert audits[:2] == ["committed", "conflict"]
    assert result.report["commit"] == outcome
    versions = [s.version for s in store.snapshots("race")]
    if outcome == "committed":  # redone from the newer state, on top of it
        assert versions == [1, 2] and result.report["snapshot_version"] == 2
        assert store.snapshots("race")[1].cursor > store.snapshots("race")[0].cursor
    else:  # given up cleanly: the newer snapshot stands, the answer is built on it
        assert versions == [1] and audits[-1] == "gave_up" and result.report["snapshot_version"] == 1
    log = store.load("race").events
    assert [e.seq for e in log] == list(range(1, len(log) + 1)) and len(log) > 30


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", ["hang-in-summary", "hang-in-commit"])
def test_a_process_killed_mid_compaction_leaves_the_previous_snapshot(tmp_path, mode, lang):
    path = tmp_path / "s.db"
    session = Session(SQLiteStore(path), "crash", config=LIGHT)
    session.append(_thirty(lang)[:20])
    first = session.compact(force=True, budget=1200)
    session.append(_thirty(lang)[20:])
    marker = tmp_path / "marker"
    process = _worker(path, "crash", mode, str(marker), "1200")
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(30)

    store = SQLiteStore(path)
    view = store.load("crash")
    assert view.snapshot is not None and view.snapshot.version == first.report["snapshot_version"] == 1
    assert [e.seq for e in view.events] == list(range(1, 31))
    assert [s.version for s in store.snapshots("crash")] == [1]
    again = Session(store, "crash", config=LIGHT).compact(force=True, budget=1200)
    assert again.report["commit"] == "committed" and again.report["snapshot_version"] == 2


def _check_snapshots(store: SQLiteStore, session: str, log) -> list[int]:
    """Every snapshot is a committed compaction over real events: versions 1..k, each with its
    own 'committed' audit row (written in the same transaction), each covering a range of the
    log up to its cursor and nothing after it, none covering less than the one before."""
    seqs = {e.id: e.seq for e in log}
    said = {e.id: e.message.get("content") for e in log}
    snapshots = store.snapshots(session)
    versions = [s.version for s in snapshots]
    assert versions == list(range(1, len(snapshots) + 1))
    assert [a["snapshot_version"] for a in store.audits(session) if a["outcome"] == "committed"] == versions
    cursors = [s.cursor for s in snapshots]
    assert cursors == sorted(cursors)  # equal when a forced compaction re-summarised the same range
    for record in snapshots:
        first, last = record.covered
        assert record.valid and record.state_revision == record.version
        assert seqs[first] <= seqs[last] <= record.cursor <= len(log)
        assert record.snapshot["covered_events"] == [first, last]
        assert all(seqs[ref] <= record.cursor for ref in record.snapshot["evidence_refs"])
        for sentence in record.snapshot["key_sentences"]:  # a quote, from the event it names (the pack's mark
            # on a quote whose value a later message replaced aside: "writer-1 asks question 0 (changed later)");
            # a change line ("[asks question 0] writer-1 → writer-2") names none
            quote = sentence["text"].removesuffix(load_rule_pack("en").templates["changed"])
            assert not sentence["label"] or seqs[sentence["label"]] <= record.cursor and quote in said[sentence["label"]]
    return versions


WRITERS, APPENDS = 4, 40


def test_four_writer_processes_and_a_compacting_one_lose_and_duplicate_nothing(tmp_path):
    """Four processes make many small appends to one session while a fifth compacts it again
    and again: every event is in the log once, in its writer's order, each append in one
    piece, and every snapshot covers real events up to its cursor."""
    path = tmp_path / "s.db"
    session = Session(SQLiteStore(path), "shared", config=LIGHT)
    session.append([{"role": "system", "content": "Answer every writer in turn."}])
    names = [f"writer-{k}" for k in range(WRITERS)]
    writers = [_worker(path, "shared", "write", str(tmp_path), name, str(APPENDS), stdout=subprocess.PIPE)
               for name in names]
    compactor = _worker(path, "shared", "compact-loop", str(tmp_path), "600", stdout=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not all((tmp_path / f"ready-{name}").exists() for name in names + ["compactor"]):
        assert all(p.poll() is None for p in writers + [compactor]) and time.monotonic() < deadline
        time.sleep(0.02)
    (tmp_path / "go").touch()
    outputs = [p.communicate(timeout=120)[0] for p in writers]
    (tmp_path / "stop").touch()
    compactions = compactor.communicate(timeout=120)[0].split()
    assert [p.returncode for p in writers + [compactor]] == [0] * (WRITERS + 1)

    store = SQLiteStore(path)
    log = store.load("shared").events
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert len(log) == 1 + WRITERS * sum(len(b) for b in batches("", APPENDS))
    writer_runs = [e.message["content"].split()[0] for e in log[1:]]
    assert sum(a != b for a, b in itertools.pairwise(writer_runs)) >= WRITERS  # they did overlap
    by_id = {e.id: e for e in log}
    for name, output in zip(names, outputs):
        sent = batches(name, APPENDS)
        assert [e.message for e in log if e.message["content"].startswith(f"{name} ")] == \
            [m for batch in sent for m in batch]  # each once, in the writer's order, as given
        ids = [json.loads(line) for line in output.splitlines()]
        assert [[by_id[i].message for i in batch] for batch in ids] == sent
        for batch in ids:  # an append is one transaction: nobody else's event inside it
            first = by_id[batch[0]].seq
            assert [by_id[i].seq for i in batch] == list(range(first, first + len(batch)))

    versions = _check_snapshots(store, "shared", log)
    committed = [int(v) for outcome, v in zip(compactions[::2], compactions[1::2]) if outcome == "committed"]
    assert committed == versions and len(versions) >= 3
    session.append([{"role": "user", "content": "That is all from the writers."}])
    final = session.compact(force=True, budget=600)
    assert final.report["commit"] == "committed" and final.report["snapshot_version"] == len(versions) + 1
    cursor = store.snapshots("shared")[-1].cursor
    assert final.messages[0] == log[0].message and final.messages[1]["name"] == "__squeeze_summary__"
    assert final.messages[2:] == [e.message for e in store.load("shared").events if e.seq > cursor]


def _keep_appending(append, label: str, stop: threading.Event, errors: list) -> None:
    turn = 0
    try:
        while not stop.is_set():
            append([{"role": "user", "content": f"{label}: question {turn}"},
                    {"role": "assistant", "content": f"{label}: answer {turn}"}])
            turn += 1
            stop.wait(0.02)
    except Exception as error:  # noqa: BLE001  (the test fails on it, after stopping the rounds)
        errors.append(error)


def _read_until(zygote: subprocess.Popen, prefix: str) -> tuple[str, list[str]]:
    """The forking process's next line starting with PREFIX, and the lines its child printed
    before it (they share the pipe)."""
    lines = []
    while not (line := zygote.stdout.readline()).startswith(prefix):
        assert line, "the forking process is gone"
        lines.append(line)
    return line, lines


def test_kill_9_of_a_compacting_process_loses_and_duplicates_nothing(tmp_path):
    """A compacting process is killed (SIGKILL) again and again: in its summary, inside its
    commit transaction, or at a random moment, with appends going on. After each kill the
    store opens, the log is exactly what was appended, the snapshots are exactly the committed
    ones, and the next compaction commits. SQUEEZE_KILL_ROUNDS sets the number of kills."""
    rounds = int(os.environ.get("SQUEEZE_KILL_ROUNDS", "20"))
    rng = random.Random(rounds)
    path = tmp_path / "s.db"
    session = Session(SQLiteStore(path), "kill", config=LIGHT)
    appended: list[tuple[str, dict]] = []

    def append(batch: list[dict]) -> None:
        appended.extend(zip(session.append(batch), batch))

    append([{"role": "system", "content": "Keep every message."}])
    zygote = _worker(path, "kill", "fork-compactors", str(tmp_path), "600",
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    figures = {"summary": 0, "commit": 0, "random": 0, "child commits": 0, "commits unreported": 0}
    child, stop, before = None, threading.Event(), 0
    try:
        assert zygote.stdout.readline() == "ready\n"
        for round_ in range(rounds):
            kind = ["summary", "commit", "random"][round_ % 3]
            append([{"role": "user", "content": f"round {round_}: before the kill"},
                    {"role": "assistant", "content": f"round {round_}: noted before"}])
            at = rng.randint(1, 3)
            marker = tmp_path / f"reached-{round_}"
            stop, errors = threading.Event(), []
            appender = threading.Thread(target=_keep_appending,
                                        args=(append, f"round {round_}", stop, errors))
            appender.start()
            zygote.stdin.write(json.dumps({"hang": "" if kind == "random" else kind,
                                           "at": at, "marker": str(marker)}) + "\n")
            zygote.stdin.flush()
            line, lines = _read_until(zygote, "child ")
            child = int(line.split()[1])
            if kind == "random":
                time.sleep(rng.uniform(0, 0.5))
            deadline = time.monotonic() + 60
            while kind != "random" and not marker.exists():
                assert time.monotonic() < deadline
                time.sleep(0.01)
            if kind == "commit":  # stuck holding the write lock: the store still opens and reads
                stuck = SQLiteStore(path, timeout=1)
                assert stuck.load("kill").snapshot.version == before + at - 1
                stuck.close()
            os.kill(child, signal.SIGKILL)
            line, more = _read_until(zygote, "reaped ")
            assert line == f"reaped {child} -9\n"  # killed, not failed on its own
            lines += more
            child = None
            stop.set()
            appender.join(60)
            assert not appender.is_alive() and not errors  # a writer waiting on the killed commit goes on
            figures[kind] += 1

            store = SQLiteStore(path)  # opens, and the file is sound
            check = sqlite3.connect(path)
            assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            check.close()
            log = store.load("kill").events
            assert [(e.seq, e.id, e.message) for e in log] == \
                [(seq, i, m) for seq, (i, m) in enumerate(appended, start=1)]
            new = _check_snapshots(store, "kill", log)[before:]
            reported = [int(line.split()[1]) for line in lines if line.startswith("committed ")]
            assert new[:len(reported)] == reported  # killed mid-commit: rolled back, or committed whole
            if kind == "random":  # it may have committed and been killed before it said so
                assert len(new) - len(reported) in (0, 1)
            else:  # the hung compaction left nothing, the ones before it everything
                assert new == reported and len(new) == at - 1
            figures["child commits"] += len(new)
            figures["commits unreported"] += len(new) - len(reported)
            store.close()

            append([{"role": "user", "content": f"round {round_}: after the kill"},
                    {"role": "assistant", "content": f"round {round_}: noted after"}])
            again = session.compact(force=True, budget=600)
            assert again.report["commit"] == "committed"
            before += len(new) + 1
            assert again.report["snapshot_version"] == before
    finally:
        stop.set()
        if child is not None:
            os.kill(child, signal.SIGKILL)
        zygote.stdin.close()
        zygote.wait(60)
    figures.update(kills=rounds, events=len(appended), lost=0, duplicated=0)
    print("kill -9 figures:", figures)


DELETED = {"zh": ("我对花生过敏，千万别有坚果", "花生"), "en": ("I am allergic to peanuts, no nuts at all", "peanuts")}


@pytest.mark.parametrize("lang", LANGS)
def test_deleting_an_event_invalidates_and_rebuilds(tmp_path, compressor, lang):
    path = tmp_path / "s.db"
    offload = tmp_path / "offload"
    session = Session(SQLiteStore(path), "del", compressor=Compressor(
        {"conversation.timezone": "Asia/Shanghai", "session.offload_dir": str(offload)}))
    messages = [m for turn in turns(lang, 14) for m in turn]
    said, key = DELETED[lang]
    messages.insert(3, {"role": "user", "content": said})
    messages.insert(4, {"role": "assistant", "content": "OK."})
    ids = session.append(messages)
    deleted_id = ids[3]
    first = session.compact(force=True, budget=3000)
    assert key in _text(first.messages)
    assert any(c["source"][0] == deleted_id for c in first.snapshot["constraints"])
    assert said in (offload / "del.jsonl").read_text("utf-8")

    assert session.delete_events([deleted_id]) == [1]
    store = SQLiteStore(path)
    record = store.snapshots("del")[0]
    assert not record.valid and record.text == "" and record.state == ()
    with pytest.raises(StoreError) as error:
        session.get_event(deleted_id)
    assert error.value.code == "E041"

    rebuilt = session.compact(force=True, budget=3000)
    assert rebuilt.report["snapshot_version"] == 2
    assert key not in _text(rebuilt.messages)
    assert all(deleted_id != f["source"][0] for f in rebuilt.snapshot["constraints"])
    for leftover in [path, Path(f"{path}-wal"), offload / "del.jsonl"]:  # not even in free pages
        if leftover.exists():
            assert key.encode("utf-8") not in leftover.read_bytes(), leftover


def test_a_deletion_during_a_compaction_makes_it_start_over(tmp_path):
    path = tmp_path / "s.db"
    gate = Gate()
    session = Session(SQLiteStore(path), "del", compressor=Compressor(LIGHT, llm=gate))
    messages = _thirty("zh")
    messages[3] = {"role": "user", "content": DELETED["zh"][0]}
    session.append(messages)
    future = session.compact_in_background(force=True, budget=2000)
    assert gate.entered.wait(60)
    Session(SQLiteStore(path), "del", config=LIGHT).delete_events(["U4"])
    gate.release.set()
    result = future.result(60)
    session.close()
    assert result.report["commit"] == "committed"
    assert "花生" not in _text(result.messages)
    assert [a["outcome"] for a in SQLiteStore(path).audits("del")] == ["conflict", "committed"]


@pytest.mark.parametrize("bad, code", [
    ([{"role": "robot", "content": "hi"}], "E003"),
    ([{"role": "tool", "tool_call_id": "nobody", "content": "{}"}], "E004"),
    ([{"role": "user", "content": "again", "id": "U1"}], "E012"),
    ([{"role": "user", "content": 42}], "E005"),
])
def test_invalid_messages_are_refused_and_nothing_is_appended(tmp_path, bad, code):
    session = Session(SQLiteStore(tmp_path / "s.db"), "bad", config=LIGHT)
    session.append([{"role": "user", "content": "hello"}])
    with pytest.raises(InputError) as error:
        session.append([{"role": "assistant", "content": "fine"}, *bad])
    assert error.value.code == code
    assert [e.id for e in SQLiteStore(tmp_path / "s.db").load("bad").events] == ["U1"]


def test_unknown_session_and_foreign_file_are_numbered_errors(tmp_path):
    session = Session(SQLiteStore(tmp_path / "s.db"), "nobody", config=LIGHT)
    with pytest.raises(StoreError) as error:
        session.context()
    assert error.value.code == "E040"
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database, just notes\n" * 100, "utf-8")
    with pytest.raises(StoreError) as error:
        SQLiteStore(foreign)
    assert error.value.code == "E044"


def test_a_compaction_that_covers_nothing_new_is_not_committed(tmp_path, monkeypatch):
    """A cut right after the previous summary would commit a second snapshot of the same
    events (seen under kill -9 rounds): the session answers not_needed and keeps its version."""
    import pipeline.session as session_module

    session = Session(SQLiteStore(tmp_path / "s.db"), "same", config=LIGHT)
    for messages in turns("en", 20):
        session.append(messages)
    first = session.compact(force=True, budget=1200)
    assert first.report["commit"] == "committed"
    real_plan = session_module.plan

    def cut_after_the_summary(view, settings, force=False):
        decision = real_plan(view, settings, force=force)
        at = next(i for i, e in enumerate(view.events) if e.role != "system")
        return replace(decision, action=Action.COMPACT, cut=at + 1, summary_budget=decision.summary_budget or 400)

    monkeypatch.setattr(session_module, "plan", cut_after_the_summary)
    again = session.compact(force=True, budget=1200)
    assert again.report["commit"] == "not_needed"
    assert again.report["snapshot_version"] == first.report["snapshot_version"] == 1
    assert [s.version for s in session.store.snapshots("same")] == [1]
