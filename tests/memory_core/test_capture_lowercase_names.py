"""Capture of stored people typed in lowercase by surname, of a shared first name, of a clipped
tool name.

The world lives in a temporary SQLite memory (owner Злата; Кирилл Ладыгин, Anton Kowal and
Антон Сафронов, Piotr Nowak, the projects Harvest and PostgreSQL) and is read through the bot's
own resolver. A surname typed in lowercase ("ладыгин", "kowal", "петра новака") finds the one
person with it, unless the word is a common word too ("мельник") or short; a first name two
stored people share makes no third person; a tool's name clipped in chat ("postgres") is the
stored project it begins.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Злата"
LADYGIN = "Person:Кирилл Ладыгин"
KOWAL = "Person:Anton Kowal"
SAFRONOV = "Person:Антон Сафронов"
NOWAK = "Person:Piotr Nowak"
MELNIK = "Person:Катя Мельник"
HARVEST = "Project:Harvest"
POSTGRES = "Project:PostgreSQL"
WORLD = [OWNER, LADYGIN, KOWAL, SAFRONOV, NOWAK, MELNIK, HARVEST, POSTGRES]


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("ладыгин теперь работает на Harvest", LADYGIN),
        ("ладыгина перевели на Harvest", LADYGIN),
        ("kowal is helping Harvest this month", KOWAL),
        ("петра новака перевели на Harvest", NOWAK),
    ],
)
async def test_a_lowercase_surname_finds_the_stored_person(
    owner: ScopedMemory, text: str, person: str
) -> None:
    """The link lands on the stored person, and no new person is proposed."""
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert (person, "works_on", HARVEST) in links(proposal), proposal.to_json()
    assert not [e.name for e in proposal.entities if e.is_new], proposal.to_json()


async def test_a_lowercase_common_word_is_no_surname(owner: ScopedMemory) -> None:
    """ "мельник" is a miller as well as Катя's surname: typed in lowercase it names no one."""
    proposal = await propose_in(owner, WORLD, OWNER, "мельник теперь работает на Harvest")
    assert MELNIK not in {frm for frm, _, _ in links(proposal)}, proposal.to_json()


async def test_a_first_name_two_people_share_makes_no_third(owner: ScopedMemory) -> None:
    """Two Antons are stored: "Антон" alone is neither of them, and no new Антон either."""
    proposal = await propose_in(owner, WORLD, OWNER, "Антон теперь работает на Harvest")
    assert not [e.name for e in proposal.entities if e.is_new], proposal.to_json()
    assert not {frm for frm, _, _ in links(proposal)} & {KOWAL, SAFRONOV, "Person:Антон"}


@pytest.mark.parametrize("word", ["postgres", "Postgres"])
async def test_a_clipped_tool_name_is_the_stored_project(owner: ScopedMemory, word: str) -> None:
    """ "Harvest весь на postgres": Harvest uses the stored PostgreSQL, not a new project."""
    proposal = await propose_in(owner, WORLD, OWNER, f"Harvest весь на {word}")
    assert (HARVEST, "uses", POSTGRES) in links(proposal), proposal.to_json()
    assert not [e.name for e in proposal.entities if e.is_new], proposal.to_json()


async def test_a_short_clipped_word_is_no_stored_project(owner: ScopedMemory) -> None:
    """ "post" is too short to stand for PostgreSQL: it stays a project of its own."""
    proposal = await propose_in(owner, WORLD, OWNER, "Harvest весь на post")
    assert (HARVEST, "uses", POSTGRES) not in links(proposal), proposal.to_json()
