"""Statements in chat: offered and written as entries, lines and links; worklog; contradictions."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.conversation.pipeline import Pipeline
from bot.conversation.render import to_plain
from bot.conversation.reply import Accept, Decline, Reply, Turn
from memory_core import Entity, Relation, ScopedMemory
from memory_core.lifecycle import AUTO_CONFIDENCE

DAY = dt.date(2026, 1, 5)
EN = Turn(lang="en", speaker="Alex")
RU = Turn(lang="ru", speaker="Алекс")


@pytest.fixture
def pipeline() -> Pipeline:
    return Pipeline(today=lambda: DAY)


@pytest.fixture
async def team(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Alex", "User", ("fact: живу в Белграде (as_of=2025-06-10, src=user)",)),
            Entity("Project:ESO", "Project"),
            Entity(
                "Person:Jane Brooks", "Person", ("role: designer (as_of=2025-01-01, src=user)",)
            ),
        ]
    )
    return owner


async def say(pipeline: Pipeline, scoped: ScopedMemory, text: str, turn: Turn = EN) -> Reply:
    return await pipeline.handle_text(scoped, text, turn)


def plain(reply: Reply) -> list[str]:
    return to_plain(reply.html).splitlines()


@pytest.mark.parametrize(
    ("text", "lines", "links"),
    [
        (
            "мой тимлид — Иван Петров",
            ["• Person:Иван Петров (новая запись): role: тимлид (as_of=2026-01-05, src=auto)"],
            ["• 🔗 User:Alex -[reports_to]-> Person:Иван Петров"],
        ),
        (
            "Джейн Брукс is the product owner of ESO",  # resolved across scripts
            ["• Person:Jane Brooks: role: product owner Project:ESO (as_of=2026-01-05, src=auto)"],
            ["• 🔗 Person:Jane Brooks -[owns]-> Project:ESO"],
        ),
        (
            "we decided to use cursor pagination for ESO",
            [
                "• Decision:eso-use-cursor-pagination (new): decision: use cursor pagination "
                "for ESO (as_of=2026-01-05, src=auto)"
            ],
            ["• 🔗 Decision:eso-use-cursor-pagination -[decided_in]-> Project:ESO"],
        ),
    ],
)
async def test_a_statement_is_offered_as_exactly_what_yes_writes(
    pipeline: Pipeline, team: ScopedMemory, text: str, lines: list[str], links: list[str]
) -> None:
    turn = RU if "новая" in lines[0] else EN
    reply = await say(pipeline, team, text, turn)
    [offer] = reply.follow_up
    assert plain(offer)[1:] == lines + links
    yes, no = offer.buttons
    assert isinstance(yes.action, Accept)
    assert isinstance(no.action, Decline)
    before = await team.read_graph()
    await pipeline.press(team, yes.action, turn)
    after = await team.read_graph()
    new_links = set(after.relations) - set(before.relations)
    assert {f"• 🔗 {r.from_} -[{r.relation_type}]-> {r.to}" for r in new_links} == set(links)
    new_lines = {line for e in after.entities for line in e.observations} - {
        line for e in before.entities for line in e.observations
    }
    assert {line.split(": ", 1)[1] for line in lines} == new_lines


async def test_no_writes_nothing(pipeline: Pipeline, team: ScopedMemory) -> None:
    before = await team.read_graph()
    [offer] = (await say(pipeline, team, "my daughter Sonya goes to school 57")).follow_up
    _, no = offer.buttons
    assert plain(await pipeline.press(team, no.action, EN)) == ["OK, not remembered."]
    assert await team.read_graph() == before


async def test_what_is_stored_is_not_offered_again(pipeline: Pipeline, team: ScopedMemory) -> None:
    """The same line (another day) and an existing link are left out of the next offer."""
    [offer] = (await say(pipeline, team, "Jane Brooks works on ESO")).follow_up
    await pipeline.press(team, offer.buttons[0].action, EN)
    again = await say(pipeline, team, "Jane Brooks works on ESO")
    assert again.follow_up == ()


async def test_yes_stores_guesses(pipeline: Pipeline, team: ScopedMemory) -> None:
    [offer] = (await say(pipeline, team, "мой тимлид — Иван Петров", RU)).follow_up
    saved = await pipeline.press(team, offer.buttons[0].action, RU)
    assert plain(saved) == [
        "✅ Запомнил в Person:Иван Петров (новая запись):",
        "• role: тимлид (as_of=2026-01-05, src=auto)",
        "🔗 Связал:",
        "• User:Alex -[reports_to]-> Person:Иван Петров",
    ]
    async with team.read() as conn:
        rows = await conn.execute_fetchall(
            "SELECT confidence FROM observation WHERE source='auto'"
        )
    assert [tuple(r) for r in rows] == [(AUTO_CONFIDENCE,)]


@pytest.mark.parametrize(
    ("text", "turn", "link"),
    [
        ("remember Ivan Petrov works on ESO", EN, ("Person:Ivan Petrov", "works_on")),
        ("запомни: Иван работает над ESO", RU, ("Person:Иван", "works_on")),
        ("запомни Иван Петров -[works_on]-> ESO", RU, ("Person:Иван Петров", "works_on")),
        (
            "remember Person:Ann Lee -[member_of]-> Project:ESO",
            EN,
            ("Person:Ann Lee", "member_of"),
        ),
    ],
)
async def test_links_in_chat(
    pipeline: Pipeline, team: ScopedMemory, text: str, turn: Turn, link: tuple[str, str]
) -> None:
    reply = await say(pipeline, team, text, turn)
    person, verb = link
    assert Relation(person, "Project:ESO", verb) in (await team.read_graph()).relations
    assert f"• {person} -[{verb}]-> Project:ESO" in plain(reply)


async def test_remember_a_statement_writes_it_as_stated(
    pipeline: Pipeline, team: ScopedMemory
) -> None:
    """An explicit remember writes at once, src=user, and lists entries, lines and links."""
    reply = await say(pipeline, team, "remember database-engineer uses pgvector for RAG")
    assert plain(reply) == [
        "✅ New entry Project:database-engineer.",
        "✅ New entry Project:pgvector.",
        "🔗 Linked:",
        "• Project:database-engineer -[uses]-> Project:pgvector",
    ]
    reply = await say(pipeline, team, "запомни мой ментор — Ольга Смирнова", RU)
    assert plain(reply)[:2] == [
        "✅ Запомнил в Person:Ольга Смирнова (новая запись):",
        "• role: ментор (as_of=2026-01-05, src=user)",
    ]
    graph = await team.open_nodes(["Person:Ольга Смирнова"])
    assert Relation("Person:Ольга Смирнова", "User:Alex", "mentor_of") in graph.relations


@pytest.mark.parametrize(
    "text",
    [
        "запомни сегодня потратил 3 часа на ESO-159",
        "remember today plan: finish the report",
        "remember progress on ESO-159: 60%",
        "запомни план на завтра: ревью PR",
        "don't forget: spent two hours on the Billing webhooks",
    ],
)
async def test_worklog_is_never_stored(pipeline: Pipeline, team: ScopedMemory, text: str) -> None:
    before = await team.read_graph()
    reply = await say(pipeline, team, text, RU if "запомни" in text else EN)
    [line] = plain(reply)
    assert line.startswith("🕒")
    assert "worklog" in line or "ворклог" in line
    assert await team.read_graph() == before


async def test_a_contradiction_is_offered_as_a_replacement(
    pipeline: Pipeline, team: ScopedMemory
) -> None:
    """ "живу в Москве" after "живу в Белграде": both shown; Yes replaces, nothing doubles."""
    reply = await say(pipeline, team, "я живу в Москве", RU)
    [offer] = reply.follow_up
    assert plain(offer) == [
        "🔁 Это противоречит тому, что я помню. Заменить?",
        "• было: User:Alex: fact: живу в Белграде (as_of=2025-06-10, src=user)",
        "• User:Alex: fact: location=в Москве (as_of=2026-01-05, src=auto)",
    ]
    yes, _ = offer.buttons
    assert yes.label == "Да, заменить"
    done = await pipeline.press(team, yes.action, RU)
    assert "Заменил:" in plain(done)
    assert (await team.open_nodes(["User:Alex"])).entities[0].observations == (
        "fact: location=в Москве (as_of=2026-01-05, src=auto)",
    )


async def test_an_explicit_contradiction_asks_first(
    pipeline: Pipeline, team: ScopedMemory
) -> None:
    """Even after "remember", a free-text fact in a taken slot is not stored beside the old."""
    reply = await say(pipeline, team, "remember Person:Jane Brooks: phone +381 64 111 2222")
    assert reply.buttons == ()
    await say(pipeline, team, "remember Person:Jane Brooks: phone +381 64 999 0000")
    reply = await say(pipeline, team, "remember Person:Jane Brooks: phone +7 999 123 4567")
    assert plain(reply)[0] == "🔁 This contradicts what I remember. Replace it?"
    assert "• was: Person:Jane Brooks: fact: phone +381 64 111 2222" in plain(reply)[1]
    lines = (await team.open_nodes(["Person:Jane Brooks"])).entities[0].observations
    assert not any("+7 999" in line for line in lines)
    await pipeline.press(team, reply.buttons[0].action, EN)
    lines = (await team.open_nodes(["Person:Jane Brooks"])).entities[0].observations
    phones = [line for line in lines if "phone" in line]
    assert phones == ["fact: phone +7 999 123 4567 (as_of=2026-01-05, src=user)"]


async def test_a_statement_about_nothing_known_gets_the_offer_alone(
    pipeline: Pipeline, team: ScopedMemory
) -> None:
    reply = await say(pipeline, team, "мой тимлид — Иван Петров", RU)
    assert reply.html == ""  # no "nothing is remembered about ..." before the offer
    [offer] = reply.follow_up
    assert plain(offer)[0] == "💡 Запомнить это?"


async def test_a_statement_about_something_known_shows_it_before_the_offer(
    pipeline: Pipeline, team: ScopedMemory
) -> None:
    reply = await say(pipeline, team, "Jane Brooks now also owns ESO")
    assert "Person:Jane Brooks" in plain(reply)
    [offer] = reply.follow_up
    assert plain(offer)[0] == "💡 Shall I remember this?"
