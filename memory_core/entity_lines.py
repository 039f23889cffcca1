"""Entities with their visible lines, kept between recalls while their line version stands.

Every recall loads its candidates, a score of entities with all their visible lines (about
a sixth of its time); the same people, projects and notes come up again and again. An
:class:`EntityLines` keeps each loaded entity with the ``lines_version`` it had
(:data:`memory_core.schema_late.M0016_LINE_VERSION`: the schema's triggers move it, in every
process that writes the file, whenever the entity's name, type, time or scope or one of its
lines changes). A load reads the versions of the entities asked for, one small statement,
and reads again only those kept at another version or not kept at all; so it returns
exactly what :meth:`memory_core.repository.Repository.entities_with_lines` returns in the
same snapshot. Counts and confidence, which reinforcement changes on every recall, are not
part of what is kept current: nothing that ranks reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import aiosqlite

from memory_core.rows import EntityRow, ObservationRow

if TYPE_CHECKING:
    from memory_core.repository import Repository

__all__ = ["MAX_ENTITIES", "EntityLines"]

MAX_ENTITIES = 8_192
"""Entities kept at most; the longest kept go first."""


class EntityLines:
    """One scope's loaded entities and lines by entity id, each with its line version."""

    def __init__(self, max_entities: int = MAX_ENTITIES) -> None:
        self._kept: dict[int, tuple[int, EntityRow, tuple[ObservationRow, ...]]] = {}
        self._max = max_entities

    def __len__(self) -> int:
        return len(self._kept)

    async def load(
        self, repo: Repository, conn: aiosqlite.Connection, ids: Sequence[int]
    ) -> tuple[dict[int, EntityRow], dict[int, list[ObservationRow]]]:
        """The rows of the scope's entities among ``ids`` and their visible lines in order."""
        versions = await repo.line_versions(conn, ids)
        rows: dict[int, EntityRow] = {}
        lines: dict[int, list[ObservationRow]] = {}
        stale: list[int] = []
        for entity_id, version in versions.items():
            kept = self._kept.get(entity_id)
            if kept is not None and kept[0] == version:
                rows[entity_id], lines[entity_id] = kept[1], list(kept[2])
            else:
                stale.append(entity_id)
        if stale:
            fresh_rows, fresh_lines = await repo.entities_with_lines(conn, stale)
            for entity_id in stale:
                row = fresh_rows.get(entity_id)
                if row is None:  # both statements read one snapshot: only as a safeguard
                    continue
                mine = fresh_lines.get(entity_id, [])
                self._kept.pop(entity_id, None)  # re-inserted: the newest go last
                self._kept[entity_id] = (versions[entity_id], row, tuple(mine))
                rows[entity_id], lines[entity_id] = row, list(mine)
            while len(self._kept) > self._max:
                del self._kept[next(iter(self._kept))]
        return rows, lines
