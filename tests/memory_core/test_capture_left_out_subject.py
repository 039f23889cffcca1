"""Capture of clauses whose subject is left out, over a real store.

A small world (owner Артур, one colleague, three projects) is written to a temporary SQLite
store; each statement goes through :func:`extract` with the store's own resolver. A sentence
that opens with a verb in the first person ("сижу на P") is the owner's; after ", а" the
second clause keeps the first one's subject ("P ходит в Q, а логи шлёт в R"); a first-person
verb about no project proposes nothing.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Артур"
BASALT = "Project:Basalt"
CORAL = "Project:Coral"
DUNE = "Project:Dune"
WORLD = (OWNER, "Person:Вика Орлова", BASALT, CORAL, DUNE)


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


@pytest.mark.parametrize(
    "text",
    ["со следующей недели сижу на basalt, там миграция", "пилю Basalt вместе с Викой Орловой"],
)
async def test_a_first_person_verb_is_the_owners(owner: ScopedMemory, text: str) -> None:
    assert (OWNER, "works_on", BASALT) in links(await propose(owner, text))


async def test_a_first_person_verb_about_no_project_proposes_nothing(
    owner: ScopedMemory,
) -> None:
    assert not (await propose(owner, "сижу дома, болею")).relations


async def test_the_clause_after_a_keeps_the_first_subject(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "coral ходит в basalt за тарифами, а логи шлёт в dune")
    assert (CORAL, "depends_on", BASALT) in links(proposal)
    found = links(proposal) & {(CORAL, "uses", DUNE), (DUNE, "depends_on", CORAL)}
    assert found
    assert not [
        r for r in proposal.relations if BASALT in (r.from_, r.to) and DUNE in (r.from_, r.to)
    ]


@pytest.mark.parametrize("text", ["курирую Coral", "Вика Орлова ведёт Dune"])
async def test_a_lead_line_names_the_project_as_people_write_it(
    owner: ScopedMemory, text: str
) -> None:
    proposal = await propose(owner, text)
    lines = [line for entity in proposal.entities for line in entity.lines]
    assert lines
    assert not any("Project:" in line for line in lines), lines
