"""Every door of the bot meets the one secret guard of the store, and answers in its own words.

For each door (chat, proposal accepted, the model's extraction, the MCP tools, import,
index-kb, doctor and forget-secrets) a secret is refused with its kind, and the secret is in
no table, no index, no byte of the file, no log line, no reply and no request to the
language model (the fake server's log).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.cli import main
from bot.conversation.answering import ModelAnswers
from bot.conversation.language_model import LanguageModel
from bot.conversation.pipeline import Pipeline
from bot.conversation.render import split_html, to_plain
from bot.conversation.reply import Accept, Turn
from bot.mcp.tools import MemoryTools
from memory_core import Entity, Memory, ScopedMemory
from memory_core.extraction import Proposal, ProposedEntity, ProposedRelation
from memory_core.scope import Scope
from memory_core.secrets import REASON_API_KEY, REASON_IBAN, REASON_PASSWORD, describe
from tests.fake_llm import FakeLlm, Request
from tests.memory_core.test_secrets import HONEST, SECRETS, card16, iban, pw, tok
from tests.secret_traces import traces

DAY = dt.date(2025, 12, 28)
EN = Turn(lang="en", speaker="Alex")
RU = Turn(lang="ru", speaker="Алекс")
PASSWORD = pw()
API_KEY = "sk-proj-" + tok(40)
IBAN = iban("FR", 27)
CARD = card16("2")


@pytest.fixture
def pipeline() -> Pipeline:
    return Pipeline(today=lambda: DAY)


@pytest.fixture
def logged(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.DEBUG)
    return caplog


async def say(pipeline: Pipeline, scoped: ScopedMemory, text: str, turn: Turn = EN) -> str:
    return to_plain((await pipeline.handle_text(scoped, text, turn)).html)


async def nowhere(memory: Memory, secret: str) -> list[str]:
    await memory.close()
    return traces(memory.db.path, secret)


# --- chat -----------------------------------------------------------------------------------


async def test_every_secret_phrasing_is_refused_in_the_chat(
    pipeline: Pipeline, memory: Memory, logged: pytest.LogCaptureFixture
) -> None:
    """``remember <secret>`` for each row of the detector's table: refused, kind named."""
    owner = memory.scoped(Scope.owner())
    wrong = []
    for ident, text, kind in SECRETS:
        reply = await say(pipeline, owner, f"remember {text}")
        expected = f"🔒 Not saved: this looks like {describe(kind, 'en')}. Secrets are never"
        if not reply.startswith(expected):
            wrong.append(f"{ident}: {reply[:60]}")
    assert wrong == []
    assert (await owner.stats()).observations == 0
    for _, text, _ in SECRETS[:40]:
        assert text not in logged.text


