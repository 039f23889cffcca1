"""Capture of a team led by a verb: "X heads the data team now", "X возглавляет отдел
аналитики" give X the role of that team's head; a project led by a verb stays a link.

The world is a :class:`StoreResolver` over names only (owner Ульяна, one project).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose, proposed_lines

OWNER = "User:Ульяна"
KASA = "Project:Kasa"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, KASA], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "person", "line"),
    [
        (
            "btw Diego Alvarez heads the data team now",
            "Person:Diego Alvarez",
            "head of the data team",
        ),
        (
            "Nadia is leading the mobile platform group",
            "Person:Nadia",
            "head of the mobile platform group",
        ),
        ("Вика возглавляет отдел аналитики", "Person:Вика", "руководитель отдела аналитики"),
        (
            "Гоша теперь руководит командой мобильной разработки",
            "Person:Гоша",
            "руководитель команды мобильной разработки",
        ),
    ],
)
def test_a_person_who_heads_a_team_gets_the_role(
    world: StoreResolver, text: str, person: str, line: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert line in proposed_lines(proposal, person)
    assert not links(proposal)


def test_a_project_led_by_a_verb_stays_a_link(world: StoreResolver) -> None:
    proposal = propose(world, "Diego heads Kasa now", owner=OWNER, today=DAY)
    assert ("Person:Diego", "manages", KASA) in links(proposal)


def test_running_something_else_is_no_role(world: StoreResolver) -> None:
    proposal = extract("Diego runs the numbers", world, owner=OWNER, today=DAY)
    assert proposal.skipped is not None, proposal.to_json()
