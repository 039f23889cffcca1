"""Capture of people the memory holds, named by a pet form of the first name or a surname alone.

The world lives in a temporary SQLite memory (owner Давид; Александр Зотов, Маргарита stored
in Latin, Алексей Орлов, two Tigrans with different surnames, one stored in each script) and is
read through the bot's own resolver. A pet form the table of diminutives knows ("Саня", "Шурику",
"марго", "Лёху") finds the one person with that full first name, in any case; a surname alone,
in either script and any case ending, finds the one person with that surname; neither ever
makes a new person.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Давид"
ZOTOV = "Person:Александр Зотов"
MARGARITA = "Person:Margarita Vardanyan"
ORLOV = "Person:Алексей Орлов"
TIGRAN_H = "Person:Tigran Hovhannisyan"
TIGRAN_B = "Person:Тигран Бабаян"
PAYWAY = "Project:Payway"
WORLD = [OWNER, ZOTOV, MARGARITA, ORLOV, TIGRAN_H, TIGRAN_B, PAYWAY]


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Саня Зотов теперь работает на Payway", ZOTOV),
        ("Сашу Зотова перевели на Payway", ZOTOV),
        ("Шурик Зотов теперь работает на Payway", ZOTOV),
        ("Шурика перевели на Payway", ZOTOV),
        ("марго перешла на Payway", MARGARITA),
        ("Лёху Орлова перевели на Payway", ORLOV),
        ("Hovhannisyan now works on Payway", TIGRAN_H),
        ("Бабаяна перевели на Payway", TIGRAN_B),
        ("Babayan moved to Payway", TIGRAN_B),
    ],
)
async def test_a_pet_form_or_a_surname_alone_finds_the_stored_person(
    owner: ScopedMemory, text: str, person: str
) -> None:
    """The link lands on the stored person, and no new person is proposed."""
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert (person, "works_on", PAYWAY) in links(proposal), proposal.to_json()
    assert not [e.name for e in proposal.entities if e.is_new], proposal.to_json()


async def test_a_pet_form_shared_by_two_stored_people_names_neither(owner: ScopedMemory) -> None:
    """Two Александрs: "Саня" alone is ambiguous, so it resolves to no one of them."""
    world = [*WORLD, "Person:Александр Ким"]
    proposal = await propose_in(owner, world, OWNER, "Саня теперь работает на Payway")
    assert not {frm for frm, _, _ in links(proposal)} & {ZOTOV, "Person:Александр Ким"}


async def test_a_surname_alone_of_another_person_is_no_stored_one(owner: ScopedMemory) -> None:
    """A surname no stored person has makes a new person, not one of the Tigrans."""
    proposal = await propose_in(owner, WORLD, OWNER, "Sargsyan moved to Payway")
    assert not {frm for frm, _, _ in links(proposal)} & {TIGRAN_H, TIGRAN_B}


async def test_a_surname_after_a_title_is_someone_new(owner: ScopedMemory) -> None:
    """ "dr. Babayan" introduces a doctor, not the stored colleague Тигран Бабаян."""
    proposal = await propose_in(owner, WORLD, OWNER, "my dentist is dr. Babayan")
    assert TIGRAN_B not in {e.name for e in proposal.entities}, proposal.to_json()
    assert {e.name for e in proposal.entities if e.is_new} == {"Person:Babayan"}
