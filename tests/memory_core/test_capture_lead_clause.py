"""Capture past a chatty opening clause ("в офисе перемены, X будет лидом ...").

The world lives in a temporary SQLite memory (owner Ilya; Лиана Саркисян and Jonas Berg,
stored; the projects Orbit and Quill) and is read through the bot's own resolver. A
clause that names no one before a comma must not hide the post said after it.
A lead that hedges, sets a condition or the moment, or news of no post or project, stays
unread.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import propose

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
    "text",
    [
        "в офисе большие перемены, лиана со следующей недели будет лидом аналитики",
        "news from our side, Jonas Berg will be the tech lead",
    ],
)
def test_a_chatty_lead_clause_does_not_hide_a_post(world: EntityResolver, text: str) -> None:
    proposal = _propose(world, text)
    person = LIANA if "лиана" in text else JONAS
    assert "лид" in _lines(proposal, person) or "lead" in _lines(proposal, person)


@pytest.mark.parametrize(
    "text",
    [
        "если всё сложится, лиана будет лидом аналитики",
        "думаю, Jonas Berg will be the tech lead",
        "so tired today, jonas woke me up at 6",
        "у нас тут весело, лиана опять опоздала",
    ],
)
def test_a_hedged_or_idle_lead_clause_is_not_dropped(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not any(line.startswith("role:") for e in proposal.entities for line in e.lines)
    said = _lines(proposal, LIANA) + " " + _lines(proposal, JONAS)
    assert not any(word in said for word in ("лид", "lead", "опоздал", "woke"))
