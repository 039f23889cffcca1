"""Capture of a first name two stored people share, told apart by the project said with it.

The world lives in a temporary SQLite memory (owner Давид; Tigran Hovhannisyan on Sevan and
Тигран Бабаян on Payway, each linked to their project; the project Caravan) and is read
through the bot's own resolver, which reads the namesakes' links.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, proposed_lines

OWNER = "User:Давид"
TIGRAN_H = "Person:Tigran Hovhannisyan"
TIGRAN_B = "Person:Тигран Бабаян"
SEVAN, PAYWAY, CARAVAN = "Project:Sevan", "Project:Payway", "Project:Caravan"


async def _propose(owner: ScopedMemory, text: str) -> Proposal:
    names = (OWNER, TIGRAN_H, TIGRAN_B, SEVAN, PAYWAY, CARAVAN)
    await owner.create_entities([Entity(n, n.split(":")[0]) for n in names])
    await owner.create_relations(
        [Relation(TIGRAN_H, SEVAN, "works_on"), Relation(TIGRAN_B, PAYWAY, "works_on")]
    )
    return extract(text, await scope_resolver(owner, OWNER), owner=OWNER)


@pytest.mark.parametrize(
    ("text", "link"),
    [
        ("Tigran from Sevan also picks up the ClickHouse migration for Caravan",
         (TIGRAN_H, "works_on", CARAVAN)),
        ("тигран который на payway теперь ещё и на Caravan", (TIGRAN_B, "works_on", CARAVAN)),
        ("тигран который на payway теперь engineering manager у них",
         (TIGRAN_B, "manages", PAYWAY)),
    ],
)  # fmt: skip
async def test_the_project_tells_namesakes_apart(
    owner: ScopedMemory, text: str, link: tuple[str, str, str]
) -> None:
    proposal = await _propose(owner, text)
    assert link in links(proposal), proposal.to_json()
    assert not [e.name for e in proposal.entities if e.is_new], proposal.to_json()


async def test_the_role_lands_on_the_one_told_apart(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "тигран который на payway теперь engineering manager у них")
    assert "manager" in proposed_lines(proposal, TIGRAN_B)


async def test_a_project_neither_namesake_is_on_names_no_one(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "Tigran from Caravan now works on Sevan too")
    ends = {end for frm, _, to in links(proposal) for end in (frm, to)}
    assert not ends & {TIGRAN_H, TIGRAN_B, "Person:Tigran"}, proposal.to_json()


async def test_a_link_added_later_tells_them_apart_at_once(owner: ScopedMemory) -> None:
    # the namesakes' links are kept between statements; a new link must not be missed
    await _propose(owner, "Tigran from Sevan is on call this week")
    await owner.create_relations([Relation(TIGRAN_B, CARAVAN, "works_on")])
    text = "тигран который на caravan теперь tech lead у них"
    proposal = extract(text, await scope_resolver(owner, OWNER), owner=OWNER)
    assert (TIGRAN_B, "leads", CARAVAN) in links(proposal) or (
        TIGRAN_B,
        "manages",
        CARAVAN,
    ) in links(proposal), proposal.to_json()