async def test_every_honest_look_alike_is_saved_from_the_chat(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    """None is refused as a secret. A few are not stored for the chat's other rules: worklog
    ("fixed in <sha>", "pass rate 95%") and a second phone number on the same entry, which
    is offered as the replacement of the first."""
    replies = [await say(pipeline, owner, f"remember {text}") for _, text in HONEST]
    other_rules = ("🕒 Not saved: time spent", "🔁 This contradicts")
    assert [r for r in replies if not r.startswith(("✅", "Already", *other_rules))] == []
    assert sum(r.startswith(other_rules) for r in replies) <= len(HONEST) // 10
    assert (await owner.stats()).observations >= 60


@pytest.mark.parametrize(
    ("text", "turn", "reply"),
    [
        (
            f"remember wifi password: {PASSWORD}",
            EN,
            "🔒 Not saved: this looks like a password. Secrets are never stored.",
        ),
        (
            f"запомни ключ {API_KEY}",
            RU,
            "🔒 Не сохранил: похоже на API-ключ или токен. Секреты я не храню.",
        ),
        (
            f"remember Person:{API_KEY}: likes tea",
            EN,
            "🔒 Not saved: this looks like an API key or token. Secrets are never stored.",
        ),
        (
            f"remember IBAN {IBAN}",
            EN,
            "🔒 Not saved: this looks like an IBAN. Secrets are never stored.",
        ),
        (
            f"always do: use the card {CARD} for taxis",
            EN,
            "🔒 Not saved: this looks like a card number. Secrets are never stored.",
        ),
    ],
    ids=["password", "ru-api-key", "api-key-as-name", "iban", "card-in-rule"],
)
async def test_the_chat_names_the_kind_and_keeps_nothing(
    pipeline: Pipeline,
    memory: Memory,
    logged: pytest.LogCaptureFixture,
    *,
    text: str,
    turn: Turn,
    reply: str,
) -> None:
    answer = await say(pipeline, memory.scoped(Scope.owner()), text, turn)
    assert answer == reply
    for secret in (PASSWORD, API_KEY, IBAN, CARD):
        assert secret not in logged.text
        assert await nowhere(memory, secret) == []


@pytest.mark.parametrize(
    ("proposal", "kind"),
    [
        (
            Proposal(
                "",
                (
                    ProposedEntity(
                        "User:Alex",
                        (f"fact: wifi password: {PASSWORD} (as_of=2025-12-28, src=auto)",),
                    ),
                ),
            ),
            "a password",
        ),
        (
            Proposal(
                "",
                (
                    ProposedEntity(
                        f"Person:{API_KEY}",
                        ("role: dev (as_of=2025-12-28, src=auto)",),
                        is_new=True,
                    ),
                    ProposedEntity("Project:ESO", is_new=True),
                ),
                (ProposedRelation(f"Person:{API_KEY}", "works_on", "Project:ESO"),),
            ),
            "an API key or token",
        ),
    ],
    ids=["line", "name-and-link"],
)
async def test_a_secret_in_an_accepted_proposal_is_refused(
    pipeline: Pipeline, memory: Memory, proposal: Proposal, kind: str
) -> None:
    """A Yes pressed on a proposal that holds a secret (a stale or forged button) stores
    nothing of it: the write is one transaction."""
    owner = memory.scoped(Scope.owner())
    reply = to_plain((await pipeline.press(owner, Accept(proposal), EN)).html)
    assert reply == f"🔒 Not saved: this looks like {kind}. Secrets are never stored."
    assert (await owner.stats()).entities == 0
    assert await nowhere(memory, PASSWORD) == []
    assert await nowhere(memory, API_KEY) == []


# --- the language model's extraction --------------------------------------------------------


@pytest.fixture
async def llm() -> AsyncIterator[FakeLlm]:
    async with FakeLlm() as fake:
        yield fake


@pytest.fixture
async def model_pipeline(llm: FakeLlm) -> AsyncIterator[Pipeline]:
    async with LanguageModel(llm.base_url, "m", api_key=SecretStr("k"), timeout=2.0) as model:
        yield Pipeline(today=lambda: DAY, answerer=ModelAnswers(model))


async def test_facts_the_model_extracts_with_a_secret_are_never_offered(
    model_pipeline: Pipeline, memory: Memory, llm: FakeLlm
) -> None:
    def extract(request: Request) -> str:
        if not request.is_extraction:
            return "Noted."
        entities = [
            {"name": f"Person:{API_KEY}", "lines": ["role: dev"]},
            {"name": "User", "lines": [f"fact: bank=IBAN {IBAN}"]},
            {"name": "Person:Jane Brooks", "lines": ["role: manager"]},
        ]
        relations = [
            {"from": f"Person:{API_KEY}", "relationType": "works_on", "to": "Project:ESO"},
            {"from": "Person:Jane Brooks", "relationType": f"pays_{PASSWORD}", "to": "User"},
        ]
        return json.dumps({"entities": entities, "relations": relations})

    llm.respond = extract
    owner = memory.scoped(Scope.owner())
    reply = await model_pipeline.handle_text(owner, "Jane Brooks is my manager now", EN)
    [offer] = reply.follow_up
    assert to_plain(offer.html).splitlines() == [
        "💡 Shall I remember this?",
        "• Person:Jane Brooks (new): role: manager (as_of=2025-12-28, src=auto)",
        "• 🔗 User:Alex -[reports_to]-> Person:Jane Brooks",
    ]
    saved = await model_pipeline.press(owner, offer.buttons[0].action, EN)
    assert "Saved to Person:Jane Brooks" in to_plain(saved.html)
    await model_pipeline.handle_text(owner, "what do you know about Jane", EN)
    shown = reply.html + offer.html + saved.html
    for secret in (API_KEY, IBAN, PASSWORD):
        assert secret not in shown
        assert all(secret not in r.text for r in llm.answers())
        assert await nowhere(memory, secret) == []


async def test_the_models_answer_is_masked_and_cut_after_escaping(
    model_pipeline: Pipeline, owner: ScopedMemory, llm: FakeLlm
) -> None:
    llm.respond = lambda r: (
        '{"entities": []}' if r.is_extraction else f"Your wifi password: {PASSWORD} & more"
    )
    reply = await model_pipeline.handle_text(owner, "what is the wifi", EN)
    assert PASSWORD not in reply.html
    assert reply.html == "Your wifi password: ••• &amp; more"
    llm.respond = lambda r: '{"entities": []}' if r.is_extraction else "&" * 5000
    long = await model_pipeline.handle_text(owner, "tell me everything", EN)
    pieces = split_html(long.html)
    assert len(pieces) == 3, "cut after escaping: 5000 '&' are 25000 characters"
    assert long.html.endswith("…")
    assert "&amp" not in long.html.replace("&amp;", "")


# --- MCP ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tool", "arguments", "kind", "said"),
    [
        (
            "create_entities",
            {"entities": [{"name": API_KEY, "entityType": "t", "observations": []}]},
            REASON_API_KEY,
            "an entity name",
        ),
        (
            "create_entities",
            {"entities": [{"name": "Wifi", "entityType": f"pwd {PASSWORD}", "observations": []}]},
            REASON_PASSWORD,
            "an entity type",
        ),
        (
            "add_observations",
            {"observations": [{"entityName": "A", "contents": ["ok", f"IBAN {IBAN}"]}]},
            REASON_IBAN,
            "the observation for 'A'",
        ),
        (
            "create_relations",
            {"relations": [{"from": "A", "to": "A", "relationType": f"token {API_KEY}"}]},
            REASON_API_KEY,
            "a relation type",
        ),
        (
            "create_relations",
            {"relations": [{"from": "A", "to": API_KEY, "relationType": "knows"}]},
            REASON_API_KEY,
            "an entity name",
        ),
    ],
    ids=["name", "type", "observation", "relation-type", "relation-end"],
)
async def test_mcp_refuses_a_secret_with_a_tool_error(
    memory: Memory,
    logged: pytest.LogCaptureFixture,
    *,
    tool: str,
    arguments: dict[str, object],
    kind: str,
    said: str,
) -> None:
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("A", "t", ("one",))])
    result = await MemoryTools(owner).call(tool, arguments)
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert text == (
        f"Refused: {said} looks like a secret ({kind}). "
        "Memory never stores credentials; nothing of this call was stored."
    )
    assert (await owner.read_graph()).entities == (Entity("A", "t", ("one",)),)
    for secret in (API_KEY, PASSWORD, IBAN):
        assert secret not in logged.text
        assert await nowhere(memory, secret) == []


