"""The SQLite file: the connection pair (PRAGMAs, migrations, serialised writes) and upkeep.

Upkeep works on a database file from any process, also while a bot is running on it:
:func:`backup_file` (a consistent copy), :func:`integrity_problems`,
:func:`search_index_problems`, :func:`applied_migrations` and :func:`newest_change`. They
use their own short-lived ``sqlite3`` connection and never run migrations.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from memory_core.errors import InvalidInputError, SchemaVersionError, StorageError
from memory_core.observation import indexed_length
from memory_core.rows import fetch_one
from memory_core.schema import MIGRATIONS
from memory_core.search_index import (
    attach_vocabulary,
    fill_documents,
    index_problems,
    merge_segments,
)

__all__ = [
    "BUSY_TIMEOUT_MS",
    "KNOWN_MIGRATIONS",
    "Database",
    "applied_migrations",
    "backup_file",
    "integrity_problems",
    "newest_change",
    "search_index_problems",
]

logger = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 30_000
"""How long a writer waits for another process's write lock before failing."""
CHECKPOINT_EVERY = 100
"""Commits between two background checkpoints."""
CHECKPOINT_SECONDS = 30.0
"""Seconds after which a commit starts a background checkpoint anyway."""
MERGE_AFTER = 8
"""Commits after which the search index's small segments are merged, once writes pause."""
MERGE_IDLE_SECONDS = 1.0
"""How long writes must pause before that merge runs."""
MERGE_PAGES = 500
"""The most index pages one merge writes (a few ms; the next pause continues it)."""


async def _configure(conn: aiosqlite.Connection) -> None:
    # Wait for another process's lock instead of failing at once. First, so that switching
    # to WAL below also waits when two processes open a new file at the same moment.
    await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # WAL: readers never block the writer, and a crash never corrupts committed data.
    await conn.execute("PRAGMA journal_mode=WAL")
    # FULL: a write that returned is on disk, even if the process is killed right after.
    await conn.execute("PRAGMA synchronous=FULL")
    # Relations and observations cannot point at entities that do not exist.
    await conn.execute("PRAGMA foreign_keys=ON")


