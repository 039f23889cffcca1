"""SQL of the observation lifecycle in one scope: decay, soft forgetting, revival, purge.

Like :class:`memory_core.repository.Repository`, every statement carries ``scope = ?`` with
the bound scope, and methods take the connection of the surrounding transaction. A line is
*forgotten softly* when ``forgotten_at`` is set: the repository's reads skip it and the
``entity_doc`` triggers leave it out of search, but it stays restorable until purged. A
line is *durable* when ``durable_at`` is set (promoted for being recalled often): it no
longer decays nor is forgotten.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from memory_core.rows import OBS_COLS, ObservationRow, chunks, marks
from memory_core.scope import Scope

__all__ = ["WEEK", "ForgottenRow", "RetentionRepository"]

WEEK = 7 * 24 * 3600.0
"""Seconds in a week: the unit of decay."""


@dataclass(frozen=True, slots=True)
class ForgottenRow:
    """A softly forgotten line: its id, entity name, text, and when it was forgotten."""

    id: int
    entity: str
    text: str
    forgotten_at: float


class RetentionRepository:
    """Lifecycle verbs for ONE scope; the scope is fixed at construction."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope.value

    async def decay(
        self, conn: aiosqlite.Connection, source: str, per_week: float, now: float
    ) -> int:
        """Lower the confidence of visible ``source`` lines by ``per_week`` per full week.

        A week counts from the line's last decay (or its creation); only whole weeks are
        applied and the remainder is kept, so a job running daily or monthly decays alike.

        Returns:
            How many lines decayed.
        """
        base = "coalesce(decayed_at, created_at)"
        weeks = f"CAST((? - {base}) / {WEEK!r} AS INTEGER)"
        cur = await conn.execute(
            f"UPDATE observation SET"
            f" confidence = round(max(0.0, confidence - ? * {weeks}), 6),"
            f" decayed_at = {base} + {WEEK!r} * {weeks}"
            f" WHERE scope = ? AND source = ? AND forgotten_at IS NULL AND durable_at IS NULL"
            f" AND ? - {base} >= {WEEK!r}",
            (per_week, now, now, self.scope, source, now),
        )
        await cur.close()
        return max(cur.rowcount, 0)

    async def forget_weak(
        self, conn: aiosqlite.Connection, source: str, below: float, now: float
    ) -> int:
        """Forget softly the visible ``source`` lines under ``below`` never recalled once.

        Returns:
            How many lines were forgotten.
        """
        cur = await conn.execute(
            "UPDATE observation SET forgotten_at = ? WHERE scope = ? AND source = ?"
            " AND forgotten_at IS NULL AND durable_at IS NULL AND access_count = 0"
            " AND confidence < ?",
            (now, self.scope, source, below),
        )
        await cur.close()
        return max(cur.rowcount, 0)

    async def purge(self, conn: aiosqlite.Connection, forgotten_before: float) -> int:
        """Delete for good the lines forgotten at or before ``forgotten_before``."""
        cur = await conn.execute(
            "DELETE FROM observation WHERE scope = ? AND forgotten_at IS NOT NULL"
            " AND forgotten_at <= ?",
            (self.scope, forgotten_before),
        )
        await cur.close()
        return max(cur.rowcount, 0)

    async def promote(
        self, conn: aiosqlite.Connection, source: str, days: int, since_day: int, now: float
    ) -> int:
        """Make durable the visible ``source`` lines recalled on ``days`` days or more since
        the day ``since_day`` (UTC day numbers, see ``Repository.reinforce``).

        Returns:
            How many lines became durable.
        """
        cur = await conn.execute(
            "UPDATE observation SET durable_at = ? WHERE scope = ? AND source = ?"
            " AND forgotten_at IS NULL AND durable_at IS NULL AND id IN"
            " (SELECT observation_id FROM recall_day WHERE scope = ? AND day >= ?"
            " GROUP BY observation_id HAVING count(*) >= ?)",
            (now, self.scope, source, self.scope, since_day, days),
        )
        await cur.close()
        return max(cur.rowcount, 0)

    async def drop_recall_days(self, conn: aiosqlite.Connection, before_day: int) -> None:
        """Delete the recorded recall days before ``before_day``, and those of durable lines."""
        await conn.execute(
            "DELETE FROM recall_day WHERE scope = ? AND (day < ? OR observation_id IN"
            " (SELECT id FROM observation WHERE scope = ? AND durable_at IS NOT NULL))",
            (self.scope, before_day, self.scope),
        )

    async def durable(self, conn: aiosqlite.Connection) -> list[tuple[str, str]]:
        """Return ``(entity, line)`` of the scope's durable lines, latest promoted first."""
        rows = await conn.execute_fetchall(
            "SELECT e.name, o.text FROM observation o"
            " JOIN entity e ON e.scope = o.scope AND e.id = o.entity_id"
            " WHERE o.scope = ? AND o.durable_at IS NOT NULL AND o.forgotten_at IS NULL"
            " ORDER BY o.durable_at DESC, o.id",
            (self.scope,),
        )
        return [(str(n), str(t)) for n, t in rows]

    async def forgotten(self, conn: aiosqlite.Connection) -> list[ForgottenRow]:
        """Return the scope's forgotten lines, oldest forgotten first."""
        rows = await conn.execute_fetchall(
            "SELECT o.id, e.name, o.text, o.forgotten_at FROM observation o"
            " JOIN entity e ON e.scope = o.scope AND e.id = o.entity_id"
            " WHERE o.scope = ? AND o.forgotten_at IS NOT NULL ORDER BY o.forgotten_at, o.id",
            (self.scope,),
        )
        return [ForgottenRow(int(i), str(n), str(t), float(f)) for i, n, t, f in rows]

    async def forgotten_of(
        self, conn: aiosqlite.Connection, entity_id: int
    ) -> list[ObservationRow]:
        """Return one entity's forgotten lines."""
        fetched = await conn.execute_fetchall(
            f"SELECT {OBS_COLS} FROM observation WHERE scope = ? AND entity_id = ?"
            " AND forgotten_at IS NOT NULL ORDER BY position, id",
            (self.scope, entity_id),
        )
        return [ObservationRow(*row) for row in fetched]

    async def revive(
        self, conn: aiosqlite.Connection, ids: Sequence[int], confidence: float, now: float
    ) -> int:
        """Make forgotten lines visible again, with ``confidence``; decay restarts now."""
        revived = 0
        for part in chunks(list(ids)):
            cur = await conn.execute(
                "UPDATE observation SET forgotten_at = NULL, decayed_at = ?, confidence = ?,"
                f" updated_at = ? WHERE +scope = ? AND id IN ({marks(len(part))})"
                " AND forgotten_at IS NOT NULL",
                (now, confidence, now, self.scope, *part),
            )
            await cur.close()
            revived += max(cur.rowcount, 0)
        return revived
