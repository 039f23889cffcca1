"""The memory lifecycle of one scope: guessed facts fade, weak ones are forgotten, then purged.

Lines the owner stated explicitly (any source but ``auto``) never decay. Lines accepted
from a proposal carry ``src=auto`` and start at confidence 0.5; each recall hit raises their
confidence (:meth:`memory_core.repository.Repository.reinforce`), and every full week they
lose 0.05. An ``auto`` line below 0.1 that was never recalled is forgotten softly: hidden
from recall, search, the graph, export and counts, but listed by :func:`forgotten_lines`
and restorable for 30 days (:func:`restore_lines`); after that it is purged.

An ``auto`` line recalled on at least :data:`PROMOTE_DAYS` different days within
:data:`PROMOTE_WINDOW_DAYS` days becomes *durable* (:func:`promote_recalled`): it no longer
fades, and ``/memory`` lists it (:func:`durable_lines`).

Every function works on one scope, in one write transaction, at ``now`` (default: the
store's clock), so tests can move time forward.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from memory_core.repository import DAY
from memory_core.secrets import find_secret
from memory_core.service import ScopedMemory
from memory_core.working_memory import expire_turns

__all__ = [
    "AUTO_CONFIDENCE",
    "AUTO_SOURCE",
    "DECAY_PER_WEEK",
    "FORGET_BELOW",
    "PROMOTE_DAYS",
    "PROMOTE_WINDOW_DAYS",
    "RESTORE_DAYS",
    "ForgottenLine",
    "LifecycleReport",
    "durable_lines",
    "forgotten_lines",
    "promote_recalled",
    "restore_lines",
    "run_lifecycle",
]

AUTO_SOURCE = "auto"
"""The ``src=`` of lines the bot proposed and the owner accepted."""
AUTO_CONFIDENCE = 0.5
"""The starting confidence of an ``auto`` line (explicit ones start at 0.8)."""
DECAY_PER_WEEK = 0.05
FORGET_BELOW = 0.1
RESTORE_DAYS = 30
PROMOTE_DAYS = 5
"""An ``auto`` line recalled on this many different days ..."""
PROMOTE_WINDOW_DAYS = 7
"""... within this many days (today included) becomes durable."""
_DAY = DAY


@dataclass(frozen=True, slots=True)
class LifecycleReport:
    """What one lifecycle run did in one scope."""

    decayed: int = 0
    forgotten: int = 0
    purged: int = 0
    promoted: int = 0


@dataclass(frozen=True, slots=True)
class ForgottenLine:
    """A softly forgotten line and until when it can be restored (seconds since the epoch)."""

    id: int
    entity: str
    text: str
    forgotten_at: float
    restorable_until: float


async def run_lifecycle(scoped: ScopedMemory, now: float | None = None) -> LifecycleReport:
    """Promote often-recalled ``auto`` lines, decay the others, forget the weak ones softly,
    purge those forgotten long ago, and drop working-memory turns older than a day."""
    now = scoped.now() if now is None else now
    retention = scoped.retention
    await scoped.flush_hits()  # a line recalled a moment ago is not decayed as unused
    async with scoped.write(bulk=True) as conn:
        promoted = await _promote(scoped, conn, now)
        decayed = await retention.decay(conn, AUTO_SOURCE, DECAY_PER_WEEK, now)
        forgotten = await retention.forget_weak(conn, AUTO_SOURCE, FORGET_BELOW, now)
        purged = await retention.purge(conn, now - RESTORE_DAYS * _DAY)
    await expire_turns(scoped, now)
    return LifecycleReport(decayed, forgotten, purged, promoted)


async def _promote(scoped: ScopedMemory, conn: aiosqlite.Connection, now: float) -> int:
    first_day = int(now // _DAY) - PROMOTE_WINDOW_DAYS + 1
    retention = scoped.retention
    promoted = await retention.promote(conn, AUTO_SOURCE, PROMOTE_DAYS, first_day, now)
    await retention.drop_recall_days(conn, first_day)
    return promoted


async def promote_recalled(scoped: ScopedMemory, now: float | None = None) -> int:
    """Make durable the ``auto`` lines recalled on 5 days or more within the last 7.

    Returns:
        How many lines became durable.
    """
    now = scoped.now() if now is None else now
    await scoped.flush_hits()  # the recall days counted a moment ago count too
    async with scoped.write() as conn:
        return await _promote(scoped, conn, now)


async def durable_lines(scoped: ScopedMemory) -> list[tuple[str, str]]:
    """Return ``(entity, line)`` of the guesses promoted to durable, latest first."""
    async with scoped.read() as conn:
        return await scoped.retention.durable(conn)


async def forgotten_lines(scoped: ScopedMemory) -> list[ForgottenLine]:
    """Return the scope's softly forgotten lines, oldest forgotten first.

    A line the secret guard refuses (stored before it knew the shape) is never listed, nor
    restored: ``memory-bot forget-secrets`` removes it.
    """
    async with scoped.read() as conn:
        rows = [r for r in await scoped.retention.forgotten(conn) if find_secret(r.text) is None]
    return [
        ForgottenLine(r.id, r.entity, r.text, r.forgotten_at, r.forgotten_at + RESTORE_DAYS * _DAY)
        for r in rows
    ]


async def restore_lines(
    scoped: ScopedMemory, ids: Sequence[int], now: float | None = None
) -> list[ForgottenLine]:
    """Make forgotten lines visible again (confidence 0.5; decay starts over).

    A line whose text is visible on its entity again meanwhile is dropped instead of doubled
    (it is back either way); a line the secret guard refuses is never brought back.

    Returns:
        The lines that were forgotten and are visible now (ids not forgotten are skipped).
    """
    now = scoped.now() if now is None else now
    wanted = set(ids)
    async with scoped.write() as conn:
        rows = [
            r
            for r in await scoped.retention.forgotten(conn)
            if r.id in wanted and find_secret(r.text) is None
        ]
        by_id = {o.id: o for o in await scoped.repo.observations_by_id(conn, [r.id for r in rows])}
        entity_ids = list({o.entity_id for o in by_id.values()})
        visible = await scoped.repo.observations_of(conn, entity_ids)
        twins = [
            r.id
            for r in rows
            if r.id in by_id
            and any(v.text == r.text for v in visible.get(by_id[r.id].entity_id, []))
        ]
        await scoped.repo.delete_observations(conn, twins)
        back = [r for r in rows if r.id not in twins]
        await scoped.retention.revive(conn, [r.id for r in back], AUTO_CONFIDENCE, now)
        await scoped.repo.touch_entities(conn, entity_ids, now)
    return [
        ForgottenLine(r.id, r.entity, r.text, r.forgotten_at, r.forgotten_at + RESTORE_DAYS * _DAY)
        for r in rows
    ]
