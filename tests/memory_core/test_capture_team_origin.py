"""Capture past the team someone comes from ("X из команды аналитики теперь на P").

The world lives in a temporary SQLite memory (owner Ilya; Лиана Саркисян and Jonas Berg,
stored; the projects Orbit and Quill) and is read through the bot's own resolver. "X из
команды аналитики теперь на P" and "X from the billing team joins P" must link X to P as if
the team were not said; a team after a verb is left as written.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Ilya"
LIANA = "Person:Лиана Саркисян"
JONAS = "Person:Jonas Berg"
ORBIT = "Project:Orbit"
QUILL = "Project:Quill"
TODAY = dt.date(2026, 3, 9)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(LIANA, "Person", ("role: аналитик (src=user)",)),
            Entity(JONAS, "Person", ("role: backend developer (src=user)",)),
            Entity(ORBIT, "Project"),
            Entity(QUILL, "Project"),
        ]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


def _lines(proposal: Proposal, name: str) -> str:
    return " ".join(line for e in proposal.entities if e.name == name for line in e.lines)


@pytest.mark.parametrize(
    ("text", "person", "project"),
    [
        ("Лиана Саркисян из команды аналитики теперь фуллтайм на orbit", LIANA, ORBIT),
        ("лиана из отдела мобильной разработки перешла на Quill", LIANA, QUILL),
        ("Jonas Berg from the billing team joins Orbit", JONAS, ORBIT),
    ],
)
def test_a_team_after_the_name_does_not_block_the_link(
    world: EntityResolver, text: str, person: str, project: str
) -> None:
    proposal = _propose(world, text)
    assert (person, "works_on", project) in links(proposal)
    assert not any("команд" in e.name or "team" in e.name for e in proposal.entities)


def test_a_team_after_a_verb_is_left_as_written(world: EntityResolver) -> None:
    proposal = extract("перевели из команды аналитики на Orbit", world, owner=OWNER, today=TODAY)
    assert (LIANA, "works_on", ORBIT) not in links(proposal)
