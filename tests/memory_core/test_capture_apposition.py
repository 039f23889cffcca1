"""Capture of a newcomer named after a comma, or after whom they replace, beside their role.

The world lives in a temporary SQLite memory (owner Вера; the project Orbit; Пётр Соколов,
whom someone replaces) and is read through the bot's own resolver. "нового дизайнера, X",
"a new QA engineer, X" and "новый начальник — вместо Петра будет X" read as the role said
next to the name: the newcomer with that role, on the project or over the owner; the person
replaced gets nothing.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction_apposition import appose
from tests.memory_core.proposals import Link, links, propose_in

OWNER = "User:Вера"
ORBIT = "Project:Orbit"
PETR = "Person:Пётр Соколов"
OLEG = "Person:Олег Смирнов"
WORLD = [OWNER, ORBIT, PETR]


@pytest.mark.parametrize(
    ("text", "newcomer", "link"),
    [
        (
            "на orbit взяли нового дизайнера, Карину Ли, выходит в понедельник",
            "Person:Карина Ли",
            ("Person:Карина Ли", "works_on", ORBIT),
        ),
        (
            "Orbit hired a new QA engineer, Tom Becker",
            "Person:Tom Becker",
            ("Person:Tom Becker", "works_on", ORBIT),
        ),
        ("в orbit пришёл новый тестировщик, Олег Смирнов", OLEG, (OLEG, "works_on", ORBIT)),
        (
            "с мая у меня новый начальник — вместо Петра будет Олег Смирнов",
            OLEG,
            (OWNER, "reports_to", OLEG),
        ),
        ("моим тимлидом вместо Соколова станет Олег Смирнов", OLEG, (OWNER, "reports_to", OLEG)),
    ],
)
async def test_a_name_apposed_to_its_role_is_the_newcomer(
    owner: ScopedMemory, text: str, newcomer: str, link: Link
) -> None:
    """The newcomer is new, has a role line and the link; the person replaced is untouched."""
    proposal = await propose_in(owner, WORLD, OWNER, text)
    new = {e.name: e.lines for e in proposal.entities if e.is_new}
    assert newcomer in new, proposal.to_json()
    assert any(line.startswith("role: ") for line in new[newcomer])
    assert link in links(proposal)
    assert PETR not in {end for frm, _, to in links(proposal) for end in (frm, to)}


def test_only_a_role_word_loses_its_comma() -> None:
    """A place or any other word before a comma and a name keeps the comma."""
    assert appose("живу в Ереване, Анна тоже") == "живу в Ереване, Анна тоже"
    assert appose("новый продакт, Анна Ли") == "новый продакт Анна Ли"
