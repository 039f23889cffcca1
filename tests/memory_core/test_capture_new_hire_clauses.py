"""Capture of a newcomer presented with a role and a project in clauses: "new hire: Owen
Price, junior QA, he'll sit on Broker Hub and report to me".

The world is a :class:`StoreResolver` over names only (owner Ульяна, one project). "new hire"
and "new joiner" are role words whole; a full name cut short before its comma ("Owen Smith,
junior QA, ...") is never stored as its first word alone.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose, proposed_lines

OWNER = "User:Ульяна"
HUB = "Project:Broker Hub"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, HUB], owner=OWNER)


@pytest.mark.parametrize(
    "text",
    [
        "new hire: Owen Price, junior QA, he'll sit on Broker Hub and report to me",
        "у нас новенький: Owen Price, junior QA, сядет на Broker Hub и будет отчитываться мне",
    ],
)
def test_a_newcomer_with_a_role_a_project_and_the_owner_as_boss(
    world: StoreResolver, text: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    owen = "Person:Owen Price"
    assert "junior qa" in proposed_lines(proposal, owen)
    assert links(proposal) == {(owen, "reports_to", OWNER), (owen, "works_on", HUB)}


def test_new_joiner_is_a_role_word(world: StoreResolver) -> None:
    proposal = propose(world, "our new joiner — Ada Lim", owner=OWNER, today=DAY)
    assert "new joiner" in proposed_lines(proposal, "Person:Ada Lim")


def test_a_full_name_before_a_comma_is_not_cut_to_its_first_word(world: StoreResolver) -> None:
    proposal = extract("Owen Smith, junior QA, he'll sit on Broker Hub", world, owner=OWNER)
    assert "Person:Owen" not in {e.name for e in proposal.entities}, proposal.to_json()


def test_without_and_report_to_me_the_owner_is_not_the_boss(world: StoreResolver) -> None:
    text = "new hire: Owen Price, junior QA, he'll sit on Broker Hub"
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert not [x for x in links(proposal) if OWNER in x], proposal.to_json()
