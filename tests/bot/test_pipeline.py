"""The shared message pipeline on a real SQLite file: what each phrase stores and answers."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from bot.conversation.commands import COMMANDS
from bot.conversation.pipeline import MAX_FACT_CHARS, Pipeline
from bot.conversation.render import to_plain
from bot.conversation.reply import Cancel, ForgetChoice, Reply, Turn, Undo
from memory_core import Entity, Memory, Relation, ScopedMemory
from memory_core.scope import Scope

DAY = dt.date(2025, 12, 28)
EN = Turn(lang="en", speaker="Alex")
RU = Turn(lang="ru", speaker="Алекс")


@pytest.fixture
def pipeline() -> Pipeline:
    return Pipeline(today=lambda: DAY)


async def say(pipeline: Pipeline, scoped: ScopedMemory, text: str, turn: Turn = EN) -> Reply:
    return await pipeline.handle_text(scoped, text, turn)


async def lines_of(scoped: ScopedMemory, name: str) -> list[str]:
    graph = await scoped.open_nodes([name])
    return list(graph.entities[0].observations) if graph.entities else []


async def test_key_value_is_a_preference_of_the_speaker(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    """`remember key=value` stores `pref: key=value` on User:<first name>, dated, src=user."""
    reply = await say(pipeline, owner, "remember answer_format=1_screen")
    line = "pref: answer_format=1_screen (as_of=2025-12-28, src=user)"
    assert await lines_of(owner, "User:Alex") == [line]
    assert to_plain(reply.html).splitlines() == [
        "✅ Saved to User:Alex (a new entry):",
        f"• {line}",
    ]


async def test_russian_reply_for_a_russian_speaker(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    reply = await say(pipeline, owner, "запомни answer_format=1_screen", RU)
    assert to_plain(reply.html).startswith("✅ Запомнил в User:Алекс")


async def test_an_existing_user_entity_is_the_owner(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    """In a private scope the one User: entity is the speaker, whatever their first name."""
    await owner.create_entities([Entity("User:Alexander", "User")])
    await say(pipeline, owner, "remember tz=Europe/Moscow")
    assert await lines_of(owner, "User:Alexander") == [
        "pref: tz=Europe/Moscow (as_of=2025-12-28, src=user)"
    ]
    group_turn = Turn(lang="en", speaker="Bob", sole_user=False)
    await say(pipeline, owner, "remember tz=UTC", group_turn)
    assert await lines_of(owner, "User:Bob") == ["pref: tz=UTC (as_of=2025-12-28, src=user)"]


async def test_changed_fact_replaces_and_reports_the_old_line(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    """The same key on the same entity replaces the old line, and the reply says so."""
    first = await say(pipeline, owner, "запомни Person:Иван Петров: role=тимлид ESO", RU)
    assert "новая запись" in to_plain(first.html)
    reply = await say(pipeline, owner, "запомни Person:Иван Петров: role=архитектор", RU)
    assert await lines_of(owner, "Person:Иван Петров") == [
        "fact: role=архитектор (as_of=2025-12-28, src=user)"
    ]
    assert to_plain(reply.html).splitlines() == [
        "✅ Запомнил в Person:Иван Петров:",
        "• fact: role=архитектор (as_of=2025-12-28, src=user)",
        "Заменил:",
        "• fact: role=тимлид ESO (as_of=2025-12-28, src=user)",
    ]


async def test_a_typo_in_the_name_finds_the_existing_entity(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities([Entity("Project:ESO", "Project")])
    await say(pipeline, owner, "remember project:eso: status=at_risk")
    assert await owner.entity_names() == ["Project:ESO"]


async def test_free_text_goes_to_the_entity_it_names_else_the_user(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities([Entity("Person:Иван Петров", "Person")])
    await say(pipeline, owner, "не забудь: Ивану Петрову нравится кофе", RU)
    await say(pipeline, owner, "не забудь: стендап в 10:00", RU)
    assert await lines_of(owner, "Person:Иван Петров") == [
        "fact: нравится кофе (as_of=2025-12-28, src=user)"  # the name is the entry's
    ]
    assert await lines_of(owner, "User:Алекс") == [
        "fact: стендап в 10:00 (as_of=2025-12-28, src=user)"
    ]


async def test_name_colon_targets_an_existing_entity_by_display_name(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities([Entity("Person:Иван Петров", "Person")])
    await say(pipeline, owner, "запомни Иван Петров: role=архитектор", RU)
    await say(pipeline, owner, "запомни Встреча: в пятницу", RU)
    assert await lines_of(owner, "Person:Иван Петров") == [
        "fact: role=архитектор (as_of=2025-12-28, src=user)"
    ]
    assert await lines_of(owner, "User:Алекс") == [
        "fact: Встреча: в пятницу (as_of=2025-12-28, src=user)"
    ]


async def test_rules_always_and_never(pipeline: Pipeline, owner: ScopedMemory) -> None:
    await say(pipeline, owner, "всегда делай так: отвечай на одном экране", RU)
    await say(pipeline, owner, "never do: emoji")
    assert await lines_of(owner, "User:Алекс") == [
        "rule: всегда отвечай на одном экране (as_of=2025-12-28, src=user)",
        "rule: never emoji (as_of=2025-12-28, src=user)",
    ]


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("remember wifi password: Tr0ub4dor&3", "password"),
        ("remember Project:Bot: token=123456789:AAEhBP0av28Rjr9d3-BSZV9SvUYYNj71BBM", "token"),
        ("remember card=4111 1111 1111 1111", "card number"),
    ],
)
async def test_secrets_are_refused_by_category_without_echo(
    pipeline: Pipeline, owner: ScopedMemory, text: str, category: str
) -> None:
    """A secret is not stored, and the refusal names the category, never the value."""
    reply = await say(pipeline, owner, text)
    secret = text.split("=", 1)[-1].split(": ", 1)[-1]
    assert secret not in reply.html
    assert category in to_plain(reply.html)
    assert (await owner.stats()).observations == 0


async def test_long_notes_and_transcripts_are_refused_with_a_reason(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    long_reply = await say(pipeline, owner, "remember " + "x" * (MAX_FACT_CHARS + 1))
    assert f"at most {MAX_FACT_CHARS} characters" in to_plain(long_reply.html)
    transcript = "remember [10:01] Ivan: hi\n[10:02] Petr: hello\n[10:03] Ivan: ok"
    reply = await say(pipeline, owner, transcript)
    assert "chat transcript" in to_plain(reply.html)
    assert (await owner.stats()).observations == 0


async def test_the_same_update_stores_once_and_answers_the_same(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    """A redelivered update (same key) writes nothing new and gets the same reply."""
    turn = Turn(lang="en", speaker="Alex", update_key="tg:1:42:7")
    first = await say(pipeline, owner, "remember Person:Ann: role=dev", turn)
    await say(pipeline, owner, "remember Person:Ann: role=lead")
    again = await say(pipeline, owner, "remember Person:Ann: role=dev", turn)
    assert again.html == first.html
    assert await lines_of(owner, "Person:Ann") == ["fact: role=lead (as_of=2025-12-28, src=user)"]


async def test_forget_one_match_then_undo_restores_it_in_place(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await say(pipeline, owner, "remember answer_format=1_screen")
    await say(pipeline, owner, "remember lang=ru")
    before = await lines_of(owner, "User:Alex")
    reply = await say(pipeline, owner, "forget answer_format")
    assert to_plain(reply.html).splitlines() == [
        "🗑 Forgot:",
        "• User:Alex: pref: answer_format=1_screen (as_of=2025-12-28, src=user)",
    ]
    assert await lines_of(owner, "User:Alex") == before[1:]
    [undo] = reply.buttons
    assert isinstance(undo.action, Undo)
    restored = await pipeline.press(owner, undo.action, EN)
    assert to_plain(restored.html).startswith("↩️ Restored:")
    assert await lines_of(owner, "User:Alex") == before


async def test_forget_nothing_matches(pipeline: Pipeline, owner: ScopedMemory) -> None:
    await say(pipeline, owner, "remember a=b")
    reply = await say(pipeline, owner, "забудь пагинацию", RU)
    assert to_plain(reply.html) == "Ничего не нашлось по «пагинацию»; ничего не удалено."
    assert not reply.buttons
    assert (await owner.stats()).observations == 1


async def test_forget_several_asks_with_buttons(pipeline: Pipeline, owner: ScopedMemory) -> None:
    """Several matches: one button each, plus all and cancel; each removes exactly its own."""
    for name in ("Ann", "Bob", "Eve"):
        await say(pipeline, owner, f"remember Person:{name}: role=dev")
    reply = await say(pipeline, owner, "forget role")
    labels = [b.label for b in reply.buttons]
    assert labels[-2:] == ["All shown", "Cancel"]
    assert len(labels) == 5
    assert (await owner.stats()).observations == 3, "asking removes nothing"

    cancel = reply.buttons[-1].action
    assert isinstance(cancel, Cancel)
    assert "nothing was removed" in to_plain((await pipeline.press(owner, cancel, EN)).html)

    second = reply.buttons[1].action
    assert isinstance(second, ForgetChoice)
    await pipeline.press(owner, second, EN)
    assert await lines_of(owner, "Person:Bob") == []
    assert await lines_of(owner, "Person:Ann") != []

    everything = reply.buttons[-2].action
    assert isinstance(everything, ForgetChoice)
    done = await pipeline.press(owner, everything, EN)
    assert (await owner.stats()).observations == 0
    assert to_plain(done.html).count("role=dev") == 2, "Bob's line was already gone"


async def test_forget_a_whole_entity_and_undo_brings_back_its_links(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities(
        [
            Entity("Person:Иван Петров", "Person", ("fact: role=тимлид", "fact: likes=кофе")),
            Entity("Project:ESO", "Project"),
        ]
    )
    await owner.create_relations([Relation("Person:Иван Петров", "Project:ESO", "works_on")])
    reply = await say(pipeline, owner, "забудь Person:Иван Петров", RU)
    text = to_plain(reply.html)
    assert "вся запись Person:Иван Петров" in text
    assert "Person:Иван Петров -[works_on]-> Project:ESO" in text
    assert await owner.entity_names() == ["Project:ESO"]
    undo = reply.buttons[0].action
    await pipeline.press(owner, undo, RU)
    graph = await owner.open_nodes(["Person:Иван Петров"])
    assert graph.entities[0].observations == ("fact: role=тимлид", "fact: likes=кофе")
    assert graph.relations == (Relation("Person:Иван Петров", "Project:ESO", "works_on"),)


async def test_a_name_without_its_prefix_is_asked_about(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    """'forget Иван Петров' never deletes the entity outright: it asks first."""
    await owner.create_entities([Entity("Person:Иван Петров", "Person")])
    reply = await say(pipeline, owner, "забудь Иван Петров", RU)
    assert reply.buttons, "asks with buttons"
    assert await owner.entity_names() == ["Person:Иван Петров"]


async def test_forget_a_relation(pipeline: Pipeline, owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("Person:Ann", "Person"), Entity("Project:ESO", "Project")])
    await owner.create_relations([Relation("Person:Ann", "Project:ESO", "works_on")])
    reply = await say(pipeline, owner, "forget Person:Ann -[works_on]-> Project:ESO")
    assert "Person:Ann -[works_on]-> Project:ESO" in to_plain(reply.html)
    assert (await owner.read_graph()).relations == ()


async def test_recall_shows_query_and_grouped_lines(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities(
        [
            Entity("Project:ESO", "Project", ("decision: pagination=cursor",)),
            Entity("Person:Ann", "Person", ("fact: role=dev",)),
        ]
    )
    reply = await say(pipeline, owner, "what did we decide about ESO pagination?")
    text = to_plain(reply.html).splitlines()
    assert text[0].startswith("🔎 Query: ")
    assert "ESO" in text[0]
    assert text[1:] == ["Project:ESO", "• decision: pagination=cursor"]


async def test_recall_says_plainly_when_nothing_is_remembered(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities([Entity("Project:ESO", "Project", ("fact: a=b",))])
    reply = await say(pipeline, owner, "что с бюджетом маркетинга?", RU)
    assert to_plain(reply.html).splitlines()[-1].startswith("Про «")
    assert "ничего не помню" in to_plain(reply.html)


async def test_recall_without_content_words_shows_recent(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    assert "Nothing is remembered yet" in to_plain((await say(pipeline, owner, "/recall")).html)
    await say(pipeline, owner, "remember a=b")
    reply = await say(pipeline, owner, "/recall")
    assert to_plain(reply.html).splitlines()[:2] == ["🕘 Recent memories:", "User:Alex"]


async def test_recall_never_echoes_a_secret(pipeline: Pipeline, owner: ScopedMemory) -> None:
    reply = await say(pipeline, owner, "my password is Tr0ub4dor&3 right?")
    assert "Tr0ub4dor" not in reply.html
    assert "password" in to_plain(reply.html)


async def test_memory_command_counts_and_ten_recent(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    for n in range(12):
        await say(pipeline, owner, f"remember k{n}=v{n}")
    text = to_plain((await say(pipeline, owner, "/memory")).html).splitlines()
    assert text[0] == "🧠 Memory: 1 entry, 12 facts, 0 links."
    assert len([t for t in text if t.startswith("• ")]) == 10
    assert "k11=v11" in text[3], "newest first"


async def test_export_is_a_jsonl_document(pipeline: Pipeline, memory: Memory) -> None:
    scoped = memory.scoped(Scope.parse("chat:-100123"))
    assert (await say(pipeline, scoped, "/export")).document is None
    await say(pipeline, scoped, "remember Person:Ann: role=dev")
    reply = await say(pipeline, scoped, "/export")
    assert reply.document is not None
    assert reply.document.filename == "memory-chat_-100123.jsonl"
    rows = [json.loads(line) for line in reply.document.content.decode().splitlines()]
    assert rows == [
        {
            "type": "entity",
            "name": "Person:Ann",
            "entityType": "Person",
            "observations": ["fact: role=dev (as_of=2025-12-28, src=user)"],
        }
    ]


async def test_help_lists_every_command_in_both_languages(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    for turn in (EN, RU):
        text = to_plain((await say(pipeline, owner, "/help", turn)).html)
        for spec in COMMANDS:
            assert f"/{spec.name}" in text
            assert spec.about(turn.lang) in text


async def test_scopes_do_not_see_each_other(pipeline: Pipeline, memory: Memory) -> None:
    owner, group = memory.scoped(Scope.owner()), memory.scoped(Scope.parse("chat:-1001"))
    await say(pipeline, owner, "remember Project:Secret: codename=falcon")
    reply = await say(pipeline, group, "what is the codename of Project Secret?")
    assert "falcon" not in reply.html
    assert (await say(pipeline, group, "forget codename")).buttons == ()
    assert (await owner.stats()).observations == 1


async def test_recall_shows_links_of_the_entries_it_found(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities(
        [
            Entity("Person:Ann", "Person", ("fact: role=tech lead",)),
            Entity("Project:ESO", "Project", ("fact: status=green",)),
        ]
    )
    await owner.create_relations([Relation("Person:Ann", "Project:ESO", "works_on")])
    reply = await say(pipeline, owner, "what is the status of ESO?")
    assert "↔ Person:Ann -[works_on]-> Project:ESO" in to_plain(reply.html)


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("запомни, что Иван любит чай", "fact: любит чай"),  # the name is the entry's
        ("remember Ivan Petrov: likes tea", "fact: likes tea"),
        ("remember Petrov likes green tea", "fact: likes green tea"),  # a surname alone too
        ("запомни: Ивану Петрову нравится кофе", "fact: нравится кофе"),
    ],
)
async def test_facts_about_a_person_go_to_that_person(
    pipeline: Pipeline, owner: ScopedMemory, text: str, stored: str
) -> None:
    """A remember naming an existing person (any script, case, or first name alone) lands on
    them, not on the user."""
    await owner.create_entities([Entity("Person:Иван Петров", "Person")])
    await say(pipeline, owner, text)
    assert [line.split(" (")[0] for line in await lines_of(owner, "Person:Иван Петров")] == [
        stored
    ]
    assert await lines_of(owner, "User:Alex") == []


async def test_a_text_naming_several_entries_asks_which(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    await owner.create_entities(
        [Entity("Person:Иван Петров", "Person"), Entity("Person:Иван Сидоров", "Person")]
    )
    reply = await say(pipeline, owner, "запомни, что Иван любит чай")
    labels = [b.label for b in reply.buttons]
    assert set(labels[:2]) == {"Person:Иван Петров", "Person:Иван Сидоров"}
    assert isinstance(reply.buttons[-1].action, Cancel)
    assert await lines_of(owner, "Person:Иван Петров") == []  # nothing stored before a choice
    chosen = next(b for b in reply.buttons if b.label == "Person:Иван Сидоров")
    done = await pipeline.press(owner, chosen.action, EN)
    assert "Person:Иван Сидоров" in to_plain(done.html)
    assert [ln.split(" (")[0] for ln in await lines_of(owner, "Person:Иван Сидоров")] == [
        "fact: Иван любит чай"
    ]
    assert await lines_of(owner, "Person:Иван Петров") == []


async def test_forget_asks_about_one_match_as_one(pipeline: Pipeline, owner: ScopedMemory) -> None:
    """A single match that needs a confirmation is not called "several"."""
    await say(pipeline, owner, "remember Person:Ivan Petrov: role=dev")
    reply = await say(pipeline, owner, "forget Ivan Petrov")
    assert reply.html.startswith("One memory matches «Ivan Petrov». Forget it?")
    assert "Several" not in reply.html
    assert [b.label for b in reply.buttons][-1] == "Cancel"
    assert len(reply.buttons) == 2, "the match and Cancel; no 'All shown' for one"


async def test_a_bad_line_naming_several_entries_is_refused_clearly(
    pipeline: Pipeline, owner: ScopedMemory
) -> None:
    """A character no line may hold is a short error, not a failed update, even when the
    text names several entries (no "which one?" is offered for a line that cannot be)."""
    await owner.create_entities(
        [Entity("Person:Иван Петров", "Person"), Entity("Person:Иван Сидоров", "Person")]
    )
    reply = await say(pipeline, owner, "запомни, что Иван любит чай\x00")
    assert reply.buttons == ()
    assert "line breaks" in to_plain(reply.html)
    assert await lines_of(owner, "Person:Иван Петров") == []
    assert await lines_of(owner, "Person:Иван Сидоров") == []
