"""Memory: opens the store and hands out scope-bound handles with the graph operations."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from types import TracebackType
from typing import TypeVar

import aiosqlite

from memory_core import bilingual, upkeep
from memory_core.caches import Caches
from memory_core.db import Database
from memory_core.errors import InvalidInputError
from memory_core.graph_reads import DEFAULT_SEARCH_LIMIT, GraphReads
from memory_core.inbox import Inbox
from memory_core.merging import checked_lines, merge_lines, new_entity, resolve_or_create
from memory_core.models import (
    DeleteReport,
    Entity,
    ObservationsAdded,
    Relation,
)
from memory_core.naming import guarded_verb, normalize_relation_type
from memory_core.reinforcement import PendingHits
from memory_core.repository import Repository
from memory_core.resolution import require_rows, resolve_rows
from memory_core.retention import RetentionRepository
from memory_core.scope import Scope
from memory_core.search_index import SearchIndex
from memory_core.secrets import FIELD_NAME, ensure_no_secret

__all__ = [
    "DEFAULT_CONFIDENCE",
    "DEFAULT_SEARCH_LIMIT",
    "Memory",
    "ScopedMemory",
]

T = TypeVar("T")

DEFAULT_CONFIDENCE = 0.8
"""The starting confidence of a line someone stated explicitly."""
Clock = Callable[[], float]


class Memory:
    """The store. ``Memory(path)`` does no I/O; ``async with Memory(path) as memory:`` opens it.

    ``Memory(path, read_only=True)`` only reads an existing, up-to-date file (writes raise
    :class:`~memory_core.errors.ReadOnlyError`).

    All reads and writes go through a handle bound to one scope: ``memory.scoped(scope)``.
    """

    def __init__(
        self, path: Path | str, *, clock: Clock = time.time, read_only: bool = False
    ) -> None:
        self.db = Database(path, read_only=read_only)
        self.clock = clock
        self.inbox = Inbox(self.db, clock)
        """Outside updates kept from arrival until answered (see :mod:`memory_core.inbox`)."""
        self.caches = Caches()
        """Derived data kept between calls (names, index words); never the source of truth."""
        self.hits = PendingHits(self.db, clock)
        """Recall hits waiting to be written (within a second, and when the store closes)."""

    async def open(self) -> None:
        """Open the database file and run pending migrations.

        A ``glossary.txt`` beside the database (the user's own Russian = English words) is
        read into recall's translator here.
        """
        await self.db.open()
        path = self.db.path
        if (path.parent / bilingual.GLOSSARY_FILE).is_file():
            await asyncio.to_thread(bilingual.load, path)

    async def close(self) -> None:
        """Write the waiting recall hits and inbox marks, then close the database; safe to
        call twice."""
        await self.inbox.close()
        await self.hits.close()
        await self.db.close()

    async def __aenter__(self) -> Memory:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def scoped(self, scope: Scope) -> ScopedMemory:
        """Return the handle for one scope; every operation on it stays inside that scope."""
        return ScopedMemory(self, scope)

    async def move_scope(self, old: Scope, new: Scope) -> int:
        """Move all of ``old`` to ``new`` (a chat whose id changed) at once; return rows moved.

        Raises:
            InvalidInputError: ``old == new``, or ``new`` already holds memory (nothing moves).
        """
        if old == new:
            raise InvalidInputError(f"cannot move scope {old} onto itself")
        await self.hits.flush()  # counted on the old scope's lines, written before they move
        return await upkeep.move_scope(self.db, old, new)

    async def scopes(self) -> list[Scope]:
        """Return every scope that holds at least one entity, in name order."""
        return await upkeep.scopes(self.db)


class ScopedMemory(GraphReads):
    """The reference memory server's nine operations, bound to one scope, with its traps fixed.

    * ``create_entities`` on an existing name merges the new observations.
    * A batch that names a missing entity fails whole, naming it.
    * Deletes report what was missing instead of ignoring it.
    * Relations to missing entities are refused.
    * ``search_nodes`` matches every token, case-insensitively, and is limited.
    * ``open_nodes`` returns every relation touching the opened nodes.

    The use cases written as functions elsewhere (recall, remember, import...) get what
    they need from the handle: transactions (:meth:`read`, :meth:`write`), the time
    (:meth:`now`), the scope's statements (``repo``, ``retention``, ``search_index``) and the
    store's ``caches``. The whole-file :class:`~memory_core.db.Database` stays with the
    :class:`Memory`: a scope handle cannot reach other scopes.
    """

    def __init__(self, memory: Memory, scope: Scope) -> None:
        self.scope = scope
        self.repo = Repository(scope, memory.clock)
        self.retention = RetentionRepository(scope)
        self.search_index = SearchIndex(scope)
        self.caches = memory.caches
        self._hits = memory.hits
        self._db = memory.db
        self._clock = memory.clock

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """Open a read transaction: a consistent snapshot of committed data."""
        return self._db.read()

    def write(self, *, bulk: bool = False) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """Open a write transaction, serialised with all others; see ``Database.write``."""
        return self._db.write(bulk=bulk)

    async def transact(
        self, work: Callable[[sqlite3.Connection], T], *, durable: bool = True
    ) -> T:
        """Run a short write of fixed statements in one trip; see ``Database.transact``."""
        return await self._db.transact(work, durable=durable)

    def now(self) -> float:
        """Return the store's current time (seconds since the epoch)."""
        return self._clock()

    def reinforce(self, line_ids: Sequence[int]) -> None:
        """Count a recall hit on each line; written within a second, off the caller's path.

        See :mod:`memory_core.reinforcement`: a crash loses at most that second of counts.
        """
        self._hits.add(self.scope, line_ids)

    async def flush_hits(self) -> None:
        """Write every waiting recall hit now (before reading the counts to act on them)."""
        await self._hits.flush()

    # -------------------------------------------------------------- resolution
    async def resolve_name(self, name: str, *, fuzzy: bool = True) -> str | None:
        """Return the stored name that ``name`` refers to, or ``None`` when there is none.

        Raises:
            AmbiguousNameError: several entities fit equally well.
        """
        async with self.read() as conn:
            found = await resolve_rows(self.repo, conn, [name], fuzzy=fuzzy)
        return found[name].name if name in found else None

    # ------------------------------------------------------------------ writes
    async def create_entities(self, entities: Sequence[Entity]) -> list[Entity]:
        """Create entities; an existing name (any case, or a near-typo) gets the observations.

        Returns:
            One entry per distinct entity touched: its stored name and type, and the
            observations this call added to it.

        Raises:
            InvalidInputError: a name, type or observation is not acceptable (nothing stored).
            AmbiguousNameError: a name fits several existing entities (nothing stored).
        """
        cleaned = [new_entity(e.name, e.entity_type, e.observations) for e in entities]
        async with self.write() as conn:
            done = await resolve_or_create(
                self.repo,
                self.retention,
                conn,
                cleaned,
                now=self.now(),
                confidence=DEFAULT_CONFIDENCE,
            )
        out: dict[str, Entity] = {}
        for merged in done:
            name, prev = merged.row.name, out.get(merged.row.name)
            added = (prev.observations if prev else ()) + merged.added
            out[name] = Entity(name, merged.row.entity_type, added)
        return list(out.values())

    async def add_observations(
        self,
        items: Sequence[tuple[str, Sequence[str]]],
        *,
        confidence: float = DEFAULT_CONFIDENCE,
    ) -> list[ObservationsAdded]:
        """Add observation lines to existing entities, all or nothing.

        A ``kind: key=value`` line whose key the entity already has replaces the old line in
        the same transaction; the result says what it replaced. Lines already present are
        skipped.

        Args:
            items: ``(entity name, lines)`` pairs.
            confidence: the starting confidence of new lines (lower for guessed facts).

        Raises:
            EntityNotFoundError: some entity does not exist (it is named; nothing stored).
            SecretRefused: a line holds a secret (nothing stored).
            InvalidInputError: a line is empty, multi-line or too long (nothing stored).
        """
        for name, _ in items:
            ensure_no_secret(name, field=FIELD_NAME)  # not even echoed as "not found"
        cleaned = [(n, checked_lines(n, obs)) for n, obs in items]
        now = self.now()
        results: list[ObservationsAdded] = []
        async with self.write() as conn:
            rows = await require_rows(self.repo, conn, [n for n, _ in cleaned])
            for name, lines in cleaned:
                added, replaced = await merge_lines(
                    self.repo,
                    self.retention,
                    conn,
                    rows[name],
                    lines,
                    now=now,
                    confidence=confidence,
                )
                results.append(ObservationsAdded(rows[name].name, tuple(added), tuple(replaced)))
        return results

    async def create_relations(
        self, relations: Sequence[Relation], *, strict_vocabulary: bool = True
    ) -> list[Relation]:
        """Create relations between existing entities; existing ones are skipped.

        Args:
            relations: the relations; verbs are normalised to the vocabulary.
            strict_vocabulary: refuse verbs outside the vocabulary.

        Returns:
            The relations that were new, with stored names and canonical verbs.

        Raises:
            EntityNotFoundError: an end does not exist (named; nothing stored).
            SecretRefused: a verb, as given or as stored, holds a secret (nothing stored).
            InvalidInputError: an unknown verb (nothing stored).
        """
        for name in {n for r in relations for n in (r.from_, r.to)}:
            ensure_no_secret(name, field=FIELD_NAME)  # not even echoed as "not found"
        verbs = [guarded_verb(r.relation_type, strict=strict_vocabulary) for r in relations]
        now = self.now()
        created: list[Relation] = []
        async with self.write() as conn:
            rows = await require_rows(
                self.repo, conn, [n for r in relations for n in (r.from_, r.to)]
            )
            for rel, verb in zip(relations, verbs, strict=True):
                a, b = rows[rel.from_], rows[rel.to]
                if await self.repo.insert_relation(conn, a.id, b.id, verb, now):
                    created.append(Relation(a.name, b.name, verb))
        return created

    async def delete_entities(self, names: Sequence[str]) -> DeleteReport:
        """Delete entities with their observations and relations; report missing names."""
        async with self.write() as conn:
            rows = await resolve_rows(self.repo, conn, list(names))
            await self.repo.delete_entities(conn, [r.id for r in rows.values()])
        deleted = tuple(dict.fromkeys(rows[n].name for n in names if n in rows))
        missing = tuple(n for n in dict.fromkeys(names) if n not in rows)
        return DeleteReport(deleted, missing)

    async def delete_observations(
        self, items: Sequence[tuple[str, Sequence[str]]]
    ) -> DeleteReport:
        """Delete observation lines by exact text; report lines or entities not found.

        Report entries read ``"<entity>: <line>"``; a missing entity is reported by name.
        """
        deleted: list[str] = []
        missing: list[str] = []
        now = self.now()
        async with self.write() as conn:
            rows = await resolve_rows(self.repo, conn, [n for n, _ in items])
            for name, lines in items:
                row = rows.get(name)
                if row is None:
                    missing.append(name)
                    continue
                current = (await self.repo.observations_of(conn, [row.id]))[row.id]
                ids: list[int] = []
                for line in lines:
                    hits = [o.id for o in current if o.text == line and o.id not in ids]
                    if hits:
                        ids.extend(hits)
                        deleted.append(f"{row.name}: {line}")
                    else:
                        missing.append(f"{row.name}: {line}")
                if ids:
                    await self.repo.delete_observations(conn, ids)
                    await self.repo.touch_entities(conn, [row.id], now)
        return DeleteReport(tuple(deleted), tuple(missing))

    async def delete_relations(self, relations: Sequence[Relation]) -> DeleteReport:
        """Delete relations exactly; report those that did not exist."""
        deleted: list[str] = []
        missing: list[str] = []
        async with self.write() as conn:
            rows = await resolve_rows(
                self.repo, conn, [n for r in relations for n in (r.from_, r.to)]
            )
            for rel in relations:
                label = f"{rel.from_} -[{rel.relation_type}]-> {rel.to}"
                a, b = rows.get(rel.from_), rows.get(rel.to)
                verb = normalize_relation_type(rel.relation_type, strict=False)
                removed = False
                if a is not None and b is not None:
                    for candidate in dict.fromkeys((verb, rel.relation_type)):
                        if await self.repo.delete_relation(conn, a.id, b.id, candidate):
                            removed = True
                            break
                if removed:
                    deleted.append(label)
                else:
                    missing.append(label)
        return DeleteReport(tuple(deleted), tuple(missing))
