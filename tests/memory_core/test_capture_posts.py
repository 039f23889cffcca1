"""Capture of posts said in chat slang, and of people named by a nickname or another script.

The world lives in a temporary SQLite memory (owner Dilshod; Бобур Тошматов, whose line
records the nickname "Боба"; Jordan Price, Kevin Walsh and Blake Turner, stored in Latin;
Алексей Орлов; the project Kite and its issue KT-7) and is read through the bot's own
resolver. Each statement must land on the stored people and propose the posts and links
listed, and never merge a new person into a stored one whose name only sounds alike.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import lines_text, propose
from tests.memory_core.proposals import links as _links

OWNER = "User:Dilshod"
BOBUR = "Person:Бобур Тошматов"
JORDAN = "Person:Jordan Price"
KEVIN = "Person:Kevin Walsh"
BLAKE = "Person:Blake Turner"
ALEXEY = "Person:Алексей Орлов"
KITE = "Project:Kite"
ISSUE = "Jira:KT-7"
TODAY = dt.date(2026, 5, 4)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(
                BOBUR, "Person", ("role: QA lead (src=user)", "fact: nickname=Боба (src=user)")
            ),
            Entity(JORDAN, "Person", ("role: partner at the client (src=user)",)),
            Entity(KEVIN, "Person", ("role: data engineer Project:Kite (src=user)",)),
            Entity(BLAKE, "Person", ("role: head of logistics at the client (src=user)",)),
            Entity(ALEXEY, "Person", ("role: backend developer (src=user)",)),
            Entity(KITE, "Project"),
            Entity(ISSUE, "Jira"),
        ]
    )
    await owner.create_relations([Relation(KEVIN, KITE, "works_on")])
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


def _new(proposal: Proposal) -> set[str]:
    return {e.name for e in proposal.entities if e.is_new}


async def test_a_nickname_written_after_an_equals_sign_finds_the_person(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "Кевин теперь репортит Бобе, а не мне")
    assert _links(proposal) == {(KEVIN, "reports_to", BOBUR)}
    assert not _new(proposal)


async def test_a_latin_first_name_in_a_russian_case_finds_the_person(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "Блейка повысили, он теперь VP of Engineering")
    assert "VP of Engineering" in lines_text(proposal, BLAKE)
    assert not _new(proposal)


async def test_a_name_that_only_sounds_alike_is_a_new_person(world: EntityResolver) -> None:
    proposal = _propose(world, "Kite got a new tester - Aleksa")
    assert ALEXEY not in {end for link in _links(proposal) for end in (link[0], link[2])}


async def test_a_latin_project_with_a_russian_ending_and_a_slang_verb(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "Kite-ом теперь рулит Лейла Назарова, она у нас тимлид")
    assert _links(proposal) == {("Person:Лейла Назарова", "manages", KITE)}
    assert "тимлид" in lines_text(proposal, "Person:Лейла Назарова")


async def test_reporting_in_slang_with_the_post_after_a_pronoun(world: EntityResolver) -> None:
    proposal = _propose(world, "мне теперь репортит Жасур, он наш новый DevOps")
    assert _links(proposal) == {("Person:Жасур", "reports_to", OWNER)}
    assert "DevOps" in lines_text(proposal, "Person:Жасур")


@pytest.mark.parametrize(
    ("text", "who", "word"),
    [
        ("вместо Алексея тестировщиком на Kite теперь Гульнора Каримова", "Гульнора Каримова",
         "тестировщик"),
        ("когда запустим Kite 2.0, техлидом бэкенда будет Бобур", "Бобур Тошматов", "техлид"),
    ],
)  # fmt: skip
async def test_a_post_said_first_in_the_instrumental(
    world: EntityResolver, text: str, who: str, word: str
) -> None:
    proposal = _propose(world, text)
    assert {link[0] for link in _links(proposal)} == {f"Person:{who}"}
    assert {link[2] for link in _links(proposal)} == {KITE}
    assert word in lines_text(proposal, f"Person:{who}")


@pytest.mark.parametrize(
    ("text", "who", "word"),
    [
        ("Зарину из маркетинга повысили до коммерческого директора", "Зарина", "директор"),
        ("Jordan appointed Malika Yusupova as head of growth", "Malika Yusupova", "growth"),
        ("Kamola Rashidova joins as my deputy", "Kamola Rashidova", "deputy"),
    ],
)
async def test_a_promotion_or_an_appointment_gives_the_post(
    world: EntityResolver, text: str, who: str, word: str
) -> None:
    proposal = _propose(world, text)
    assert word in lines_text(proposal, f"Person:{who}")
    assert JORDAN not in lines_text(proposal, f"Person:{who}")


async def test_joining_as_the_owners_deputy_links_to_the_owner(world: EntityResolver) -> None:
    proposal = _propose(world, "Kamola Rashidova joins as my deputy, she'll own Kite")
    assert _links(proposal) == {
        (OWNER, "manages", "Person:Kamola Rashidova"),
        ("Person:Kamola Rashidova", "owns", KITE),
    }


@pytest.mark.parametrize("text", ["я у Бобура теперь наставник", "I'm Jordan's mentor now"])
async def test_the_owner_as_someones_mentor(world: EntityResolver, text: str) -> None:
    mentee = BOBUR if "Боб" in text else JORDAN
    assert _links(_propose(world, text)) == {(OWNER, "mentor_of", mentee)}


async def test_an_issue_handed_over_is_assigned(world: EntityResolver) -> None:
    proposal = _propose(world, "KT-7 was handed over to Kevin")
    assert _links(proposal) == {(ISSUE, "assigned_to", KEVIN)}


@pytest.mark.parametrize(
    "text", ["Алексей звонил, он сегодня болеет", "вместо кофе теперь будет чай"]
)
async def test_no_post_is_read_where_none_is_said(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not any("role:" in line for e in proposal.entities for line in e.lines)


async def test_a_slang_verb_of_running_a_project(world: EntityResolver) -> None:
    proposal = _propose(world, "Kite-ом теперь заправляет Бобур")
    assert _links(proposal) == {(BOBUR, "manages", KITE)}


async def test_a_post_said_with_u_nas(world: EntityResolver) -> None:
    proposal = _propose(world, "Алексей у нас теперь бэкенд-лид")
    assert "role: бэкенд-лид" in lines_text(proposal, ALEXEY)
    assert not _new(proposal)
