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


def test_a_request_begun_while_another_is_answered_waits_in_the_reading_call(in_child):
    """``begin_groups`` sends at once when the child is free; while another call holds it, the
    caller does not wait (its own stages go on): the returned call sends and reads. Both get
    their own answers."""
    import threading

    turns = ["I forgot my password", "I can't remember my password", "Is breakfast included?"]
    first = in_child.begin_groups(turns, 0.35, 2)          # sent; its reply not read yet
    started = threading.Event()

    def second() -> None:
        pending = in_child.begin_groups(turns[:2], 0.35, 2)   # the child is busy: returns at once
        started.set()
        results.append(pending())

    results: list = []
    thread = threading.Thread(target=second)
    thread.start()
    assert started.wait(5)
    assert [rows for rows, _ in first()] == [[0, 1], [2]]
    thread.join(10)
    assert [rows for rows, _ in results[0]] == [[0, 1]]
