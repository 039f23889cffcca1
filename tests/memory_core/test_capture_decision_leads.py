"""Capture of what a talk settled, said after a lead-in and a colon.

The world is :mod:`tests.memory_core.lantern_world`. "По итогам планирования: в Quartz
больше никаких релизов по пятницам", "after a long call with Bruno: Quartz moves to ..." and
"Bottom line from the retro: ..." are decisions about the project they name; a person named
in the lead ("w/ Bruno", "с Кирой") decided it; the words of a standing rule ("больше
никаких", "only", "go live") stay out of the slug, so the slug keeps what it is about.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from tests.memory_core.lantern_world import (
    BRUNO,
    KIRA,
    LANTERN,
    OWNER,
    QUARTZ,
    TIDEWELL,
    TODAY,
    propose_here,
    store_world,
)
from tests.memory_core.proposals import links


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    return await store_world(owner)


def _decision(proposal: Proposal) -> str:
    names = [e.name for e in proposal.entities if e.name.startswith("Decision:")]
    assert len(names) == 1, proposal.to_json()
    return names[0]


@pytest.mark.parametrize(
    ("text", "project", "word"),
    [
        ("По итогам планирования: в Quartz больше никаких релизов по пятницам", QUARTZ, "пятниц"),
        ("Bottom line from the retro: Tidewell deploys only on weekdays", TIDEWELL, "weekdays"),
        (
            "after a long thread in slack: Lantern releases go live on Mondays only",
            LANTERN,
            "mondays",
        ),
    ],
)
def test_what_a_talk_settled_is_a_decision_on_its_project(
    world: EntityResolver, text: str, project: str, word: str
) -> None:
    proposal = propose_here(world, text)
    decision = _decision(proposal)
    assert (decision, "decided_in", project) in links(proposal)
    assert word in decision
    assert not {"больше", "никаких", "only", "live"} & set(decision.split(":")[1].split("-"))


@pytest.mark.parametrize(
    ("text", "person", "project"),
    [
        ("after a long call with Bruno: Quartz moves to Postgres 16 in March", BRUNO, QUARTZ),
        ("Итог встречи с Кирой: Lantern переходит на двухнедельные спринты", KIRA, LANTERN),
    ],
)
def test_the_one_talked_with_decided_it(
    world: EntityResolver, text: str, person: str, project: str
) -> None:
    proposal = propose_here(world, text)
    decision = _decision(proposal)
    assert (decision, "decided_in", project) in links(proposal)
    assert (person, "decided", decision) in links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "after the retro with Bruno: Quartz looks healthy, the team is calm",
        "по итогам ретро с Кирой: в Lantern было много багов в январе",
    ],
)
def test_a_lead_then_no_plan_is_no_decision(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not any(e.name.startswith("Decision:") for e in proposal.entities)
    assert not proposal.relations
