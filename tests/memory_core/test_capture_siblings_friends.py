"""Capture of a sibling named through a relative and of a friend said in an aside.

The world lives in a temporary SQLite memory (owner Ксения, her husband Тимур and their son)
and is read through the bot's own resolver. "X is Y's brother" and "X — сестра Y" link X to
Y as a sibling (an in-law word before X stays a line on X); "X, с которой мы дружим ..., ..."
and "X, who I've been friends with ..., ..." make X the owner's friend and keep both clauses
as X's lines.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links as _links
from tests.memory_core.proposals import propose, proposed_lines

OWNER = "User:Ксения"
HUSBAND = "Person:Тимур"
SON = "Person:Лёва"
TODAY = dt.date(2026, 7, 14)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(HUSBAND, "Person", ("fact: муж (src=user)",)),
            Entity(SON, "Person", ("fact: сын, 4 года (src=user)",)),
        ]
    )
    await owner.create_relations(
        [Relation(HUSBAND, OWNER, "married_to"), Relation(SON, OWNER, "child_of")]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


def test_an_in_law_said_to_be_a_relatives_brother(world: EntityResolver) -> None:
    proposal = _propose(world, "my sister-in-law Dana is Timur's older sister, lives in Porto")
    assert _links(proposal) == {("Person:Dana", "sibling_of", HUSBAND)}
    lines = proposed_lines(proposal, "Person:Dana")
    assert "sister-in-law" in lines
    assert "porto" in lines


def test_a_russian_sibling_named_by_the_relatives_genitive(world: EntityResolver) -> None:
    proposal = _propose(world, "моя золовка Нина — младшая сестра Тимура, работает в Казани")
    assert _links(proposal) == {("Person:Нина", "sibling_of", HUSBAND)}
    assert "казан" in proposed_lines(proposal, "Person:Нина")


def test_a_friend_said_in_a_russian_aside(world: EntityResolver) -> None:
    proposal = _propose(
        world, "Оля Гусева, с которой мы дружим ещё с универа, переехала в Тбилиси"
    )
    assert ("Person:Оля Гусева", "friend_of", OWNER) in _links(proposal)
    lines = proposed_lines(proposal, "Person:Оля Гусева")
    assert "тбилиси" in lines
    assert "дружим" in lines


def test_a_friend_said_in_an_english_aside(world: EntityResolver) -> None:
    proposal = _propose(world, "Ben Shaw, who I've been friends with since school, moved to Leeds")
    assert ("Person:Ben Shaw", "friend_of", OWNER) in _links(proposal)
    assert "leeds" in proposed_lines(proposal, "Person:Ben Shaw")
