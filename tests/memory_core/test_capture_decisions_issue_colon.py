"""Capture of a decision on a Jira issue named before a colon or a dash: "CLM-311: decided to
quarantine the flaky tests", "GK-27 — мы решили ...".

The world is a :class:`StoreResolver` over names only (owner Ульяна, two issues, one person:
a person before the colon is their own plan, not a decision).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Ульяна"
CLM = "Jira:CLM-311"
GK = "Jira:GK-27"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, CLM, GK, "Person:Маша Ли"], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "issue", "word"),
    [
        ("CLM-311: decided to quarantine the flaky login tests", CLM, "quarantine"),
        ("GK-27 — we decided to drop the generator", GK, "drop"),
        ("CLM-311: решили отложить тесты до релиза", CLM, "отложить"),
    ],
)
def test_a_decision_after_an_issue_and_a_colon_concerns_the_issue(
    world: StoreResolver, text: str, issue: str, word: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    decisions = [e for e in proposal.entities if e.name.startswith("Decision:")]
    assert len(decisions) == 1, proposal.to_json()
    assert word in " ".join(decisions[0].lines)
    assert links(proposal) == {(decisions[0].name, "concerns", issue)}


def test_a_person_before_the_colon_is_no_decision(world: StoreResolver) -> None:
    proposal = extract("Маша Ли: решила уйти в отпуск", world, owner=OWNER, today=DAY)
    assert not [e for e in proposal.entities if e.name.startswith("Decision:")]
