"""Capture of a milestone a project reached ("P перевалил за 50к заказов", "P crossed 2M
rides"): a fact on the project; a count in a day's report or on an unknown name is none.

The world is a :class:`StoreResolver` over names only (owner Зоя, one project).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import propose

OWNER = "User:Зоя"
PROJECT = "Project:Samokat"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, PROJECT], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Samokat перевалил за 50к заказов в месяц, отметили пиццей", "50к"),
        ("Samokat наконец достиг 1000 курьеров", "1000"),
        ("Samokat just crossed 2M rides 🎉", "2M"),
    ],
)
def test_a_milestone_is_a_fact_on_the_project(world: StoreResolver, text: str, word: str) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    lines = [line for e in proposal.entities if e.name == PROJECT for line in e.lines]
    assert lines
    assert word in lines[0]


def test_a_count_on_an_unknown_name_is_no_milestone(world: StoreResolver) -> None:
    proposal = extract("Kolobok перевалил за 50к заказов", world, owner=OWNER, today=DAY)
    assert "Project:Kolobok" not in {e.name for e in proposal.entities}
