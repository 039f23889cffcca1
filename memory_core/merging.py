"""Add lines to one entity inside a write: skip present ones, replace by key, revive forgotten."""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from memory_core.observation import ParsedObservation, parse_observation
from memory_core.repository import EntityRow, Repository
from memory_core.retention import RetentionRepository

__all__ = ["merge_lines"]


async def merge_lines(
    repo: Repository,
    retention: RetentionRepository,
    conn: aiosqlite.Connection,
    row: EntityRow,
    lines: Sequence[str],
    *,
    now: float,
    confidence: float,
) -> tuple[list[str], list[str]]:
    """Append lines not already on the entity; a ``key=value`` line replaces its key.

    A line that was forgotten softly is made visible again (with ``confidence``) instead of
    being added twice; forgotten lines with the key of a new line are dropped.

    Returns:
        ``(added, replaced)`` lines.
    """
    current = (await repo.observations_of(conn, [row.id]))[row.id]
    hidden = await retention.forgotten_of(conn, row.id)
    revive: list[int] = []
    stale: list[int] = []
    texts = {o.text for o in current}
    by_key: dict[str, list[int]] = {}
    for o in current:
        if o.key is not None:
            by_key.setdefault(o.key, []).append(o.id)
    added: list[str] = []
    replaced: list[str] = []
    position = max((o.position for o in current), default=-1) + 1
    to_insert: list[tuple[int, int, ParsedObservation]] = []
    for line in lines:
        if line in texts:
            continue
        texts.add(line)
        parsed = parse_observation(line)
        key = parsed.key
        slot = position
        if key is not None and by_key.get(key):
            old_ids = by_key.pop(key)
            old = [o for o in current if o.id in old_ids]
            replaced.extend(o.text for o in old)
            texts.difference_update(o.text for o in old)
            slot = min(o.position for o in old)
            await repo.delete_observations(conn, old_ids)
        else:
            position += 1
        back = next((o for o in hidden if o.text == line), None)
        if back is not None:
            revive.append(back.id)
        else:
            to_insert.append((row.id, slot, parsed))
        if key is not None:
            stale.extend(o.id for o in hidden if o.key == key and o is not back)
        added.append(line)
    if stale:
        await repo.delete_observations(conn, stale)
    if revive:
        await retention.revive(conn, revive, confidence, now)
    if to_insert:
        await repo.insert_observations(conn, to_insert, now, confidence)
    if added:
        await repo.touch_entities(conn, [row.id], now)
    return added, replaced
