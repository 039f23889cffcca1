"""References to the last turns: "запомни это", "а его телефон?", "больше так не делай"."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.conversation.pipeline import Pipeline
from bot.conversation.render import to_plain
from bot.conversation.reply import Accept, Decline, Reply, Turn, Undo
from memory_core import Entity, Memory, Relation, ScopedMemory
from memory_core.scope import Scope
from memory_core.working_memory import WINDOW_SECONDS, recent_turns
from tests.conftest import ManualClock

DAY = dt.date(2026, 1, 5)
EN = Turn(lang="en", speaker="Alex")
RU = Turn(lang="ru", speaker="Алекс")
START = 1_767_600_000.0
PHONE = "fact: телефон +381 64 123 4567 (as_of=2026-01-05, src=user)"


@pytest.fixture
def start() -> float:
    return START


@pytest.fixture
async def chat(store: Memory) -> ScopedMemory:
    owner = store.scoped(Scope.owner())
    await owner.create_entities(
        [
            Entity("User:Alex", "User"),
            Entity("Project:ESO", "Project", ("status: at risk (as_of=2026-01-01, src=user)",)),
            Entity("Person:Иван Петров", "Person", ("role: тимлид ESO (as_of=2026-01-01)", PHONE)),
            Entity(
                "Person:Jane Brooks", "Person", ("contact: phone=+1 555 0100 (as_of=2026-01-01)",)
            ),
        ]
    )
    await owner.create_relations([Relation("User:Alex", "Person:Иван Петров", "reports_to")])
    return owner


@pytest.fixture
def pipeline() -> Pipeline:
    return Pipeline(today=lambda: DAY)


async def say(pipeline: Pipeline, scoped: ScopedMemory, text: str, turn: Turn = RU) -> Reply:
    return await pipeline.handle_text(scoped, text, turn)


def plain(reply: Reply) -> str:
    return to_plain(reply.html)


async def test_a_pronoun_means_the_person_just_talked_about(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    await say(pipeline, chat, "кто мой тимлид?")
    reply = await say(pipeline, chat, "а его телефон?")
    assert plain(reply).startswith("🔎 Запрос: Иван Петров телефон")
    assert "телефон +381 64 123 4567" in plain(reply)
    await say(pipeline, chat, "what does Jane Brooks do?", EN)
    reply = await say(pipeline, chat, "and her phone?", EN)
    assert "Jane Brooks" in plain(reply).splitlines()[0]
    assert "+1 555 0100" in plain(reply)


async def test_her_is_the_woman_talked_about_not_the_man_after_her(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    """The newest person named is a man: "её", "her" pass over him (the name tells)."""
    await chat.create_entities(
        [Entity("Person:Анна Смирнова", "Person", ("fact: телефон +7 900 111 2233",))]
    )
    await say(pipeline, chat, "что с Анной Смирновой?")
    await say(pipeline, chat, "кто мой тимлид?")  # Иван Петров
    reply = await say(pipeline, chat, "а её телефон?")
    assert plain(reply).startswith("🔎 Запрос: Анна Смирнова телефон")
    assert "+7 900 111 2233" in plain(reply)
    reply = await say(pipeline, chat, "а его телефон?")  # and "его" is still the man
    assert plain(reply).startswith("🔎 Запрос: Иван Петров телефон")
    await say(pipeline, chat, "what does Jane Brooks do?", EN)
    await say(pipeline, chat, "who is my team lead?", EN)
    reply = await say(pipeline, chat, "and her phone?", EN)
    assert "Jane Brooks" in plain(reply).splitlines()[0]
    assert "+1 555 0100" in plain(reply)


async def test_a_pronoun_of_either_gender_still_means_someone_when_names_do_not_tell(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    await chat.create_entities(
        [Entity("Person:Саша", "Person", ("fact: телефон +7 900 555 0000",))]
    )
    await say(pipeline, chat, "что с Сашей?")
    reply = await say(pipeline, chat, "а её телефон?")
    assert plain(reply).startswith("🔎 Запрос: Саша телефон")
    await say(pipeline, chat, "кто мой тимлид?")  # only a man talked about since
    reply = await say(pipeline, chat, "а её телефон?")
    assert plain(reply).startswith("🔎 Запрос: Саша телефон")


async def test_a_short_follow_up_question_gets_its_subject(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    await say(pipeline, chat, "что с ESO?")
    reply = await say(pipeline, chat, "а статус?")
    assert plain(reply).startswith("🔎 Запрос: ESO статус")
    assert "status: at risk" in plain(reply)


async def test_without_a_conversation_a_pronoun_stays_as_written(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    reply = await say(pipeline, chat, "а его телефон?")
    assert "Иван" not in plain(reply).splitlines()[0]


async def test_remember_this_means_the_previous_statement(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    await say(pipeline, chat, "Jane Brooks is the product owner of ESO", EN)
    reply = await say(pipeline, chat, "remember this", EN)
    assert "Person:Jane Brooks -[owns]-> Project:ESO" in plain(reply)
    graph = await chat.open_nodes(["Person:Jane Brooks"])
    assert Relation("Person:Jane Brooks", "Project:ESO", "owns") in graph.relations
    lines = graph.entities[0].observations
    assert "role: product owner Project:ESO (as_of=2026-01-05, src=user)" in lines


async def test_remember_this_with_nothing_to_point_at(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    before = await chat.read_graph()
    reply = await say(pipeline, chat, "запомни это")
    assert plain(reply).startswith("Не понимаю, к чему относится «это»")
    await say(pipeline, chat, "кто мой тимлид?")  # a question is nothing to remember
    reply = await say(pipeline, chat, "запомни это")
    assert plain(reply).startswith("Не понимаю")
    assert await chat.read_graph() == before


async def test_remember_his_phone(pipeline: Pipeline, chat: ScopedMemory) -> None:
    await say(pipeline, chat, "что делает Jane Brooks?")
    await say(pipeline, chat, "запомни её день рождения 3 марта")
    lines = (await chat.open_nodes(["Person:Jane Brooks"])).entities[0].observations
    assert "fact: день рождения 3 марта (as_of=2026-01-05, src=user)" in lines


async def test_never_do_that_is_a_rule_about_the_previous_reply(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    """Shown first with Yes / No; stored only on Yes, as the owner's rule."""
    await say(pipeline, chat, "что с ESO?")
    offer = await say(pipeline, chat, "больше так не делай")
    lines = plain(offer).splitlines()
    assert lines[0] == "💡 Запомнить это правило?"
    assert lines[1].startswith("• User:Alex: rule: never отвечать так на «что с ESO?»: «🔎 Запрос")
    assert (await chat.open_nodes(["User:Alex"])).entities[0].observations == ()
    yes, no = offer.buttons
    assert isinstance(no.action, Decline)
    assert isinstance(yes.action, Accept)
    await pipeline.press(chat, yes.action, RU)
    [rule] = (await chat.open_nodes(["User:Alex"])).entities[0].observations
    assert rule.startswith("rule: never отвечать так на «что с ESO?»")
    assert rule.endswith("src=user)")


