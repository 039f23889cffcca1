"""Capture of role words in their feminine forms, long ones typed a letter wrong, and trades.

"тестировщица", "разработчица" are roles a masculine stem ("тестировщик*") does not cover; a
long role word with one letter wrong ("разрабочтицей") is still that role; a household trade
("наш электрик — X") is a person the owner uses, like a vet or a lawyer.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction_typos import mend_roles
from tests.memory_core.proposals import links, propose_in, proposed_lines

OWNER = "User:Nadia"
WORLD = (OWNER, "Project:Ledger", "Project:Kiosk")


@pytest.mark.parametrize(
    ("text", "person", "role", "project"),
    [
        ("Лиза Рябова будет тестировщицей на Kiosk", "Person:Лиза Рябова", "тестировщица",
         "Project:Kiosk"),
        ("Дарина Ким теперь разработчица в Ledger", "Person:Дарина Ким", "разработчица",
         "Project:Ledger"),
        ("Лиза Рябова будет тестирвощицей на Kiosk", "Person:Лиза Рябова", "тестировщица",
         "Project:Kiosk"),
        ("Дарина Ким будет разрабочтицей в Ledger", "Person:Дарина Ким", "разработчица",
         "Project:Ledger"),
    ],
)  # fmt: skip
async def test_a_feminine_role_word_even_mistyped_is_a_role(
    owner: ScopedMemory, text: str, person: str, role: str, project: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert role in proposed_lines(proposal, person)
    assert (person, "works_on", project) in links(proposal)


@pytest.mark.parametrize(
    ("text", "person", "trade"),
    [
        ("наш электрик — Арсений, проводку менял в 2023", "Person:Арсений", "электрик"),
        ("our plumber is Declan Walsh, cheap and quick", "Person:Declan Walsh", "plumber"),
    ],
)
async def test_a_household_trade_is_a_role(
    owner: ScopedMemory, text: str, person: str, trade: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert trade in proposed_lines(proposal, person)


@pytest.mark.parametrize(
    "text", ["александрович пришёл", "тестеровать надо", "тёщиному коту лучше"]
)
def test_other_long_words_are_not_mended_into_roles(text: str) -> None:
    assert mend_roles(text) == text
