"""The relations around entities, kept between recalls until the scope's links change.

Recall reads the links around the entities it weighs (the graph stage reads two hops around
its seeds, and every answer shows its node's links): a dozen small statements per question,
about a fifth of its time. The same entities come up again and again (the people, projects
and notes one talks about), and their links change far more rarely than they are read, so a
:class:`Neighbourhoods` keeps, per entity, its first :data:`KEPT` links of each direction
with the names and types of both ends. It is current while the scope's link counter and
its count of renames and deletes (:attr:`memory_core.caches.Versions.links`, kept by the
schema's triggers in every process that writes the file) stay as they were; any change
drops it whole.

:meth:`Neighbourhoods.touching` answers exactly as
:meth:`memory_core.relations.RelationStatements.relations_touching` with a limit does: the
entities are taken in id order and each direction stops at ``limit`` links in all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import aiosqlite

from memory_core.models import Link

if TYPE_CHECKING:
    from memory_core.repository import Repository

__all__ = ["KEPT", "Neighbourhoods"]

KEPT = 40
"""Links kept per entity and direction; a call asking for more reads the file."""
MAX_ENTITIES = 8_192
"""Entities whose links are kept at most; the longest kept go first."""


class Neighbourhoods:
    """One scope's kept links by entity id, valid at one version of its links."""

    def __init__(self, max_entities: int = MAX_ENTITIES) -> None:
        self._version: tuple[int, int] | None = None
        self._sides: dict[int, tuple[tuple[Link, ...], tuple[Link, ...]]] = {}
        self._max = max_entities

    def at(self, version: tuple[int, int]) -> Neighbourhoods:
        """Drop everything kept when the links are no longer at ``version``; return self."""
        if version != self._version:
            self._sides.clear()
            self._version = version
        return self

    def __len__(self) -> int:
        return len(self._sides)

    async def touching(
        self, repo: Repository, conn: aiosqlite.Connection, ids: Iterable[int], limit: int
    ) -> list[Link]:
        """The links with an end in ``ids``, at most ``limit`` per direction, by id."""
        wanted = sorted(set(ids))
        if limit > KEPT:
            return await repo.links_touching(conn, wanted, limit)
        missing = [i for i in wanted if i not in self._sides]
        if missing:
            found = await repo.links_per_entity(conn, missing, KEPT)
            for entity_id in missing:
                self._sides[entity_id] = found.get(entity_id, ((), ()))
        sides = [self._sides[i] for i in wanted]
        while len(self._sides) > self._max:
            del self._sides[next(iter(self._sides))]
        picked: dict[int, Link] = {}
        for side in (0, 1):
            left = limit
            for kept in sides:
                if left <= 0:
                    break
                links = kept[side][:left]
                left -= len(links)
                picked.update((link.id, link) for link in links)
        return [picked[k] for k in sorted(picked)]
