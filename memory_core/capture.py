"""Write what an extraction proposal offers: entities, their lines and links, in one transaction.

:func:`write_proposal` is what "Yes" (and an explicit "remember" of a statement) does with a
:class:`~memory_core.extraction.Proposal`. Every name is resolved again at write time (the
memory may have changed since the offer): an entity that exists meanwhile gets the lines
instead of a twin, a link that exists already is skipped, and a ``key=value`` line replaces
the entity's line with that key. Lines a contradiction offer replaces are removed in the same
transaction. With an ``update_key`` the write happens once per key (the update journal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import aiosqlite

from memory_core import journal
from memory_core.editing import Remembered
from memory_core.errors import InvalidInputError
from memory_core.extraction import Proposal
from memory_core.merging import NewEntity, new_entity, resolve_or_create
from memory_core.models import Relation
from memory_core.naming import normalize_relation_type
from memory_core.service import DEFAULT_CONFIDENCE, ScopedMemory

__all__ = ["Captured", "write_proposal"]


@dataclass(frozen=True, slots=True)
class Captured:
    """What :func:`write_proposal` wrote: per entity, the links made, the lines removed."""

    entities: tuple[Remembered, ...] = ()
    relations: tuple[Relation, ...] = ()
    removed: tuple[tuple[str, str], ...] = ()
    repeated: bool = False

    @property
    def empty(self) -> bool:
        """True when nothing changed (no entity made, no line added or removed, no link)."""
        return not (
            self.relations
            or self.removed
            or any(e.added or e.created or e.replaced for e in self.entities)
        )

    @property
    def touched(self) -> tuple[str, ...]:
        """Every entity the write named, in order (for the working memory)."""
        names = [e.entity for e in self.entities]
        names += [end for r in self.relations for end in (r.from_, r.to)]
        return tuple(dict.fromkeys(names))

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-serialisable form (for the update journal)."""
        return {
            "entities": [e.to_dict() for e in self.entities],
            "relations": [r.to_dict() for r in self.relations],
            "removed": [list(pair) for pair in self.removed],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Captured:
        """Rebuild a result from :meth:`to_dict`'s form."""
        return cls(
            tuple(Remembered.from_dict(e) for e in data.get("entities", ())),
            tuple(
                Relation(str(r["from"]), str(r["to"]), str(r["relationType"]))
                for r in data.get("relations", ())
            ),
            tuple((str(a), str(b)) for a, b in data.get("removed", ())),
        )


def _items(proposal: Proposal) -> list[NewEntity]:
    """One write per entity: the proposal's own, then relation ends it does not list."""
    lines: dict[str, list[str]] = {}
    for entity in proposal.entities:
        lines.setdefault(entity.name, []).extend(entity.lines)
    for rel in proposal.relations:
        lines.setdefault(rel.from_, [])
        lines.setdefault(rel.to, [])
    if any("⟦" in name for name in lines):
        raise InvalidInputError("an entity name holds an unresolved placeholder")
    return [new_entity(name, None, texts) for name, texts in lines.items()]


async def write_proposal(
    scoped: ScopedMemory,
    proposal: Proposal,
    *,
    confidence: float = DEFAULT_CONFIDENCE,
    removes: Sequence[tuple[str, str]] = (),
    update_key: str | None = None,
) -> Captured:
    """Write a proposal's entities, lines and links (resolving every name first).

    Args:
        scoped: the scope to write to.
        proposal: what extraction (or a checked model answer) proposed.
        confidence: the starting confidence of the new lines (lower for accepted guesses).
        removes: ``(entity, line)`` pairs to delete in the same transaction (the old side
            of an accepted contradiction).
        update_key: the outside update this write answers; the write happens once per key.

    Returns:
        What was written; for a repeated key, what the first call wrote (``repeated``).

    Raises:
        InvalidInputError: a bad name, line or relation type (nothing stored).
        AmbiguousNameError: a name fits several entities (nothing stored).
    """
    items = _items(proposal)
    verbs = [normalize_relation_type(r.relation_type, strict=False) for r in proposal.relations]
    now = scoped.now()
    repo = scoped.repo
    async with scoped.write() as conn:
        if update_key is not None:
            previous = await journal.applied(conn, scoped.scope, update_key)
            if previous is not None:
                return replace(Captured.from_dict(previous), repeated=True)
        removed = await _remove_lines(scoped, conn, removes, now)
        done = await resolve_or_create(
            repo, scoped.retention, conn, items, now=now, confidence=confidence
        )
        rows = {item[0]: merged.row for item, merged in zip(items, done, strict=True)}
        links: list[Relation] = []
        for rel, verb in zip(proposal.relations, verbs, strict=True):
            a, b = rows[_canonical(rel.from_)], rows[_canonical(rel.to)]
            if a.id != b.id and await repo.insert_relation(conn, a.id, b.id, verb, now):
                links.append(Relation(a.name, b.name, verb))
        entities = tuple(
            Remembered(m.row.name, m.row.entity_type, m.added, m.replaced, m.created) for m in done
        )
        result = Captured(_merge(entities), tuple(links), removed)
        if update_key is not None:
            await journal.record(conn, scoped.scope, update_key, result.to_dict(), now)
    return result


def _canonical(name: str) -> str:
    return new_entity(name, None, [])[0]


def _merge(entities: tuple[Remembered, ...]) -> tuple[Remembered, ...]:
    """One result per stored entity (two proposal names may resolve to one entity)."""
    out: dict[str, Remembered] = {}
    for e in entities:
        prev = out.get(e.entity)
        if prev is None:
            out[e.entity] = e
        else:
            out[e.entity] = replace(
                prev,
                added=prev.added + e.added,
                replaced=prev.replaced + e.replaced,
                created=prev.created or e.created,
            )
    return tuple(out.values())


async def _remove_lines(
    scoped: ScopedMemory,
    conn: aiosqlite.Connection,
    removes: Sequence[tuple[str, str]],
    now: float,
) -> tuple[tuple[str, str], ...]:
    """Delete exact lines by entity name; return the pairs that were there."""
    if not removes:
        return ()
    rows = await scoped.repo.entities_by_name(conn, {name for name, _ in removes})
    current = await scoped.repo.observations_of(conn, [r.id for r in rows.values()])
    ids: list[int] = []
    gone: list[tuple[str, str]] = []
    for name, text in removes:
        row = rows.get(name)
        hit = next((o for o in current.get(row.id, []) if o.text == text), None) if row else None
        if row is not None and hit is not None and hit.id not in ids:
            ids.append(hit.id)
            gone.append((name, text))
    await scoped.repo.delete_observations(conn, ids)
    if ids:
        await scoped.repo.touch_entities(conn, list({rows[n].id for n, _ in gone}), now)
    return tuple(gone)
