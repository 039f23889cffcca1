"""Capture of a marriage said first, the spouse named after it: "Зойка вышла замуж! муж —
Рихард, живут теперь в Юрмале", "Rob got married. his wife is Anna".

The world is a :class:`StoreResolver` over names and lines (owner Ульяна, her husband Игорь,
a friend Зоя whose line records "Зойка", a colleague Robert whose line says "goes by Rob").
The spouse is the friend's, never the owner's.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose, proposed_lines

OWNER = "User:Ульяна"
ZOYA = "Person:Зоя Кравченко"
ROB = "Person:Robert Novak"
IGOR = "Person:Игорь"
DAY = dt.date(2025, 11, 1)
LINES = {
    ZOYA: ["fact: подруга с универа, Зойка (as_of=2025-03-15, src=user)"],
    ROB: ["fact: goes by Rob (as_of=2025-07-07, src=user)"],
}


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, ZOYA, ROB, IGOR], [(IGOR, "married_to", OWNER)], LINES)


@pytest.mark.parametrize(
    ("text", "person", "spouse"),
    [
        ("Зойка вышла замуж! муж — Рихард, живут теперь в Юрмале", ZOYA, "Person:Рихард"),
        ("Rob got married. his wife is Anna", ROB, "Person:Anna"),
    ],
)
def test_the_spouse_named_after_the_marriage_is_the_persons(
    world: StoreResolver, text: str, person: str, spouse: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert links(proposal) == {(person, "married_to", spouse)}
    assert [e.name for e in proposal.entities if e.is_new] == [spouse]


def test_where_the_couple_lives_is_a_line_on_the_person(world: StoreResolver) -> None:
    text = "Зойка вышла замуж! муж — Рихард, живут теперь в Юрмале"
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert "юрмале" in proposed_lines(proposal, ZOYA)
    assert not proposed_lines(proposal, "Person:Рихард")
