"""The 24-hour working memory of one chat scope: its last turns, only to resolve references.

A turn is the owner's message, the bot's reply (plain text), the entities they touched and
what the turn wrote (so "забудь это" can take exactly that back). Turns are kept in the
scope's own rows of ``working_turn`` for :data:`WINDOW_SECONDS` at most, at most
:data:`MAX_TURNS` of them; older ones are never read and are deleted on the next write.
They are never recall results, search hits, counts or exports: nothing but the reference
resolver of the conversation reads them. Times come from the store's clock
(:meth:`~memory_core.service.ScopedMemory.now`), so tests move it by hand.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import aiosqlite

from memory_core.editing import EntityTarget, LineTarget, Target
from memory_core.models import Relation
from memory_core.service import ScopedMemory

__all__ = [
    "MAX_TURNS",
    "MAX_TURN_CHARS",
    "WINDOW_SECONDS",
    "WorkingTurn",
    "expire_turns",
    "forget_turns",
    "recent_turns",
    "record_turn",
]

WINDOW_SECONDS: Final = 24 * 3600.0
"""How long a turn is remembered."""
MAX_TURNS: Final = 20
"""At most this many turns are kept per scope (the newest)."""
MAX_TURN_CHARS: Final = 1000
"""A message or reply is kept up to this many characters."""


@dataclass(frozen=True, slots=True)
class WorkingTurn:
    """One remembered turn: when, what was said, what the bot answered, what it touched."""

    id: int
    at: float
    message: str
    reply: str
    entities: tuple[str, ...] = ()
    wrote: tuple[Target, ...] = ()


def _target_json(target: Target) -> dict[str, Any]:
    if isinstance(target, LineTarget):
        return {"line": [target.entity, target.text]}
    if isinstance(target, EntityTarget):
        return {"entity": target.name}
    return {"relation": [target.from_, target.relation_type, target.to]}


def _target(data: dict[str, Any]) -> Target | None:
    if "line" in data:
        entity, text = data["line"]
        return LineTarget(str(entity), str(text))
    if "entity" in data:
        return EntityTarget(str(data["entity"]))
    if "relation" in data:
        frm, verb, to = data["relation"]
        return Relation(str(frm), str(to), str(verb))
    return None


def _targets(raw: str) -> tuple[Target, ...]:
    found = (_target(item) for item in json.loads(raw) if isinstance(item, dict))
    return tuple(t for t in found if t is not None)


_EXPIRE_SQL = (
    "DELETE FROM working_turn WHERE scope = ? AND (created_at <= ? OR id NOT IN"
    " (SELECT id FROM working_turn WHERE scope = ? ORDER BY created_at DESC, id DESC"
    " LIMIT ?))"
)


async def _expire(
    conn: aiosqlite.Connection, scope: str, now: float, keep: int = MAX_TURNS
) -> int:
    cur = await conn.execute(_EXPIRE_SQL, (scope, now - WINDOW_SECONDS, scope, keep))
    await cur.close()
    return max(cur.rowcount, 0)


async def record_turn(
    scoped: ScopedMemory,
    message: str,
    reply: str,
    entities: Sequence[str] = (),
    wrote: Sequence[Target] = (),
) -> int:
    """Keep one turn (and drop expired ones); return its id.

    Args:
        scoped: the chat's scope.
        message: what the owner wrote (the caller leaves out anything holding a secret).
        reply: the bot's answer as plain text.
        entities: the entities the turn touched, most relevant first.
        wrote: what the turn stored, exactly (for "forget this").
    """
    now, scope = scoped.now(), scoped.scope.value
    row = (
        scope,
        now,
        message[:MAX_TURN_CHARS],
        reply[:MAX_TURN_CHARS],
        json.dumps(list(dict.fromkeys(entities)), ensure_ascii=False),
        json.dumps([_target_json(t) for t in wrote], ensure_ascii=False),
    )

    def keep(raw: sqlite3.Connection) -> int:  # one trip to the writer (a turn per message)
        raw.execute(_EXPIRE_SQL, (scope, now - WINDOW_SECONDS, scope, MAX_TURNS - 1))
        cur = raw.execute(
            "INSERT INTO working_turn (scope, created_at, message, reply, entities, wrote)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            row,
        )
        return int(cur.lastrowid or 0)

    return await scoped.transact(keep, durable=False)  # a convenience, not a fact


async def recent_turns(scoped: ScopedMemory, limit: int = MAX_TURNS) -> list[WorkingTurn]:
    """Return the scope's turns of the last 24 hours, newest first."""
    async with scoped.read() as conn:
        rows = await conn.execute_fetchall(
            "SELECT id, created_at, message, reply, entities, wrote FROM working_turn"
            " WHERE scope = ? AND created_at > ? ORDER BY created_at DESC, id DESC LIMIT ?",
            (scoped.scope.value, scoped.now() - WINDOW_SECONDS, limit),
        )
    return [
        WorkingTurn(
            int(i), float(at), str(msg), str(rep), tuple(json.loads(ents)), _targets(wrote)
        )
        for i, at, msg, rep, ents, wrote in rows
    ]


async def forget_turns(scoped: ScopedMemory, ids: Sequence[int] | None = None) -> int:
    """Drop the given turns (``None``: all of the scope's); return how many were dropped."""
    async with scoped.write() as conn:
        if ids is None:
            cur = await conn.execute(
                "DELETE FROM working_turn WHERE scope = ?", (scoped.scope.value,)
            )
        else:
            wanted = list(ids)[:500]
            holes = ", ".join("?" * len(wanted)) or "NULL"
            cur = await conn.execute(
                f"DELETE FROM working_turn WHERE scope = ? AND id IN ({holes})",
                (scoped.scope.value, *wanted),
            )
        await cur.close()
    return max(cur.rowcount, 0)


async def expire_turns(scoped: ScopedMemory, now: float | None = None) -> int:
    """Delete the scope's turns older than 24 hours (and beyond the newest twenty)."""
    async with scoped.write() as conn:
        return await _expire(conn, scoped.scope.value, scoped.now() if now is None else now)
