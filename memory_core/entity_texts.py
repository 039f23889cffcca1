"""SQL for showing one scope's entities: names, types and visible lines, nothing else.

:class:`EntityTextStatements` is part of :class:`memory_core.repository.Repository`. Readers
that show whole entities (MCP search, open and read) need two of the fourteen columns per line
that :meth:`~memory_core.repository.Repository.entities_with_lines` reads for ranking lines,
and no row object per line: that takes half the time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import aiosqlite

from memory_core.rows import chunks, marks

__all__ = ["EntityText", "EntityTextStatements"]


class EntityText(NamedTuple):
    """What is shown of an entity: its name, type and visible lines with their dates.

    ``texts`` and ``dates`` run in stored order, one item per line.
    """

    name: str
    entity_type: str
    texts: list[str]
    dates: list[str | None]


class EntityTextStatements:
    """Entity reads for showing, in one scope (``scope`` is the bound scope's value)."""

    scope: str

    async def entity_texts(
        self, conn: aiosqlite.Connection, ids: Sequence[int]
    ) -> dict[int, EntityText]:
        """Return the names, types and visible lines (with dates) of these entities.

        One statement per chunk of ids; ids of other scopes or of no entity are left out.
        """
        found: dict[int, EntityText] = {}
        for part in chunks(list(dict.fromkeys(ids))):
            sql = (
                "SELECT e.id, e.name, e.entity_type, o.text, o.as_of FROM entity e"
                " LEFT JOIN observation o ON o.scope = e.scope AND o.entity_id = e.id"
                " AND o.forgotten_at IS NULL"
                f" WHERE +e.scope = ? AND e.id IN ({marks(len(part))})"
                " ORDER BY e.id, o.position, o.id"
            )
            fetched = await conn.execute_fetchall(sql, (self.scope, *part))
            for entity_id, name, entity_type, text, as_of in fetched:
                entity = found.get(entity_id)
                if entity is None:
                    entity = found[entity_id] = EntityText(name, entity_type, [], [])
                if text is not None:
                    entity.texts.append(text)
                    entity.dates.append(as_of)
        return found
