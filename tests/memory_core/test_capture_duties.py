"""Capture of a duty said with a verb: a standing duty, the product side of a project, a piece
of work picked up for a project.

The world lives in a temporary SQLite memory (owner Нина; Маргарита Варданян, Гор Саркисян,
Карен Давтян; the projects Nomad and Caravan) and is read through the bot's own resolver.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from tests.memory_core.proposals import links, propose_in, proposed_lines

OWNER = "User:Нина"
MARGO = "Person:Маргарита Варданян"
GOR = "Person:Гор Саркисян"
KAREN = "Person:Карен Давтян"
NOMAD = "Project:Nomad"
CARAVAN = "Project:Caravan"
WORLD = [OWNER, MARGO, GOR, KAREN, NOMAD, CARAVAN]


@pytest.mark.parametrize(
    "text",
    [
        "Маргарита теперь отвечает ещё и за продукт на Nomad",
        "Маргарита отвечает за продукт в Nomad",
        "Маргарита Варданян is responsible for product on Nomad",
    ],
)
async def test_answering_for_the_product_of_a_project_is_its_pm(
    owner: ScopedMemory, text: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert (MARGO, "pm_of", NOMAD) in links(proposal), proposal.to_json()
    assert "продукт" in proposed_lines(proposal, MARGO) or "product" in proposed_lines(
        proposal, MARGO
    )


async def test_answering_for_something_else_is_no_pm(owner: ScopedMemory) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, "Маргарита теперь отвечает за дизайн в Nomad")
    assert (MARGO, "manages", NOMAD) in links(proposal), proposal.to_json()
    assert (MARGO, "pm_of", NOMAD) not in links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "Гор also picks up the ClickHouse migration for Caravan",
        "Gor Sargsyan took on the search rewrite in Caravan",
        "гор подхватывает миграцию в k8s для caravan",
        "Гор берёт на себя переезд в облако для Caravan",
    ],
)
async def test_work_picked_up_for_a_project_is_work_on_it(owner: ScopedMemory, text: str) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert (GOR, "works_on", CARAVAN) in links(proposal), proposal.to_json()


async def test_being_on_standby_is_no_work_picked_up(owner: ScopedMemory) -> None:
    """ "на подхвате у Гора в Caravan" says who she backs up, not a job picked up by Гор."""
    proposal = await propose_in(
        owner, WORLD, OWNER, "у меня новенькая — Дуня Маркович, пока на подхвате у Гора в Caravan"
    )
    assert (GOR, "works_on", CARAVAN) not in links(proposal)


@pytest.mark.parametrize(
    ("text", "person", "word"),
    [
        (
            "Карен Оганесян из финансов (не наш карен, другой) теперь согласует все бюджеты",
            "Person:Карен Оганесян",
            "бюджет",
        ),
        ("Лена Ким с апреля ведёт весь найм", "Person:Лена Ким", "найм"),
        ("Priya Nair now signs off every release", "Person:Priya Nair", "release"),
    ],
)
async def test_a_standing_duty_is_a_role(
    owner: ScopedMemory, text: str, person: str, word: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert word in proposed_lines(proposal, person)
    assert KAREN not in {e.name for e in proposal.entities}


async def test_a_duty_done_once_is_no_role(owner: ScopedMemory) -> None:
    """Without "теперь" or a date it holds from, "согласовала бюджет" is one event."""
    proposal = await propose_in(owner, WORLD, OWNER, "Лена Ким согласовала бюджет")
    assert not [line for e in proposal.entities for line in e.lines if "бюджет" in line]
