"""Capture of the people around someone, of decisions with a lead-in, and of sources listed
after a colon, over a real store.

The world (owner Mirela, her friend's family, a colleague, three projects) lives in a
temporary SQLite memory. A godparent said with the kin word first ("крёстной у Y будет X"),
friends made ("с X сдружились", "X and I became friends"), children named ("X's kids are A
and B"), the owner's own hands-on work ("I'll be hands-on in P myself"), a decision after a
lead-in ("в итоге: ...", "X decided alone: ...", "X had the final word: ...") and two sources
after a colon ("берёт данные из двух мест: A — из P, B — из Q").
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, names, propose_in

OWNER = "User:Mirela"
PAVEL = "Person:Павел Гринёв"
SOFIA = "Person:Софья Гринёва"
TOMA = "Person:Toma Iliescu"
LARK = "Project:Lark"
QUAY = "Project:Quay"
REEF = "Project:Reef"
WORLD = (OWNER, PAVEL, SOFIA, TOMA, LARK, QUAY, REEF)
Link = tuple[str, str, str]


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("крёстной у Софьи будет Toma Iliescu, сразу согласилась",
         (TOMA, "godparent_of", SOFIA)),
        ("Sofia's godmother will be Toma Iliescu", (TOMA, "godparent_of", SOFIA)),
        ("с Павлом Гринёвым с работы сдружились на почве бега",
         (PAVEL, "friend_of", OWNER)),
        ("мы с Павлом подружились в походе", (PAVEL, "friend_of", OWNER)),
        ("Toma Iliescu and I became good friends at the chess club", (TOMA, "friend_of", OWNER)),
        ("I'll be hands-on in Quay myself for a while, the partners are waiting",
         (OWNER, "works_on", QUAY)),
    ],
)  # fmt: skip
async def test_people_around_someone(owner: ScopedMemory, text: str, expected: Link) -> None:
    assert expected in links(await propose(owner, text))


async def test_a_new_friend_gets_a_line_on_what_was_said(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "с Ильёй Вороновым из спортзала сдружились, теперь бегаем")
    assert ("Person:Илья Воронов", "friend_of", OWNER) in links(proposal)
    [line] = next(e.lines for e in proposal.entities if e.name == "Person:Илья Воронов")
    assert "спортзал" in line


@pytest.mark.parametrize(
    "text",
    ["Pavel's kids are Radu and Ioana, they come over on sundays", "у Павла дети — Раду и Иоана"],
)
async def test_children_named(owner: ScopedMemory, text: str) -> None:
    proposal = await propose(owner, text)
    kids = {frm for frm, verb, to in links(proposal) if verb == "child_of" and to == PAVEL}
    assert len(kids) == 2
    assert kids <= names(proposal)


@pytest.mark.parametrize(
    ("text", "project", "who"),
    [
        ("в итоге: Reef к зиме уходит с Twilio на Infobip", REEF, None),
        ("финально: Lark с осени переезжает с Heroku на Fly", LARK, None),
        ("Toma Iliescu решила единолично: Quay первый месяц бесплатный", QUAY, TOMA),
        ("Toma Iliescu had the final word: Lark drops the paper invoices", LARK, TOMA),
    ],
)
async def test_decisions_with_a_lead_in(
    owner: ScopedMemory, text: str, project: str, who: str | None
) -> None:
    proposal = await propose(owner, text)
    [decision] = [n for n in names(proposal) if n.startswith("Decision:")]
    assert (decision, "decided_in", project) in links(proposal)
    if who is not None:
        assert (who, "decided", decision) in links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "Lark тянет данные из двух мест: тарифы — из Quay, клиентов — из Reef",
        "Lark pulls its data from two sources: prices from Quay and customers from Reef",
    ],
)
async def test_two_sources_after_a_colon(owner: ScopedMemory, text: str) -> None:
    assert links(await propose(owner, text)) == {
        (LARK, "depends_on", QUAY),
        (LARK, "depends_on", REEF),
    }


@pytest.mark.parametrize(
    ("text", "person", "words"),
    [
        ("Pavel hired a fleet dispatcher, Dana Rusu", "Person:Dana Rusu", "dispatcher"),
        ("our car mechanic is Vlad Marin", "Person:Vlad Marin", "mechanic"),
        ("уборщица у нас теперь — Галина Петрова", "Person:Галина Петрова", "уборщица"),
    ],
)
async def test_trades_and_coordinators_are_roles(
    owner: ScopedMemory, text: str, person: str, words: str
) -> None:
    proposal = await propose(owner, text)
    lines = next(e.lines for e in proposal.entities if e.name == person)
    assert any(line.startswith("role:") and words in line for line in lines)


async def test_reports_to_him_is_the_one_who_hired(owner: ScopedMemory) -> None:
    text = "Pavel hired a fleet coordinator, Dana Rusu, she reports to him"
    proposal = await propose(owner, text)
    assert ("Person:Dana Rusu", "reports_to", PAVEL) in links(proposal)


async def test_the_owner_said_after_the_role(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "новый начальник у меня с июня — Toma Iliescu")
    assert (OWNER, "reports_to", TOMA) in links(proposal)


async def test_a_feeling_for_him_is_no_fact(owner: ScopedMemory) -> None:
    text = "Toma Iliescu will own the Reef billing, Pavel already loves him"
    proposal = await propose(owner, text)
    assert (TOMA, "owns", REEF) in links(proposal)
    assert PAVEL not in names(proposal)


async def test_a_decision_confirmed_last(owner: ScopedMemory) -> None:
    text = "decided: Reef moves invoices to Stripe, no more transfers — Toma Iliescu confirmed"
    proposal = await propose(owner, text)
    [decision] = [n for n in names(proposal) if n.startswith("Decision:")]
    assert (TOMA, "approved", decision) in links(proposal)


async def test_a_known_foreign_name_in_the_dative(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("Person:Mihai Oprișan", "Person")])
    proposal = await propose(owner, "Михаю Опришану передали LARK-12")
    assert ("Jira:LARK-12", "assigned_to", "Person:Mihai Oprișan") in links(proposal)
    assert not any(n.startswith("Person:Михая") for n in names(proposal))


@pytest.mark.parametrize(
    "text",
    ["Quay went live in Cluj yesterday, 4 partners onboarded", "Quay запустился в Клуже"],
)
async def test_where_a_project_went_live_is_a_line(owner: ScopedMemory, text: str) -> None:
    proposal = await propose(owner, text)
    [line] = next(e.lines for e in proposal.entities if e.name == QUAY)
    assert "Cluj" in line or "Клуж" in line
    assert not links(proposal)


async def test_a_new_godparent_said_with_the_kin_word_first(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "крёстной у Софьи будет Ирина Лазарева")
    assert ("Person:Ирина Лазарева", "godparent_of", SOFIA) in links(proposal)
