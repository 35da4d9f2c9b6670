"""The Compressor end to end: stages run isolated, a failing one is named and loses nothing."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from pipeline import Compressor

EXAMPLE = json.loads((Path(__file__).resolve().parent.parent / "examples" / "zh_repair.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def compressor():
    return Compressor()


@pytest.mark.parametrize("broken", ["facts", "intents", "state"])
def test_a_stage_that_raises_is_named_and_the_history_survives(compressor, monkeypatch, broken):
    stage = next(s for s in compressor.stages if s.name == broken)

    def boom(data):
        raise RuntimeError("model exploded")

    monkeypatch.setattr(stage, "run", boom)
    if hasattr(stage, "start"):   # a stage that waits is entered by its start
        monkeypatch.setattr(stage, "start", boom)
    result = compressor.compress(EXAMPLE, target_chars=4000)
    report = result.report
    assert report["stages"][broken] == "failed"
    assert all(v == "ok" for k, v in report["stages"].items() if k != broken)
    assert any(w.startswith("[W007]") and broken in w and "model exploded" in w for w in report["warnings"])
    summary = [m for m in result.messages if m.get("name") == "__squeeze_summary__"]
    assert len(summary) == 1 and summary[0]["content"]
    tail = result.messages[result.messages.index(summary[0]) + 1:]
    assert tail == EXAMPLE["messages"][-len(tail):]  # the tail verbatim, the prefix covered
    assert report["covered"][0] == "U2" and report["cut_event"] == tail[0].get("id", report["cut_event"])
    if broken != "facts":  # the fact stage alone still carries the user's constraint
        assert "申请先别提交" in summary[0]["content"]


def test_a_waiting_stage_that_fails_on_its_answer_is_named(compressor, monkeypatch):
    """The embedding request went out, its answer failed (a child that died mid-call): W007 for
    the intents stage, the others and the history as ever."""
    stage = next(s for s in compressor.stages if s.name == "intents")

    def started(data):
        def answer():
            raise RuntimeError("the embedding process ended")
        return answer

    monkeypatch.setattr(stage, "start", started)
    report = compressor.compress(EXAMPLE, target_chars=4000).report
    assert report["stages"] == {"facts": "ok", "intents": "failed", "state": "ok"}
    assert any(w.startswith("[W007]") and "embedding process ended" in w for w in report["warnings"])


ENGLISH = [{"role": "user" if i % 2 == 0 else "assistant",
            "content": f"Turn {i}: I'm flying to Lisbon with Maria Santos; keep it under ${i}00 and "
                       "don't book anything before 9am."} for i in range(12)]


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    # Chinese entities are read here (jieba); only the embedding goes out
    ("zh", EXAMPLE, ["groups sent", "state", "facts"]),
    # English entities go to the embedding process first (models.ner_apart), then the embedding;
    # the state stage runs while the child works, then the facts read the entities
    ("en", ENGLISH, ["entities sent", "groups sent", "state", "entities read", "facts"]),
])
def test_requests_go_out_before_the_other_stages_run(compressor, monkeypatch, lang, messages, expected):
    """What the embedding process computes is sent in the calling thread before any stage runs
    here: sent from a pool thread, the request waited for the interpreter lock 3-5 ms into the
    fact stage, on the Chinese critical path; the English NER, read here, was half the fact stage."""
    compressor.compress(messages, target_chars=400, lang=lang)   # the models are loaded
    models = compressor._loaded[lang]
    real = models["embedder"]
    order: list[str] = []

    class Recording:
        def begin_groups(self, texts, eps, min_samples):
            order.append("groups sent")
            return real.begin_groups(texts, eps, min_samples)

        def begin_entities(self, lang, version, texts):
            order.append("entities sent")
            read = real.begin_entities(lang, version, texts)
            return lambda: (order.append("entities read"), read())[1]

        def __getattr__(self, name):
            return getattr(real, name)

    monkeypatch.setitem(models, "embedder", Recording())
    if lang in compressor.settings["models.ner_apart"]:
        models["entities"]._process = models["embedder"]
    for name in ("facts", "state"):
        stage = next(s for s in compressor.stages if s.name == name)
        monkeypatch.setattr(stage, "_read" if name == "facts" else "run",
                            lambda *args, name=name, run=getattr(stage, "_read" if name == "facts" else "run"):
                            (order.append(name), run(*args))[1])
    report = compressor.compress([dict(m, content=m["content"] + " ") for m in
                                  (messages["messages"] if isinstance(messages, dict) else messages)],
                                 target_chars=400, lang=lang).report
    assert order == expected
    assert set(report["stages"].values()) == {"ok"}


def test_all_three_stages_run_and_are_timed(compressor):
    report = compressor.compress(EXAMPLE, target_chars=4000).report
    assert set(report["stages"]) == {"facts", "intents", "state"}
    assert all(report["stage_ms"][name] >= 0 for name in report["stages"])


def test_same_input_same_output(compressor):
    first = compressor.compress(EXAMPLE, target_chars=3000)
    second = compressor.compress(EXAMPLE, target_chars=3000)
    assert first.messages == second.messages and first.snapshot == second.snapshot


CONVERSATIONS = sorted((Path(__file__).resolve().parent.parent / "benchmarks" / "conversations").glob("*.json"))


@pytest.mark.parametrize("path", CONVERSATIONS, ids=lambda p: p.stem)
def test_a_growing_history_reads_as_it_would_fresh(path: Path) -> None:
    """The fact stage and the merge remember what they made for the messages a call saw before
    (the same clauses, and their items in the same context); what a history says after it grew
    is what a compressor that never saw it says, values changed since included."""
    conv = json.loads(path.read_text("utf-8"))
    messages, size = conv["messages"], sum(len(m.get("content") or "") for m in conv["messages"])
    grown = Compressor()
    for cut in (len(messages) * 2 // 5, len(messages) * 3 // 5, len(messages) * 4 // 5, len(messages)):
        payload = {**conv, "messages": messages[:cut]}
        target = max(600, size * cut // len(messages) // 5)
        seen = grown.compress(payload, target_chars=target)
        fresh = Compressor().compress(payload, target_chars=target)
        assert seen.messages == fresh.messages, (path.stem, cut)
        assert seen.snapshot == fresh.snapshot, (path.stem, cut)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork() is POSIX")
def test_a_compressor_keeps_working_in_a_forked_child(compressor):
    """Prefork servers (gunicorn --preload, multiprocessing's fork) load the models once and
    fork: the child's compressor must not wait forever on stage threads it no longer has."""
    from benchmarks.generate import conversation
    history = conversation("en", 12, seed=3)
    expected = compressor.compress(history, target_chars=1200).messages   # the stage threads now exist
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: answer through the pipe, never return into pytest
        try:
            os.write(write, json.dumps(compressor.compress(history, target_chars=1200).messages).encode())
        finally:
            os._exit(0)
    os.close(write)
    deadline = time.monotonic() + 60
    while os.waitpid(pid, os.WNOHANG) == (0, 0):
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child's compression hung")
        time.sleep(0.05)
    with os.fdopen(read, "rb") as pipe:
        assert json.loads(pipe.read()) == json.loads(json.dumps(expected))


def _booking(first: str, question: str, answer: str) -> list[dict]:
    messages = [{"role": "user", "content": first}, {"role": "assistant", "content": answer * 20}]
    for i in range(6):
        messages += [{"role": "user", "content": question.format(i)}, {"role": "assistant", "content": answer * 10}]
    return messages


# (lang, first turn, now as the caller sends it, the time the snapshot must hold): in UTC, the
# first "tomorrow" is 2026-11-30 (07:00+08:00 is 23:00 the day before) and the second 2026-12-02
@pytest.mark.parametrize("first, question, answer, now, expected", [
    ("明天下午3点帮我约维修师傅。", "第{}个问题：保修期是多久？", "保修期为一年。",
     "2026-11-30T07:00:00+08:00", {"at": "2026-12-01T15:00:00+08:00"}),
    ("Book it for tomorrow at 3pm.", "Question {}: what is the refund policy?", "Refunds are fine. ",
     "2026-11-30T23:30:00-05:00", {"at": "2026-12-01T15:00:00-05:00"}),
])
def test_relative_times_resolve_in_the_zone_of_now(first, question, answer, now, expected) -> None:
    compressor = Compressor({"conversation.timezone": "UTC"})   # a server whose zone is not the user's
    result = compressor.compress(_booking(first, question, answer), target_chars=500, now=now)
    assert result.report["action"] == "compact"
    assert [t["value"] for t in result.snapshot["times"]] == [expected]


def test_warmup_loads_the_languages_asked_for_and_no_other() -> None:
    compressor = Compressor()
    seconds = compressor.warmup(["en"])
    assert set(seconds) == {"en"} and seconds["en"] >= 0
    assert set(compressor._loaded) == {"en"}          # Chinese (jieba) is not loaded for nothing
    assert set(compressor.warmup()) == {"zh", "en"}    # default: every language with a warm-up text


def test_warmup_of_an_unknown_language_is_a_numbered_error() -> None:
    from pipeline import InputError
    with pytest.raises(InputError) as caught:
        Compressor().warmup(["fr"])
    assert caught.value.code == "E011" and "fr" in str(caught.value)


@pytest.mark.parametrize("freeze", [True, False])
def test_settling_between_calls_keeps_what_the_caches_hold_out_of_full_collections(freeze: bool) -> None:
    """A warm process holds 100,000+ objects in its caches, and a full collection walking them
    took 25-53 ms of some call: ``settle()`` between calls (a service worker's) collects what the
    call left and freezes the rest, unless ``models.freeze_gc`` is off."""
    import gc
    gc.unfreeze()
    try:
        compressor = Compressor({"models.freeze_gc": freeze})
        turns = [{"role": "user" if i % 2 == 0 else "assistant",
                  "content": f"Turn {i}: move the pickup to {i % 28 + 1} March, budget ${100 + i}."} for i in range(40)]
        compressor.compress(turns + [{"role": "user", "content": "thanks"}], target_chars=600)
        frozen = gc.get_freeze_count()
        compressor.settle()
        assert (gc.get_freeze_count() > frozen) is freeze
        assert (len(gc.get_objects()) < 5_000) is freeze   # what a full collection still walks
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("freeze", [True, False])
def test_loaded_models_are_kept_out_of_full_collections_unless_told(freeze: bool) -> None:
    """A full collection walked the models' objects on some call (up to 179 ms, measured):
    after loading a language they are frozen (``gc.freeze``), unless ``models.freeze_gc`` is off."""
    import gc
    gc.unfreeze()
    try:
        Compressor({"models.freeze_gc": freeze}).warmup(["en"])
        assert (gc.get_freeze_count() > 10_000) is freeze
    finally:
        gc.unfreeze()
