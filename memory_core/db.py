"""The SQLite connection pair: PRAGMAs, migrations, and serialised write transactions."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from memory_core.errors import SchemaVersionError, StorageError
from memory_core.schema import MIGRATIONS

__all__ = ["BUSY_TIMEOUT_MS", "Database"]

BUSY_TIMEOUT_MS = 30_000
"""How long a writer waits for another process's write lock before failing."""


async def _configure(conn: aiosqlite.Connection) -> None:
    # WAL: readers never block the writer, and a crash never corrupts committed data.
    await conn.execute("PRAGMA journal_mode=WAL")
    # FULL: a write that returned is on disk, even if the process is killed right after.
    await conn.execute("PRAGMA synchronous=FULL")
    # Relations and observations cannot point at entities that do not exist.
    await conn.execute("PRAGMA foreign_keys=ON")
    # Wait for another process's write instead of failing at once.
    await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")


class Database:
    """One write connection (serialised by a lock) and one read connection, over one file.

    Every write runs inside ``BEGIN IMMEDIATE ... COMMIT`` while holding ``_write_lock``, so
    transactions never interleave in this process, and SQLite's file lock serialises them
    across processes. Reads run on their own connection and see committed data only.
    The constructor does no I/O: call :meth:`open` (or use ``async with``).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    async def open(self) -> None:
        """Create the file if needed, set PRAGMAs and run pending migrations."""
        if self.path != Path(":memory:"):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._writer = await aiosqlite.connect(self.path, isolation_level=None)
            await _configure(self._writer)
            await self._migrate(self._writer)
            self._reader = await aiosqlite.connect(self.path, isolation_level=None)
            await _configure(self._reader)
        except sqlite3.Error as exc:
            await self.close()
            raise StorageError(f"cannot open database {self.path}: {exc}") from exc
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Close both connections; safe to call twice."""
        for conn in (self._reader, self._writer):
            if conn is not None:
                await conn.close()
        self._reader = self._writer = None

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

    async def schema_migrations(self) -> list[str]:
        """Return the names of the applied migrations, in order."""
        async with (
            self.read() as conn,
            conn.execute("SELECT name FROM schema_migrations ORDER BY rowid") as cur,
        ):
            return [row[0] for row in await cur.fetchall()]


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
