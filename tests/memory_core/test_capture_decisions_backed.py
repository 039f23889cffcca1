"""Capture of decisions on an issue, backed by someone said last, and of their topic and tools.

A small world (owner Ника, two colleagues, two projects, one Jira issue) is written to a
temporary SQLite store; each statement goes through :func:`extract` with the store's own
resolver.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Ника"
WORLD = (
    OWNER,
    "Person:Олжас Сейткали",
    "Person:Ravi Menon",
    "Project:Tumar",
    "Project:Kelin",
    "Jira:TUM-52",
)


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


def the_decision(proposal: Proposal) -> tuple[str, tuple[str, ...]]:
    (entity,) = [e for e in proposal.entities if e.name.startswith("Decision:")]
    return entity.name, entity.lines


@pytest.mark.parametrize(
    ("text", "backer", "part", "said"),
    [
        # what is done to the issue is the decision; who agreed is said last
        ("TUM-52 откладываем до следующего спринта, Олжас согласен",
         "Person:Олжас Сейткали", "agreed", "откладываем"),
        # the issue before "решили"; who insisted is said last
        ("TUM-52 решили пока не чинить, Ravi Menon настоял",
         "Person:Ravi Menon", "decided", "не чинить"),
        ("TUM-52 won't fix for now, Ravi Menon approved", "Person:Ravi Menon", "approved", "fix"),
    ],
)  # fmt: skip
async def test_a_call_on_an_issue_backed_by_someone(
    owner: ScopedMemory, text: str, backer: str, part: str, said: str
) -> None:
    proposal = await propose(owner, text)
    decision, lines = the_decision(proposal)
    assert "52" in decision
    assert (decision, "concerns", "Jira:TUM-52") in links(proposal)
    assert (backer, part, decision) in links(proposal)
    assert said in lines[0]
    assert "TUM-52" in lines[0]
    assert not any(word in decision for word in ("согласен", "настоял", "approved"))


@pytest.mark.parametrize(
    "text",
    [
        "Олжас решил уволиться",  # a person's own plan, not the team's decision
        "фиксируем баги в Tumar весь день",  # fixing bugs, not "фиксируем: ..."
        "Олжас согласен",  # agreement without a decision
        "TUM-52 закрываем сегодня вечером",  # a plan for the day, not a call on the issue
    ],
)
async def test_no_decision_from_a_lookalike(owner: ScopedMemory, text: str) -> None:
    proposal = await propose(owner, text)
    assert not [e for e in proposal.entities if e.name.startswith("Decision:")]


async def test_the_project_said_after_the_verb_and_the_tool_dropped(owner: ScopedMemory) -> None:
    proposal = await propose(
        owner,
        "вместо TeamCity теперь всё через GitLab CI, так договорились на планёрке — это про Kelin",
    )
    decision, _ = the_decision(proposal)
    assert "gitlab" in decision
    assert "teamcity" not in decision
    assert (decision, "decided_in", "Project:Kelin") in links(proposal)


async def test_decided_with_a_slash_and_common_acronyms(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "decided w/ Ravi Menon: staging DB snapshots are kept a week")
    decision, _ = the_decision(proposal)
    assert ("Person:Ravi Menon", "decided", decision) in links(proposal)
    assert "ravi" not in decision
    assert not [e for e in proposal.entities if e.name.startswith("Project:")]


async def test_the_service_moved_off_is_neither_a_project_nor_in_the_slug(
    owner: ScopedMemory,
) -> None:
    proposal = await propose(
        owner, "it was decided that Tumar moves off the Stripe API onto our own Kassa gateway"
    )
    decision, _ = the_decision(proposal)
    assert "stripe" not in decision
    assert "kassa" in decision
    assert "Project:API" not in {e.name for e in proposal.entities}
    assert (decision, "decided_in", "Project:Tumar") in links(proposal)


async def test_fixed_with_a_colon_is_a_decision(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "зафиксировали: счета в Kelin выставляем в тенге")
    decision, _ = the_decision(proposal)
    assert "тенге" in decision
    assert (decision, "decided_in", "Project:Kelin") in links(proposal)


async def test_a_bound_in_percent_is_no_progress_report(owner: ScopedMemory) -> None:
    proposal = await propose(
        owner, "Ravi Menon and I agreed: no deploys to Tumar until the error rate is below 2%"
    )
    assert proposal.skipped is None
    decision, _ = the_decision(proposal)
    assert ("Person:Ravi Menon", "decided", decision) in links(proposal)
    assert (OWNER, "decided", decision) in links(proposal)


async def test_an_announced_close_of_an_issue(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "we're postponing TUM-52 until the audit is over")
    decision, lines = the_decision(proposal)
    assert (decision, "concerns", "Jira:TUM-52") in links(proposal)
    assert lines[0].startswith("decision: postponing TUM-52")
