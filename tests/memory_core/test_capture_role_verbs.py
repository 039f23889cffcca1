"""Capture of roles said with a role made a verb, one role over two projects, and "и за".

The world lives in a temporary SQLite memory read through the bot's own resolver. "Helix
теперь продактит X", "Вадик тимлидит мобилку на Helix", "X отвечает и за Helix" say who
runs a project; "X will be release manager for both Helix and Quartz" links X to both.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links as _links
from tests.memory_core.proposals import propose

OWNER = "User:Нина"
VADIM = "Person:Вадим Орлов"
HELIX = "Project:Helix"
QUARTZ = "Project:Quartz"
TODAY = dt.date(2026, 3, 2)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(VADIM, "Person", ("fact: Вадик (src=user)",)),
            Entity(HELIX, "Project"),
            Entity(QUARTZ, "Project"),
        ]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("Helix теперь продактит Jonas Berg, вместо Вадика", "Person:Jonas Berg"),
        ("Quartz со вторника техлидит Ирина Лис", "Person:Ирина Лис"),
        ("вадик с понедельника тимлидит мобилку на Helix", VADIM),
        ("Вадим Орлов теперь отвечает и за Helix со стороны заказчика", VADIM),
    ],
)
async def test_a_role_made_a_verb_says_who_runs_the_project(
    world: EntityResolver, text: str, who: str
) -> None:
    project = HELIX if "Helix" in text else QUARTZ
    assert (who, "manages", project) in _links(_propose(world, text))


@pytest.mark.parametrize(
    "text",
    [
        "Lena Vogt is gonna be release manager for both Helix and Quartz",
        "Лена Фогт теперь руководитель проекта на Helix и Quartz",
    ],
)
async def test_one_role_over_two_projects_links_both(world: EntityResolver, text: str) -> None:
    proposal = _propose(world, text)
    links = _links(proposal)
    person = next(e.name for e in proposal.entities if e.name.startswith("Person:"))
    assert {(person, rel, p) for rel in ("manages", "pm_of") for p in (HELIX, QUARTZ)} & links
    assert {p for _, rel, p in links if rel in ("manages", "pm_of")} == {HELIX, QUARTZ}
    lines = next(e.lines for e in proposal.entities if e.name == person)
    assert any("⟦" not in line and " for " not in line for line in lines)
