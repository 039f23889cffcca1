"""Bring a scope's indexer-owned Notes in line with the notes a KB tree wants.

:func:`plan_sync` compares (reads only) and lists the writes; :func:`apply_sync` carries
them out inside the caller's write transaction. The indexer owns a Note when it carries a
``pointer:`` line with ``src=kb``; on it, it owns only the ``references -> Jira:`` and
``mentions -> Person:/User:`` relations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import aiosqlite

from memory_core.errors import AmbiguousNameError
from memory_core.kb_source import KbOptions
from memory_core.matching import fuzzy_name, name_key
from memory_core.naming import canonical_entity, display_name, split_prefix
from memory_core.observation import ParsedObservation, parse_observation
from memory_core.repository import Repository
from memory_core.rows import ObservationRow
from memory_core.upkeep import next_entity_id

__all__ = ["KB_SOURCE", "SyncPlan", "WantedNote", "apply_sync", "person_aliases", "plan_sync"]

KB_SOURCE = "kb"
"""The ``src=`` of the indexer's pointer lines: it marks the Notes the indexer owns."""
_REFERENCES = "references"
_MENTIONS = "mentions"


def _is_kb_pointer(row: ObservationRow) -> bool:
    return row.source == KB_SOURCE and row.text.startswith("pointer:")


def _is_managed(verb: str, target: str) -> bool:
    kind = split_prefix(target)[0]
    return (verb == _REFERENCES and kind == "Jira") or (
        verb == _MENTIONS and kind in ("Person", "User")
    )


@dataclass(slots=True)
class WantedNote:
    """One note as the tree says it should be: name, pointer line and link targets."""

    name: str
    rel: str
    pointer: str
    jira: list[str]
    people: list[str]
    users: list[str] = field(default_factory=list)
    """Participants (as written) who are the owner or an existing ``User:`` of the scope."""


def person_aliases(
    wanted: Iterable[WantedNote], people: Sequence[str], warnings: list[str]
) -> dict[str, str | None]:
    """Map new participant names to existing people: any case, else a near-typo.

    The rules are those of ``ScopedMemory.create_entities`` (case- and ``ё``-insensitive
    key, then rapidfuzz within the type, Russian surname genders kept apart), run on one
    snapshot of the scope's people. ``None`` means the name fits several people equally
    well: it is not linked, with a warning.
    """
    exact = set(people)
    by_key: dict[str, list[str]] = {}
    for person in people:
        by_key.setdefault(name_key(person), []).append(person)
    aliases: dict[str, str | None] = {}
    for note in wanted:
        for person in note.people:
            if person in exact or person in aliases:
                continue
            same = by_key.get(name_key(person), [])
            try:
                if len(same) > 1:
                    raise AmbiguousNameError(person, tuple(same))
                found = same[0] if same else fuzzy_name(person, people)
            except AmbiguousNameError as exc:
                aliases[person] = None
                warnings.append(
                    f"participant {display_name(person)!r} could be "
                    f"{', '.join(exc.candidates)}; not linked"
                )
                continue
            if found is not None:
                aliases[person] = found
    return aliases


@dataclass(slots=True)
class _Owned:
    """A Note the indexer owns, as stored: its pointer lines, links and other content."""

    id: int
    pointers: list[ObservationRow]
    others: int
    links: set[tuple[str, str]] = field(default_factory=set)
    foreign: int = 0


@dataclass(slots=True)
class SyncPlan:
    """The writes that bring the scope in line with the tree, and the counts they mean."""

    new_entities: dict[str, str] = field(default_factory=dict)
    pointer_deletes: list[int] = field(default_factory=list)
    pointers: list[tuple[str, str, int | None]] = field(default_factory=list)
    link_adds: list[tuple[str, str, str]] = field(default_factory=list)
    link_deletes: list[tuple[str, str, str]] = field(default_factory=list)
    entity_deletes: list[str] = field(default_factory=list)
    orphan_candidates: set[str] = field(default_factory=set)
    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    indexed: int = 0
    """Notes the scope held from earlier runs, before this one."""

    @property
    def writes(self) -> bool:
        """Whether applying the plan writes anything."""
        return bool(
            self.new_entities
            or self.pointers
            or self.pointer_deletes
            or self.link_adds
            or self.link_deletes
            or self.entity_deletes
        )


