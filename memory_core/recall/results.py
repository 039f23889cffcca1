"""What a recall is asked (:class:`RecallOptions`) and what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from memory_core.models import Entity, Graph, Relation
from memory_core.query import BuiltQuery
from memory_core.ranking import FabricWeights

__all__ = ["RankedGraph", "RecallOptions", "RecallResult", "RecalledLine"]


@dataclass(frozen=True, slots=True)
class RecallOptions:
    """Recall parameters; the defaults are DESIGN §5's (the bot passes its settings)."""

    max_nodes: int = 3
    max_observations: int = 12
    max_results: int = 20
    """MEMORY_FABRIC_MAX_RESULTS: each index query proposes up to 1.5 times this many entities."""
    weights: FabricWeights = field(default_factory=FabricWeights)
    min_coverage: float = 0.6
    reinforce: bool = True


@dataclass(frozen=True, slots=True)
class RecalledLine:
    """One recalled observation line and the entity it belongs to."""

    entity: str
    text: str
    score: float
    cross_validated: bool = False
    kind: str | None = None
    as_of: str | None = None
    src: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The line in ``recall --json``."""
        return {
            "entity": self.entity,
            "text": self.text,
            "kind": self.kind,
            "as_of": self.as_of,
            "src": self.src,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class RecallResult:
    """What one message recalled: the built query, ranked nodes, lines and relations."""

    query: str
    built: BuiltQuery
    nodes: tuple[str, ...] = ()
    lines: tuple[RecalledLine, ...] = ()
    relations: tuple[Relation, ...] = ()
    recent: bool = False
    scores: tuple[float, ...] = ()
    """The score of each node, parallel to ``nodes``."""
    candidates: int = 0
    """How many entities were considered."""
    about_speaker: bool = False
    """The message asked about its speaker and nothing else: the nodes are ``User`` entries."""

    @property
    def built_query(self) -> str:
        """The query as shown to the user."""
        return self.built.text

    def to_dict(self) -> dict[str, Any]:
        """Return the CLI's JSON shape.

        ``query``, ``built_query``, ``nodes`` (names, best first) and ``observations``
        (entity and text) as before; ``ranked`` gives each node with its score, ``lines``
        each line with its kind, ``as_of``, ``src`` and score, ``relations`` the links among
        the returned nodes, and ``candidates`` how many entities were considered.
        """
        chosen = set(self.nodes)
        scores = self.scores or (0.0,) * len(self.nodes)
        return {
            "query": self.query,
            "built_query": self.built.text,
            "nodes": list(self.nodes),
            "observations": [{"entity": ln.entity, "text": ln.text} for ln in self.lines],
            "ranked": [
                {"name": name, "score": score}
                for name, score in zip(self.nodes, scores, strict=True)
            ],
            "lines": [ln.to_dict() for ln in self.lines],
            "relations": [
                r.to_dict() for r in self.relations if r.from_ in chosen and r.to in chosen
            ],
            "candidates": self.candidates,
            "recent": self.recent,
        }


@dataclass(frozen=True, slots=True)
class RankedGraph:
    """The entities that best answer a message, best first, and relations touching them.

    ``relations`` holds those between the entities first, then the others, at most the
    ``relation_limit`` asked; ``relations_total`` counts every relation touching them.
    """

    graph: Graph
    relations_total: int

    @classmethod
    def keep(
        cls, entities: Sequence[Entity], relations: Sequence[Relation], total: int, limit: int
    ) -> RankedGraph:
        """Keep ``limit`` of the relations touching ``entities``, those between them first."""
        chosen = {e.name for e in entities}
        inside = [r for r in relations if r.from_ in chosen and r.to in chosen]
        outside = [r for r in relations if not (r.from_ in chosen and r.to in chosen)]
        kept = tuple((inside + outside)[:limit])
        return cls(Graph(tuple(entities), kept), max(total, len(kept)))
