"""Capture keeps the team a person comes from as a line ("X из платформенной команды ...").

The world is :mod:`tests.memory_core.lantern_world`. The team phrase said right after a
name ("из платформенной команды", "from the data team", "из команды мобильной разработки")
becomes a ``team:`` line on that person, and the rest of the sentence is still read.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction_names import EntityResolver
from tests.memory_core.lantern_world import LANTERN, QUARTZ, TIDEWELL, propose_here, store_world
from tests.memory_core.proposals import lines_for, links


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    return await store_world(owner)


@pytest.mark.parametrize(
    ("text", "person", "project", "team"),
    [
        (
            "Арвид Озолс из платформенной команды подключился к Lantern",
            "Person:Арвид Озолс",
            LANTERN,
            "платформенной команды",
        ),
        (
            "Signe Berzina from the data team joined Quartz",
            "Person:Signe Berzina",
            QUARTZ,
            "data team",
        ),
        (
            "Янис из команды мобильной разработки теперь на Tidewell",
            "Person:Янис",
            TIDEWELL,
            "мобильной разработки",
        ),
    ],
)
def test_the_team_after_a_name_is_a_line_of_that_person(
    world: EntityResolver, text: str, person: str, project: str, team: str
) -> None:
    proposal = propose_here(world, text)
    assert (person, "works_on", project) in links(proposal)
    team_lines = [line for line in lines_for(proposal, person) if line.startswith("team:")]
    assert len(team_lines) == 1
    assert team in team_lines[0]
    assert "подключ" not in team_lines[0]


def test_no_team_line_without_a_team_phrase(world: EntityResolver) -> None:
    proposal = propose_here(world, "Арвид Озолс подключился к Lantern")
    assert not any(line.startswith("team:") for e in proposal.entities for line in e.lines)
