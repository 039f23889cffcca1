"""Find and remove what a database already holds that the secret guard would now refuse.

The guard runs on every write, but a file written before it (or before it knew a shape)
may hold secrets: entity names and types, lines (softly forgotten ones too), relation
types, and the results kept in the update journal. :func:`scan_file` lists them from any
process without writing (``memory-bot doctor``); :func:`find_stored_secrets` and
:func:`forget_stored_secrets` list and remove them on an open store
(``memory-bot forget-secrets``). A finding names its scope, entity and kind, never the text.

Removing overwrites the freed space (``secure_delete``), rewrites the full-text indexes
without the removed rows and checkpoints the write-ahead log, so that the text is gone from
the file, not only from the tables.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from memory_core.db import BUSY_TIMEOUT_MS, read_only_uri
from memory_core.errors import StorageError
from memory_core.secrets import FIELD_LINE, FIELD_NAME, FIELD_TYPE, FIELD_VERB, find_secret
from memory_core.service import Memory

__all__ = [
    "FIELD_JOURNAL",
    "StoredSecret",
    "find_stored_secrets",
    "forget_stored_secrets",
    "scan_file",
    "summary",
]

FIELD_JOURNAL: Final = "journal entry"
"""A recorded result of a chat write (it repeats the lines that write stored or removed)."""

_ENTITIES_SQL = "SELECT scope, id, name, entity_type FROM entity ORDER BY scope, id"
_LINES_SQL = "SELECT o.scope, o.id, o.entity_id, o.text FROM observation o ORDER BY o.scope, o.id"
_RELATIONS_SQL = "SELECT scope, id, from_id, relation_type FROM relation ORDER BY scope, id"
_JOURNAL_SQL = "SELECT scope, update_key, result FROM applied_update ORDER BY scope, created_at"
_INDEXES: Final = ("entity_fts", "observation_fts", "entity_doc")


@dataclass(frozen=True, slots=True)
class StoredSecret:
    """One stored text the guard refuses: where it is and what kind, never the text.

    Attributes:
        scope: the scope holding it.
        field: ``FIELD_NAME``, ``FIELD_TYPE``, ``FIELD_LINE``, ``FIELD_VERB`` or
            :data:`FIELD_JOURNAL`.
        kind: the kind of secret (``"password"``, ``"IBAN"``...).
        entity: the entity's name, or None when that name is itself a secret (or for a
            journal entry).
        entity_id: the entity's id (0 for a journal entry).
        row: the id of the entity, line or relation, or the journal's update key.
    """

    scope: str
    field: str
    kind: str
    entity: str | None
    entity_id: int
    row: int | str

    @property
    def shown_entity(self) -> str:
        """The entity as a report may show it: its name, or its number when that is secret."""
        if self.field == FIELD_JOURNAL:
            return "the update journal"
        return self.entity if self.entity is not None else f"entity #{self.entity_id}"


Rows = tuple[list[Any], list[Any], list[Any], list[Any]]


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _journal_kind(result: str) -> str | None:
    try:
        data = json.loads(result)
    except ValueError:
        return find_secret(result)
    return next((k for k in map(find_secret, _strings(data)) if k is not None), None)


def _classify(rows: Rows) -> list[StoredSecret]:
    entities, lines, relations, journal = rows
    found: list[StoredSecret] = []
    names: dict[tuple[str, int], str | None] = {}
    for scope, entity_id, name, entity_type in entities:
        name_kind = find_secret(name)
        names[(scope, entity_id)] = name if name_kind is None else None
        if name_kind is not None:
            found.append(StoredSecret(scope, FIELD_NAME, name_kind, None, entity_id, entity_id))
            continue
        type_kind = find_secret(entity_type)
        if type_kind is not None:
            found.append(StoredSecret(scope, FIELD_TYPE, type_kind, name, entity_id, entity_id))
    for field, table in ((FIELD_LINE, lines), (FIELD_VERB, relations)):
        for scope, row_id, entity_id, text in table:
            kind = find_secret(text)
            if kind is not None:
                entity = names.get((scope, entity_id))
                found.append(StoredSecret(scope, field, kind, entity, entity_id, row_id))
    for scope, key, result in journal:
        kind = _journal_kind(result)
        if kind is not None:
            found.append(StoredSecret(scope, FIELD_JOURNAL, kind, None, 0, key))
    return found


def _tables_of(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {str(row[0]) for row in rows}


def scan_file(path: Path) -> list[StoredSecret]:
    """List what the file holds that the guard refuses; reads only, from any process.

    Raises:
        StorageError: the file is missing or not a usable database.
    """
    if not path.is_file():
        raise StorageError(f"no database at {path}")
    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot open database {path}: {exc}") from exc
    try:
        if not {"entity", "observation", "relation", "applied_update"} <= _tables_of(conn):
            return []  # never migrated: nothing stored yet
        rows = tuple(
            conn.execute(sql).fetchall()
            for sql in (_ENTITIES_SQL, _LINES_SQL, _RELATIONS_SQL, _JOURNAL_SQL)
        )
    except sqlite3.DatabaseError as exc:
        raise StorageError(f"{path} is not a usable SQLite database: {exc}") from exc
    finally:
        conn.close()
    return _classify((rows[0], rows[1], rows[2], rows[3]))


async def find_stored_secrets(memory: Memory) -> list[StoredSecret]:
    """List what the open store holds that the guard refuses (every scope)."""
    async with memory.db.read() as conn:
        fetched = [
            list(await conn.execute_fetchall(sql))
            for sql in (_ENTITIES_SQL, _LINES_SQL, _RELATIONS_SQL, _JOURNAL_SQL)
        ]
    return _classify((fetched[0], fetched[1], fetched[2], fetched[3]))


def _ids(found: Iterable[StoredSecret], fields: set[str]) -> list[tuple[str, Any]]:
    return sorted({(f.scope, f.row) for f in found if f.field in fields})


async def forget_stored_secrets(memory: Memory, found: Sequence[StoredSecret]) -> int:
    """Remove the findings of :func:`find_stored_secrets` and wipe their traces; return count.

    An entity whose name or type is a secret goes with its lines and relations; a secret
    line, relation or journal entry goes alone. Freed pages are overwritten, the full-text
    indexes rebuilt without the removed rows, and the write-ahead log checkpointed.
    """
    if not found:
        return 0
    async with memory.db.write(bulk=True) as conn:
        await conn.execute("PRAGMA secure_delete=ON")
        statements = (
            ("DELETE FROM entity WHERE scope = ? AND id = ?", {FIELD_NAME, FIELD_TYPE}),
            ("DELETE FROM observation WHERE scope = ? AND id = ?", {FIELD_LINE}),
            ("DELETE FROM relation WHERE scope = ? AND id = ?", {FIELD_VERB}),
            ("DELETE FROM applied_update WHERE scope = ? AND update_key = ?", {FIELD_JOURNAL}),
        )
        for sql, fields in statements:
            await conn.executemany(sql, _ids(found, fields))
        for index in _INDEXES:
            await conn.execute(f"INSERT INTO {index} ({index}) VALUES ('optimize')")
        await conn.execute("PRAGMA secure_delete=OFF")
    await memory.db.checkpoint_truncate()
    return len(found)


def summary(found: Sequence[StoredSecret], *, limit: int = 10) -> str:
    """One line: how many, in which scopes, on which entities (names only, no text)."""
    by_entity: dict[str, int] = {}
    for item in found:
        label = f"{item.scope} {item.shown_entity}"
        by_entity[label] = by_entity.get(label, 0) + 1
    shown = ", ".join(f"{label} ({n})" for label, n in list(by_entity.items())[:limit])
    more = f" and {len(by_entity) - limit} more" if len(by_entity) > limit else ""
    noun = "text" if len(found) == 1 else "texts"
    return f"{len(found)} stored {noun} the secret guard refuses: {shown}{more}"
