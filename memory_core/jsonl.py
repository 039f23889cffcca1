"""Import and export one scope in the reference memory server's JSONL format, line for line."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, TextIO

import aiosqlite

from memory_core.errors import (
    ImportFormatError,
    InvalidInputError,
    SecretRefused,
    SecretsInFileError,
)
from memory_core.models import Entity, ImportReport, Relation
from memory_core.naming import MAX_NAME_CHARS, has_control_characters, jira_upper
from memory_core.observation import ParsedObservation, check_observation_text, parse_observation
from memory_core.rows import fetch_one
from memory_core.secrets import find_secret
from memory_core.service import ScopedMemory
from memory_core.upkeep import BulkWrite, bulk_write

__all__ = ["dump_entity", "dump_relation", "export_lines", "import_jsonl"]

Progress = Callable[[int], None]
_BATCH = 2000
_DROPPED_END = "an end left out for a secret"
"""The kind reported for a relation left out because one of its ends was left out."""


def dump_entity(entity: Entity) -> str:
    """Return one entity as the reference server writes it (key order, no spaces)."""
    return json.dumps(
        {"type": "entity", **entity.to_dict()}, ensure_ascii=False, separators=(",", ":")
    )


def dump_relation(relation: Relation) -> str:
    """Return one relation as the reference server writes it."""
    return json.dumps(
        {"type": "relation", **relation.to_dict()}, ensure_ascii=False, separators=(",", ":")
    )


async def export_lines(memory: ScopedMemory) -> AsyncIterator[str]:
    """Yield the scope as JSONL lines (without newlines): all entities, then all relations."""
    graph = await memory.read_graph()
    for entity in graph.entities:
        yield dump_entity(entity)
    for relation in graph.relations:
        yield dump_relation(relation)


def _text(obj: dict[str, Any], field: str, line_number: int) -> str:
    value = obj.get(field)
    if not isinstance(value, str) or not value.strip():
        raise ImportFormatError(line_number, f"{field!r} must be a non-empty string")
    if len(value) > MAX_NAME_CHARS:
        raise ImportFormatError(line_number, f"{field!r} is longer than {MAX_NAME_CHARS}")
    if has_control_characters(value):
        raise ImportFormatError(line_number, f"{field!r} holds a control character")
    return value


def _parse_line(raw: str, line_number: int) -> Entity | Relation | None:
    if not raw.strip():
        return None
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(line_number, f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise ImportFormatError(line_number, "JSON nested too deeply") from None
    except ValueError:  # e.g. an integer of more than 4300 digits
        raise ImportFormatError(line_number, "a number too long to read") from None
    if not isinstance(obj, dict):
        raise ImportFormatError(line_number, "expected a JSON object")
    kind = obj.get("type")
    if kind == "entity":
        observations = obj.get("observations", [])
        if not isinstance(observations, list) or not all(isinstance(o, str) for o in observations):
            raise ImportFormatError(line_number, "'observations' must be a list of strings")
        return Entity(
            jira_upper(_text(obj, "name", line_number)),
            _text(obj, "entityType", line_number),
            tuple(observations),
        )
    if kind == "relation":
        return Relation(
            jira_upper(_text(obj, "from", line_number)),
            jira_upper(_text(obj, "to", line_number)),
            _text(obj, "relationType", line_number),
        )
    raise ImportFormatError(line_number, f"unknown 'type' {kind!r} (expected entity or relation)")


def _secret_of(*texts: str) -> str | None:
    return next((kind for kind in map(find_secret, texts) if kind is not None), None)


class _Guard:
    """The secret guard of one import: what it refused, by line number, and what it dropped."""

    def __init__(self) -> None:
        self.refused: list[tuple[int, str]] = []
        self.dropped: set[str] = set()
        """Entities left out because their name or type holds a secret."""

    def entity(self, entity: Entity, line_number: int) -> Entity | None:
        """The entity without its secret lines; None when its name or type is a secret."""
        kind = _secret_of(entity.name, entity.entity_type)
        if kind is not None:
            self.refused.append((line_number, kind))
            self.dropped.add(entity.name)
            return None
        kept: list[str] = []
        kinds: list[str] = []
        for line in entity.observations:
            try:
                kept.append(check_observation_text(line))
            except SecretRefused as exc:
                kinds.append(exc.kind)
            except InvalidInputError as exc:
                raise ImportFormatError(line_number, str(exc)) from None
        self.refused.extend((line_number, k) for k in dict.fromkeys(kinds))
        return Entity(entity.name, entity.entity_type, tuple(kept)) if kinds else entity

    def relation(self, relation: Relation, line_number: int) -> Relation | None:
        """The relation, or None when a part of it holds a secret."""
        kind = _secret_of(relation.from_, relation.to, relation.relation_type)
        if kind is not None:
            self.refused.append((line_number, kind))
            return None
        return relation

    def touches_dropped(self, relation: Relation) -> bool:
        """Whether a relation ends at an entity left out for its secret name or type."""
        return relation.from_ in self.dropped or relation.to in self.dropped


class _Importer:
    """The state of one import inside its transaction: ids given so far and pending lines."""

    def __init__(self, memory: ScopedMemory, conn: aiosqlite.Connection, bulk: BulkWrite) -> None:
        self.repo = memory.repo
        self.conn = conn
        self.now = memory.now()
        self.next_id = bulk.first_entity
        self.ids: dict[str, int] = {}
        self.batch: list[Entity] = []
        self.relations: list[tuple[int, Relation]] = []
        self.entities = self.observations = 0
        self.touched = bulk.touched

    async def flush(self) -> None:
        """Write the pending entities and their observations."""
        repo, conn = self.repo, self.conn
        fresh = [e.name for e in self.batch if e.name not in self.ids]
        for name, row in (await repo.entities_by_name(conn, fresh)).items():
            self.ids[name] = row.id
        new_rows: list[tuple[int, str, str]] = []
        obs_rows: list[tuple[int, int, ParsedObservation]] = []
        for entity in self.batch:
            if entity.name in self.ids:
                entity_id = self.ids[entity.name]
                current = (await repo.observations_of(conn, [entity_id]))[entity_id]
                have = {o.text for o in current}
                start = max((o.position for o in current), default=-1) + 1
                todo = [t for t in entity.observations if t not in have]
                obs_rows.extend(
                    (entity_id, start + k, parse_observation(t)) for k, t in enumerate(todo)
                )
                self.touched.add(entity_id)
                continue
            entity_id = self.next_id
            self.next_id += 1
            self.ids[entity.name] = entity_id
            new_rows.append((entity_id, entity.name, entity.entity_type))
            self.touched.add(entity_id)
            obs_rows.extend(
                (entity_id, k, parse_observation(t)) for k, t in enumerate(entity.observations)
            )
        await repo.insert_entities_with_ids(conn, new_rows, self.now)
        await repo.insert_observations(conn, obs_rows, self.now)
        self.entities += len(new_rows)
        self.observations += len(obs_rows)
        self.batch.clear()

    async def write_relations(self) -> int:
        """Write the collected relations; return how many were new."""
        ends = {r.from_ for _, r in self.relations} | {r.to for _, r in self.relations}
        unknown = ends - self.ids.keys()
        if unknown:
            found = await self.repo.entities_by_name(self.conn, unknown)
            self.ids.update({name: row.id for name, row in found.items()})
        rows: list[tuple[int, int, str]] = []
        for line_number, rel in self.relations:
            for end in (rel.from_, rel.to):
                if end not in self.ids:
                    raise ImportFormatError(
                        line_number, f"relation refers to a missing entity {end!r}"
                    )
            rows.append((self.ids[rel.from_], self.ids[rel.to], rel.relation_type))
        # the scope's link counter rises once per relation inserted (the schema's trigger)
        before = await self._links_counted()
        for start in range(0, len(rows), _BATCH):
            await self.repo.insert_relations(self.conn, rows[start : start + _BATCH], self.now)
        return await self._links_counted() - before

    async def _links_counted(self) -> int:
        row = await fetch_one(
            self.conn, "SELECT relations FROM scope_version WHERE scope = ?", (self.repo.scope,)
        )
        return int(row[0]) if row else 0


async def import_jsonl(
    memory: ScopedMemory,
    lines: Iterable[str] | TextIO,
    *,
    progress: Progress | None = None,
    skip_secrets: bool = False,
) -> ImportReport:
    """Import a reference-format JSONL stream into the scope, in one transaction.

    Lines are read and written in batches, so the file is never held in memory whole.
    Entities are kept exactly as written (names, types, observation order). An entity that
    already exists in the scope gets the observations it lacks. Relations may come before
    or after their entities; duplicates are skipped.

    Every name, type, line and verb goes through the secret guard. By default a file that
    holds a secret is refused whole: it is read to the end, so that the error lists every
    such line, and nothing is kept. With ``skip_secrets`` the rest is imported: an entity
    whose name or type is a secret is left out with its relations, a secret line is left
    off its entity, a relation holding a secret is left out; the report lists those lines.

    Args:
        memory: the scope to import into.
        lines: the JSONL text, one object per line.
        progress: called with the number of characters consumed so far.
        skip_secrets: import what holds no secret instead of refusing the file.

    Returns:
        What was written (and, with ``skip_secrets``, the lines left out).

    Raises:
        ImportFormatError: a malformed line (its number is given); nothing is kept.
        SecretsInFileError: lines hold secrets (numbers and kinds, never values); nothing is
            kept.
    """
    consumed = 0
    guard = _Guard()
    async with memory.write(bulk=True) as conn:
        async with bulk_write(conn, memory.scope) as bulk:
            state = _Importer(memory, conn, bulk)
            for line_number, raw in enumerate(lines, start=1):
                consumed += len(raw)
                item = _parse_line(raw, line_number)
                if isinstance(item, Entity):
                    entity = guard.entity(item, line_number)
                    if entity is not None and (skip_secrets or not guard.refused):
                        state.batch.append(entity)
                        if len(state.batch) >= _BATCH:
                            await state.flush()
                elif isinstance(item, Relation):
                    relation = guard.relation(item, line_number)
                    if relation is not None:
                        state.relations.append((line_number, relation))
                if progress is not None and line_number % 1000 == 0:
                    progress(consumed)
            if guard.refused and not skip_secrets:
                raise SecretsInFileError(tuple(guard.refused))
            await state.flush()
        skipped = [(n, r) for n, r in state.relations if guard.touches_dropped(r)]
        state.relations = [(n, r) for n, r in state.relations if not guard.touches_dropped(r)]
        n_relations = await state.write_relations()
    if progress is not None:
        progress(consumed)
    refused = sorted(guard.refused + [(n, _DROPPED_END) for n, _ in skipped])
    return ImportReport(state.entities, state.observations, n_relations, tuple(refused))
