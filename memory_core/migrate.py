"""Bring a database file's schema up to date: run the pending named migrations, in order.

The migrations themselves are in :mod:`memory_core.schema`; a migration's record in
``schema_migrations`` is written in the same transaction as its statements. A step SQL
cannot do (parsing every line in Python) runs right after its migration, in that transaction.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable

import aiosqlite

from memory_core.errors import SchemaVersionError
from memory_core.observation import indexed_length
from memory_core.rows import fetch_one
from memory_core.schema import MIGRATIONS
from memory_core.search_index import fill_documents

__all__ = ["migrate", "pending_migrations"]

logger = logging.getLogger(__name__)


async def migrate(conn: aiosqlite.Connection) -> None:
    """Apply the pending migrations in one ``BEGIN IMMEDIATE`` transaction, each recorded.

    Raises:
        SchemaVersionError: the file records migrations this version does not know (it was
            written by a newer version); nothing is changed.
    """
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " name TEXT PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        async with conn.execute("SELECT name FROM schema_migrations") as cur:
            applied = {row[0] for row in await cur.fetchall()}
        unknown = tuple(sorted(applied - {name for name, _ in MIGRATIONS}))
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
        if conn.in_transaction:  # after a full disk SQLite has rolled back by itself
            with contextlib.suppress(sqlite3.Error):  # never hide the cause
                await conn.execute("ROLLBACK")
        raise


async def pending_migrations(conn: aiosqlite.Connection) -> list[str]:
    """Return the migrations the file still needs, reading only.

    Raises:
        SchemaVersionError: the file records migrations this version does not know.
    """
    row = await fetch_one(
        conn, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    applied: set[str] = set()
    if row is not None:
        async with conn.execute("SELECT name FROM schema_migrations") as cur:
            applied = {str(r[0]) for r in await cur.fetchall()}
    unknown = tuple(sorted(applied - {name for name, _ in MIGRATIONS}))
    if unknown:
        raise SchemaVersionError(unknown)
    return [name for name, _ in MIGRATIONS if name not in applied]


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