# --- the command line: import, index-kb, doctor, forget-secrets ------------------------------


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run ``memory-bot``; return the status and what it printed (stderr, then stdout)."""
    status = main(argv)
    out = capsys.readouterr()
    return status, out.err + out.out


def write_jsonl(path: Path, *objects: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(o) + "\n" for o in objects), encoding="utf-8")
    return path


IMPORT: tuple[dict[str, object], ...] = (
    {"type": "entity", "name": "Person:Ann", "entityType": "Person", "observations": ["tea"]},
    {"type": "entity", "name": "Vault", "entityType": "t", "observations": [f"pwd {PASSWORD}"]},
    {"type": "entity", "name": API_KEY, "entityType": "t", "observations": []},
    {"type": "relation", "from": "Person:Ann", "to": "Vault", "relationType": f"IBAN {IBAN}"},
)


def test_import_refuses_the_file_then_skips_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    db, file = tmp_path / "m.db", write_jsonl(tmp_path / "in.jsonl", *IMPORT)
    status, said = run_cli(["import", str(file), "--db", str(db)], capsys)
    assert status == 1
    assert said.splitlines() == [
        "memory-bot: refused: secrets are never stored; nothing was imported: 3 lines",
        "  line 2: password",
        "  line 3: API key",
        "  line 4: IBAN",
        "memory-bot: --skip-secrets imports the rest",
    ]
    assert traces(db, "Person:Ann") == []
    status, said = run_cli(["import", str(file), "--skip-secrets", "--db", str(db)], capsys)
    assert status == 0
    assert said.splitlines()[1:] == [
        "memory-bot: left out because they hold secrets: 3 lines",
        "  line 2: password",
        "  line 3: API key",
        "  line 4: IBAN",
    ]
    assert traces(db, "Person:Ann")
    for secret in (PASSWORD, API_KEY, IBAN):
        assert secret not in said + caplog.text
        assert traces(db, secret) == []


def test_index_kb_counts_what_it_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "kb" / "notes"
    notes.mkdir(parents=True)
    (notes / "wifi.md").write_text(f"# Wifi password: {PASSWORD}\n", encoding="utf-8")
    (notes / "sync.md").write_text(f"# Sync\n\n**Participants**: Ann, {API_KEY}\n", "utf-8")
    db = tmp_path / "m.db"
    status, said = run_cli(["index-kb", str(tmp_path / "kb"), "--db", str(db)], capsys)
    assert status == 0
    assert said.splitlines()[-1] == (
        "kb index: 2 added, 0 updated, 0 removed, 0 unchanged, 0 skipped, "
        "2 secrets left out, 2 warnings"
    )
    for secret in (PASSWORD, API_KEY):
        assert secret not in said
        assert traces(db, secret) == []


def old_database(db: Path) -> None:
    """A file holding secrets, as a version before the guard could have left it."""

    async def write() -> None:
        async with Memory(db) as memory:
            await memory.scoped(Scope.owner()).create_entities([Entity("Person:Ann", "Person")])
            async with memory.db.write() as conn:
                await conn.execute(
                    "INSERT INTO observation (scope, entity_id, position, text, created_at,"
                    " updated_at) VALUES ('owner', 1, 0, ?, 0, 0)",
                    (f"wifi password: {PASSWORD}",),
                )

    asyncio.run(write())


def test_doctor_reports_and_forget_secrets_removes_after_asking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "m.db"
    old_database(db)
    monkeypatch.setenv("OWNER_USER_ID", "42")
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    _, said = run_cli(["doctor", "--db", str(db)], capsys)
    [line] = [ln for ln in said.splitlines() if "stored secrets" in ln]
    assert line == (
        "WARN  stored secrets: 1 stored text the secret guard refuses: owner Person:Ann (1);"
        " `memory-bot forget-secrets` removes them"
    )
    monkeypatch.setattr("sys.stdin", _Lines("n\n"))
    status, said = run_cli(["forget-secrets", "--db", str(db)], capsys)
    assert status == 1
    assert said.splitlines()[-1] == "Remove them? [y/N] nothing was removed"
    assert traces(db, PASSWORD)
    status, said = run_cli(["forget-secrets", "--yes", "--db", str(db)], capsys)
    assert status == 0
    assert "  owner: Person:Ann: observation (password)" in said.splitlines()
    assert said.splitlines()[-1] == "removed 1 stored texts that held secrets"
    assert PASSWORD not in said
    assert traces(db, PASSWORD) == []
    _, said = run_cli(["doctor", "--db", str(db)], capsys)
    assert "OK    stored secrets: none" in said.splitlines()


class _Lines:
    """A stdin that answers ``readline`` from a string."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines(keepends=True)

    def readline(self) -> str:
        return self.lines.pop(0) if self.lines else ""
