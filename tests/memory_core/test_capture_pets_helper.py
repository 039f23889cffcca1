"""Capture of a pet's vet: "our dog Bublik has a new vet — Dr. Sanita Krumina", "у нашей
собаки новый ветеринар — X". The vet is the household's (the owner's provider); the pet gets no
entity, and what is no role ("a new toy — Squeaky") gives nothing.

The world is a :class:`StoreResolver` over the owner's name only.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose, proposed_lines

OWNER = "User:Ульяна"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER], owner=OWNER)


@pytest.mark.parametrize(
    ("text", "vet", "word"),
    [
        (
            "our dog Bublik has a new vet — Dr. Sanita Krumina, the clinic on Tallinas street",
            "Person:Sanita Krumina",
            "vet",
        ),
        ("у нашей собаки новый ветеринар — Санита Крумина", "Person:Санита Крумина", "ветеринар"),
        ("my cat has a vet: Anna Berg", "Person:Anna Berg", "vet"),
    ],
)
def test_a_pets_vet_is_the_households(
    world: StoreResolver, text: str, vet: str, word: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert word in proposed_lines(proposal, vet)
    assert links(proposal) == {(vet, "provider_of", OWNER)}
    assert [e.name for e in proposal.entities if e.is_new] == [vet]


def test_a_pets_thing_that_is_no_role_is_nothing(world: StoreResolver) -> None:
    proposal = extract("our dog Bublik has a new toy — Squeaky", world, owner=OWNER, today=DAY)
    assert proposal.skipped is not None, proposal.to_json()
