"""Capture of decisions: the day it was said, whose call it was, and technical acronyms.

A decision's slug is made of what was decided, never of when it was said ("yesterday",
"(apr 12)"); a person whose call it was ("..., Tariq's call", "..., по решению Мирона") decided
it; an acronym the memory does not know ("SEPA payment files", "the POS SDK") is a term of
the sentence, not a new project, when a known project is named beside it.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Nadia"
TARIQ = "Person:Tariq Osei"
MIRON = "Person:Мирон Блинов"
WORLD = (OWNER, TARIQ, MIRON, "Project:Ledger", "Project:Kiosk")


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


def decision_of(proposal: Proposal) -> str:
    (name,) = [e.name for e in proposal.entities if e.name.startswith("Decision:")]
    return name


@pytest.mark.parametrize(
    ("text", "project", "kept", "left_out"),
    [
        ("agreed with Tariq yesterday: Ledger archives SEPA payment files for 7 years",
         "Project:Ledger", ("payment",), ("yesterday",)),
        ("decision (apr 12): Kiosk moves session cache to Valkey",
         "Project:Kiosk", ("valkey",), ("apr", "12", "moves")),
        ("решили сегодня: Ledger хранит логи KYC три года",
         "Project:Ledger", ("логи",), ("сегодня",)),
        ("решение (12 марта): Kiosk переезжает на Kafka",
         "Project:Kiosk", ("kafka",), ("12", "марта")),
    ],
)  # fmt: skip
async def test_a_slug_leaves_out_when_it_was_said(
    owner: ScopedMemory, text: str, project: str, kept: tuple[str, ...], left_out: tuple[str, ...]
) -> None:
    proposal = await propose(owner, text)
    decision = decision_of(proposal)
    slug = decision.split(":", 1)[1].split("-")
    assert all(any(k in word for word in slug) for k in kept), slug
    assert not set(left_out) & set(slug), slug
    assert (decision, "decided_in", project) in links(proposal)
    line = next(e.lines[0] for e in proposal.entities if e.name == decision)
    assert not any(word in line for word in ("(apr", "(12", "yesterday:", "сегодня:")), line


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("decision (apr 12): Kiosk moves session cache to Valkey, Tariq's call", TARIQ),
        ("decision: Kiosk drops the POS SDK, it was Tariq's call", TARIQ),
        ("решили: Ledger хранит логи KYC три года, решение Мирона", MIRON),
        ("решение: Ledger переезжает на Kafka, по решению Мирона", MIRON),
    ],
)
async def test_whose_call_it_was_decided_it(owner: ScopedMemory, text: str, who: str) -> None:
    proposal = await propose(owner, text)
    decision = decision_of(proposal)
    assert (who, "decided", decision) in links(proposal)
    line = next(e.lines[0] for e in proposal.entities if e.name == decision)
    assert "call" not in line
    assert "решени" not in line.split(":", 1)[1]


@pytest.mark.parametrize(
    ("text", "project", "term"),
    [
        ("agreed with Tariq: Ledger archives SEPA payment files for 7 years",
         "Project:Ledger", "Project:SEPA"),
        ("decision: Kiosk drops the POS SDK, Verifone only from now on",
         "Project:Kiosk", "Project:POS"),
        ("решили: в Ledger выписки SWIFT храним пять лет", "Project:Ledger", "Project:SWIFT"),
    ],
)  # fmt: skip
async def test_an_unknown_acronym_beside_a_known_project_is_no_project(
    owner: ScopedMemory, text: str, project: str, term: str
) -> None:
    proposal = await propose(owner, text)
    decision = decision_of(proposal)
    assert (decision, "decided_in", project) in links(proposal)
    assert [to for frm, _, to in links(proposal) if frm == decision and to != project] == []
    assert term not in {e.name for e in proposal.entities}


async def test_an_unknown_acronym_alone_is_still_the_decisions_project(
    owner: ScopedMemory,
) -> None:
    proposal = await propose(owner, "we decided: CRM moves to Postgres")
    assert (decision_of(proposal), "decided_in", "Project:CRM") in links(proposal)