class _Targets:
    """Resolves link targets to stored names, and notes the ones that must be created."""

    def __init__(
        self,
        plan: SyncPlan,
        names: dict[str, list[str]],
        aliases: dict[str, str | None],
        owner: str,
    ) -> None:
        self.plan = plan
        self.aliases = aliases
        self.owner = owner
        self.users = {name_key(display_name(u)): u for u in reversed(names.get("User", []))}
        self.exact: set[str] = set()
        self.by_key: dict[str, str] = {}
        for group in names.values():
            self.exact.update(group)
            for name in group:
                self.by_key.setdefault(name_key(name), name)

    def resolve(self, name: str) -> str | None:
        """Return the stored (or to-be-created) name for a wanted target."""
        if name in self.aliases:
            alias = self.aliases[name]
            if alias is None:
                return None
            if alias in self.exact:
                return alias
        if name in self.exact:
            return name
        same = self.by_key.get(name_key(name))
        if same is not None:
            return same
        kind = split_prefix(name)[0]
        self.plan.new_entities[name] = kind or "Note"
        self.exact.add(name)
        self.by_key[name_key(name)] = name
        return name

    def of(self, wanted: WantedNote) -> set[tuple[str, str]]:
        """Return the ``(verb, target)`` links a wanted note should have."""
        links: set[tuple[str, str]] = set()
        for jira in wanted.jira:
            target = self.resolve(jira)
            if target is not None:
                links.add((_REFERENCES, target))
        for person in wanted.people:
            target = self.resolve(person)
            if target is not None:
                links.add((_MENTIONS, target))
        for user in wanted.users:
            target = self.resolve(self.users.get(name_key(user), self.owner))
            if target is not None:
                links.add((_MENTIONS, target))
        return links


async def _owned_notes(
    conn: aiosqlite.Connection, repo: Repository
) -> tuple[dict[str, _Owned], set[str]]:
    """Return the Notes the indexer owns, and the names of every Note in the scope."""
    rows = await repo.entities_by_name(conn, await repo.names_of_type(conn, "Note"))
    lines = await repo.observations_of(conn, [r.id for r in rows.values()])
    owned: dict[str, _Owned] = {}
    for name, row in rows.items():
        mine = [o for o in lines[row.id] if _is_kb_pointer(o)]
        if mine:
            owned[name] = _Owned(row.id, mine, len(lines[row.id]) - len(mine))
    for rel in await repo.relations_touching(conn, [o.id for o in owned.values()]):
        note = owned.get(rel.from_)
        if note is not None and _is_managed(rel.relation_type, rel.to):
            note.links.add((rel.relation_type, rel.to))
            continue
        for end in {rel.from_, rel.to}:
            if end in owned:
                owned[end].foreign += 1
    return owned, set(rows)


def _owner_entity(users: Sequence[str], options: KbOptions) -> str:
    """Return the owner's ``User:`` entity: the one named like the owner, else the only one.

    When the scope has none, or several and none named like the owner, it is
    ``User:<first owner name>`` (created when a note needs it).
    """
    keys = {name_key(n) for n in options.owner_names}
    for user in users:
        if name_key(display_name(user)) in keys:
            return user
    if len(users) == 1:
        return users[0]
    names = [n.strip() for n in options.owner_names if n.strip()]
    plain = [n for n in names if not n.startswith("@")]
    given = plain[0] if plain else (names[0].lstrip("@") if names else "") or "owner"
    return canonical_entity(f"User:{given}", "User")[0]


