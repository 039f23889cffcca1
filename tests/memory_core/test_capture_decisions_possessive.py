"""Capture of decisions said as whose call they were ("Sven's call: ..."), with a shortened
word inside ("prices incl. tax"), or as the team's change said after the project without
"мы" ("в ⟦P⟧ возвращаем ...").

The world is a :class:`StoreResolver` over names only (owner Вера, one colleague, two
projects).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Вера"
SVEN = "Person:Sven Lind"
KASSA = "Project:Kassa"
POLKA = "Project:Polka"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, SVEN, KASSA, POLKA], owner=OWNER)


def _decision(proposal_json: dict[str, object]) -> str:
    entities = proposal_json["entities"]
    assert isinstance(entities, list)
    found = [e["name"] for e in entities if e["name"].startswith("Decision:")]
    assert len(found) == 1, proposal_json
    return str(found[0])


@pytest.mark.parametrize(
    "text",
    [
        "Sven's call: no refunds in Kassa after the second week",
        "Sven’s final call: Kassa keeps paper receipts for a year",
    ],
)
def test_whose_call_before_a_colon_is_a_decision_by_them(world: StoreResolver, text: str) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    decision = _decision(proposal.to_json())
    assert {(decision, "decided_in", KASSA), (SVEN, "decided", decision)} <= links(proposal)


def test_a_shortened_word_does_not_end_the_decision(world: StoreResolver) -> None:
    text = "agreed with Sven: Polka lists prices incl. VAT on every page"
    proposal = propose(world, text, owner=OWNER, today=DAY)
    lines = " ".join(line for e in proposal.entities for line in e.lines)
    assert "VAT on every page" in lines
    assert (SVEN, "decided", _decision(proposal.to_json())) in links(proposal)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("в Polka возвращаем ручную модерацию — автомат пропускал спам", "модерацию"),
        ("в Kassa вводим чаевые для курьеров", "чаевые"),
    ],
)
def test_a_team_change_after_the_project_is_a_decision(
    world: StoreResolver, text: str, word: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    decision = _decision(proposal.to_json())
    assert word in " ".join(line for e in proposal.entities for line in e.lines)
    assert any(link[0] == decision and link[1] == "decided_in" for link in links(proposal))


def test_whose_turn_it_is_is_no_decision(world: StoreResolver) -> None:
    proposal = extract("Sven's turn to buy coffee today", world, owner=OWNER, today=DAY)
    assert not [e for e in proposal.entities if e.name.startswith("Decision:")]