class Database:
    """One write connection (serialised by a lock) and one read connection, over one file.

    Every write runs inside ``BEGIN IMMEDIATE ... COMMIT`` while holding ``_write_lock``, so
    transactions never interleave in this process, and SQLite's file lock serialises them
    across processes. Reads run on their own connection and see committed data only.
    The constructor does no I/O: call :meth:`open` (or use ``async with``).

    Checkpoints (copying the write-ahead log into the database file) do not run inside a
    write, where SQLite would run them every 1000 pages and make that one write slow: a
    third connection runs them in the background every :data:`CHECKPOINT_EVERY` commits or
    :data:`CHECKPOINT_SECONDS`, and :meth:`close` runs the last one.

    Every write leaves a small segment in the ``entity_doc`` search index, and a search reads
    every segment: after 600 writes at 50,000 entities a search took ~15% longer (p99 ~1 ms).
    FTS5 merges them only 16 at a time, at a commit (migration 0008, to keep writes fast), so
    once :data:`MERGE_AFTER` commits are followed by a pause of :data:`MERGE_IDLE_SECONDS`,
    one short write merges what shares a level (``usermerge`` 2, migration 0010).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint_task: asyncio.Task[None] | None = None
        self._commits_since_checkpoint = 0
        self._last_checkpoint = time.monotonic()
        self._commits_since_merge = 0
        self._merge_timer: asyncio.TimerHandle | None = None
        self._merge_task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Create the file if needed, set PRAGMAs and run pending migrations.

        Another process opening or checkpointing the same file can make the first statements
        report "database is locked" at once, without waiting; opening retries for a while.
        """
        if self.path != Path(":memory:"):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                await self._open_once()
            except StorageError as exc:
                busy = isinstance(exc.__cause__, sqlite3.OperationalError) and (
                    "locked" in str(exc.__cause__) or "busy" in str(exc.__cause__)
                )
                if not busy or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.05)
            else:
                return

    async def _open_once(self) -> None:
        try:
            self._writer = await aiosqlite.connect(self.path, isolation_level=None)
            await _configure(self._writer)
            # Checkpoints run in the background (see the class docstring), not in writes.
            await self._writer.execute("PRAGMA wal_autocheckpoint=0")
            await self._migrate(self._writer)
            self._reader = await aiosqlite.connect(self.path, isolation_level=None)
            await _configure(self._reader)
            # The search vocabulary (terms and document counts), read by search and recall.
            await attach_vocabulary(self._reader)
        except sqlite3.Error as exc:
            await self.close()
            raise StorageError(f"cannot open database {self.path}: {exc}") from exc
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Finish a running checkpoint and close every connection; safe to call twice."""
        if self._merge_timer is not None:
            self._merge_timer.cancel()
            self._merge_timer = None
        if self._merge_task is not None:
            await asyncio.gather(self._merge_task, return_exceptions=True)
        if self._checkpoint_task is not None:
            await asyncio.gather(self._checkpoint_task, return_exceptions=True)
            self._checkpoint_task = None
        for conn in (self._checkpointer, self._reader, self._writer):
            if conn is not None:
                await conn.close()
        self._checkpointer = self._reader = self._writer = None

    def _after_commit(self) -> None:
        """Count a commit and start a background checkpoint when one is due."""
        self._commits_since_checkpoint += 1
        due = self._commits_since_checkpoint >= CHECKPOINT_EVERY or (
            time.monotonic() - self._last_checkpoint > CHECKPOINT_SECONDS
        )
        if due and self._checkpoint_task is None:
            self._commits_since_checkpoint = 0
            self._last_checkpoint = time.monotonic()
            self._checkpoint_task = asyncio.get_running_loop().create_task(self._checkpoint())
        self._commits_since_merge += 1
        if self._commits_since_merge >= MERGE_AFTER:
            if self._merge_timer is not None:
                self._merge_timer.cancel()
            loop = asyncio.get_running_loop()
            self._merge_timer = loop.call_later(MERGE_IDLE_SECONDS, self._start_merge)

    def _start_merge(self) -> None:
        self._merge_timer = None
        if self._merge_task is None and self._writer is not None:
            self._merge_task = asyncio.get_running_loop().create_task(self._merge_index())

    async def _merge_index(self) -> None:
        """Merge the small segments recent writes left in the search index (one write)."""
        self._commits_since_merge = 0
        try:
            async with self.write() as conn:
                await merge_segments(conn, MERGE_PAGES)
        except (sqlite3.Error, StorageError):
            pass  # busy or closing: the next pause after more writes tries again
        finally:
            self._merge_task = None

    async def _checkpoint(self) -> None:
        """Copy the write-ahead log into the file without blocking writers or readers."""
        try:
            if self._checkpointer is None:
                self._checkpointer = await aiosqlite.connect(self.path, isolation_level=None)
                await self._checkpointer.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass  # a later checkpoint (or closing the last connection) catches up
        finally:
            self._checkpoint_task = None

    async def _migrate(self, conn: aiosqlite.Connection) -> None:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " name TEXT PRIMARY KEY, applied_at REAL NOT NULL)"
            )
            async with conn.execute("SELECT name FROM schema_migrations") as cur:
                applied = {row[0] for row in await cur.fetchall()}
            known = {name for name, _ in MIGRATIONS}
            unknown = tuple(sorted(applied - known))
            if unknown:
                raise SchemaVersionError(unknown)
            for name, sql in MIGRATIONS:
                if name in applied:
                    continue
                for statement in _split_sql(sql):
                    await conn.execute(statement)
                if name in _AFTER_MIGRATION:
                    await _AFTER_MIGRATION[name](conn)
                await conn.execute(
                    "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                    (name, time.time()),
                )
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise

    @property
    def writer(self) -> aiosqlite.Connection:
        """The write connection; only use it inside :meth:`write`."""
        if self._writer is None:
            raise StorageError("the database is not open")
        return self._writer

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block as one ``BEGIN IMMEDIATE`` transaction, serialised with all others.

        Commits when the block ends, rolls back if it raises. Never await the network inside.
        """
        async with self._write_lock:
            conn = self.writer
            try:
                await conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StorageError(f"cannot start a write: {exc}") from exc
            try:
                yield conn
            except BaseException:
                await conn.execute("ROLLBACK")
                raise
            try:
                await conn.execute("COMMIT")
            except sqlite3.Error as exc:
                await conn.execute("ROLLBACK")
                raise StorageError(f"cannot commit: {exc}") from exc
            self._after_commit()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block as one read transaction: a consistent snapshot of committed data."""
        if self._reader is None:
            raise StorageError("the database is not open")
        async with self._read_lock:
            conn = self._reader
            await conn.execute("BEGIN")
            try:
                yield conn
            finally:
                await conn.execute("COMMIT")

    async def move_scope(self, old: str, new: str) -> int:
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
        async with self.write() as conn:
            tables = await _scoped_tables(conn)
            for table in tables:
                async with conn.execute(
                    f"SELECT 1 FROM {table} WHERE scope = ? LIMIT 1", (new,)
                ) as cur:
                    if await cur.fetchone() is not None:
                        raise InvalidInputError(
                            f"scope {new} already holds memory; nothing was moved"
                        )
            # Entities and the rows pointing at them move together: check the keys at COMMIT.
            await conn.execute("PRAGMA defer_foreign_keys=ON")
            for table in tables:
                cur = await conn.execute(
                    f"UPDATE {table} SET scope = ? WHERE scope = ?", (new, old)
                )
                moved += max(cur.rowcount, 0)
                await cur.close()
            await conn.executemany(
                "INSERT INTO scope_version (scope, names) VALUES (?, 1)"
                " ON CONFLICT (scope) DO UPDATE SET names = names + 1",
                [(old,), (new,)],
            )
        return moved

    async def scopes(self) -> list[str]:
        """Return the distinct scopes that hold entities, in name order."""
        async with (
            self.read() as conn,
            conn.execute("SELECT DISTINCT scope FROM entity ORDER BY scope") as cur,
        ):
            return [str(row[0]) for row in await cur.fetchall()]


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


async def _index_lines_anew(conn: aiosqlite.Connection) -> None:
    """Fill ``doc_len`` of every line and rebuild ``entity_doc`` (after ``0010_doc_lines``).

    The lines are parsed here, in Python (SQL cannot find the provenance suffix as
    :func:`memory_core.observation.parse_observation` does), in batches by id.
    """
    row = await fetch_one(conn, "SELECT count(*) FROM observation")
    if row and row[0]:
        logger.info("re-indexing %d lines for search, once (~2 s per 100,000)", row[0])
    last = 0
    while True:
        rows = list(
            await conn.execute_fetchall(
                "SELECT id, text FROM observation WHERE id > ? ORDER BY id LIMIT 5000", (last,)
            )
        )
        if not rows:
            break
        last = int(rows[-1][0])
        updates = [(n, i) for i, text in rows if (n := indexed_length(text)) is not None]
        await conn.executemany("UPDATE observation SET doc_len = ? WHERE id = ?", updates)
    await fill_documents(conn)


_AFTER_MIGRATION: dict[str, Callable[[aiosqlite.Connection], Awaitable[None]]] = {
    "0010_doc_lines": _index_lines_anew,
}
"""Steps a migration's SQL cannot do, run in the same transaction right after it."""


