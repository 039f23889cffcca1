"""Capture of a child's helper and activity, of a nickname the family uses, and of someone new
in a project or in the owner's team said without a verb of joining first.

The world lives in a temporary SQLite memory (owner Злата; her daughter Ярослава, whose line
says "дома зовём Яся"; the project Meadow) and is read through the bot's own resolver.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, proposed_lines

OWNER = "User:Злата"
DAUGHTER = "Person:Ярослава"
MEADOW = "Project:Meadow"


async def _propose(owner: ScopedMemory, text: str) -> Proposal:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(DAUGHTER, "Person", ("fact: дочь, 7 лет, дома зовём Яся (src=user)",)),
            Entity(MEADOW, "Project"),
        ]
    )
    await owner.create_relations([Relation(DAUGHTER, OWNER, "child_of")])
    return extract(text, await scope_resolver(owner, OWNER), owner=OWNER)


@pytest.mark.parametrize(
    ("text", "helper", "word", "link"),
    [
        ("педиатр у яси теперь Ханна Вуйцик", "Person:Ханна Вуйцик", "педиатр", "doctor_of"),
        (
            "у яси новая учительница английского, Агата, занимаются по субботам",
            "Person:Агата",
            "учительница",
            "teacher_of",
        ),
        (
            "ясю взяли в музыкалку на скрипку, педагог — Ирина Захаровна",
            "Person:Ирина Захаровна",
            "педагог",
            "teacher_of",
        ),
    ],
)
async def test_a_childs_helper_named_by_the_familys_nickname(
    owner: ScopedMemory, text: str, helper: str, word: str, link: str
) -> None:
    proposal = await _propose(owner, text)
    assert word in proposed_lines(proposal, helper)
    assert (helper, link, DAUGHTER) in links(proposal), proposal.to_json()


async def test_the_childs_activity_before_the_helper_is_a_line_on_the_child(
    owner: ScopedMemory,
) -> None:
    proposal = await _propose(
        owner, "ясю записали на скрипку, по вт и чт, педагог Ирина Захаровна"
    )
    assert "скрипк" in proposed_lines(proposal, DAUGHTER)


@pytest.mark.parametrize(
    "text",
    [
        "в meadow новая дата-сайентистка, Алсу Хабибуллина, будет заниматься моделями",
        "в Meadow новая дата-сайентистка Алсу Хабибуллина",
    ],
)
async def test_someone_new_in_a_project_without_a_verb(owner: ScopedMemory, text: str) -> None:
    proposal = await _propose(owner, text)
    assert ("Person:Алсу Хабибуллина", "works_on", MEADOW) in links(proposal), proposal.to_json()
    assert "сайентист" in proposed_lines(proposal, "Person:Алсу Хабибуллина")


async def test_someone_new_in_my_team_with_the_verb_first(owner: ScopedMemory) -> None:
    proposal = await _propose(
        owner, "ко мне в команду с понедельника выходит мидл бэкендер Тимур Зайнуллин"
    )
    assert (OWNER, "manages", "Person:Тимур Зайнуллин") in links(proposal), proposal.to_json()
    assert "бэкендер" in proposed_lines(proposal, "Person:Тимур Зайнуллин")


async def test_a_verb_first_without_a_role_names_no_one_new(owner: ScopedMemory) -> None:
    """ "ко мне в команду выходит Тимур" says no role: this rule leaves it alone."""
    proposal = await _propose(owner, "ко мне в команду выходит только Тимур Зайнуллин")
    assert (OWNER, "manages", "Person:Тимур Зайнуллин") not in links(proposal)
