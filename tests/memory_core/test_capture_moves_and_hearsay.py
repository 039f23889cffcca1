"""Capture of moves between projects and of facts passed on, over a real store.

The world lives in a temporary SQLite memory (owner Тамара, her parents, a colleague, a
landlady, three projects) and is read through the bot's own resolver. Someone who moved
"from P ... to Q" works on Q only, with words between ("к нам в отдел, на Q"), someone who
only left P works on nothing, and "фуллтайм на Q" works on Q; a known person who "wrote" or
"said" a lasting fact gets it as a line, a passing one gives nothing, and a secret passed
on is never proposed.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Тамара"
MOM = "Person:Людмила Петровна"
DAD = "Person:Олег Иванович"
PETR = "Person:Пётр Лаптев"
ZOYA = "Person:Зоя Ким"
ORBIT = "Project:Orbit"
DELTA = "Project:Delta"
MINT = "Project:Mint"
TODAY = dt.date(2026, 7, 1)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(MOM, "Person", ("kin: mother (src=user)",)),
            Entity(DAD, "Person", ("kin: father (src=user)",)),
            Entity(PETR, "Person", ("role: backend (src=user)",)),
            Entity(ZOYA, "Person", ("fact: сдаёт мне квартиру (src=user)",)),
            Entity(ORBIT, "Project"),
            Entity(DELTA, "Project"),
            Entity(MINT, "Project"),
        ]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


@pytest.mark.parametrize(
    "text",
    [
        "Петя Лаптев перешёл с orbit к нам в отдел, на delta",
        "Пётр Лаптев переходит с Orbit на Delta",
        "Petr Laptev moved from Orbit over to the Delta team",
    ],
)
def test_a_move_links_the_project_gone_to_not_the_one_left(
    world: EntityResolver, text: str
) -> None:
    assert links(_propose(world, text)) == {(PETR, "works_on", DELTA)}


@pytest.mark.parametrize(
    "text", ["Пётр Лаптев теперь фуллтайм на Delta", "Petr Laptev is full-time on Delta now"]
)
def test_full_time_on_a_project_works_on_it(world: EntityResolver, text: str) -> None:
    assert links(_propose(world, text)) == {(PETR, "works_on", DELTA)}


def test_a_move_away_alone_links_no_project(world: EntityResolver) -> None:
    proposal = extract("Пётр Лаптев ушёл с Orbit", world, owner=OWNER, today=TODAY)
    assert (PETR, "works_on", ORBIT) not in links(proposal)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("зоя ким написала, с июля аренда 900 евро вместо 850", "900"),
        ("Zoya Kim wrote: from August the rent is 900 EUR", "900"),
        ("Зоя Ким сказала, что теперь счётчики оплачивает она", "счётчики"),
    ],
)
def test_a_lasting_fact_passed_on_is_a_line_on_who_said_it(
    world: EntityResolver, text: str, kept: str
) -> None:
    proposal = _propose(world, text)
    (entity,) = proposal.entities
    assert entity.name == ZOYA
    assert any(kept in line for line in entity.lines)


def test_a_passing_word_passed_on_is_no_line(world: EntityResolver) -> None:
    proposal = extract("Зоя Ким написала, что сегодня зайдёт за ключами", world, owner=OWNER)
    assert not [e for e in proposal.entities if e.name == ZOYA and e.lines]


def test_a_secret_passed_on_is_never_proposed(world: EntityResolver) -> None:
    proposal = extract("Зоя Ким написала, с июля пароль от wifi Kim-2026-home", world, owner=OWNER)
    assert proposal.skipped == "secret"
    assert not proposal.entities
