"""The secret guard on every write of the store: whatever the door, a secret is refused with
its kind, nothing of the write is kept, and the text is in no table, no index and no byte of
the file. Honest look-alikes are stored.

The table test runs the detector's whole table (tests/memory_core/test_secrets.py) through
the store's write path, as lines formatted the way the chat formats them.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from memory_core import Entity, Memory, Relation, ScopedMemory, SecretRefused
from memory_core.editing import LineTarget, remember, remove, restore
from memory_core.errors import SecretsInFileError
from memory_core.jsonl import import_jsonl
from memory_core.kb import index_kb
from memory_core.lifecycle import forgotten_lines, restore_lines
from memory_core.observation import format_observation, parse_observation
from memory_core.scope import Scope
from memory_core.secrets import (
    FIELD_LINE,
    FIELD_NAME,
    FIELD_TYPE,
    FIELD_VERB,
    REASON_API_KEY,
    REASON_CARD_NUMBER,
    REASON_IBAN,
    REASON_PASSWORD,
    REASON_SEED_PHRASE,
)
from tests.memory_core.test_secrets import HONEST, SECRETS, card16, iban, pw, seed, tok
from tests.secret_traces import traces

PASSWORD = pw()
API_KEY = "sk-ant-" + tok(40)
IBAN = iban("DE", 22)
CARD = card16("5")
SEED = seed(12)

# (kind, a text holding the secret, the secret itself)
CASES = [
    (REASON_PASSWORD, f"wifi password: {PASSWORD}", PASSWORD),
    (REASON_API_KEY, f"key {API_KEY}", API_KEY),
    (REASON_IBAN, f"IBAN {IBAN}", IBAN),
    (REASON_CARD_NUMBER, f"карта {CARD}", CARD),
    (REASON_SEED_PHRASE, SEED, SEED),
]
CASE_IDS = [kind for kind, _, _ in CASES]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "memory.db"


async def nowhere(memory: Memory, secret: str) -> list[str]:
    """Where the secret is, once every connection has let go of the file (empty: nowhere)."""
    await memory.close()
    return traces(memory.db.path, secret)


async def test_traces_finds_what_was_stored(owner: ScopedMemory, memory: Memory) -> None:
    """The checker can fail: an honest line holding the same word is found everywhere."""
    word = "Zanzibarovich"
    await owner.create_entities([Entity("Person:Ann", "Person", (f"boat {word}",))])
    found = await nowhere(memory, word)
    assert "table observation" in found
    assert "index observation_fts" in found


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=CASE_IDS)
async def test_create_entities_refuses_a_secret_line(
    owner: ScopedMemory, memory: Memory, kind: str, text: str, secret: str
) -> None:
    batch = [
        Entity("Person:Ann", "Person", ("likes tea",)),
        Entity("Person:Bob", "Person", ("plays chess", text)),
    ]
    with pytest.raises(SecretRefused) as caught:
        await owner.create_entities(batch)
    assert (caught.value.kind, caught.value.field, caught.value.entity) == (
        kind,
        FIELD_LINE,
        "Person:Bob",
    )
    assert secret not in str(caught.value)
    assert (await owner.stats()).entities == 0, "nothing of the batch"
    assert await nowhere(memory, secret) == []


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=CASE_IDS)
async def test_create_entities_refuses_a_secret_name_or_type(
    owner: ScopedMemory, memory: Memory, kind: str, text: str, secret: str
) -> None:
    for entity, field in (
        (Entity(f"Project:{text}", "Project", ("one",)), FIELD_NAME),
        (Entity(text, "Thing", ("one",)), FIELD_NAME),
        (Entity("Wifi", text, ("one",)), FIELD_TYPE),
    ):
        with pytest.raises(SecretRefused) as caught:
            await owner.create_entities([Entity("Person:Ann", "Person", ("x",)), entity])
        assert (caught.value.kind, caught.value.field, caught.value.entity) == (kind, field, None)
    assert (await owner.stats()).entities == 0
    assert await nowhere(memory, secret) == []


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=CASE_IDS)
async def test_add_observations_and_remember_refuse_a_secret(
    owner: ScopedMemory, memory: Memory, kind: str, text: str, secret: str
) -> None:
    await owner.create_entities([Entity("Person:Ann", "Person", ("likes tea",))])
    with pytest.raises(SecretRefused) as caught:
        await owner.add_observations([("Person:Ann", ["fine", text])])
    assert caught.value.kind == kind
    with pytest.raises(SecretRefused):
        await remember(owner, "Person:Ann", None, [f"fact: {text}"], update_key="u1")
    with pytest.raises(SecretRefused):
        await owner.add_observations([(text, ["fine"])])  # not even "not found: <secret>"
    assert (await owner.open_nodes(["Person:Ann"])).entities[0].observations == ("likes tea",)
    assert await nowhere(memory, secret) == []


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=CASE_IDS)
async def test_create_relations_refuses_a_secret_verb_or_end(
    owner: ScopedMemory, memory: Memory, kind: str, text: str, secret: str
) -> None:
    await owner.create_entities([Entity("A", "t", ()), Entity("B", "t", ())])
    for relation in (Relation("A", "B", text), Relation("A", text, "knows")):
        with pytest.raises(SecretRefused) as caught:
            await owner.create_relations(
                [Relation("A", "B", "knows"), relation], strict_vocabulary=False
            )
        assert caught.value.kind == kind
        assert caught.value.field in {FIELD_VERB, FIELD_NAME}
    assert (await owner.stats()).relations == 0
    assert await nowhere(memory, secret) == []


async def test_a_verb_hiding_a_secret_when_snake_cased_is_refused(owner: ScopedMemory) -> None:
    """``password=X`` is stored as ``password_x``: the verb as given is checked too."""
    await owner.create_entities([Entity("A", "t", ()), Entity("B", "t", ())])
    with pytest.raises(SecretRefused) as caught:
        await owner.create_relations(
            [Relation("A", "B", f"password={PASSWORD}")], strict_vocabulary=False
        )
    assert caught.value.field == FIELD_VERB


async def test_the_storage_layer_refuses_what_no_check_saw(
    owner: ScopedMemory, memory: Memory
) -> None:
    """A future door that skips every check still meets the guard in the repository."""
    async with owner.write() as conn:
        await owner.repo.insert_entity(conn, "Person:Ann", "Person", 0.0)
        with pytest.raises(SecretRefused):
            await owner.repo.insert_entity(conn, f"Person:{API_KEY}", "Person", 0.0)
        with pytest.raises(SecretRefused):
            await owner.repo.insert_entities_with_ids(conn, [(9, "X", f"token {API_KEY}")], 0.0)
        with pytest.raises(SecretRefused):
            await owner.repo.insert_relation(conn, 1, 1, f"password={PASSWORD}", 0.0)
        with pytest.raises(SecretRefused):
            await owner.repo.insert_relations(conn, [(1, 1, f"key {API_KEY}")], 0.0)
        line = parse_observation(f"fact: key {API_KEY}")
        with pytest.raises(SecretRefused):
            await owner.repo.insert_observations(conn, [(1, 0, line)], 0.0)
    assert await owner.entity_names() == ["Person:Ann"]
    assert await nowhere(memory, API_KEY) == []


async def test_a_secret_stored_before_the_guard_is_never_restored(
    owner: ScopedMemory, memory: Memory
) -> None:
    """Undo of a removal puts back the honest lines, never one the guard refuses."""
    await owner.create_entities([Entity("Person:Ann", "Person", ("likes tea",))])
    async with owner.write() as conn:  # as an old version would have stored it
        await conn.execute(
            "INSERT INTO observation (scope, entity_id, position, text, created_at, updated_at)"
            " VALUES ('owner', 1, 1, ?, 0, 0)",
            (f"wifi password: {PASSWORD}",),
        )
    lines = [LineTarget("Person:Ann", "likes tea"), LineTarget("Person:Ann", CASES[0][1])]
    removal = await remove(owner, lines)
    assert len(removal.lines) == 2
    back = await restore(owner, removal)
    assert [ln.text for ln in back.lines] == ["likes tea"]
    where = await nowhere(memory, PASSWORD)
    assert not [t for t in where if not t.startswith("file")], "no table, no index"


# --- import ---------------------------------------------------------------------------------


def jsonl(*objects: dict[str, object]) -> list[str]:
    return [json.dumps(o, ensure_ascii=False) for o in objects]


def entity(name: str, entity_type: str, *lines: str) -> dict[str, object]:
    return {"type": "entity", "name": name, "entityType": entity_type, "observations": list(lines)}


def relation(a: str, b: str, verb: str) -> dict[str, object]:
    return {"type": "relation", "from": a, "to": b, "relationType": verb}


FILE = jsonl(
    entity("Person:Ann", "Person", "likes tea", f"wifi password: {PASSWORD}"),
    entity(API_KEY, "Thing"),
    entity("Person:Bob", "Person", "plays chess"),
    entity("Vault", f"IBAN {IBAN}"),
    relation("Person:Ann", "Person:Bob", "knows"),
    relation("Person:Ann", "Vault", "owns"),
    relation("Person:Bob", "Person:Ann", f"card {CARD}"),
)


async def test_import_refuses_a_file_holding_secrets(owner: ScopedMemory, memory: Memory) -> None:
    with pytest.raises(SecretsInFileError) as caught:
        await import_jsonl(owner, FILE)
    assert caught.value.lines == (
        (1, REASON_PASSWORD),
        (2, REASON_API_KEY),
        (4, REASON_IBAN),
        (7, REASON_CARD_NUMBER),
    )
    message = str(caught.value)
    assert "line 2: API key" in message
    for secret in (PASSWORD, API_KEY, IBAN, CARD):
        assert secret not in message
    assert (await owner.stats()).entities == 0
    for secret in (PASSWORD, API_KEY, IBAN, CARD):
        assert await nowhere(memory, secret) == []


async def test_import_skip_secrets_keeps_the_rest(owner: ScopedMemory, memory: Memory) -> None:
    report = await import_jsonl(owner, FILE, skip_secrets=True)
    assert (report.entities, report.observations, report.relations) == (2, 2, 1)
    assert [n for n, _ in report.skipped] == [1, 2, 4, 6, 7]
    graph = await owner.read_graph()
    assert [(e.name, e.observations) for e in graph.entities] == [
        ("Person:Ann", ("likes tea",)),
        ("Person:Bob", ("plays chess",)),
    ]
    assert [r.relation_type for r in graph.relations] == ["knows"]
    for secret in (PASSWORD, API_KEY, IBAN, CARD):
        assert await nowhere(memory, secret) == []


# --- the knowledge-base indexer -------------------------------------------------------------


async def test_index_kb_leaves_out_secret_titles_participants_and_paths(
    owner: ScopedMemory, memory: Memory, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    notes = tmp_path / "kb" / "notes"
    notes.mkdir(parents=True)
    (notes / "wifi.md").write_text(f"# Wifi password: {PASSWORD}\n\nESO-1 router\n", "utf-8")
    (notes / "sync.md").write_text(
        f"# Sync\n\n**Participants**: Ivan Petrov, {API_KEY}\n", encoding="utf-8"
    )
    (notes / f"token {API_KEY[:20]}{tok(20)}.md").write_text("# x\n", encoding="utf-8")
    report = await index_kb(owner, tmp_path / "kb")
    assert (report.added, report.secrets) == (2, 3)
    assert "3 secrets left out" in report.summary()
    wifi = (await owner.open_nodes(["Note:notes/wifi.md"])).entities[0]
    assert wifi.observations[0].startswith("pointer: notes/wifi.md (as_of=")
    assert "Jira:ESO-1" in {
        r.to for r in (await owner.open_nodes(["Note:notes/wifi.md"])).relations
    }
    sync = await owner.open_nodes(["Note:notes/sync.md"])
    assert [r.to for r in sync.relations] == ["Person:Ivan Petrov"]
    shown = " ".join(report.warnings) + report.summary() + caplog.text
    for secret in (PASSWORD, API_KEY, API_KEY[:20]):
        assert secret not in shown
        assert await nowhere(memory, secret) == []


# --- the table: every phrasing of the detector's table through the store --------------------


def chat_line(text: str) -> str:
    """The line the chat would store for ``remember <text>`` (see bot.conversation.remember)."""
    return format_observation("fact", text, as_of="2025-12-28", src="user")


async def test_every_secret_phrasing_is_refused_by_the_store(owner: ScopedMemory) -> None:
    """The detector's secret table, as stored lines: each refused with its kind."""
    await owner.create_entities([Entity("User:Alex", "User", ())])
    wrong: list[str] = []
    for ident, text, kind in SECRETS:
        try:
            await owner.add_observations([("User:Alex", [f"fact: {' '.join(text.split())}"])])
            chat_line(text)
        except SecretRefused as exc:
            if exc.kind != kind:
                wrong.append(f"{ident}: {exc.kind} instead of {kind}")
        else:
            wrong.append(f"{ident}: stored")
    assert wrong == []
    assert (await owner.stats()).observations == 0
    assert len(SECRETS) >= 150


