"""Capture of someone who joined the owner's team ("X joined my team as an SRE").

The world lives in a temporary SQLite memory (owner Rustam; Priya Nair and Зарина Юсупова,
stored; the project Beacon) and is read through the bot's own resolver. A newcomer to "my
team" in the past tense, in English or Russian, is the owner's report; a post after "as" is
their role, and a clause after a comma ("she'll be on call for Beacon") still links the
project. Joining "as" no post ("as a guest for the retro") makes no report.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Rustam"
PRIYA = "Person:Priya Nair"
ZARINA = "Person:Зарина Юсупова"
BEACON = "Project:Beacon"
TODAY = dt.date(2026, 4, 14)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(PRIYA, "Person"),
            Entity(ZARINA, "Person"),
            Entity(BEACON, "Project"),
        ]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Priya Nair joined my team", PRIYA),
        ("Зарина Юсупова пришла ко мне в команду", ZARINA),
        ("зарина перешла в мою команду", ZARINA),
    ],
)
def test_joined_my_team_makes_the_owner_manage_them(
    world: EntityResolver, text: str, person: str
) -> None:
    assert (OWNER, "manages", person) in links(_propose(world, text))


def test_the_post_and_the_project_after_joining_are_read(world: EntityResolver) -> None:
    proposal = _propose(
        world, "Priya Nair joined my team as a data engineer, she'll be on call for Beacon"
    )
    assert {(OWNER, "manages", PRIYA), (PRIYA, "works_on", BEACON)} <= links(proposal)
    lines = [line for e in proposal.entities if e.name == PRIYA for line in e.lines]
    assert any(line.startswith("role: data engineer") for line in lines)


def test_joining_as_no_post_makes_no_report(world: EntityResolver) -> None:
    proposal = extract(
        "Priya Nair joined my team as a guest for the retro", world, owner=OWNER, today=TODAY
    )
    assert (OWNER, "manages", PRIYA) not in links(proposal)
