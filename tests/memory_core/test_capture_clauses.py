"""Capture reads a sentence of two clauses about two people clause by clause.

The world is :mod:`tests.memory_core.lantern_world`. "Вика Орлова выходит замуж за Тима
Беккера, свадьба в августе" links the two though a clause follows; "Paulo joined Tidewell
as an SRE and Bruno is now head of platform" gives Bruno his post as well; a side clause
that only mentions someone ("номер есть у Киры") gives them nothing, and a hedged sentence
gets nothing from its clauses.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import extract
from memory_core.extraction_clauses import clauses
from memory_core.extraction_names import EntityResolver
from tests.memory_core.lantern_world import (
    BRUNO,
    KIRA,
    OWNER,
    PAULO,
    RENAT,
    TIDEWELL,
    TODAY,
    VIKA,
    propose_here,
    store_world,
)
from tests.memory_core.proposals import lines_for, links


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    return await store_world(owner)


@pytest.mark.parametrize(
    ("text", "one", "other"),
    [
        (
            "Вика Орлова выходит замуж за Тима Беккера, свадьба в августе",
            VIKA,
            "Person:Тим Беккер",
        ),
        ("Ренат женится на Лауре Кох — свадьба в июне в Юрмале", RENAT, "Person:Лаура Кох"),
    ],
)
def test_a_wedding_then_a_clause_links_the_two(
    world: EntityResolver, text: str, one: str, other: str
) -> None:
    assert (one, "married_to", other) in links(propose_here(world, text))


def test_each_clause_gives_its_own_person_a_line(world: EntityResolver) -> None:
    proposal = propose_here(
        world, "Paulo joined Tidewell as an SRE and Bruno is now head of platform"
    )
    assert (PAULO, "works_on", TIDEWELL) in links(proposal)
    assert any("head of platform" in line for line in lines_for(proposal, BRUNO))


def test_a_side_mention_gives_nothing(world: EntityResolver) -> None:
    proposal = propose_here(
        world, "сантехник, который чинил нам кран, — Юхан Тамм, номер есть у Киры"
    )
    assert lines_for(proposal, KIRA) == []


def test_a_hedged_sentence_gets_nothing_from_its_clauses(world: EntityResolver) -> None:
    proposal = extract(
        "если Кира уйдёт, Bruno Keller возьмёт Lantern", world, owner=OWNER, today=TODAY
    )
    assert not any(frm == BRUNO for frm, _, _ in links(proposal))


def test_an_apposed_name_is_no_clause() -> None:
    assert clauses("Henrik hired a new controller, Maret Kask — Bruno is on leave") == [
        "Henrik hired a new controller, Maret Kask",
        "Bruno is on leave",
    ]
