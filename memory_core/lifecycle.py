"""The memory lifecycle of one scope: guessed facts fade, weak ones are forgotten, then purged.

Lines the owner stated explicitly (any source but ``auto``) never decay. Lines accepted
from a proposal carry ``src=auto`` and start at confidence 0.5; each recall hit raises their
confidence (:meth:`memory_core.repository.Repository.reinforce`), and every full week they
lose 0.05. An ``auto`` line below 0.1 that was never recalled is forgotten softly: hidden
from recall, search, the graph, export and counts, but listed by :func:`forgotten_lines`
and restorable for 30 days (:func:`restore_lines`); after that it is purged.

Every function works on one scope, in one write transaction, at ``now`` (default: the
store's clock), so tests can move time forward.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memory_core.service import ScopedMemory

__all__ = [
    "AUTO_CONFIDENCE",
    "AUTO_SOURCE",
    "DECAY_PER_WEEK",
    "FORGET_BELOW",
    "RESTORE_DAYS",
    "ForgottenLine",
    "LifecycleReport",
    "forgotten_lines",
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
_DAY = 24 * 3600.0


@dataclass(frozen=True, slots=True)
class LifecycleReport:
    """What one lifecycle run did in one scope."""

    decayed: int = 0
    forgotten: int = 0
    purged: int = 0


@dataclass(frozen=True, slots=True)
class ForgottenLine:
    """A softly forgotten line and until when it can be restored (seconds since the epoch)."""

    id: int
    entity: str
    text: str
    forgotten_at: float
    restorable_until: float


async def run_lifecycle(scoped: ScopedMemory, now: float | None = None) -> LifecycleReport:
    """Decay ``auto`` lines, forget the weak ones softly, purge those forgotten long ago."""
    now = scoped.now() if now is None else now
    retention = scoped.retention
    await scoped.flush_hits()  # a line recalled a moment ago is not decayed as unused
    async with scoped.write() as conn:
        decayed = await retention.decay(conn, AUTO_SOURCE, DECAY_PER_WEEK, now)
        forgotten = await retention.forget_weak(conn, AUTO_SOURCE, FORGET_BELOW, now)
        purged = await retention.purge(conn, now - RESTORE_DAYS * _DAY)
    return LifecycleReport(decayed, forgotten, purged)


async def forgotten_lines(scoped: ScopedMemory) -> list[ForgottenLine]:
    """Return the scope's softly forgotten lines, oldest forgotten first."""
    async with scoped.read() as conn:
        rows = await scoped.retention.forgotten(conn)
    return [
        ForgottenLine(r.id, r.entity, r.text, r.forgotten_at, r.forgotten_at + RESTORE_DAYS * _DAY)
        for r in rows
    ]


async def restore_lines(
    scoped: ScopedMemory, ids: Sequence[int], now: float | None = None
) -> list[ForgottenLine]:
    """Make forgotten lines visible again (confidence 0.5; decay starts over).

    A line whose text is visible on its entity again meanwhile is dropped instead of doubled
    (it is back either way).

    Returns:
        The lines that were forgotten and are visible now (ids not forgotten are skipped).
    """
    now = scoped.now() if now is None else now
    wanted = set(ids)
    async with scoped.write() as conn:
        rows = [r for r in await scoped.retention.forgotten(conn) if r.id in wanted]
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
