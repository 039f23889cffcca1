"""Capture of projects the memory does not hold yet, and of what a project is.

A message that calls a name a project ("работает над проектом Atlas", "the Helix project")
makes that project and links to it, as for a known one; "Atlas — сервис биллинга" keeps the
description as a line on the project. A name not called a project stays no project, and a
description naming a person, a meeting or a passing state is not kept as one.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, propose, proposed_lines

OWNER = "User:Лиана"
TODAY = dt.date(2026, 4, 14)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity("Person:Гоша Ким", "Person", ("role: backend",)),
            Entity("Project:Kestrel", "Project"),
        ]
    )
    return await scope_resolver(owner)


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("Гоша работает над проектом Borealis", "Project:Borealis"),
        ("Гоша перешёл в проект Сапфир", "Project:Сапфир"),
        ("Gosha works on the Tundra project", "Project:Tundra"),
    ],
)
def test_a_name_called_a_project_is_one(world: EntityResolver, text: str, project: str) -> None:
    proposal = propose(world, text, owner=OWNER, today=TODAY)
    assert ("Person:Гоша Ким", "works_on", project) in links(proposal)
    assert project in {e.name for e in proposal.entities}


def test_a_name_not_called_a_project_is_none(world: EntityResolver) -> None:
    proposal = extract("Гоша работает над Borealis", world, owner=OWNER, today=TODAY)
    assert "Project:Borealis" not in {e.name for e in proposal.entities}


@pytest.mark.parametrize(
    ("text", "project", "said"),
    [
        ("Kestrel — сервис расчёта тарифов, релиз в мае", "Project:Kestrel", "сервис расчёта"),
        ("Kestrel is our pricing engine for partners", "Project:Kestrel", "pricing engine"),
        ("проект Ладога: приложение для курьеров", "Project:Ладога", "приложение для курьеров"),
        ("the Quill project is a wiki for the support team", "Project:Quill", "wiki"),
    ],
)
def test_what_a_project_is_becomes_its_line(
    world: EntityResolver, text: str, project: str, said: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=TODAY)
    assert said in proposed_lines(proposal, project)


@pytest.mark.parametrize(
    "text",
    [
        "Kestrel — Гоша Ким",  # who is on it: the rules about people
        "Kestrel: созвон в пятницу",  # a meeting
        "Kestrel is late",  # a passing state
        "Kestrel — ок",
    ],
)
def test_no_description_is_kept_from_other_sentences(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    lines = [line for e in proposal.entities if e.name == "Project:Kestrel" for line in e.lines]
    assert not any(line.startswith("fact:") for line in lines)
