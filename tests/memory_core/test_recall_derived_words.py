"""An English word made of another by a prefix or suffix is read as that word, not a typo."""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall
from memory_core.recall.terms import is_dictionary_word
from memory_core.recall.word_forms import derived_base

NO_WRITE = RecallOptions(reinforce=False)


@pytest.mark.parametrize(
    ("word", "base"),
    [
        ("reordering", "ordering"),
        ("misconfigured", "configured"),
        ("overprovisioned", "provisioned"),
        ("relaunch", "launch"),
        ("moldy", "mold"),
        ("bugless", "bug"),
        ("rendering", None),  # listed by the dictionary itself
        ("grafana", None),  # made of no word
    ],
)
def test_the_word_a_derivative_is_made_of(word: str, base: str | None) -> None:
    assert derived_base(word) == base


def test_a_derivative_is_a_dictionary_word() -> None:
    assert is_dictionary_word("resubmitted")
    assert not is_dictionary_word("zorblat")


@pytest.fixture
async def office(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity(
                "Decision:checkout-steps-order",
                "Decision",
                ("decision: the checkout steps change order, payment before address",),
            ),
            Entity(
                "Decision:ssr-landing",
                "Decision",
                ("decision: server-side rendering for the pages of the checkout steps",),
            ),
        ]
    )
    return owner


async def test_a_derivative_finds_its_base_not_a_look_alike(office: ScopedMemory) -> None:
    result = await recall(office, "why are we reordering the checkout steps", NO_WRITE)
    assert result.nodes[:1] == ("Decision:checkout-steps-order",)
