"""Capture never proposes a statement that holds a personal identifier or a network key.

A passport, national ID, SNILS or personal INN number written in an ordinary sentence is a
secret: the statement is skipped as one, and no part of it is offered. Sentences about the
same documents without their number (an expiry year, an office, a fee) are not secrets.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction_skip import SKIP_SECRET
from tests.memory_core.proposals import propose_in

OWNER = "User:Nadia"
WORLD = (OWNER, "Person:Milan Horvat", "Person:Гоша Ветров", "Project:Kiosk")


@pytest.mark.parametrize(
    "text",
    [
        "Milan Horvat's passport number is 731948265, renew in 2029",
        "паспорт Гоши 4017 552913, выдан в 2016",
        "СНИЛС Гоши Ветрова 214-557-803 41",
        "ИНН Гоши 770412558301",
        "Milan's personal code: 39104150277",
        "the wifi key at Milan's place is fern-lamp-58",
    ],
)
async def test_a_statement_with_an_identifier_is_skipped_as_a_secret(
    owner: ScopedMemory, text: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert proposal.skipped == SKIP_SECRET
    assert not proposal.entities
    assert not proposal.relations


@pytest.mark.parametrize(
    "text",
    [
        "Milan Horvat's passport expires in 2031, he renews it in May",
        "Гоша Ветров получил загранпаспорт, готовили 14 дней",
    ],
)
async def test_a_statement_about_a_document_without_its_number_is_not_a_secret(
    owner: ScopedMemory, text: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert proposal.skipped != SKIP_SECRET
