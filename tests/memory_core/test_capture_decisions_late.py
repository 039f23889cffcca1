"""Capture of decisions whose verb comes last or after a colon of its own kind.

A small world (owner Злата, Агнешка stored in Latin as Agnieszka Lis, Нарек Григорян, the
projects Sprout and Terraform) is written to a temporary SQLite store; each statement goes
through :func:`extract` with the store's own resolver.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Злата"
AGNIESZKA = "Person:Agnieszka Lis"
NAREK = "Person:Нарек Григорян"
SPROUT = "Project:Sprout"
WORLD = (OWNER, AGNIESZKA, NAREK, SPROUT, "Project:Terraform")


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


def decision(proposal: Proposal) -> str:
    found = [e.name for e in proposal.entities if e.name.startswith("Decision:")]
    assert len(found) == 1, proposal.to_json()
    return found[0]


@pytest.mark.parametrize(
    ("text", "who", "word"),
    [
        ("sprout переводим на react native, агнешка вчера утвердила", AGNIESZKA, "react"),
        ("Sprout moves to Flutter, Agnieszka Lis approved yesterday", AGNIESZKA, "flutter"),
        (
            "вместо terraform cloud гоняем планы через atlantis, вчера решили с нареком",
            NAREK,
            "atlantis",
        ),
        ("в sprout пуши шлём через свой сервис, сегодня договорились с Нареком", NAREK, "сервис"),
    ],
)
async def test_who_decided_or_approved_may_be_said_last_with_when(
    owner: ScopedMemory, text: str, who: str, word: str
) -> None:
    proposal = await propose(owner, text)
    made = decision(proposal)
    assert word in made.casefold()
    assert {(frm, to) for frm, _, to in links(proposal)} >= {(who, made)}


async def test_a_person_deciding_for_themself_last_is_no_decision(owner: ScopedMemory) -> None:
    """ "..., мама решила остаться" is her plan: a person's own "решила" said last is no call."""
    proposal = await propose(owner, "нарек заболел, его мама вчера решила остаться")
    assert not [e for e in proposal.entities if e.name.startswith("Decision:")]


@pytest.mark.parametrize(
    ("text", "word", "mine"),
    [
        ("на архкомитете приняли: единая авторизация через Keycloak", "keycloak", False),
        ("решила для себя: one-on-one с каждым из команды раз в две недели", "one", True),
    ],
)
async def test_a_decision_before_a_colon(
    owner: ScopedMemory, text: str, word: str, mine: bool
) -> None:
    proposal = await propose(owner, text)
    made = decision(proposal)
    assert word in made.casefold()
    assert ((OWNER, "decided", made) in links(proposal)) is mine
