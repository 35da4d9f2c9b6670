"""The embedder in a child process (intents.process): the same vectors and clusters as in this
process, the child's loading error raised here, and a child that dies is replaced on the next call."""

from __future__ import annotations

import numpy as np
import pytest

from pipeline import Compressor, load_settings
from pipeline.backends import load_embedder
from pipeline.backends.process import ProcessEmbedder

IN_CHILD = load_settings({"intents.process": True})
HERE = load_settings({"intents.process": False})
TEXTS = ["我忘记密码了", "I can't remember my password", "Is breakfast included?"]


def failing_loader(name, settings):
    """Importable by the child: it gets this process's sys.path, where pytest put this folder."""
    raise ImportError(f"{name}: no such package here")


@pytest.fixture(scope="module")
def in_child():
    embedder = load_embedder("use-multilingual", IN_CHILD)
    yield embedder
    embedder.close()


def kill_child(embedder):
    embedder._child.kill()
    embedder._child.wait(10)


def test_child_gives_the_vectors_and_clusters_this_process_gives(in_child):
    assert isinstance(in_child, ProcessEmbedder)
    local = load_embedder("use-multilingual", HERE)
    here = local.embed(TEXTS)
    assert np.allclose(in_child.embed(TEXTS), here, atol=1e-6)
    assert in_child.dim == here.shape[1] == 512
    turns = ["I forgot my password", "I can't remember my password", "Is breakfast included?"]
    groups = in_child.groups(turns, 0.35, 2)
    assert groups == local.groups(turns, 0.35, 2)
    assert [rows for rows, _ in groups] == [[0, 1], [2]]


def test_a_loading_error_in_the_child_is_raised_in_the_parent():
    embedder = ProcessEmbedder("use-multilingual", HERE, failing_loader)
    try:
        with pytest.raises(ImportError, match="no such package here"):
            embedder.ready()
        with pytest.raises(ImportError, match="no such package here"):
            embedder.embed(TEXTS)
    finally:
        embedder.close()


def test_a_dead_child_fails_one_call_and_is_replaced(in_child):
    child = in_child
    kill_child(child)
    with pytest.raises(RuntimeError, match="embedding process ended"):
        child.embed(["a text never embedded before"])
    assert child.embed(["a text never embedded before"]).shape == (1, 512)


def test_compressor_with_a_dead_child_warns_once_and_loses_nothing():
    """The intents stage fails with W007 for that call (the history is still compacted), then
    works again: a service survives its embedding process being killed."""
    compressor = Compressor({"intents.process": True})
    turns = [{"role": "user" if i % 2 == 0 else "assistant",
              "content": f"第{i}轮：预算{i}00元以内，周{i % 7 + 1}下午别打电话，我想换一个更安静的房间。"}
             for i in range(12)]
    first = compressor.compress(turns, target_chars=200, lang="zh")
    assert first.report["stages"]["intents"] == "ok"
    kill_child(compressor._loaded["zh"]["embedder"])
    fresh = [{**t, "content": t["content"] + " 新"} for t in turns]
    broken = compressor.compress(fresh, target_chars=200, lang="zh")
    assert broken.report["stages"]["intents"] == "failed"
    assert any(w.startswith("[W007]") and "embedding process ended" in w for w in broken.report["warnings"])
    assert broken.report["action"] == "compact"
    again = compressor.compress([{**t, "content": t["content"] + " 再"} for t in turns],
                                target_chars=200, lang="zh")
    assert again.report["stages"]["intents"] == "ok"


