"""Capture past the team someone comes from ("X из команды аналитики теперь на P").

The world lives in a temporary SQLite memory (owner Ilya; Лиана Саркисян and Jonas Berg,
stored; the projects Orbit and Quill) and is read through the bot's own resolver. "X из
команды аналитики теперь на P" and "X from the billing team joins P" must link X to P as if
the team were not said; a team after a verb is left as written.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import extract
from memory_core.extraction_names import EntityResolver
from tests.memory_core.orbit_world import (
    JONAS,
    LIANA,
    ORBIT,
    OWNER,
    QUILL,
    TODAY,
    propose_here,
    store_world,
)
from tests.memory_core.proposals import links


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    return await store_world(owner)


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
    proposal = propose_here(world, text)
    assert (person, "works_on", project) in links(proposal)
    assert not any("команд" in e.name or "team" in e.name for e in proposal.entities)


def test_a_team_after_a_verb_is_left_as_written(world: EntityResolver) -> None:
    proposal = extract("перевели из команды аналитики на Orbit", world, owner=OWNER, today=TODAY)
    assert (LIANA, "works_on", ORBIT) not in links(proposal)
