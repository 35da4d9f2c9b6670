"""Intent clustering: sentence embeddings of the prefix's user turns, DBSCAN with cosine
distance, one representative per cluster (the member nearest the centroid), the other members
covered. Noise points are intents of their own. Assistant phrasing is not the user's intent,
so only user turns are read, and of those only the ones that say more than filler words.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..config import Settings
from ..types import Event, IntentCluster, StageResult
from .base import StageInput

__all__ = ["IntentStage", "cluster_intents"]


def _label(event: Event, chars: int) -> str:
    text = " ".join(event.said.split())
    return text if len(text) <= chars else text[:chars].rstrip() + "…"


def cluster_intents(events: Sequence[Event], vectors: np.ndarray, eps: float, min_samples: int,
                    label_chars: int) -> tuple[IntentCluster, ...]:
    """Clusters of ``events`` (one L2-normalised row each), in order of first member."""
    if not len(events):
        return ()
    from sklearn import config_context
    from sklearn.cluster import DBSCAN

    distances = np.clip(1.0 - vectors @ vectors.T, 0.0, 2.0)
    # finite by construction and parameters from the checked config: sklearn's input checks
    # were half of the 1 ms this takes for 30 turns
    with config_context(assume_finite=True, skip_parameter_validation=True):
        labels = DBSCAN(eps=eps, min_samples=min_samples, metric="precomputed").fit_predict(distances)
    groups: dict[int, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(int(label) if label >= 0 else -1 - i, []).append(i)
    clusters = []
    for members in sorted(groups.values(), key=lambda m: m[0]):
        centroid = vectors[members].mean(axis=0)
        best = members[int(np.argmax(vectors[members] @ centroid))]
        ids = tuple(events[i].id for i in members)
        rep = events[best].id
        clusters.append(IntentCluster(_label(events[best], label_chars), rep, ids,
                                      tuple(i for i in ids if i != rep)))
    return tuple(clusters)


class IntentStage:
    name = "intents"
    assigns = ("intents",)
    per_event = False  # it links turns: it reads the whole prefix every time

    def __init__(self, settings: Settings) -> None:
        self.eps = settings["intents.eps"]
        self.min_samples = settings["intents.min_samples"]
        self.label_chars = settings["intents.label_chars"]
        self.max_chars = settings["intents.max_chars"]

    def run(self, data: StageInput) -> StageResult:
        # a turn made only of filler words ("好的谢谢", "ok thanks") asks for nothing; what a turn
        # asks is in the user's words, not in a document it attaches
        users = [e for e in data.prefix if e.role == "user" and e.said.strip()
                 and not data.pack.filler.covers(e.said)]
        embedder = data.models.get("embedder")
        if embedder is None:
            raise RuntimeError("no embedder loaded for the intents stage")
        # what a turn asks is in its opening; a 60 k-char paste would cost seconds to embed
        vectors = embedder.embed([e.said[:self.max_chars] for e in users])
        return StageResult(self.name, intents=cluster_intents(users, vectors, self.eps,
                                                              self.min_samples, self.label_chars))