async def test_every_honest_look_alike_is_stored(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("User:Alex", "User", ())])
    lines = [chat_line(text) for _, text in HONEST]
    await owner.add_observations([("User:Alex", lines)])
    assert (await owner.stats()).observations == len(set(lines)) >= 60


# --- migration 0011: private chats' User: entries get their person's id ---------------------


async def test_private_chat_user_entries_are_bound_to_the_chat_id(db: Path) -> None:
    async with Memory(db) as memory:
        await memory.scoped(Scope.chat(555)).create_entities([Entity("User:Bob", "User", ("x",))])
        await memory.scoped(Scope.chat(-100123)).create_entities([Entity("User:Alex", "User")])
        await memory.scoped(Scope.owner()).create_entities([Entity("User:Owner", "User")])
        async with memory.db.write() as conn:
            await conn.execute("DELETE FROM schema_migrations WHERE name = '0011_person_ids'")
    async with Memory(db) as memory:  # the migration runs again, as on an old file
        private = memory.scoped(Scope.chat(555))
        assert await private.entity_names() == ["User:Bob (id 555)"]
        assert await private.resolve_name("user:bob (id 555)") == "User:Bob (id 555)"
        assert (await private.search_nodes("bob")).entities[0].observations == ("x",)
        assert await memory.scoped(Scope.chat(-100123)).entity_names() == ["User:Alex"]
        assert await memory.scoped(Scope.owner()).entity_names() == ["User:Owner"]


async def test_a_faded_secret_is_neither_listed_nor_restored(owner: ScopedMemory) -> None:
    """A softly forgotten line holding a secret (stored before the guard) stays out of sight."""
    await owner.create_entities([Entity("Person:Ann", "Person", ("likes tea",))])
    async with owner.write() as conn:
        for position, text in enumerate(("fact: faded honest line", f"fact: card {CARD}")):
            await conn.execute(
                "INSERT INTO observation (scope, entity_id, position, text, created_at,"
                " updated_at, forgotten_at) VALUES ('owner', 1, ?, ?, 0, 0, 1.0)",
                (position + 1, text),
            )
    listed = await forgotten_lines(owner)
    assert [line.text for line in listed] == ["fact: faded honest line"]
    back = await restore_lines(owner, [1, 2, 3])
    assert [line.text for line in back] == ["fact: faded honest line"]
    assert (await owner.open_nodes(["Person:Ann"])).entities[0].observations == (
        "likes tea",
        "fact: faded honest line",
    )
