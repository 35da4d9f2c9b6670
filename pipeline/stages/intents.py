"""Intent clustering: sentence embeddings of the prefix's user turns, DBSCAN with cosine
distance, one representative per cluster (the member nearest the centroid), the other members
covered. Noise points are intents of their own. Assistant phrasing is not the user's intent,
so only user turns are read, and of those only the ones that say more than filler words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from ..backends.base import Groups, density_groups
from ..config import Settings
from ..types import Event, IntentCluster, StageResult
from .base import StageInput

if TYPE_CHECKING:
    import numpy as np

__all__ = ["IntentStage", "cluster_intents", "clusters_of"]


def _label(event: Event, chars: int) -> str:
    text = " ".join(event.said.split())
    return text if len(text) <= chars else text[:chars].rstrip() + "…"


def clusters_of(events: Sequence[Event], groups: Groups, label_chars: int) -> tuple[IntentCluster, ...]:
    """The intents of ``events`` from their groups (rows into ``events``)."""
    clusters = []
    for rows, best in groups:
        ids = tuple(events[i].id for i in rows)
        rep = events[best].id
        clusters.append(IntentCluster(_label(events[best], label_chars), rep, ids,
                                      tuple(i for i in ids if i != rep)))
    return tuple(clusters)


def cluster_intents(events: Sequence[Event], vectors: np.ndarray, eps: float, min_samples: int,
                    label_chars: int) -> tuple[IntentCluster, ...]:
    """Clusters of ``events`` (one L2-normalised row each), in order of first member."""
    return clusters_of(events, density_groups(vectors, eps, min_samples), label_chars)


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
        return self.start(data)()

    def start(self, data: StageInput) -> Callable[[], StageResult]:
        """Send the user turns to the embedder now; the returned call waits for their groups."""
        # a turn made only of filler words ("好的谢谢", "ok thanks") asks for nothing; what a turn
        # asks is in the user's words, not in a document it attaches
        users = [e for e in data.prefix if e.role == "user" and e.said.strip()
                 and not data.pack.filler.covers(e.said)]
        embedder = data.models.get("embedder")
        if embedder is None:
            raise RuntimeError("no embedder loaded for the intents stage")
        # what a turn asks is in its opening; a 60 k-char paste would cost seconds to embed
        groups = embedder.begin_groups([e.said[:self.max_chars] for e in users], self.eps, self.min_samples)
        return lambda: StageResult(self.name, intents=clusters_of(users, groups(), self.label_chars))
