"""Secrets a file already holds (written before the guard): listed without their text, then
removed so that no table, index or byte of the file keeps them."""

from __future__ import annotations

import json
from pathlib import Path

from memory_core import Entity, Memory
from memory_core.scope import Scope
from memory_core.secret_audit import (
    FIELD_JOURNAL,
    find_stored_secrets,
    forget_stored_secrets,
    scan_file,
    summary,
)
from memory_core.secrets import FIELD_LINE, FIELD_NAME, FIELD_TYPE, FIELD_VERB
from tests.memory_core.test_secrets import iban, pw, tok
from tests.secret_traces import traces

PASSWORD = pw()
API_KEY = "ghp_" + tok(36)
IBAN = iban("GB", 22)
TOKEN = tok(40)


async def old_file(db: Path) -> None:
    """A file as an old version could have written it: secrets in every kind of place."""
    async with Memory(db) as memory:
        owner = memory.scoped(Scope.owner())
        await owner.create_entities(
            [
                Entity("Person:Ann", "Person", ("likes tea",)),
                Entity("Person:Bob", "Person", ("plays chess",)),
            ]
        )
        await memory.scoped(Scope.chat(-1005)).create_entities([Entity("Project:X", "Project")])
        raw = [
            "INSERT INTO observation (scope, entity_id, position, text, created_at, updated_at,"
            " forgotten_at) VALUES ('owner', 1, 5, ?, 0, 0, NULL)",
            "INSERT INTO observation (scope, entity_id, position, text, created_at, updated_at,"
            " forgotten_at) VALUES ('owner', 2, 5, ?, 0, 0, 1.0)",
            "INSERT INTO entity (scope, name, name_key, entity_type, created_at, updated_at)"
            " VALUES ('chat:-1005', ?, 'k', 'Thing', 0, 0)",
            "INSERT INTO entity (scope, name, name_key, entity_type, created_at, updated_at)"
            " VALUES ('chat:-1005', 'Vault', 'vault', ?, 0, 0)",
            "INSERT INTO relation (scope, from_id, to_id, relation_type, created_at)"
            " VALUES ('owner', 1, 2, ?, 0)",
            "INSERT INTO applied_update (scope, update_key, result, created_at)"
            " VALUES ('owner', 'tg:1:2:3', ?, 0)",
        ]
        values = [
            f"wifi password: {PASSWORD}",
            f"old token {TOKEN}",
            f"key {API_KEY}",
            f"IBAN {IBAN}",
            f"password={PASSWORD}x",
            json.dumps({"added": [f"fact: token {TOKEN}"], "entity": "User:Alex"}),
        ]
        async with memory.db.write() as conn:
            for sql, value in zip(raw, values, strict=True):
                await conn.execute(sql, (value,))


async def test_scan_lists_every_place_without_the_text(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    await old_file(db)
    found = scan_file(db)
    assert sorted((f.scope, f.field, f.shown_entity) for f in found) == [
        ("chat:-1005", FIELD_NAME, "entity #4"),
        ("chat:-1005", FIELD_TYPE, "Vault"),
        ("owner", FIELD_JOURNAL, "the update journal"),
        ("owner", FIELD_LINE, "Person:Ann"),
        ("owner", FIELD_LINE, "Person:Bob"),  # a softly forgotten line is still stored
        ("owner", FIELD_VERB, "Person:Ann"),
    ]
    line = summary(found)
    assert line.startswith("6 stored texts the secret guard refuses: ")
    assert "Person:Ann (2)" in line
    for secret in (PASSWORD, API_KEY, IBAN, TOKEN):
        assert secret not in line
        assert all(secret not in repr(f) for f in found)


async def test_forget_removes_them_from_tables_indexes_and_file(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    await old_file(db)
    assert traces(db, TOKEN), "the old file holds the token: the check can fail"
    async with Memory(db) as memory:
        found = await find_stored_secrets(memory)
        assert len(found) == 6
        assert await forget_stored_secrets(memory, found) == 6
        assert await find_stored_secrets(memory) == []
        owner = memory.scoped(Scope.owner())
        graph = await owner.read_graph()
        assert [(e.name, e.observations) for e in graph.entities] == [
            ("Person:Ann", ("likes tea",)),
            ("Person:Bob", ("plays chess",)),
        ]
        assert graph.relations == ()
        assert await memory.scoped(Scope.chat(-1005)).entity_names() == ["Project:X"]
    assert scan_file(db) == []
    for secret in (PASSWORD, API_KEY, IBAN, TOKEN):
        assert traces(db, secret) == []


async def test_a_clean_file_has_nothing_to_forget(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    async with Memory(db) as memory:
        await memory.scoped(Scope.owner()).create_entities([Entity("A", "t", ("x",))])
        assert await forget_stored_secrets(memory, await find_stored_secrets(memory)) == 0
    assert scan_file(db) == []
