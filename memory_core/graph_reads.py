"""The read verbs of a scope handle: whole graph, named nodes, search, pages, counts.

:class:`GraphReads` is a base of :class:`memory_core.service.ScopedMemory`; it only reads,
in one read transaction per call, and every statement stays inside the handle's scope.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager

import aiosqlite

from memory_core.caches import Caches
from memory_core.models import Entity, Graph, StoreStats
from memory_core.repository import Repository
from memory_core.resolution import resolve_rows
from memory_core.scope import Scope
from memory_core.search import search_entity_ids
from memory_core.search_index import SearchIndex

__all__ = ["DEFAULT_SEARCH_LIMIT", "GraphReads"]

DEFAULT_SEARCH_LIMIT = 20


class GraphReads:
    """What a scope handle answers without writing."""

    scope: Scope
    repo: Repository
    search_index: SearchIndex
    caches: Caches

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """Open a read transaction (the handle provides it)."""
        raise NotImplementedError

    async def read_graph(self, limit: int | None = None) -> Graph:
        """Return the scope's graph (oldest entities first, at most ``limit`` of them)."""
        async with self.read() as conn:
            entities, relations = await self.repo.iter_graph(conn, limit)
        return Graph(tuple(entities), tuple(relations))

    async def open_nodes(
        self, names: Sequence[str], *, relation_limit: int | None = None
    ) -> Graph:
        """Return the named entities (any case) and every relation touching them.

        Names that match nothing are left out, in the order given. With ``relation_limit``,
        at most about that many relations per direction come back (for hub entities).
        """
        async with self.read() as conn:
            rows = await resolve_rows(self.repo, conn, list(names))
            ids = list(dict.fromkeys(rows[n].id for n in names if n in rows))
            return await self._graph_of(conn, ids, both_ends=False, relation_limit=relation_limit)

    async def count_relations(self, names: Sequence[str]) -> int:
        """Return how many relations touch the named entities (any case)."""
        async with self.read() as conn:
            rows = await resolve_rows(self.repo, conn, list(names))
            return await self.repo.count_relations_touching(conn, [r.id for r in rows.values()])

    async def _graph_of(
        self,
        conn: aiosqlite.Connection,
        ids: Sequence[int],
        *,
        both_ends: bool,
        relation_limit: int | None = None,
    ) -> Graph:
        shown = await self.repo.entity_texts(conn, ids)
        entities = tuple(
            Entity(shown[i].name, shown[i].entity_type, tuple(shown[i].texts))
            for i in ids
            if i in shown
        )
        relations = await self.repo.relations_touching(
            conn, ids, both=both_ends, limit=relation_limit
        )
        return Graph(entities, tuple(relations))

    async def search_nodes(self, query: str, limit: int = DEFAULT_SEARCH_LIMIT) -> Graph:
        """Return entities whose name, type or observations hold every token of ``query``.

        Matching is by word prefix, case-insensitive (Cyrillic included); the best
        ``limit`` entities come first, with the relations between them.
        """
        async with self.read() as conn:
            ids = await search_entity_ids(
                conn, self.search_index, query, limit, self.caches.shares
            )
            return await self._graph_of(conn, ids, both_ends=True)

    async def stats(self) -> StoreStats:
        """Return counts of what the scope holds."""
        async with self.read() as conn:
            entities, observations, relations, by_type = await self.repo.counts(conn)
        return StoreStats(self.scope.value, entities, observations, relations, by_type)

    async def graph_page(self, offset: int, limit: int) -> tuple[Graph, int]:
        """Return ``limit`` entities from ``offset`` on (oldest first) with the relations that
        start at them, and how many entities the scope holds (one read transaction)."""
        async with self.read() as conn:
            ids, total = await self.repo.ids_page(conn, offset, limit)
            shown = await self.repo.entity_texts(conn, ids)
            relations = await self.repo.relations_from(conn, ids)
        entities = tuple(
            Entity(shown[i].name, shown[i].entity_type, tuple(shown[i].texts))
            for i in ids
            if i in shown
        )
        return Graph(entities, tuple(relations)), total

    async def entity_names(self) -> list[str]:
        """Return every entity name in the scope, oldest first."""
        async with self.read() as conn:
            return await self.repo.all_names(conn)
