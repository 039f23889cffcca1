"""Value objects of the knowledge graph, in the reference memory server's shapes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DeleteReport",
    "Entity",
    "Graph",
    "ImportReport",
    "Link",
    "ObservationsAdded",
    "Relation",
    "StoreStats",
]


@dataclass(frozen=True, slots=True)
class Entity:
    """A node: a unique name within a scope, a type, and ordered observation lines."""

    name: str
    entity_type: str
    observations: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the reference server's JSON shape (without the JSONL ``type`` key)."""
        return {
            "name": self.name,
            "entityType": self.entity_type,
            "observations": list(self.observations),
        }


@dataclass(frozen=True, slots=True)
class Relation:
    """A directed edge ``from -[relation_type]-> to`` between two entities of one scope."""

    from_: str
    to: str
    relation_type: str

    def to_dict(self) -> dict[str, Any]:
        """Return the reference server's JSON shape (without the JSONL ``type`` key)."""
        return {"from": self.from_, "to": self.to, "relationType": self.relation_type}


@dataclass(frozen=True, slots=True)
class Link:
    """A stored relation with its row id and the ids and types of its ends."""

    id: int
    from_id: int
    to_id: int
    relation: Relation
    from_type: str
    to_type: str

    def other(self, entity_id: int) -> tuple[int, str, str]:
        """The id, name and type of the end that is not ``entity_id``."""
        if self.from_id == entity_id:
            return self.to_id, self.relation.to, self.to_type
        return self.from_id, self.relation.from_, self.from_type


@dataclass(frozen=True, slots=True)
class Graph:
    """A set of entities and the relations that go with them."""

    entities: tuple[Entity, ...] = ()
    relations: tuple[Relation, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"entities": [...], "relations": [...]}`` as the reference server does."""
        return {
            "entities": [e.to_dict() for e in self.entities],
            "relations": [r.to_dict() for r in self.relations],
        }


@dataclass(frozen=True, slots=True)
class ObservationsAdded:
    """What ``add_observations`` did to one entity: new lines, and lines they replaced."""

    entity_name: str
    added: tuple[str, ...]
    replaced: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the reference shape ``{"entityName", "addedObservations"}``."""
        return {"entityName": self.entity_name, "addedObservations": list(self.added)}


@dataclass(frozen=True, slots=True)
class DeleteReport:
    """What a delete removed, and what it was asked to remove but did not find."""

    deleted: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ImportReport:
    """Counts of what one JSONL import wrote, and the lines it left out for secrets.

    ``skipped`` holds ``(line number, kind)`` pairs (never a value), in file order.
    """

    entities: int = 0
    observations: int = 0
    relations: int = 0
    skipped: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class StoreStats:
    """Counts of what one scope holds."""

    scope: str
    entities: int
    observations: int
    relations: int
    entities_by_type: dict[str, int] = field(default_factory=dict)
