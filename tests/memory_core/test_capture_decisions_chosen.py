"""Capture of decisions named by what was chosen, said at a project's meeting or after filler.

A small world (owner Нина, one colleague, two projects, one issue) is written to a temporary
SQLite store; each statement goes through :func:`extract` with the store's own resolver. A
decision that drops one thing and takes another is named after the one taken, and a new
acronym only dropped is no project; the project whose meeting decided ("на планёрке P
решили: ...") is where it was decided; "всё, порешали — ..." is a decision.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Нина"
FJORD = "Project:Fjord"
WORLD = (OWNER, "Person:Рустам Алиев", FJORD, "Project:Quartz", "Jira:FJ-77")


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


def decisions(proposal: Proposal) -> list[str]:
    return [e.name for e in proposal.entities if e.name.startswith("Decision:")]


@pytest.mark.parametrize(
    ("text", "chosen", "dropped"),
    [
        ("decided today: Fjord drops the in-house SMTP relay and goes with Postmark",
         "postmark", "smtp"),
        ("мы решили: Fjord отказывается от самописного VPN и переходит на Tailscale",
         "tailscale", "vpn"),
    ],
)  # fmt: skip
async def test_a_decision_is_named_after_what_is_taken(
    owner: ScopedMemory, text: str, chosen: str, dropped: str
) -> None:
    proposal = await propose(owner, text)
    (name,) = decisions(proposal)
    assert chosen in name.lower()
    assert dropped not in name.lower()
    assert {(name, "decided_in", FJORD)} == links(proposal)
    assert not [e for e in proposal.entities if e.name.lower() == f"project:{dropped}"]


async def test_the_projects_own_meeting_is_where_it_was_decided(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "на планёрке fjord решили: релизы только по вторникам")
    (name,) = decisions(proposal)
    assert (name, "decided_in", FJORD) in links(proposal)
    assert any("вторник" in line for e in proposal.entities for line in e.lines)


async def test_a_call_after_filler_is_a_decision(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "всё, порешали — FJ-77 откладываем до осени")
    (name,) = decisions(proposal)
    assert (name, "concerns", "Jira:FJ-77") in links(proposal)
