"""Capture of who works on a project and of the owner's private circle, over a real store.

The world lives in a temporary SQLite memory (owner Гаухар, a father, a friend, a colleague,
two projects) and is read through the bot's own resolver; each statement must propose
exactly the links listed, and one proposal is written back to check it lands as offered.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.capture import write_proposal
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links as _links
from tests.memory_core.proposals import propose, proposed_lines

OWNER = "User:Гаухар"
FATHER = "Person:Болат Ахметович"
FRIEND = "Person:Алина Ким"
COLLEAGUE = "Person:Зарина Ахмедова"
ENGINEER = "Person:Marta Novak"
TODAY = dt.date(2026, 4, 6)

Link = tuple[str, str, str]


async def _world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(FATHER, "Person", ("fact: папа, живёт в Таразе (src=user)",)),
            Entity(FRIEND, "Person", ("fact: подруга со школы (src=user)",)),
            Entity(COLLEAGUE, "Person", ("role: backend developer (src=user)",)),
            Entity(ENGINEER, "Person", ("role: data engineer (src=user)",)),
            Entity("Project:Harbor", "Project"),
            Entity("Project:Atlas", "Project"),
        ]
    )
    await owner.create_relations(
        [
            Relation(FATHER, OWNER, "parent_of"),
            Relation(FRIEND, OWNER, "friend_of"),
            Relation(ENGINEER, "Project:Harbor", "works_on"),
        ]
    )
    return await scope_resolver(owner)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    return await _world(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


WORKS_ON = [
    # the owner with a copula and a hyphenated word before "on"
    ("I'm full-time on Harbor this sprint, mostly the billing side", {(OWNER, "Harbor")}),
    ("we're heads-down on Atlas until the release", {(OWNER, "Atlas")}),
    # "with X we (verb, 1st person plural) P": the owner and X
    ("с Зариной теперь вдвоём делаем Atlas", {(OWNER, "Atlas"), (COLLEAGUE, "Atlas")}),
    ("мы со Стасом Ли пишем Harbor", {(OWNER, "Harbor"), ("Person:Стас Ли", "Harbor")}),
    ("Zarina and I are building Atlas", {(OWNER, "Atlas"), (COLLEAGUE, "Atlas")}),
    # moved from one project to another, whatever the verb and its spelling: the second only
    ("Marta swtiched from Harbor to Atlas in january", {(ENGINEER, "Atlas")}),
    ("Марта перешла с Harbor на Atlas", {(ENGINEER, "Atlas")}),
    ("Marta has moved over from Harbor to Atlas", {(ENGINEER, "Atlas")}),
]


@pytest.mark.parametrize(("text", "expected"), WORKS_ON)
async def test_who_works_on_a_project(
    world: EntityResolver, text: str, expected: set[tuple[str, str]]
) -> None:
    wanted = {(who, "works_on", f"Project:{project}") for who, project in expected}
    assert _links(_propose(world, text)) == wanted


JOINED = [
    (
        "в Atlas пришли трое: Рустам, Ильяс и Дана, все тестировщики",
        ["Person:Рустам", "Person:Ильяс", "Person:Дана"],
        "Atlas",
        "тестировщик",
    ),
    ("new on the Harbor team: Priya Nair, QA engineer", ["Person:Priya Nair"], "Harbor", "qa"),
    ("к Harbor подключили Тимура Исаева", ["Person:Тимур Исаев"], "Harbor", ""),
    (
        "Olga Brandt from legal is on Atlas now, part-time tester",
        ["Person:Olga Brandt"],
        "Atlas",
        "part-time tester",
    ),
]


@pytest.mark.parametrize(("text", "people", "project", "role"), JOINED)
async def test_people_who_joined_a_project_and_their_role(
    world: EntityResolver, text: str, people: list[str], project: str, role: str
) -> None:
    proposal = _propose(world, text)
    assert _links(proposal) == {(p, "works_on", f"Project:{project}") for p in people}
    for person in people:
        assert role in proposed_lines(proposal, person)


async def test_the_role_said_of_several_people_is_each_ones_in_the_singular(
    world: EntityResolver,
) -> None:
    text = "на Harbor добавились двое: Ерлан и Салтанат, оба бэкенд-разработчики"
    proposal = _propose(world, text)
    for person in ("Person:Ерлан", "Person:Салтанат"):
        assert "бэкенд-разработчик project:harbor" in proposed_lines(proposal, person)


@pytest.mark.parametrize(
    "text",
    [
        "с Зариной больше не пилим Atlas",  # said "not"
        "на Harbor: Рустам и Ильяс",  # no verb of joining, no "new"
        "Marta came from Harbor to ask about Atlas",  # "from P" is no move to the next one
    ],
)
async def test_no_link_without_the_shape(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not any(r.relation_type == "works_on" for r in proposal.relations)


FAMILY = [
    (
        "папе в мае поставили имплант, его стоматолог — Ержан Болатович",
        "Person:Ержан Болатович",
        "стоматолог",
        {("Person:Ержан Болатович", "doctor_of", FATHER)},
    ),
    (
        "my GP is dr. Novak at City Clinic on Abay",
        "Person:Novak",
        "gp",
        {("Person:Novak", "doctor_of", OWNER)},
    ),
    (
        "хожу к дерматологу Ольге Смирновой, она в клинике Vita",
        "Person:Ольга Смирнова",
        "дерматолог",
        {("Person:Ольга Смирнова", "doctor_of", OWNER)},
    ),
    (
        "папе поменяли терапевта, теперь это Айгуль Серикова",
        "Person:Айгуль Серикова",
        "терапевт",
        {("Person:Айгуль Серикова", "doctor_of", FATHER)},
    ),
    (
        "Алина со школы в августе выходит замуж за Нурлана",
        "Person:Нурлан",
        "",
        {(FRIEND, "married_to", "Person:Нурлан")},
    ),
    (
        "Jacob Stone is getting married to Lena Wolf in June",
        "Person:Jacob Stone",
        "",
        {("Person:Jacob Stone", "married_to", "Person:Lena Wolf")},
    ),
]


@pytest.mark.parametrize(("text", "person", "role", "expected"), FAMILY)
async def test_doctors_and_marriages_in_the_private_circle(
    world: EntityResolver, text: str, person: str, role: str, expected: set[Link]
) -> None:
    proposal = _propose(world, text)
    assert _links(proposal) == expected
    assert any(e.name == person for e in proposal.entities)
    if role:
        assert role in proposed_lines(proposal, person)


async def test_the_fact_before_the_doctor_is_a_line_on_the_relative(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "папе в мае поставили имплант, его стоматолог — Ержан Болатович")
    assert "имплант" in proposed_lines(proposal, FATHER)


async def test_a_fact_on_a_relative_named_in_the_dative(world: EntityResolver) -> None:
    proposal = _propose(world, "папе поставили слуховой аппарат")
    assert "слуховой аппарат" in proposed_lines(proposal, FATHER)


async def test_the_proposal_is_written_as_offered(owner: ScopedMemory) -> None:
    world = await _world(owner)
    proposal = _propose(world, "на Atlas добавились двое: Ерлан и Салтанат, оба аналитики")
    await write_proposal(owner, proposal)
    graph = await owner.read_graph()
    links = {(r.from_, r.relation_type, r.to) for r in graph.relations}
    assert {("Person:Ерлан", "works_on", "Project:Atlas")} <= links
    assert ("Person:Салтанат", "works_on", "Project:Atlas") in links
