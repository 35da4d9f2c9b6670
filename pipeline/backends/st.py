"""The sentence-transformers backend: the reference implementation, on torch (slow to import:
about 8 s here). For comparisons and for models that have no ONNX graph yet."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from .base import missing

__all__ = ["SentenceTransformersEmbedder"]


class SentenceTransformersEmbedder:
    name = "sentence-transformers"

    def __init__(self, model_dir: Path, threads: int) -> None:
        try:
            import torch
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise missing("sentence-transformers", "export") from exc
        torch.set_num_threads(threads)
        self._model = SentenceTransformer(str(model_dir), device="cpu")
        self.dim = int(self._model.get_sentence_embedding_dimension() or 0)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.asarray(self._model.encode(list(texts), normalize_embeddings=True), dtype=np.float32)
