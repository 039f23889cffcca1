"""Capture of what a project cannot do without ("X is useless without Y", "X бесполезен без
Y"), of a second source said with its verb left out ("берёт цены из A, а остатки — из B"),
and of an issue put on someone's desk ("KAS-7 повесили на X", "KAS-7 got dumped on X").

The world is a :class:`StoreResolver` over names only (owner Глеб, one colleague, three
projects, one issue).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Глеб"
ROSA = "Person:Роза Ахметова"
LAVKA = "Project:Lavka"
SKLAD = "Project:Sklad"
KASSA = "Project:Kassa"
ISSUE = "Jira:KAS-7"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, ROSA, LAVKA, SKLAD, KASSA, ISSUE], owner=OWNER)


@pytest.mark.parametrize(
    "text",
    [
        "Lavka is useless without Sklad, it reads stock from there every hour",
        "Lavka is basically dead in the water without Sklad",
        "Lavka бесполезна без Sklad",
        "Lavka никуда без Sklad",
    ],
)
def test_a_project_lost_without_another_depends_on_it(world: StoreResolver, text: str) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert (LAVKA, "depends_on", SKLAD) in links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "Lavka берёт цены из Sklad, а способы оплаты — из Kassa",
        "Lavka pulls prices from Sklad and payment methods from Kassa",
    ],
)
def test_a_second_source_without_its_verb_is_one_too(world: StoreResolver, text: str) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert {(LAVKA, "depends_on", SKLAD), (LAVKA, "depends_on", KASSA)} <= links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "KAS-7 повесили на Розу Ахметову, пусть разбирается с кассой",
        "KAS-7 got dumped on Роза Ахметова",
    ],
)
def test_an_issue_put_on_someones_desk_is_theirs(world: StoreResolver, text: str) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert (ISSUE, "assigned_to", ROSA) in links(proposal)


def test_lost_without_a_person_is_no_dependency(world: StoreResolver) -> None:
    proposal = extract("I'm lost without coffee in the morning", world, owner=OWNER, today=DAY)
    assert not [link for link in links(proposal) if link[1] == "depends_on"]
