"""Upkeep of the whole database file, across its scopes.

On an open :class:`~memory_core.db.Database`: :func:`move_scope` (a chat whose id changed),
:func:`scopes`, and :func:`bulk_write`, which brackets a bulk import inside the caller's
write transaction (ids handed out in one go, the search index filled once at the end).

On a file, from any process, also while a bot is running on it: :func:`backup_file` (a
consistent copy), :func:`integrity_problems`, :func:`search_index_problems`,
:func:`applied_migrations` and :func:`newest_change`. They use their own short-lived
``sqlite3`` connection and never run migrations.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite

from memory_core import search_index
from memory_core.db import BUSY_TIMEOUT_MS, Database, read_only_uri
from memory_core.errors import InvalidInputError, StorageError, storage_error
from memory_core.private import create_private_file, make_private_dir
from memory_core.rows import fetch_one
from memory_core.schema import MIGRATIONS
from memory_core.scope import Scope

__all__ = [
    "KNOWN_MIGRATIONS",
    "BulkWrite",
    "applied_migrations",
    "backup_file",
    "bulk_write",
    "integrity_problems",
    "move_scope",
    "newest_change",
    "next_entity_id",
    "scopes",
    "search_index_problems",
]


# ------------------------------------------------------------------ an open database
async def move_scope(db: Database, old: Scope, new: Scope) -> int:
    """Move every row of scope ``old`` to scope ``new`` in one write transaction.

    Every table with a ``scope`` column is updated (entities, observations, relations,
    the update journal, and any table added later); ``scope_version`` is bumped for both
    scopes so caches of names refresh. The full-text indexes hold no scope: they stay valid.

    Returns:
        The number of rows moved.

    Raises:
        InvalidInputError: ``new`` already holds rows (nothing is moved).
    """
    moved = 0
    async with db.write(bulk=True) as conn:
        tables = await _scoped_tables(conn)
        for table in tables:
            async with conn.execute(
                f"SELECT 1 FROM {table} WHERE scope = ? LIMIT 1", (new.value,)
            ) as cur:
                if await cur.fetchone() is not None:
                    raise InvalidInputError(
                        f"scope {new.value} already holds memory; nothing was moved"
                    )
        # Entities and the rows pointing at them move together: check the keys at COMMIT.
        await conn.execute("PRAGMA defer_foreign_keys=ON")
        for table in tables:
            cur = await conn.execute(
                f"UPDATE {table} SET scope = ? WHERE scope = ?", (new.value, old.value)
            )
            moved += max(cur.rowcount, 0)
            await cur.close()
        await conn.executemany(
            "INSERT INTO scope_version (scope, names) VALUES (?, 1)"
            " ON CONFLICT (scope) DO UPDATE SET names = names + 1",
            [(old.value,), (new.value,)],
        )
    return moved


async def scopes(db: Database) -> list[Scope]:
    """Return the distinct scopes that hold entities, in name order."""
    async with (
        db.read() as conn,
        conn.execute("SELECT DISTINCT scope FROM entity ORDER BY scope") as cur,
    ):
        return [Scope.parse(str(row[0])) for row in await cur.fetchall()]


async def _scoped_tables(conn: aiosqlite.Connection) -> list[str]:
    """Names of the ordinary tables with a ``scope`` column, except ``scope_version``."""
    async with conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        " AND sql NOT LIKE 'CREATE VIRTUAL%' AND name != 'scope_version' ORDER BY name"
    ) as cur:
        names = [row[0] for row in await cur.fetchall()]
    scoped: list[str] = []
    for name in names:
        async with conn.execute(f"PRAGMA table_info({name})") as cur:
            if any(row[1] == "scope" for row in await cur.fetchall()):
                scoped.append(name)
    return scoped


async def _max_id(conn: aiosqlite.Connection, table: str) -> int:
    row = await fetch_one(conn, f"SELECT coalesce(max(id), 0) FROM {table}")
    return int(row[0]) if row else 0


async def next_entity_id(conn: aiosqlite.Connection) -> int:
    """Return the id after the largest entity id of the file (ids are file-wide).

    Only inside a write transaction, where no other writer can take it meanwhile.
    """
    return await _max_id(conn, "entity") + 1


@dataclass(slots=True)
class BulkWrite:
    """The ids a bulk write starts from, and the entities it wrote to (see :func:`bulk_write`)."""

    first_entity: int
    first_observation: int
    touched: set[int] = field(default_factory=set)


@contextlib.asynccontextmanager
async def bulk_write(conn: aiosqlite.Connection, scope: Scope) -> AsyncIterator[BulkWrite]:
    """Bracket a bulk write into ``scope`` inside the caller's write transaction.

    Per-row index updates stop and the indexes collect larger segments; when the block ends,
    the rows written from ``first_entity`` / ``first_observation`` on are indexed at once,
    the search documents of the ``touched`` entities are rebuilt and the index is merged.
    New entities take ids from ``first_entity`` on, counting up.
    """
    bulk = BulkWrite(await next_entity_id(conn), await _max_id(conn, "observation") + 1)
    await search_index.defer_documents(conn)
    await search_index.set_automerge(conn, search_index.BULK_AUTOMERGE)
    yield bulk
    await search_index.index_rows_from(conn, bulk.first_entity, bulk.first_observation)
    await search_index.rebuild_documents(conn, scope, sorted(bulk.touched))
    await search_index.optimize_documents(conn)
    await search_index.set_automerge(conn, search_index.WRITE_AUTOMERGE)


# ------------------------------------------------------------------ a file, any process
KNOWN_MIGRATIONS: tuple[str, ...] = tuple(name for name, _ in MIGRATIONS)
"""The migrations this version knows, in order."""

_WRITE_FAILURES = frozenset(
    {sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR}
)
_NEWEST_CHANGE_SQL = (
    ("entity", "updated_at"),
    ("observation", "updated_at"),
    ("relation", "created_at"),
    ("applied_update", "created_at"),
)


@contextlib.contextmanager
def _connect(path: Path) -> Iterator[sqlite3.Connection]:
    """A short-lived connection to an existing database file (never creates one).

    Every use only reads. A file that cannot be written, or lies in a folder that cannot be
    (a backup on a read-only mount), is opened read-only, so it can still be checked.
    """
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a database file")
    if not path.is_file():
        raise StorageError(f"no database at {path}")
    uri = path.resolve().as_uri() + "?mode=rw" if _writable(path) else read_only_uri(path)
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as exc:
        raise storage_error(exc, path, "cannot open database") from exc
    try:
        yield conn
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB:
            raise StorageError(f"{path} is not a usable SQLite database: {exc}") from exc
        raise storage_error(exc, path, "cannot read database") from exc
    finally:
        conn.close()


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {row[0] for row in rows}


def backup_file(src: Path, dest: Path) -> None:
    """Write a consistent, compact copy of the database ``src`` to ``dest``.

    Safe while a bot writes to ``src``: ``VACUUM INTO`` copies one committed snapshot. The
    copy is written next to ``dest``, flushed to disk, then renamed, so a file at ``dest`` is
    always a whole backup. It is private (mode 0600), as are new folders (0700).

    Raises:
        StorageError: ``src`` is missing or unreadable, ``dest`` exists, or ``dest``'s
            folder cannot be written (the message names the path and the cause).
    """
    if dest.exists():
        raise StorageError(f"{dest} already exists")
    partial = dest.with_name(dest.name + ".partial")
    try:
        make_private_dir(dest.parent)
        partial.unlink(missing_ok=True)
        create_private_file(partial)  # VACUUM INTO fills an empty file and keeps its mode
    except OSError as exc:
        raise storage_error(exc, dest, "cannot write the copy") from None
    try:
        with _connect(src) as conn:
            try:
                conn.execute("VACUUM INTO ?", (str(partial),))
            except sqlite3.Error as exc:
                code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
                if code in _WRITE_FAILURES:  # the copy's side failed, not the source
                    raise storage_error(exc, dest, "cannot write the copy") from exc
                raise
        with partial.open("rb+") as handle:
            os.fsync(handle.fileno())
        partial.replace(dest)
    except OSError as exc:
        raise storage_error(exc, dest, "cannot write the copy") from None
    finally:
        partial.unlink(missing_ok=True)


def integrity_problems(path: Path) -> list[str]:
    """Run ``PRAGMA integrity_check``; return its complaints (empty when the file is sound)."""
    with _connect(path) as conn:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    lines = [str(row[0]) for row in rows]
    return [] if lines == ["ok"] else lines


def search_index_problems(path: Path) -> list[str]:
    """Check that the full-text indexes are in step with the tables they index.

    ``entity_fts`` and ``observation_fts`` are compared with their content tables (FTS5
    ``integrity-check`` with rank 1), and every entity must have exactly one ``entity_doc``
    document. A database without these tables yet (never migrated) has no problems. A file
    that cannot be written is checked through a copy in memory.
    """
    with _connect(path) as conn:
        if _writable(path):
            return search_index.index_problems(conn)
        # FTS5 runs its integrity-check as a write: check a copy in memory instead
        copy = sqlite3.connect(":memory:", isolation_level=None)
        try:
            conn.backup(copy)
            return search_index.index_problems(copy)
        finally:
            copy.close()


def applied_migrations(path: Path) -> list[str]:
    """Return the names of the migrations applied to the file, in order (none: empty)."""
    with _connect(path) as conn:
        if "schema_migrations" not in _tables(conn):
            return []
        rows = conn.execute("SELECT name FROM schema_migrations ORDER BY rowid").fetchall()
    return [str(row[0]) for row in rows]


def newest_change(path: Path) -> float | None:
    """Return the newest write time recorded in the file (seconds since the epoch), if any.

    The newest of: an entity or observation created or changed, a relation created, and a
    Telegram update applied (which also records deletions made from the chat).
    """
    with _connect(path) as conn:
        tables = _tables(conn)
        times = [
            conn.execute(f"SELECT max({column}) FROM {table}").fetchone()[0]
            for table, column in _NEWEST_CHANGE_SQL
            if table in tables
        ]
    known = [float(t) for t in times if t is not None]
    return max(known) if known else None
