"""The Embedder protocol and the cache every backend sits behind."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Callable, Protocol, Sequence

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CachedEmbedder", "Embedder", "Groups", "dbscan_labels", "density_groups", "limit_blas_threads",
           "missing"]

Groups = list[tuple[list[int], int]]   # per cluster: its rows in order, and the representative row


class Embedder(Protocol):
    """Sentence embeddings: ``embed(texts)`` gives one L2-normalised row per text."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> "np.ndarray": ...


def missing(package: str, extra: str) -> ImportError:
    """The error a backend raises when its package is not installed: what to install."""
    return ImportError(f"this embedding backend needs {package!r}: pip install 'context-squeeze[{extra}]'"
                       f" (or pip install {package})")


def limit_blas_threads(threads: int) -> None:
    """Set this process's BLAS threads, once, instead of a limit taken around each call and given
    back after it: giving it back woke OpenBLAS's idle threads, which spin before they sleep, so
    with a call every few milliseconds they kept the other core busy (a NER loop used 31 s of CPU
    in 16.5 s; limited once, 17 s), the core the embedding process runs on."""
    from threadpoolctl import threadpool_limits
    threadpool_limits(limits=threads, user_api="blas")


def dbscan_labels(distances: "np.ndarray", eps: float, min_samples: int) -> "np.ndarray":
    """scikit-learn's ``DBSCAN(metric="precomputed").fit_predict``, label for label (tested
    against it): a row with ``min_samples`` rows (itself included) within ``eps`` is a core;
    cores within ``eps`` of each other share a cluster, numbered in order of their first row;
    a border row joins the first cluster that reaches it; the rest are noise (-1).

    Written here because importing scikit-learn took 1.2-1.7 s per process (SciPy's stats,
    pandas when installed): most of what a one-shot ``squeeze compress`` may spend in all
    (issue #15), for a walk over a few hundred turns."""
    import numpy as np

    near = distances <= eps
    core = near.sum(axis=1) >= min_samples
    labels = np.full(len(distances), -1, dtype=np.int64)
    cluster = 0
    for seed in np.flatnonzero(core):
        if labels[seed] != -1:
            continue
        stack = [int(seed)]
        while stack:
            row = stack.pop()
            if labels[row] != -1:
                continue
            labels[row] = cluster
            if core[row]:
                stack.extend(int(r) for r in np.flatnonzero(near[row] & (labels == -1)))
        cluster += 1
    return labels


_TIE = 1e-5   # rows nearer the mean than this apart are equally near: far above float noise (1e-7)


def density_groups(vectors: "np.ndarray", eps: float, min_samples: int) -> Groups:
    """DBSCAN over the cosine distance of L2-normalised rows; a noise row is a group of its
    own; groups in order of their first row; the representative is the row nearest the mean,
    the first of those as near within ``_TIE`` (two rows are always as near: which one won had
    turned on the last bits of a vector, which depend on the batch it was embedded in, so one
    history gave two summaries, cached or not)."""
    import numpy as np

    if not len(vectors):
        return []
    labels = dbscan_labels(np.clip(1.0 - vectors @ vectors.T, 0.0, 2.0), eps, min_samples)
    members: dict[int, list[int]] = {}
    for i, label in enumerate(labels):
        members.setdefault(int(label) if label >= 0 else -1 - i, []).append(i)
    groups = []
    for rows in sorted(members.values(), key=lambda m: m[0]):
        if len(rows) == 1:   # most turns are an intent of their own: no mean to take (1.5 ms of 3)
            groups.append((rows, rows[0]))
            continue
        centroid = vectors[rows].mean(axis=0)
        near = vectors[rows] @ centroid
        groups.append((rows, rows[int(np.flatnonzero(near >= near.max() - _TIE)[0])]))
    return groups


class CachedEmbedder:
    """An embedder behind a bounded cache keyed by a hash of the text, shared across calls,
    so a growing conversation embeds only its new turns. Safe to share between threads."""

    def __init__(self, inner: Embedder, size: int) -> None:
        self.inner, self.size, self.name = inner, size, inner.name
        self._rows: OrderedDict[bytes, "np.ndarray"] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    @property
    def dim(self) -> int:
        return self.inner.dim

    def ready(self) -> None:
        """Loaded in this process: nothing to wait for (``ProcessEmbedder.ready`` waits)."""

    def groups(self, texts: Sequence[str], eps: float, min_samples: int) -> Groups:
        """The texts clustered by meaning (:func:`density_groups`), computed where the vectors are."""
        return density_groups(self.embed(texts), eps, min_samples)

    def begin_groups(self, texts: Sequence[str], eps: float, min_samples: int) -> Callable[[], Groups]:
        """``groups`` for the caller that waits later (``ProcessEmbedder.begin_groups``): here
        in this process, it is computed when the returned call is made."""
        return lambda: self.groups(texts, eps, min_samples)

    @staticmethod
    def _key(text: str) -> bytes:
        return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()

    def embed(self, texts: Sequence[str]) -> "np.ndarray":
        import numpy as np

        keys = [self._key(t) for t in texts]
        with self._lock:
            todo = {k: t for k, t in zip(keys, texts) if k not in self._rows}
        if todo:
            rows = self.inner.embed(list(todo.values()))
            with self._lock:
                for key, row in zip(todo, rows):
                    self._rows[key] = row
                while len(self._rows) > self.size:
                    self._rows.popitem(last=False)
        with self._lock:
            self.misses += len(todo)
            self.hits += len(keys) - len(todo)
            found = [self._rows.get(k) for k in keys]
        if any(row is None for row in found):  # evicted meanwhile by another thread: embed again
            return self.inner.embed(list(texts))
        return np.vstack(found) if found else np.zeros((0, self.dim), dtype=np.float32)
