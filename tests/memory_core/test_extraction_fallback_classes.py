"""Classes of statement the fallbacks' second round reads: decisions whose deciders stand in
a frame ("final call by X:", "... review with X:", "X agrees — ..."), a verb made of a borrowed
noun kept in a decision's slug, and the statements they must leave alone. The memory is a small
world of its own (owner Велимир) read through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import links

OWNER = "User:Велимир"
NAMES = [
    OWNER,
    "Person:Радмила Ковач",
    "Person:Teodor Blanc",
    "Project:Orchard",
    "Project:Lantern",
    "Jira:ORC-77",
]
DAY = dt.date(2026, 5, 11)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, [], {})


def propose(world: GraphResolver, text: str) -> Proposal:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert proposal.skipped is None, proposal.to_json()
    return proposal


def decision(proposal: Proposal) -> str:
    (name,) = [e.name for e in proposal.entities if e.name.startswith("Decision:")]
    return name


# decisions


def test_a_verb_made_of_a_borrowed_noun_stays_in_the_slug(world: GraphResolver) -> None:
    p = propose(world, "договорились что в Orchard сессии логируем не дольше 30 дней")
    assert "логируем" in decision(p)


def test_a_plain_russian_verb_still_leaves_the_slug(world: GraphResolver) -> None:
    p = propose(world, "договорились что в Orchard релизы катим по средам")
    assert "катим" not in decision(p)


def test_a_final_call_by_someone_is_theirs(world: GraphResolver) -> None:
    p = propose(world, "final call by Teodor: code freeze on Lantern until the spring launch")
    name = decision(p)
    assert "freeze" in name
    assert ("Person:Teodor Blanc", "decided", name) in links(p)
    assert (name, "decided_in", "Project:Lantern") in links(p)


def test_who_was_at_the_meeting_decided(world: GraphResolver) -> None:
    p = propose(world, "decision from the design review with Teodor: Orchard keeps Kafka")
    assert ("Person:Teodor Blanc", "decided", decision(p)) in links(p)


def test_who_agreed_before_a_dash_backed_it(world: GraphResolver) -> None:
    p = propose(world, "ORC-77 решили отложить, Радмила согласна — переносим на май")
    name = decision(p)
    assert ("Person:Радмила Ковач", "agreed", name) in links(p)
    assert (name, "concerns", "Jira:ORC-77") in links(p)


def test_a_meeting_alone_names_no_decider(world: GraphResolver) -> None:
    p = propose(world, "decision from the design review: Orchard keeps Kafka")
    assert not [link for link in links(p) if link[1] == "decided" and link[0] != OWNER]
