"""Capture of who joins or leads a project and of in-laws, friends and doctors, over a real store.

The world lives in a temporary SQLite memory (owner Мирон, his wife and daughter, two
colleagues, two projects) and is read through the bot's own resolver. The statements name
people by affectionate forms ("дашуля", "лизоньку"), say a share of someone's time
("на четверть ставки"), count the newcomers ("three new engineers") or put the verb after
the project ("Beacon веду"); each must propose the links listed.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_aliases import diminutive_bases
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links as _links
from tests.memory_core.proposals import propose, proposed_lines

OWNER = "User:Мирон"
WIFE = "Person:Полина"
DAUGHTER = "Person:Лиза"
DASHA = "Person:Дарья Котова"
IGOR = "Person:Igor Belov"
ORION = "Project:Orion"
BEACON = "Project:Beacon"
TODAY = dt.date(2026, 5, 11)

Link = tuple[str, str, str]


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(WIFE, "Person", ("fact: жена (src=user)",)),
            Entity(DAUGHTER, "Person", ("fact: дочь, 5 лет (src=user)",)),
            Entity(DASHA, "Person", ("role: QA engineer (src=user)", "fact: все зовут Даша")),
            Entity(IGOR, "Person", ("role: backend developer (src=user)",)),
            Entity(ORION, "Project"),
            Entity(BEACON, "Project"),
        ]
    )
    await owner.create_relations(
        [
            Relation(WIFE, OWNER, "married_to"),
            Relation(DAUGHTER, OWNER, "child_of"),
            Relation(DASHA, BEACON, "works_on"),
            Relation(IGOR, ORION, "works_on"),
        ]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


def test_an_affectionate_form_gives_the_plain_name_to_look_up() -> None:
    assert "даша" in diminutive_bases("дашуля")
    assert "лиза" in diminutive_bases("лизоньку")
    assert "юля" in diminutive_bases("Юлька")
    assert diminutive_bases("Лиза") == ()  # no suffix: nothing to strip


ON_A_PROJECT = [
    # an affectionate form of a nickname, and a share of the time before the project
    ("дашуля теперь параллельно ещё и в Orion", {(DASHA, "works_on", ORION)}),
    ("Игорь Белов теперь на четверть ставки и в Beacon", {(IGOR, "works_on", BEACON)}),
    # the owner leads it: the verb after the project, or in the first person before it
    ("я с этого месяца ещё и Beacon веду", {(OWNER, "manages", BEACON)}),
    ("I manage Orion now", {(OWNER, "manages", ORION)}),
    ("я теперь руковожу Beacon", {(OWNER, "manages", BEACON)}),
    ("Orion я тоже курирую", {(OWNER, "manages", ORION)}),
    ("I'm taking over Beacon from Dasha", {(OWNER, "manages", BEACON)}),
]


@pytest.mark.parametrize(("text", "expected"), ON_A_PROJECT)
async def test_who_works_on_or_leads_a_project(
    world: EntityResolver, text: str, expected: set[Link]
) -> None:
    assert _links(_propose(world, text)) == expected


JOINED = [
    (
        "Beacon got three new engineers this month - Lena, Omar and Kofi",
        ["Person:Lena", "Person:Omar", "Person:Kofi"],
        BEACON,
        "engineer project:beacon",
    ),
    (  # to someone on the project; the name in the accusative; the role said after it
        "к Игорю в Orion взяли в пару Стаса Гринько, тоже бэкендер",
        ["Person:Стас Гринько"],
        ORION,
        "бэкендер",
    ),
    (
        "на Beacon в этом квартале пришли два аналитика: Вера Ким и Олег Ню",
        ["Person:Вера Ким", "Person:Олег Ню"],
        BEACON,
        "аналитик project:beacon",
    ),
]


@pytest.mark.parametrize(("text", "people", "project", "role"), JOINED)
async def test_newcomers_counted_or_paired_work_on_the_project(
    world: EntityResolver, text: str, people: list[str], project: str, role: str
) -> None:
    proposal = _propose(world, text)
    assert _links(proposal) == {(p, "works_on", project) for p in people}
    for person in people:
        assert role in proposed_lines(proposal, person)


PRIVATE = [
    (  # a new doctor said after the change, the patient in the accusative
        "сменили стоматолога — теперь Лизу ведёт Марина Орлова из Смайла",
        "Person:Марина Орлова",
        "стоматолог",
        {("Person:Марина Орлова", "doctor_of", DAUGHTER)},
    ),
    (
        "we switched pediatricians, Liza now sees Dr. Ana Ruiz",
        "Person:Ana Ruiz",
        "pediatrician",
        {("Person:Ana Ruiz", "doctor_of", DAUGHTER)},
    ),
    (  # the spouse's parent
        "тесть — Геннадий Львович, живёт в Твери",
        "Person:Геннадий Львович",
        "тесть",
        {("Person:Геннадий Львович", "parent_of", WIFE)},
    ),
    (
        "my mother-in-law Rosa Diaz lives in Seville",
        "Person:Rosa Diaz",
        "mother-in-law",
        {("Person:Rosa Diaz", "parent_of", WIFE)},
    ),
    (  # friends: someone known by a short form, someone new
        "с игорем дружим ещё со студенчества",
        IGOR,
        "студенчества",
        {(IGOR, "friend_of", OWNER)},
    ),
    (  # no dash: "X мой друг" is no introduction
        "Игорь мой старый приятель ещё с универа",
        IGOR,
        "универа",
        {(IGOR, "friend_of", OWNER)},
    ),
    (
        "Omar Haddad and I have been friends since school",
        "Person:Omar Haddad",
        "school",
        {("Person:Omar Haddad", "friend_of", OWNER)},
    ),
]


@pytest.mark.parametrize(("text", "person", "line", "expected"), PRIVATE)
async def test_doctors_in_laws_and_friends(
    world: EntityResolver, text: str, person: str, line: str, expected: set[Link]
) -> None:
    proposal = _propose(world, text)
    assert _links(proposal) == expected
    assert line in proposed_lines(proposal, person)


async def test_a_line_on_a_daughter_named_affectionately(world: EntityResolver) -> None:
    proposal = _propose(world, "лизоньку с осени отдаём в садик «Ромашка»")
    assert "ромашка" in proposed_lines(proposal, DAUGHTER)


@pytest.mark.parametrize(
    "text",
    [
        "с Игорем больше не дружим",  # said "not"
        "Igor is no longer part-time on Beacon",
        "Beacon got a new logo this sprint",  # no one joined
    ],
)
async def test_no_link_without_the_shape(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not any(
        r.relation_type in ("works_on", "friend_of", "manages") for r in proposal.relations
    )
