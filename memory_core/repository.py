"""SQL for one scope: every statement carries ``scope = ?`` with the bound scope.

Reads of lines skip softly forgotten ones (``forgotten_at`` set); see
:mod:`memory_core.retention` for the lifecycle verbs. Every insert passes what it writes
(names, types, lines, verbs) through the secret guard: whatever door a write came in by,
a secret raises :class:`~memory_core.errors.SecretRefused` and the transaction rolls back.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

import aiosqlite

from memory_core.entity_texts import EntityTextStatements
from memory_core.matching import name_key
from memory_core.models import Entity, Relation
from memory_core.observation import ParsedObservation
from memory_core.relations import RelationStatements
from memory_core.rows import (
    ENTITY_COLS,
    ENTITY_WIDTH,
    OBS_COLS,
    EntityRow,
    ObservationRow,
    chunks,
    fetch_one,
    marks,
)
from memory_core.scope import Scope
from memory_core.secrets import FIELD_LINE, FIELD_NAME, FIELD_TYPE, ensure_no_secret

__all__ = ["DAY", "Repository", "person_lines_sql"]

DAY = 24 * 3600.0
"""Seconds in a day: recall hits are counted per UTC day."""


def person_lines_sql(pieces: int, *, since: bool) -> str:
    """The statement of :meth:`Repository.person_lines_with` for ``pieces`` pieces.

    With ``since``, the lines added after an id are read by the table's own key, from that
    id on: through the scope's index the statement walked every line of the scope (~10 ms
    at 50k lines), and the nickname index reads the new lines after every remember.
    """
    holds = " OR ".join("instr(t, ?) > 0" for _ in range(pieces))
    joined = "observation o CROSS JOIN entity e" if since else "observation o JOIN entity e"
    scope = "+o.scope" if since else "o.scope"  # a unary + keeps the scope's index out
    return (
        "SELECT name, text FROM (SELECT e.id AS eid, o.position, o.id AS oid, e.name,"
        f" o.text, replace(o.text, '(as_of=', ' as_of=') AS t FROM {joined}"
        " ON e.scope = o.scope AND e.id = o.entity_id"
        f" WHERE {scope} = ? AND o.id > ? AND o.forgotten_at IS NULL"
        " AND e.entity_type = 'Person')"
        f" WHERE {holds} ORDER BY eid, position, oid"
    )


class Repository(RelationStatements, EntityTextStatements):
    """Storage verbs for ONE scope. The scope is fixed at construction; no method crosses it.

    Entities and lines are here, relations in :class:`RelationStatements`, the reads that
    show entities in :class:`EntityTextStatements`. Lookups of entities and observations by
    id write ``+scope`` so SQLite uses the primary key and only checks the scope, instead of
    walking the scope's index (with a few dozen ids it chose to walk the whole scope's
    index: ~1 ms at 10k entities, against ~0.2 by key).

    Methods take the connection of the surrounding transaction (see ``Database.write`` and
    ``Database.read``), so a use case can combine several of them atomically.
    """

    def __init__(self, scope: Scope, clock: Callable[[], float] = time.time) -> None:
        self.scope = scope.value
        self.clock = clock
        """The store's clock: the day a recall hit is counted on (:meth:`reinforce`)."""

    # ----------------------------------------------------------------- entities
    async def entities_by_name(
        self, conn: aiosqlite.Connection, names: Iterable[str]
    ) -> dict[str, EntityRow]:
        """Return the rows of the entities named exactly ``names``."""
        wanted = list(dict.fromkeys(names))
        found: dict[str, EntityRow] = {}
        for part in chunks(wanted):
            sql = (
                f"SELECT {ENTITY_COLS} FROM entity"
                f" WHERE scope = ? AND name IN ({marks(len(part))})"
            )
            for row in await conn.execute_fetchall(sql, (self.scope, *part)):
                found[row[1]] = EntityRow(*row)
        return found

    async def entities_by_key(self, conn: aiosqlite.Connection, key: str) -> list[EntityRow]:
        """Return the entities whose case-insensitive name key is ``key``."""
        sql = f"SELECT {ENTITY_COLS} FROM entity WHERE scope = ? AND name_key = ? ORDER BY id"
        return [EntityRow(*row) for row in await conn.execute_fetchall(sql, (self.scope, key))]

    async def entities_by_id(
        self, conn: aiosqlite.Connection, ids: Iterable[int]
    ) -> dict[int, EntityRow]:
        """Return the rows of the entities with these ids."""
        wanted = list(dict.fromkeys(ids))
        found: dict[int, EntityRow] = {}
        for part in chunks(wanted):
            sql = (
                f"SELECT {ENTITY_COLS} FROM entity WHERE +scope = ? AND id IN ({marks(len(part))})"
            )
            for row in await conn.execute_fetchall(sql, (self.scope, *part)):
                found[row[0]] = EntityRow(*row)
        return found

    async def line_versions(
        self, conn: aiosqlite.Connection, ids: Iterable[int]
    ) -> dict[int, int]:
        """Return the ``lines_version`` of these entities of the scope (migration 0016)."""
        found: dict[int, int] = {}
        for part in chunks(list(dict.fromkeys(ids))):
            sql = (
                "SELECT id, lines_version FROM entity"
                f" WHERE +scope = ? AND id IN ({marks(len(part))})"
            )
            for entity_id, version in await conn.execute_fetchall(sql, (self.scope, *part)):
                found[entity_id] = version
        return found

    async def names_of_type(self, conn: aiosqlite.Connection, entity_type: str) -> list[str]:
        """Return every entity name of one type."""
        sql = "SELECT name FROM entity WHERE scope = ? AND entity_type = ? ORDER BY id"
        return [row[0] for row in await conn.execute_fetchall(sql, (self.scope, entity_type))]

    async def ids_of_type(
        self, conn: aiosqlite.Connection, entity_type: str, *, limit: int
    ) -> list[int]:
        """Return the ids of at most ``limit`` entities of one type, oldest first."""
        sql = "SELECT id FROM entity WHERE scope = ? AND entity_type = ? ORDER BY id LIMIT ?"
        fetched = await conn.execute_fetchall(sql, (self.scope, entity_type, limit))
        return [int(row[0]) for row in fetched]

    async def named_ids(
        self, conn: aiosqlite.Connection, *, after: int | None = None
    ) -> list[tuple[int, str]]:
        """Return ``(id, name)`` of every entity, or of those with ids above ``after``.

        Every entity comes in index order (read from the name index alone, the fastest way),
        the newer ones oldest first.
        """
        if after is None:
            sql = "SELECT id, name FROM entity WHERE scope = ?"
            fetched = await conn.execute_fetchall(sql, (self.scope,))
        else:
            sql = "SELECT id, name FROM entity WHERE scope = ? AND id > ? ORDER BY id"
            fetched = await conn.execute_fetchall(sql, (self.scope, after))
        return [(int(i), str(name)) for i, name in fetched]

    async def ids_page(
        self, conn: aiosqlite.Connection, offset: int, limit: int
    ) -> tuple[list[int], int]:
        """Return ``limit`` entity ids from ``offset`` on (oldest first), and how many in all."""
        fetched = list(
            await conn.execute_fetchall(
                "SELECT id, (SELECT count(*) FROM entity WHERE scope = ?1) FROM entity"
                " WHERE scope = ?1 ORDER BY id LIMIT ?2 OFFSET ?3",
                (self.scope, limit, offset),
            )
        )
        if fetched:
            return [int(row[0]) for row in fetched], int(fetched[0][1])
        row = await fetch_one(conn, "SELECT count(*) FROM entity WHERE scope = ?", (self.scope,))
        return [], int(row[0]) if row else 0

    async def all_names(self, conn: aiosqlite.Connection) -> list[str]:
        """Return every entity name in the scope, oldest first."""
        fetched = await conn.execute_fetchall(
            "SELECT name FROM entity WHERE scope = ? ORDER BY id", (self.scope,)
        )
        return [row[0] for row in fetched]

    async def insert_entity(
        self, conn: aiosqlite.Connection, name: str, entity_type: str, now: float
    ) -> int:
        """Insert an entity and return its id (a secret in the name or type raises)."""
        _guard_entity(name, entity_type)
        cur = await conn.execute(
            "INSERT INTO entity (scope, name, name_key, entity_type, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (self.scope, name, name_key(name), entity_type, now, now),
        )
        await cur.close()
        assert cur.lastrowid is not None  # noqa: S101 - an INSERT always sets it
        return cur.lastrowid

    async def insert_entities_with_ids(
        self, conn: aiosqlite.Connection, rows: Sequence[tuple[int, str, str]], now: float
    ) -> None:
        """Bulk-insert ``(id, name, type)`` rows (ids chosen by the caller under the lock)."""
        for _, name, entity_type in rows:
            _guard_entity(name, entity_type)
        await conn.executemany(
            "INSERT INTO entity (id, scope, name, name_key, entity_type, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(i, self.scope, n, name_key(n), t, now, now) for i, n, t in rows],
        )

    async def touch_entities(
        self, conn: aiosqlite.Connection, ids: Iterable[int], now: float
    ) -> None:
        """Mark entities as changed now."""
        await conn.executemany(
            "UPDATE entity SET updated_at = ? WHERE scope = ? AND id = ?",
            [(now, self.scope, i) for i in ids],
        )

    async def delete_entities(self, conn: aiosqlite.Connection, ids: Sequence[int]) -> None:
        """Delete entities; their observations and relations go with them (cascade)."""
        for part in chunks(ids):
            await conn.execute(
                f"DELETE FROM entity WHERE scope = ? AND id IN ({marks(len(part))})",
                (self.scope, *part),
            )

    # ------------------------------------------------------------- observations
    async def observations_of(
        self, conn: aiosqlite.Connection, entity_ids: Sequence[int]
    ) -> dict[int, list[ObservationRow]]:
        """Return each entity's visible (not forgotten) observations in stored order."""
        result: dict[int, list[ObservationRow]] = {i: [] for i in entity_ids}
        for part in chunks(list(entity_ids)):
            sql = (
                f"SELECT {OBS_COLS} FROM observation WHERE scope = ?"
                f" AND entity_id IN ({marks(len(part))}) AND forgotten_at IS NULL"
                " ORDER BY entity_id, position, id"
            )
            for row in await conn.execute_fetchall(sql, (self.scope, *part)):
                result[row[1]].append(ObservationRow(*row))
        return result

    async def lines_matching(
        self,
        conn: aiosqlite.Connection,
        entity_id: int,
        texts: Sequence[str],
        keys: Sequence[str],
        *,
        forgotten: bool,
    ) -> list[ObservationRow]:
        """One entity's visible (or forgotten) lines whose text is one of ``texts`` or whose
        key is one of ``keys``, in stored order: what a write of those lines must look at,
        read through the text and key indexes instead of every line of the entity."""
        if not texts and not keys:
            return []
        state = "IS NOT NULL" if forgotten else "IS NULL"
        sql = (
            f"SELECT {OBS_COLS} FROM observation WHERE scope = ? AND entity_id = ?"
            f" AND forgotten_at {state} AND (text IN ({marks(len(texts))})"
            f" OR key IN ({marks(len(keys))})) ORDER BY position, id"
        )
        args = (self.scope, entity_id, *texts, *keys)
        return [ObservationRow(*row) for row in await conn.execute_fetchall(sql, args)]

    async def last_visible_position(self, conn: aiosqlite.Connection, entity_id: int) -> int:
        """The largest position of the entity's visible lines; -1 when it has none."""
        row = await fetch_one(
            conn,
            "SELECT coalesce(max(position), -1) FROM observation"
            " WHERE scope = ? AND entity_id = ? AND forgotten_at IS NULL",
            (self.scope, entity_id),
        )
        return int(row[0]) if row else -1

    async def entities_with_lines(
        self, conn: aiosqlite.Connection, ids: Sequence[int]
    ) -> tuple[dict[int, EntityRow], dict[int, list[ObservationRow]]]:
        """Return the rows of these entities and their visible lines in stored order.

        What :meth:`entities_by_id` and :meth:`observations_of` return, in one statement
        (one trip to the database thread) per chunk.
        """
        entities: dict[int, EntityRow] = {}
        lines: dict[int, list[ObservationRow]] = {}
        entity_cols = ", ".join(f"e.{c.strip()}" for c in ENTITY_COLS.split(","))
        line_cols = ", ".join(f"o.{c.strip()}" for c in OBS_COLS.split(","))
        for part in chunks(list(dict.fromkeys(ids))):
            sql = (
                f"SELECT {entity_cols}, {line_cols} FROM entity e LEFT JOIN observation o"
                " ON o.scope = e.scope AND o.entity_id = e.id AND o.forgotten_at IS NULL"
                f" WHERE +e.scope = ? AND e.id IN ({marks(len(part))})"
                " ORDER BY e.id, o.position, o.id"
            )
            for row in await conn.execute_fetchall(sql, (self.scope, *part)):
                entity_id = row[0]
                if entity_id not in entities:
                    entities[entity_id] = EntityRow(*row[:ENTITY_WIDTH])
                    lines[entity_id] = []
                if row[ENTITY_WIDTH] is not None:
                    lines[entity_id].append(ObservationRow(*row[ENTITY_WIDTH:]))
        return entities, lines

    async def observations_by_id(
        self, conn: aiosqlite.Connection, ids: Sequence[int]
    ) -> list[ObservationRow]:
        """Return the observations with these ids (in no particular order)."""
        found: list[ObservationRow] = []
        for part in chunks(list(ids)):
            sql = (
                f"SELECT {OBS_COLS} FROM observation"
                f" WHERE +scope = ? AND id IN ({marks(len(part))})"
            )
            fetched = await conn.execute_fetchall(sql, (self.scope, *part))
            found.extend(ObservationRow(*row) for row in fetched)
        return found

    async def next_position(self, conn: aiosqlite.Connection, entity_id: int) -> int:
        """Return the position after the entity's last observation."""
        row = await fetch_one(
            conn,
            "SELECT coalesce(max(position), -1) + 1 FROM observation"
            " WHERE scope = ? AND entity_id = ?",
            (self.scope, entity_id),
        )
        return int(row[0]) if row else 0

    async def insert_observations(
        self,
        conn: aiosqlite.Connection,
        rows: Sequence[tuple[int, int, ParsedObservation]],
        now: float,
        confidence: float = 0.8,
    ) -> None:
        """Bulk-insert ``(entity_id, position, parsed line)`` rows (a secret line raises)."""
        for _, _, parsed in rows:
            ensure_no_secret(parsed.text, field=FIELD_LINE)
        values = [
            (self.scope, entity_id, position, p.text, p.kind, p.key, p.as_of, p.src,
             p.indexed_length, now, now, confidence)
            for entity_id, position, p in rows
        ]  # fmt: skip
        await conn.executemany(
            "INSERT INTO observation (scope, entity_id, position, text, kind, key, as_of,"
            " source, doc_len, created_at, updated_at, confidence)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            values,
        )

    async def delete_observations(self, conn: aiosqlite.Connection, ids: Sequence[int]) -> None:
        """Delete observations by id."""
        for part in chunks(list(ids)):
            await conn.execute(
                f"DELETE FROM observation WHERE +scope = ? AND id IN ({marks(len(part))})",
                (self.scope, *part),
            )

    async def reinforce(
        self,
        conn: aiosqlite.Connection,
        ids: Sequence[int],
        *,
        times: int = 1,
        day: int | None = None,
    ) -> None:
        """Count ``times`` recall hits on each line: access count up, ``c += 0.1 * (1 - c)``.

        ``times`` hits at once give what as many single hits would: ``1 - (1 - c) * 0.9**times``.
        The day of the hits (UTC, by :attr:`clock` unless given) is recorded for ``auto``
        lines not yet durable, for their promotion
        (:func:`memory_core.lifecycle.promote_recalled`).
        """
        keep = 0.9**times
        day = int(self.clock() // DAY) if day is None else day
        for part in chunks(list(ids)):
            await conn.execute(
                "UPDATE observation SET access_count = access_count + ?,"
                " confidence = min(1.0, 1.0 - (1.0 - confidence) * ?)"
                f" WHERE +scope = ? AND id IN ({marks(len(part))})",
                (times, keep, self.scope, *part),
            )
            await conn.execute(
                "INSERT OR IGNORE INTO recall_day (scope, observation_id, day)"
                f" SELECT scope, id, ? FROM observation WHERE +scope = ? AND id IN"
                f" ({marks(len(part))}) AND source = 'auto' AND durable_at IS NULL",
                (day, self.scope, *part),
            )

    # --------------------------------------------------------------- whole scope
    async def iter_graph(
        self, conn: aiosqlite.Connection, limit: int | None = None
    ) -> tuple[list[Entity], list[Relation]]:
        """Return the scope's entities (oldest first, at most ``limit``) and their relations."""
        lim = -1 if limit is None else limit
        fetched = await conn.execute_fetchall(
            f"SELECT {ENTITY_COLS} FROM entity WHERE scope = ? ORDER BY id LIMIT ?",
            (self.scope, lim),
        )
        rows = [EntityRow(*r) for r in fetched]
        obs: dict[int, list[str]] = {r.id: [] for r in rows}
        async with conn.execute(
            "SELECT entity_id, text FROM observation WHERE scope = ? AND forgotten_at IS NULL"
            " ORDER BY entity_id, position, id",
            (self.scope,),
        ) as cur:
            async for entity_id, text in cur:
                if entity_id in obs:
                    obs[entity_id].append(text)
        entities = [Entity(r.name, r.entity_type, tuple(obs[r.id])) for r in rows]
        names = {r.id: r.name for r in rows}
        relations: list[Relation] = []
        async with conn.execute(
            "SELECT from_id, to_id, relation_type FROM relation WHERE scope = ? ORDER BY id",
            (self.scope,),
        ) as cur:
            async for from_id, to_id, verb in cur:
                if from_id in names and to_id in names:
                    relations.append(Relation(names[from_id], names[to_id], verb))
        return entities, relations

    async def lines_in_order(
        self, conn: aiosqlite.Connection, entity_id: int | None = None
    ) -> list[tuple[int, str, str | None]]:
        """Return ``(entity id, text, key)`` of the visible lines, in stored order.

        Of the whole scope, or with ``entity_id`` of that entity only. Read along the
        index of lines by entity and position, with no join (a "forget" reads every line:
        at 50k entities joining the names and sorting took twice as long).
        """
        sql = (
            "SELECT o.entity_id, o.text, o.key FROM observation o INDEXED BY"
            " observation_scope_entity WHERE o.scope = ? AND o.forgotten_at IS NULL"
        )
        params: tuple[object, ...] = (self.scope,)
        if entity_id is not None:
            sql += " AND o.entity_id = ?"
            params += (entity_id,)
        sql += " ORDER BY o.entity_id, o.position, o.id"
        fetched = await conn.execute_fetchall(sql, params)
        return [(int(owner), str(text), key) for owner, text, key in fetched]

    async def person_lines_with(
        self, conn: aiosqlite.Connection, pieces: Sequence[str], *, after: int = 0
    ) -> list[tuple[str, str]]:
        """Return ``(person name, text)`` of the visible lines of people that hold one of
        ``pieces`` as written (case-sensitive) outside their ``(as_of=...)`` tail, in stored
        order; with ``after``, only lines whose id is larger (those added since)."""
        if not pieces:
            return []
        sql = person_lines_sql(len(pieces), since=after > 0)
        fetched = await conn.execute_fetchall(sql, (self.scope, after, *pieces))
        return [(str(name), str(text)) for name, text in fetched]

    async def counts(self, conn: aiosqlite.Connection) -> tuple[int, int, int, dict[str, int]]:
        """Return entity, observation and relation counts, and entities per type."""
        by_type: dict[str, int] = {}
        fetched = await conn.execute_fetchall(
            "SELECT entity_type, count(*) FROM entity WHERE scope = ? GROUP BY entity_type"
            " ORDER BY count(*) DESC, entity_type",
            (self.scope,),
        )
        for t, n in fetched:
            by_type[t] = n
        totals = []
        for table, visible in (("observation", " AND forgotten_at IS NULL"), ("relation", "")):
            row = await fetch_one(
                conn, f"SELECT count(*) FROM {table} WHERE scope = ?{visible}", (self.scope,)
            )
            totals.append(int(row[0]) if row else 0)
        return sum(by_type.values()), totals[0], totals[1], by_type

    async def recent_observations(
        self, conn: aiosqlite.Connection, limit: int
    ) -> list[ObservationRow]:
        """Return the most recently changed visible observations."""
        fetched = await conn.execute_fetchall(
            f"SELECT {OBS_COLS} FROM observation WHERE scope = ? AND forgotten_at IS NULL"
            " ORDER BY updated_at DESC, id DESC LIMIT ?",
            (self.scope, limit),
        )
        return [ObservationRow(*r) for r in fetched]


def _guard_entity(name: str, entity_type: str) -> None:
    ensure_no_secret(name, field=FIELD_NAME)
    ensure_no_secret(entity_type, field=FIELD_TYPE)
