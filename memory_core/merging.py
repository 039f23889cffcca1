"""The one write path of chat and MCP: resolve a name or create the entity, then merge lines.

Merging skips lines already present, lets a ``kind: key=value`` line replace the line with
the same key, and revives a softly forgotten line instead of adding it twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from memory_core.errors import SecretRefused
from memory_core.naming import canonical_entity
from memory_core.observation import ParsedObservation, check_observation_text, parse_observation
from memory_core.repository import Repository
from memory_core.resolution import resolve_rows
from memory_core.retention import RetentionRepository
from memory_core.rows import EntityRow, ObservationRow
from memory_core.secrets import find_secret

__all__ = [
    "Merged",
    "NewEntity",
    "checked_lines",
    "merge_lines",
    "new_entity",
    "resolve_or_create",
]

NewEntity = tuple[str, str, list[str]]
"""A checked ``(name, type, lines)`` write (see :func:`new_entity`)."""


@dataclass(frozen=True, slots=True)
class Merged:
    """What one write did to one entity: its row, lines added and replaced, whether new."""

    row: EntityRow
    added: tuple[str, ...]
    replaced: tuple[str, ...]
    created: bool


def new_entity(name: str, entity_type: str | None, lines: Sequence[str]) -> NewEntity:
    """Check and canonicalise one write before any transaction starts.

    Every part is checked as it will be stored (the canonical name, the type, each stripped
    line), the secret guard included.

    Raises:
        SecretRefused: the name, the type or a line holds a secret (nothing is stored).
        InvalidInputError: a bad name, type or line.
    """
    name, checked_type = canonical_entity(name, entity_type)
    return name, checked_type, checked_lines(name, lines)


def checked_lines(entity: str, lines: Sequence[str]) -> list[str]:
    """Return the lines as they will be stored (stripped), each checked; see ``new_entity``.

    Raises:
        SecretRefused: a line holds a secret; the error names ``entity`` when it is clean.
        InvalidInputError: a line is empty, multi-line or too long.
    """
    try:
        return [check_observation_text(line.strip()) for line in lines]
    except SecretRefused as exc:
        named = entity if find_secret(entity) is None else None
        raise SecretRefused(exc.kind, exc.field, named) from None


async def resolve_or_create(
    repo: Repository,
    retention: RetentionRepository,
    conn: aiosqlite.Connection,
    items: Sequence[NewEntity],
    *,
    now: float,
    confidence: float,
) -> list[Merged]:
    """Write each item to the entity its name resolves to (any case, or a near-typo of its
    type), creating the entity when none fits, then merge its lines; one result per item.

    All names are resolved before anything is created; a name given twice writes to the
    entity its first mention created.

    Raises:
        AmbiguousNameError: a name fits several entities (the caller's transaction rolls back).
    """
    existing = await resolve_rows(repo, conn, [name for name, _, _ in items], fuzzy=True)
    done: list[Merged] = []
    for name, entity_type, lines in items:
        row = existing.get(name)
        created = row is None
        if row is None:
            entity_id = await repo.insert_entity(conn, name, entity_type, now)
            row = existing[name] = EntityRow(entity_id, name, entity_type, now)
        added, replaced = await merge_lines(
            repo, retention, conn, row, lines, now=now, confidence=confidence
        )
        done.append(Merged(row, tuple(added), tuple(replaced), created))
    return done


_FEW_LINES = 200
"""Up to this many lines, a merge reads only the entity's lines that share a text or a key."""


def _key_of(line: str) -> str | None:
    return parse_observation(line).key


async def _relevant(
    repo: Repository,
    retention: RetentionRepository,
    conn: aiosqlite.Connection,
    entity_id: int,
    lines: Sequence[str],
) -> tuple[list[ObservationRow], list[ObservationRow], int]:
    """The entity's visible and forgotten lines a merge of ``lines`` must look at, and the
    largest visible position: those with one of the texts or keys (a ``User:`` entry may
    hold hundreds of lines), or every line when many are merged at once."""
    if len(lines) > _FEW_LINES:
        current = (await repo.observations_of(conn, [entity_id]))[entity_id]
        hidden = await retention.forgotten_of(conn, entity_id)
        return current, hidden, max((o.position for o in current), default=-1)
    texts = list(dict.fromkeys(lines))
    keys = list(dict.fromkeys(k for k in map(_key_of, lines) if k is not None))
    current = await repo.lines_matching(conn, entity_id, texts, keys, forgotten=False)
    hidden = await repo.lines_matching(conn, entity_id, texts, keys, forgotten=True)
    return current, hidden, await repo.last_visible_position(conn, entity_id)


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
    current, hidden, last = await _relevant(repo, retention, conn, row.id, lines)
    revive: list[int] = []
    stale: list[int] = []
    texts = {o.text for o in current}
    by_key: dict[str, list[int]] = {}
    for o in current:
        if o.key is not None:
            by_key.setdefault(o.key, []).append(o.id)
    added: list[str] = []
    replaced: list[str] = []
    position = last + 1
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