async def plan_sync(
    conn: aiosqlite.Connection,
    repo: Repository,
    notes_wanted: dict[str, WantedNote],
    *,
    kept: set[str],
    aliases: dict[str, str | None],
    options: KbOptions,
) -> SyncPlan:
    """Compare the wanted notes with the scope and list the writes (reads only).

    Args:
        conn: a connection inside a read or write transaction.
        repo: the scope's repository.
        notes_wanted: the notes the tree wants, by entity name.
        kept: names of Notes whose files exist but were skipped: they are left as they are.
        aliases: see :func:`person_aliases`.
        options: for the owner's names.
    """
    plan = SyncPlan()
    owned, notes = await _owned_notes(conn, repo)
    plan.indexed = len(owned)
    names = {t: await repo.names_of_type(conn, t) for t in ("Jira", "Person", "User")}
    targets = _Targets(plan, names, aliases, _owner_entity(names["User"], options))
    for name, wanted in notes_wanted.items():
        note = owned.get(name)
        if note is None:
            if name not in notes:
                plan.new_entities[name] = "Note"
            plan.pointers.append((name, wanted.pointer, None))
            plan.link_adds.extend((name, verb, to) for verb, to in sorted(targets.of(wanted)))
            plan.added += 1
            continue
        links = targets.of(wanted)
        changed = False
        if [o.text for o in note.pointers] != [wanted.pointer]:
            plan.pointer_deletes.extend(o.id for o in note.pointers)
            position = min(o.position for o in note.pointers)
            plan.pointers.append((name, wanted.pointer, position))
            changed = True
        for verb, to in sorted(links - note.links):
            plan.link_adds.append((name, verb, to))
            changed = True
        for verb, to in sorted(note.links - links):
            plan.link_deletes.append((name, verb, to))
            plan.orphan_candidates.add(to)
            changed = True
        if changed:
            plan.updated += 1
        else:
            plan.unchanged += 1
    for name, note in owned.items():
        if name in notes_wanted or name in kept:
            continue
        plan.removed += 1
        plan.orphan_candidates.update(to for _, to in note.links)
        if note.others == 0 and note.foreign == 0:
            plan.entity_deletes.append(name)
        else:
            plan.pointer_deletes.extend(o.id for o in note.pointers)
            plan.link_deletes.extend((name, verb, to) for verb, to in sorted(note.links))
    clash = await repo.entities_by_name(conn, list(plan.new_entities))
    for name in clash:
        del plan.new_entities[name]  # stored under a foreign type by an import: reuse it
    plan.orphan_candidates = {
        n for n in plan.orphan_candidates if split_prefix(n)[0] in ("Jira", "Person")
    }
    return plan


async def apply_sync(
    conn: aiosqlite.Connection, repo: Repository, plan: SyncPlan, now: float
) -> int:
    """Carry out the plan inside the caller's write transaction; return entities pruned."""
    next_id = await next_entity_id(conn)
    new_rows = [(next_id + i, n, t) for i, (n, t) in enumerate(plan.new_entities.items())]
    await repo.insert_entities_with_ids(conn, new_rows, now)
    ids = {name: entity_id for entity_id, name, _ in new_rows}
    wanted_names = {n for n, _, _ in plan.pointers}
    wanted_names.update(x for f, _, t in plan.link_adds + plan.link_deletes for x in (f, t))
    wanted_names.update(plan.entity_deletes)
    wanted_names.update(plan.orphan_candidates)
    found = await repo.entities_by_name(conn, [n for n in wanted_names if n not in ids])
    ids.update({name: row.id for name, row in found.items()})
    await repo.delete_observations(conn, plan.pointer_deletes)
    rows: list[tuple[int, int, ParsedObservation]] = []
    existing: list[int] = []
    for name, text, slot in plan.pointers:
        entity_id = ids[name]
        fresh = name in plan.new_entities
        if slot is not None:
            position = slot
        else:
            position = 0 if fresh else await repo.next_position(conn, entity_id)
        if not fresh:
            existing.append(entity_id)
        rows.append((entity_id, position, parse_observation(text)))
    await repo.insert_observations(conn, rows, now)
    await repo.touch_entities(conn, existing, now)
    for from_, verb, to in plan.link_deletes:
        await repo.delete_relation(conn, ids[from_], ids[to], verb)
    await repo.insert_relations(conn, [(ids[f], ids[t], v) for f, v, t in plan.link_adds], now)
    await repo.delete_entities(conn, [ids[n] for n in plan.entity_deletes])
    return await _prune(conn, repo, [ids[n] for n in plan.orphan_candidates if n in ids])


async def _prune(conn: aiosqlite.Connection, repo: Repository, ids: Sequence[int]) -> int:
    """Delete those of ``ids`` left with no observation and no relation; return how many."""
    alive = await repo.entities_by_id(conn, ids)
    if not alive:
        return 0
    lines = await repo.observations_of(conn, list(alive))
    linked = {
        name for r in await repo.relations_touching(conn, list(alive)) for name in (r.from_, r.to)
    }
    empty = [i for i, row in alive.items() if not lines[i] and row.name not in linked]
    await repo.delete_entities(conn, empty)
    return len(empty)
