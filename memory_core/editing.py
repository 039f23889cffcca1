"""Chat-surface writes: remember lines once per update, remove exact targets, restore them.

Each function is one write transaction. With an ``update_key`` the write is recorded in
the update journal (:mod:`memory_core.journal`) in the same transaction, and a second call
with the same key returns the first result (``repeated=True``) without writing again.

:func:`remove` returns a :class:`Removal` that holds everything it deleted (whole entities
with their lines and relations, single lines with their positions, relations), so that
:func:`restore` can put back exactly that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from memory_core import journal
from memory_core.merging import new_entity, resolve_or_create
from memory_core.models import Entity, Relation
from memory_core.observation import parse_observation
from memory_core.rows import EntityRow
from memory_core.secrets import find_secret
from memory_core.service import DEFAULT_CONFIDENCE, ScopedMemory

__all__ = [
    "EntityTarget",
    "LineTarget",
    "Remembered",
    "Removal",
    "RemovedLine",
    "Target",
    "remember",
    "remove",
    "restore",
]


@dataclass(frozen=True, slots=True)
class LineTarget:
    """One observation line of one entity, by exact stored text."""

    entity: str
    text: str


@dataclass(frozen=True, slots=True)
class EntityTarget:
    """A whole entity, by exact stored name (its lines and relations go with it)."""

    name: str


Target = LineTarget | EntityTarget | Relation
"""Something a "forget" can remove."""


@dataclass(frozen=True, slots=True)
class Remembered:
    """What :func:`remember` did: the entity written to, new lines, and lines they replaced."""

    entity: str
    entity_type: str
    added: tuple[str, ...] = ()
    replaced: tuple[str, ...] = ()
    created: bool = False
    repeated: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-serialisable form (for the update journal)."""
        return {
            "entity": self.entity,
            "entity_type": self.entity_type,
            "added": list(self.added),
            "replaced": list(self.replaced),
            "created": self.created,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Remembered:
        """Rebuild a result from :meth:`to_dict`'s form."""
        return cls(
            str(data.get("entity", "")),
            str(data.get("entity_type", "")),
            tuple(str(x) for x in data.get("added", ())),
            tuple(str(x) for x in data.get("replaced", ())),
            bool(data.get("created", False)),
        )


@dataclass(frozen=True, slots=True)
class RemovedLine:
    """A removed observation line, with its entity and position (for an exact restore)."""

    entity: str
    position: int
    text: str


@dataclass(frozen=True, slots=True)
class Removal:
    """What a removal deleted (or a restore put back).

    ``relations`` includes the relations that went away with removed entities.
    """

    entities: tuple[Entity, ...] = ()
    lines: tuple[RemovedLine, ...] = ()
    relations: tuple[Relation, ...] = ()
    repeated: bool = False

    @property
    def empty(self) -> bool:
        """Whether nothing was removed."""
        return not (self.entities or self.lines or self.relations)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-serialisable form (for the update journal)."""
        return {
            "entities": [e.to_dict() for e in self.entities],
            "lines": [[ln.entity, ln.position, ln.text] for ln in self.lines],
            "relations": [r.to_dict() for r in self.relations],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Removal:
        """Rebuild a removal from :meth:`to_dict`'s form."""
        return cls(
            tuple(
                Entity(str(e["name"]), str(e["entityType"]), tuple(e["observations"]))
                for e in data.get("entities", ())
            ),
            tuple(RemovedLine(str(a), int(b), str(c)) for a, b, c in data.get("lines", ())),
            tuple(
                Relation(str(r["from"]), str(r["to"]), str(r["relationType"]))
                for r in data.get("relations", ())
            ),
        )


async def remember(
    scoped: ScopedMemory,
    name: str,
    entity_type: str | None,
    lines: Sequence[str],
    *,
    update_key: str | None = None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> Remembered:
    """Add lines to an entity, creating it when no existing one fits the name.

    The name is resolved like ``create_entities`` does (exact, any case, then a close fuzzy
    match within its type). A ``kind: key=value`` line replaces the entity's line with the
    same key, in the same transaction; lines already present are skipped.

    Args:
        scoped: the scope to write to.
        name: the entity name (``Type:Name`` or a name given with ``entity_type``).
        entity_type: the type for a name without a known prefix.
        lines: observation lines, already formatted.
        update_key: the outside update this write answers; the write happens once per key.
        confidence: the starting confidence of new lines (lower for guessed facts).

    Returns:
        What was written (or, for a repeated key, what the first call wrote).

    Raises:
        InvalidInputError: a bad name, type or line (nothing stored).
        AmbiguousNameError: the name fits several entities (nothing stored).
    """
    item = new_entity(name, entity_type, lines)
    now = scoped.now()
    async with scoped.write() as conn:
        if update_key is not None:
            previous = await journal.applied(conn, scoped.scope, update_key)
            if previous is not None:
                return replace(Remembered.from_dict(previous), repeated=True)
        [done] = await resolve_or_create(
            scoped.repo, scoped.retention, conn, [item], now=now, confidence=confidence
        )
        row = done.row
        result = Remembered(row.name, row.entity_type, done.added, done.replaced, done.created)
        if update_key is not None:
            await journal.record(conn, scoped.scope, update_key, result.to_dict(), now)
    return result


async def remove(
    scoped: ScopedMemory, targets: Sequence[Target], *, update_key: str | None = None
) -> Removal:
    """Remove exactly the given targets; report what was removed.

    Targets name stored entities exactly (as :func:`memory_core.selection.select` returns
    them). A target that no longer exists is skipped.

    Args:
        scoped: the scope to write to.
        targets: lines, whole entities and relations to remove.
        update_key: the outside update this write answers; the write happens once per key.
    """
    names = {t.name for t in targets if isinstance(t, EntityTarget)}
    names |= {t.entity for t in targets if isinstance(t, LineTarget)}
    names |= {n for t in targets if isinstance(t, Relation) for n in (t.from_, t.to)}
    now = scoped.now()
    repo = scoped.repo
    async with scoped.write() as conn:
        if update_key is not None:
            previous = await journal.applied(conn, scoped.scope, update_key)
            if previous is not None:
                return replace(Removal.from_dict(previous), repeated=True)
        rows = await repo.entities_by_name(conn, names)
        doomed: dict[int, EntityRow] = {}
        for t in targets:
            if isinstance(t, EntityTarget) and t.name in rows:
                doomed[rows[t.name].id] = rows[t.name]
        name_of = {row.id: row.name for row in rows.values()}
        relations: dict[tuple[str, str, str], Relation] = {}
        entities: list[Entity] = []
        if doomed:
            obs = await repo.observations_of(conn, list(doomed))
            for rel in await repo.relations_touching(conn, list(doomed)):
                relations[(rel.from_, rel.to, rel.relation_type)] = rel
            for entity_id, row in doomed.items():
                texts = tuple(o.text for o in obs[entity_id])
                entities.append(Entity(row.name, row.entity_type, texts))
        lines: list[RemovedLine] = []
        wanted: dict[int, list[str]] = {}
        for t in targets:
            if isinstance(t, LineTarget) and t.entity in rows and rows[t.entity].id not in doomed:
                wanted.setdefault(rows[t.entity].id, []).append(t.text)
        if wanted:
            current = await repo.observations_of(conn, list(wanted))
            ids: list[int] = []
            for entity_id, wanted_texts in wanted.items():
                name = name_of[entity_id]
                for text in dict.fromkeys(wanted_texts):
                    hit = next((o for o in current[entity_id] if o.text == text), None)
                    if hit is not None:
                        ids.append(hit.id)
                        lines.append(RemovedLine(name, hit.position, hit.text))
            await repo.delete_observations(conn, ids)
            await repo.touch_entities(conn, list(wanted), now)
        for t in targets:
            if not isinstance(t, Relation):
                continue
            a, b = rows.get(t.from_), rows.get(t.to)
            if a is None or b is None or a.id in doomed or b.id in doomed:
                continue
            if await repo.delete_relation(conn, a.id, b.id, t.relation_type):
                relations[(t.from_, t.to, t.relation_type)] = t
        await repo.delete_entities(conn, list(doomed))
        result = Removal(tuple(entities), tuple(lines), tuple(relations.values()))
        if update_key is not None:
            await journal.record(conn, scoped.scope, update_key, result.to_dict(), now)
    return result


async def restore(scoped: ScopedMemory, removal: Removal) -> Removal:
    """Put back what :func:`remove` removed: entities, lines at their positions, relations.

    Something that exists again meanwhile is not duplicated; a line whose entity is gone,
    or a relation with a missing end, is skipped. So is anything the secret guard refuses
    (a secret stored before the guard knew its shape is never put back).

    Returns:
        What was actually put back.
    """
    removal = _without_secrets(removal)
    now = scoped.now()
    repo = scoped.repo
    back_entities: list[Entity] = []
    back_lines: list[RemovedLine] = []
    back_relations: list[Relation] = []
    async with scoped.write() as conn:
        for entity in removal.entities:
            rows = await repo.entities_by_name(conn, [entity.name])
            if entity.name in rows:
                entity_id = rows[entity.name].id
                have = {o.text for o in (await repo.observations_of(conn, [entity_id]))[entity_id]}
                start = await repo.next_position(conn, entity_id)
            else:
                entity_id = await repo.insert_entity(conn, entity.name, entity.entity_type, now)
                have, start = set(), 0
            todo = [t for t in entity.observations if t not in have]
            await repo.insert_observations(
                conn,
                [(entity_id, start + i, parse_observation(t)) for i, t in enumerate(todo)],
                now,
            )
            back_entities.append(Entity(entity.name, entity.entity_type, tuple(todo)))
        rows = await repo.entities_by_name(conn, {ln.entity for ln in removal.lines})
        by_entity: dict[int, list[RemovedLine]] = {}
        for line in removal.lines:
            if line.entity in rows:
                by_entity.setdefault(rows[line.entity].id, []).append(line)
        current = await repo.observations_of(conn, list(by_entity))
        for entity_id, items in by_entity.items():
            have = {o.text for o in current[entity_id]}
            missing = [ln for ln in items if ln.text not in have]
            await repo.insert_observations(
                conn, [(entity_id, ln.position, parse_observation(ln.text)) for ln in missing], now
            )
            back_lines.extend(missing)
        if by_entity:
            await repo.touch_entities(conn, list(by_entity), now)
        ends = {n for r in removal.relations for n in (r.from_, r.to)}
        rows = await repo.entities_by_name(conn, ends)
        for rel in removal.relations:
            a, b = rows.get(rel.from_), rows.get(rel.to)
            if (
                a is not None
                and b is not None
                and await repo.insert_relation(conn, a.id, b.id, rel.relation_type, now)
            ):
                back_relations.append(rel)
    return Removal(tuple(back_entities), tuple(back_lines), tuple(back_relations))


def _without_secrets(removal: Removal) -> Removal:
    """The removal without the entities, lines and relations the secret guard refuses."""

    def clean(*texts: str) -> bool:
        return all(find_secret(t) is None for t in texts)

    entities = tuple(
        Entity(e.name, e.entity_type, tuple(t for t in e.observations if clean(t)))
        for e in removal.entities
        if clean(e.name, e.entity_type)
    )
    lines = tuple(ln for ln in removal.lines if clean(ln.entity, ln.text))
    relations = tuple(r for r in removal.relations if clean(r.from_, r.to, r.relation_type))
    return Removal(entities, lines, relations, removal.repeated)
