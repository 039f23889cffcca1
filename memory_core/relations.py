"""SQL for one scope's relations: every statement carries ``scope = ?`` with the bound scope.

:class:`RelationStatements` is the relation part of :class:`memory_core.repository.Repository`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import aiosqlite

from memory_core.models import Link, Relation
from memory_core.rows import CHUNK, chunks, fetch_one, marks
from memory_core.secrets import FIELD_VERB, ensure_no_secret

__all__ = ["RelationStatements"]

_SIDE_SQL = (
    "SELECT r.id, r.from_id, r.to_id, f.name, t.name, r.relation_type, f.entity_type,"
    " t.entity_type, {side} FROM json_each(?2) AS j JOIN relation r ON r.id IN"
    " (SELECT id FROM relation WHERE scope = ?1 AND {end} = j.value"
    " ORDER BY {other}, relation_type LIMIT ?3)"
    " JOIN entity f ON f.id = r.from_id JOIN entity t ON t.id = r.to_id"
)
_PER_ENTITY_SQL = " UNION ALL ".join(
    _SIDE_SQL.format(side=side, end=end, other=other)
    for side, end, other in ((0, "from_id", "to_id"), (1, "to_id", "from_id"))
)
"""Each entity's first links of each direction (``?3`` of them), for the entity ids of the
JSON array ``?2``. One text for any number of ids, so SQLite prepares it once: a statement
with two limited selects per id cost up to ~10 ms to prepare at 40 ids, more than reading."""
_LINK_SQL = (
    "SELECT r.id, r.from_id, r.to_id, f.name, t.name, r.relation_type, f.entity_type,"
    " t.entity_type, pick.side FROM ({picks}) AS pick JOIN relation r ON r.id = pick.id"
    " JOIN entity f ON f.id = r.from_id JOIN entity t ON t.id = r.to_id"
)


class RelationStatements:
    """Relation verbs for one scope (``scope`` is the bound scope's value)."""

    scope: str

    async def insert_relation(
        self, conn: aiosqlite.Connection, from_id: int, to_id: int, verb: str, now: float
    ) -> bool:
        """Insert a relation unless it exists; return whether it was new (a secret raises)."""
        ensure_no_secret(verb, field=FIELD_VERB)
        cur = await conn.execute(
            "INSERT OR IGNORE INTO relation (scope, from_id, to_id, relation_type, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (self.scope, from_id, to_id, verb, now),
        )
        await cur.close()
        return cur.rowcount == 1

    async def insert_relations(
        self, conn: aiosqlite.Connection, rows: Sequence[tuple[int, int, str]], now: float
    ) -> None:
        """Bulk-insert ``(from_id, to_id, verb)`` rows, skipping duplicates (a secret raises)."""
        for verb in {v for _, _, v in rows}:
            ensure_no_secret(verb, field=FIELD_VERB)
        await conn.executemany(
            "INSERT OR IGNORE INTO relation (scope, from_id, to_id, relation_type, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(self.scope, f, t, v, now) for f, t, v in rows],
        )

    async def delete_relation(
        self, conn: aiosqlite.Connection, from_id: int, to_id: int, verb: str
    ) -> bool:
        """Delete one relation; return whether it existed."""
        cur = await conn.execute(
            "DELETE FROM relation WHERE scope = ? AND from_id = ? AND to_id = ?"
            " AND relation_type = ?",
            (self.scope, from_id, to_id, verb),
        )
        await cur.close()
        return cur.rowcount == 1

    async def relations_touching(
        self,
        conn: aiosqlite.Connection,
        entity_ids: Sequence[int],
        *,
        both: bool = False,
        limit: int | None = None,
    ) -> list[Relation]:
        """Return relations with either end (or, with ``both``, both ends) in ``entity_ids``.

        With ``limit``, at most that many per end and chunk.
        """
        ids = list(dict.fromkeys(entity_ids))
        wanted = set(ids)
        seen: dict[int, Relation] = {}
        ends = ("from_id",) if both else ("from_id", "to_id")
        lim = -1 if limit is None else limit
        for part in chunks(ids):
            sql, params = self._touching_sql(part, ends, lim)
            for rid, from_id, to_id, f, t, verb, _ in await conn.execute_fetchall(sql, params):
                if not both or (from_id in wanted and to_id in wanted):
                    seen[rid] = Relation(f, t, verb)
        return [seen[k] for k in sorted(seen)]

    async def relations_from(
        self, conn: aiosqlite.Connection, entity_ids: Sequence[int]
    ) -> list[Relation]:
        """Return the relations that start at ``entity_ids``, oldest first."""
        seen: dict[int, Relation] = {}
        for part in chunks(list(dict.fromkeys(entity_ids))):
            sql, params = self._touching_sql(part, ("from_id",), -1)
            for rid, _, _, f, t, verb, _ in await conn.execute_fetchall(sql, params):
                seen[rid] = Relation(f, t, verb)
        return [seen[k] for k in sorted(seen)]

    async def relations_touching_counted(
        self, conn: aiosqlite.Connection, entity_ids: Sequence[int], *, limit: int
    ) -> tuple[list[Relation], int]:
        """Return relations with either end in ``entity_ids`` (at most ``limit`` per end) and
        how many such relations there are in all.

        When neither end reached ``limit``, the relations read are all of them and the count
        is theirs; only then is another statement needed (counting a hub's relations costs
        ~0.4 ms). Only the first :data:`CHUNK` ids count, as in
        :meth:`count_relations_touching`.
        """
        ids = list(dict.fromkeys(entity_ids))[:CHUNK]
        if not ids:
            return [], 0
        sql, params = self._touching_sql(ids, ("from_id", "to_id"), limit)
        rows = await conn.execute_fetchall(sql, params)
        seen = {rid: Relation(f, t, verb) for rid, _, _, f, t, verb, _ in rows}
        sides = [side for *_, side in rows]
        full = limit >= 0 and max(sides.count(0), sides.count(1)) >= limit
        total = await self.count_relations_touching(conn, ids) if full else len(seen)
        return [seen[k] for k in sorted(seen)], total

    async def links_per_entity(
        self, conn: aiosqlite.Connection, entity_ids: Sequence[int], kept: int
    ) -> dict[int, tuple[tuple[Link, ...], tuple[Link, ...]]]:
        """For each entity, its first ``kept`` outgoing and incoming links, in index order.

        The order is the one :meth:`relations_touching` reads in (the other end's id, then
        the type), so a limit over several entities picks the same links.
        """
        found: dict[int, tuple[list[Link], list[Link]]] = {i: ([], []) for i in entity_ids}
        if not found:
            return {}
        ids = json.dumps([int(i) for i in found])
        for rid, from_id, to_id, f, t, verb, ft, tt, side in await conn.execute_fetchall(
            _PER_ENTITY_SQL, (self.scope, ids, kept)
        ):
            link = Link(rid, from_id, to_id, Relation(f, t, verb), ft, tt)
            found[from_id if side == 0 else to_id][side].append(link)
        return {
            i: (
                tuple(sorted(out, key=lambda k: (k.to_id, k.relation.relation_type))),
                tuple(sorted(into, key=lambda k: (k.from_id, k.relation.relation_type))),
            )
            for i, (out, into) in found.items()
        }

    async def links_touching(
        self, conn: aiosqlite.Connection, entity_ids: Sequence[int], limit: int
    ) -> list[Link]:
        """The links with an end in ``entity_ids``, ``limit`` per end (as relations_touching)."""
        seen: dict[int, Link] = {}
        for part in chunks(list(dict.fromkeys(entity_ids))):
            picks, params = self._picks(part, ("from_id", "to_id"), limit)
            for rid, from_id, to_id, f, t, verb, ft, tt, _ in await conn.execute_fetchall(
                _LINK_SQL.format(picks=picks), params
            ):
                seen[rid] = Link(rid, from_id, to_id, Relation(f, t, verb), ft, tt)
        return [seen[k] for k in sorted(seen)]

    def _picks(self, ids: Sequence[int], ends: Sequence[str], limit: int) -> tuple[str, list[Any]]:
        """Ids of relations with an end in ``ids``, at most ``limit`` per end, with the end."""
        holes = marks(len(ids))
        # both ends in one statement (one trip), each limited; ``side`` tells which end
        picks = " UNION ALL ".join(
            f"SELECT id, {side} AS side FROM (SELECT id FROM relation WHERE scope = ?"
            f" AND {end} IN ({holes}) LIMIT ?)"
            for side, end in enumerate(ends)
        )
        params: list[Any] = [value for _ in ends for value in (self.scope, *ids, limit)]
        return picks, params

    def _touching_sql(
        self, ids: Sequence[int], ends: Sequence[str], limit: int
    ) -> tuple[str, list[Any]]:
        """Relations with an end in ``ids``, at most ``limit`` per end, each with its end."""
        picks, params = self._picks(ids, ends, limit)
        sql = (
            "SELECT r.id, r.from_id, r.to_id, f.name, t.name, r.relation_type, pick.side"
            f" FROM ({picks}) AS pick JOIN relation r ON r.id = pick.id"
            " JOIN entity f ON f.id = r.from_id JOIN entity t ON t.id = r.to_id"
        )
        return sql, params

    async def count_relations_touching(
        self, conn: aiosqlite.Connection, entity_ids: Sequence[int]
    ) -> int:
        """Return how many relations have either end in ``entity_ids`` (index-only counts)."""
        ids = list(dict.fromkeys(entity_ids))[:CHUNK]
        if not ids:
            return 0
        sql, params = self._count_touching_sql(ids)
        row = await fetch_one(conn, "SELECT " + sql, params)
        return int(row[0]) if row else 0

    def _count_touching_sql(self, ids: Sequence[int]) -> tuple[str, list[Any]]:
        """The count of relations with either end in ``ids``, as an SQL expression."""
        holes = marks(len(ids))
        sql = (
            f"(SELECT count(*) FROM relation WHERE scope = ? AND from_id IN ({holes}))"
            f" + (SELECT count(*) FROM relation WHERE scope = ? AND to_id IN ({holes})"
            f" AND from_id NOT IN ({holes}))"
        )
        return sql, [self.scope, *ids, self.scope, *ids, *ids]