# ------------------------------------------------------------------------------ upkeep
KNOWN_MIGRATIONS: tuple[str, ...] = tuple(name for name, _ in MIGRATIONS)
"""The migrations this version knows, in order."""

_NEWEST_CHANGE_SQL = (
    ("entity", "updated_at"),
    ("observation", "updated_at"),
    ("relation", "created_at"),
    ("applied_update", "created_at"),
)


@contextlib.contextmanager
def _connect(path: Path) -> Iterator[sqlite3.Connection]:
    """A short-lived connection to an existing database file (never creates one)."""
    if not path.is_file():
        raise StorageError(f"no database at {path}")
    try:
        conn = sqlite3.connect(
            path.resolve().as_uri() + "?mode=rw",
            uri=True,
            isolation_level=None,
            timeout=BUSY_TIMEOUT_MS / 1000,
        )
    except sqlite3.Error as exc:
        raise StorageError(f"cannot open database {path}: {exc}") from exc
    try:
        yield conn
    except sqlite3.DatabaseError as exc:
        raise StorageError(f"{path} is not a usable SQLite database: {exc}") from exc
    finally:
        conn.close()


def _tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {row[0] for row in rows}


def backup_file(src: Path, dest: Path) -> None:
    """Write a consistent, compact copy of the database ``src`` to ``dest``.

    Safe while a bot writes to ``src``: ``VACUUM INTO`` copies one committed snapshot. The
    copy is written next to ``dest``, flushed to disk, then renamed, so a file at ``dest`` is
    always a whole backup.

    Raises:
        StorageError: ``src`` is missing or unreadable, or ``dest`` exists.
    """
    if dest.exists():
        raise StorageError(f"{dest} already exists")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        with _connect(src) as conn:
            conn.execute("VACUUM INTO ?", (str(partial),))
        with partial.open("rb+") as handle:
            os.fsync(handle.fileno())
        partial.replace(dest)
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
    document. A database without these tables yet (never migrated) has no problems.
    """
    with _connect(path) as conn:
        return index_problems(conn)


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


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements, keeping ``CREATE TRIGGER ... END;`` whole."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
