"""The update journal: a write keyed by an outside update (a chat message) is applied once.

Rows live in ``applied_update`` (scope, update key, the write's result as JSON). A write
that carries an update key looks its key up inside its own transaction: when the key is
there, the stored result is returned and nothing is written again; otherwise the write
runs and its result is recorded in the same transaction, so "applied" and "recorded" can
never disagree. Rows older than :data:`KEEP_SECONDS` are pruned as new ones are written.
"""

from __future__ import annotations

import json
from typing import Any

import aiosqlite

from memory_core.errors import InvalidInputError
from memory_core.rows import fetch_one
from memory_core.scope import Scope

__all__ = ["KEEP_SECONDS", "MAX_KEY_CHARS", "applied", "record"]

KEEP_SECONDS = 30 * 24 * 3600
"""How long an applied update is remembered (Telegram redelivers within a day)."""
MAX_KEY_CHARS = 200


def _check_key(key: str) -> str:
    if not key or len(key) > MAX_KEY_CHARS:
        raise InvalidInputError(f"an update key is 1-{MAX_KEY_CHARS} characters")
    return key


async def applied(conn: aiosqlite.Connection, scope: Scope, key: str) -> dict[str, Any] | None:
    """Return the recorded result of an update in a scope, or ``None`` if it was not applied.

    Args:
        conn: the connection of the surrounding write transaction.
        scope: the scope the update wrote to.
        key: the update key.
    """
    row = await fetch_one(
        conn,
        "SELECT result FROM applied_update WHERE scope = ? AND update_key = ?",
        (scope.value, _check_key(key)),
    )
    if row is None:
        return None
    result = json.loads(row[0])
    return result if isinstance(result, dict) else {}


async def record(
    conn: aiosqlite.Connection, scope: Scope, key: str, result: dict[str, Any], now: float
) -> None:
    """Record that an update was applied, with its result; prune old records of the scope.

    Args:
        conn: the connection of the write transaction that applied the update.
        scope: the scope the update wrote to.
        key: the update key.
        result: a JSON-serialisable description of what the write did.
        now: the current time (seconds since the epoch).
    """
    await conn.execute(
        "DELETE FROM applied_update WHERE scope = ? AND created_at < ?",
        (scope.value, now - KEEP_SECONDS),
    )
    await conn.execute(
        "INSERT INTO applied_update (scope, update_key, result, created_at) VALUES (?, ?, ?, ?)",
        (scope.value, _check_key(key), json.dumps(result, ensure_ascii=False), now),
    )
