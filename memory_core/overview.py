"""Small read-only views of a scope for a chat surface: recent lines, names of one type."""

from __future__ import annotations

from dataclasses import dataclass

from memory_core.service import ScopedMemory

__all__ = ["RecentLine", "names_of_type", "recent_lines"]


@dataclass(frozen=True, slots=True)
class RecentLine:
    """An observation line and its entity."""

    entity: str
    text: str


async def recent_lines(scoped: ScopedMemory, limit: int = 10) -> list[RecentLine]:
    """Return the most recently written observation lines of the scope, newest first."""
    async with scoped.read() as conn:
        rows = await scoped.repo.recent_observations(conn, limit)
        entities = await scoped.repo.entities_by_id(conn, {o.entity_id for o in rows})
    return [
        RecentLine(entities[o.entity_id].name, o.text) for o in rows if o.entity_id in entities
    ]


async def names_of_type(scoped: ScopedMemory, entity_type: str) -> list[str]:
    """Return the names of the scope's entities of one type, oldest first."""
    async with scoped.read() as conn:
        return await scoped.repo.names_of_type(conn, entity_type)
