"""Capture of a role said with what it is for before an exclamation and the name opening the
next sentence ("нашли лида на Kosmos!! Ида Рамос, ..."), and of the owner's own hands on a
project in a plan ("gonna get my hands dirty on Kosmos myself"), which is no day's worklog.

The world is a :class:`StoreResolver` over names only (owner Марат, two projects).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.extraction_skip import is_worklog
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, names, propose

OWNER = "User:Марат"
KOSMOS = "Project:Kosmos"
VEGA = "Project:Vega"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, KOSMOS, VEGA], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "person", "project"),
    [
        ("нашли наконец лида на Kosmos!! Ида Рамос, выходит 2 апреля", "Person:Ида Рамос", KOSMOS),
        ("finally hired a designer for Vega!! Tove Holm, starts monday", "Person:Tove Holm", VEGA),
    ],
)
def test_a_role_for_a_project_then_the_name_is_that_persons_role(
    world: StoreResolver, text: str, person: str, project: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert person in names(proposal)
    assert any(link[0] == person and link[2] == project for link in links(proposal))


@pytest.mark.parametrize(
    "text",
    [
        "gonna get my hands dirty on Kosmos myself, at least till the beta ships",
        "I'll be coding on Vega personally until we hire someone",
    ],
)
def test_the_owners_hands_on_a_project_is_work_on_it(world: StoreResolver, text: str) -> None:
    assert not is_worklog(text)
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert any(link[0] == OWNER and link[1] == "works_on" for link in links(proposal))


def test_a_plan_for_today_stays_a_worklog(world: StoreResolver) -> None:
    text = "gonna fix the login bug on Kosmos myself today"
    assert extract(text, world, owner=OWNER, today=DAY).skipped == "worklog"