def test_a_script_without_a_main_guard_can_compress(tmp_path):
    """The child does not import the caller's __main__ again (multiprocessing's spawn would,
    and a plain top-level script would then start children without end)."""
    import subprocess
    import sys
    script = tmp_path / "plain.py"
    script.write_text(
        "from pipeline import Compressor\n"
        "turns = [{'role': 'user' if i % 2 == 0 else 'assistant',\n"
        "          'content': f'Turn {i}: keep the budget under ${i}00 and do not call me before 9am.'}\n"
        "         for i in range(12)]\n"
        "r = Compressor({'intents.process': True}).compress(turns, target_chars=300)\n"
        "print(r.report['action'], r.report['stages'].get('intents'))\n", "utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["compact", "ok"]


def test_requests_are_pipelined_and_each_caller_gets_its_own_answer(in_child):
    """A request goes out at once even while another's reply is unread (the child answers in
    the order sent); a caller reading a later reply first keeps the earlier one for its owner."""
    import threading

    turns = ["I forgot my password", "I can't remember my password", "Is breakfast included?"]
    first = in_child.begin_groups(turns, 0.35, 2)          # sent; its reply not read yet
    results: list = []

    def second() -> None:
        results.append(in_child.begin_groups(turns[:2], 0.35, 2)())   # read before the first

    thread = threading.Thread(target=second)
    thread.start()
    thread.join(30)
    assert [rows for rows, _ in results[0]] == [[0, 1]]
    assert [rows for rows, _ in first()] == [[0, 1], [2]]


ENTITY_TEXTS = ["I'm flying to Lisbon with Maria Santos next week",
                "book the hotel in cambridge, not the one near Heathrow",
                "no names here at all"]


def test_the_child_recognizes_the_entities_this_process_recognizes(in_child):
    """``models.ner_apart``: the English NER in the embedding process gives the same spans."""
    from pipeline.rulepacks import load_rule_pack
    from pipeline.stages.entities import ApartRecognizer, get_recognizer

    version = load_rule_pack("en").version
    apart = ApartRecognizer(in_child, "en", version, IN_CHILD)
    apart.ready()
    here = get_recognizer("en", version).recognize(ENTITY_TEXTS)
    assert apart.recognize(ENTITY_TEXTS) == here
    assert ("Lisbon", "GPE") in {(ENTITY_TEXTS[0][a:b], label) for a, b, label in here[0]}
    read_first = apart.begin(ENTITY_TEXTS[:1])
    groups = in_child.begin_groups(["I forgot my password", "I can't remember my password"], 0.35, 2)
    assert [rows for rows, _ in groups()] == [[0, 1]]     # read before the entities sent earlier
    assert read_first() == here[:1]


def test_a_recognizer_the_child_cannot_build_raises_here(in_child):
    from pipeline.stages.entities import ApartRecognizer

    apart = ApartRecognizer(in_child, "en", "no-such-version", IN_CHILD)
    with pytest.raises(Exception, match="no-such-version"):
        apart.ready()
    assert in_child.embed(TEXTS[:1]).shape == (1, 512)   # the child still answers


def test_compressor_reads_the_same_english_facts_with_the_entities_apart_or_here():
    turns = [{"role": "user" if i % 2 == 0 else "assistant",
              "content": f"Turn {i}: I'm flying to Lisbon with Maria Santos; keep it under ${i}00 and "
                         "don't book the Hilton before Friday."} for i in range(12)]
    now = "2026-11-30T09:00:00+00:00"
    apart = Compressor({"intents.process": True})
    here = Compressor({"intents.process": True, "models.ner_apart": []})
    first = apart.compress(turns, target_chars=500, lang="en", now=now)
    second = here.compress(turns, target_chars=500, lang="en", now=now)
    assert type(apart._loaded["en"]["entities"]).__name__ == "ApartRecognizer"
    assert type(here._loaded["en"]["entities"]).__name__ == "EntityRecognizer"
    assert first.snapshot == second.snapshot and first.messages == second.messages
    assert {(f["text"], f["value"]) for f in first.snapshot["persistent"]} >= {("Lisbon", "GPE"),
                                                                              ("Maria Santos", "PERSON")}


def test_english_facts_survive_a_dead_child():
    """The entities were the child's to read: it died, so they are read here (with a log
    warning) and the facts hold; only the intents stage fails for that call (W007)."""
    compressor = Compressor({"intents.process": True})
    turns = [{"role": "user" if i % 2 == 0 else "assistant",
              "content": f"Turn {i}: I'm flying to Lisbon with Maria Santos; don't book before {i + 1}pm."}
             for i in range(12)]
    compressor.compress(turns, target_chars=300, lang="en")
    kill_child(compressor._loaded["en"]["embedder"])
    broken = compressor.compress([{**t, "content": t["content"] + " new"} for t in turns],
                                 target_chars=300, lang="en")
    assert broken.report["stages"] == {"facts": "ok", "intents": "failed", "state": "ok"}
    assert {f["text"] for f in broken.snapshot["persistent"]} >= {"Lisbon", "Maria Santos"}
    again = compressor.compress([{**t, "content": t["content"] + " again"} for t in turns],
                                target_chars=300, lang="en")
    assert set(again.report["stages"].values()) == {"ok"}