@pytest.mark.parametrize(
    ("text", "turn", "head"),
    [
        ("не делай так больше", RU, "💡 Запомнить это правило?"),
        ("don't do that again", EN, "💡 Shall I keep this rule?"),
        ("keep doing this", EN, "💡 Shall I keep this rule?"),
    ],
)
async def test_other_words_for_a_rule_about_the_previous_reply(
    pipeline: Pipeline, chat: ScopedMemory, text: str, turn: Turn, head: str
) -> None:
    await say(pipeline, chat, "what about ESO?", EN)
    offer = await say(pipeline, chat, text, turn)
    first, rule = plain(offer).splitlines()
    assert first == head
    polarity = "always" if text.startswith("keep") else "never"
    assert rule.startswith(f"• User:Alex: rule: {polarity} ")
    assert "«what about ESO?»" in rule


async def test_never_do_that_without_a_previous_reply(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    reply = await say(pipeline, chat, "never do that", EN)
    assert plain(reply).startswith("I don't know what «this» refers to")
    assert reply.buttons == ()


async def test_forget_this_takes_back_what_the_last_message_stored(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    before = await chat.read_graph()
    await say(pipeline, chat, "запомни мой ментор — Ольга Смирнова")
    assert await chat.read_graph() != before
    reply = await say(pipeline, chat, "забудь это")
    assert plain(reply).startswith("🗑 Забыл:")
    assert await chat.read_graph() == before
    [undo] = reply.buttons
    assert isinstance(undo.action, Undo)


async def test_forget_this_after_yes(pipeline: Pipeline, chat: ScopedMemory) -> None:
    before = await chat.read_graph()
    [offer] = (await say(pipeline, chat, "Jane Brooks works on ESO", EN)).follow_up
    await pipeline.press(chat, offer.buttons[0].action, EN)
    assert await chat.read_graph() != before
    await say(pipeline, chat, "forget that", EN)
    assert await chat.read_graph() == before


async def test_forget_this_drops_a_turn_that_stored_nothing(
    pipeline: Pipeline, chat: ScopedMemory
) -> None:
    await say(pipeline, chat, "что с ESO?")
    reply = await say(pipeline, chat, "забудь это")
    assert plain(reply).startswith("🗑 Забыл наш последний обмен")
    assert [t.message for t in await recent_turns(chat)] == ["забудь это"]


async def test_references_expire_after_24_hours(
    pipeline: Pipeline, chat: ScopedMemory, clock: ManualClock
) -> None:
    await say(pipeline, chat, "Jane Brooks works on ESO", EN)
    clock.now += WINDOW_SECONDS + 60
    reply = await say(pipeline, chat, "remember this", EN)
    assert plain(reply).startswith("I don't know what «this» refers to")
    await say(pipeline, chat, "кто мой тимлид?")
    clock.now += WINDOW_SECONDS - 60
    reply = await say(pipeline, chat, "а его телефон?")
    assert plain(reply).startswith("🔎 Запрос: Иван Петров телефон")


@pytest.mark.parametrize(
    "text",
    [
        "мой пароль от почты hunter2xyz",
        "remember Xaghwfz9* is my password",
        "please remember that Qv7#mLp2x is my password",
        "запомни: Zk4!rTw9q — мой пароль",
    ],
)
async def test_a_message_with_a_secret_is_never_kept(
    pipeline: Pipeline, chat: ScopedMemory, text: str
) -> None:
    """Also when the secret follows a command: the value before its label starts a clause."""
    await say(pipeline, chat, text)
    assert await recent_turns(chat) == []
    await say(pipeline, chat, "Jane Brooks is the product owner of ESO", EN)
    assert len(await recent_turns(chat)) == 1


async def test_each_chat_has_its_own_working_memory(pipeline: Pipeline, store: Memory) -> None:
    owner = store.scoped(Scope.owner())
    group = store.scoped(Scope.parse("chat:-100"))
    await owner.create_entities([Entity("Person:Jane Brooks", "Person")])
    await say(pipeline, owner, "Jane Brooks is the product owner of ESO", EN)
    group_turn = Turn(lang="en", speaker="Bob", sole_user=False)
    reply = await say(pipeline, group, "remember this", group_turn)
    assert plain(reply).startswith("I don't know what «this» refers to")
    assert (await group.stats()).entities == 0


async def test_turns_are_not_memory(pipeline: Pipeline, chat: ScopedMemory) -> None:
    before = await chat.stats()
    await say(pipeline, chat, "погода сегодня отличная")
    await say(pipeline, chat, "кто мой тимлид?")
    after = await chat.stats()
    assert (after.entities, after.observations, after.relations) == (
        before.entities,
        before.observations,
        before.relations,
    )
    assert "погода" not in plain(await say(pipeline, chat, "/memory"))
