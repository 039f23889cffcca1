"""A question about one's relative the memory does not link is not answered by someone else.

"где живёт сестра" with no sister in memory must not bring the mother because her line
holds "живёт"; "who is my son's teacher" with no son must not bring the wife, one more of
the owner's links. An entry that says the kin word ("fact: сестра") still answers, and when
the owner has the relative linked recall ranks as before.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.recall import RecallOptions, recall
from memory_core.recall.kin_asked import Kin, kin_named

NO_WRITE = RecallOptions(reinforce=False)

FAMILY = [
    Entity("User:Radim", "User", ("pref: lang=ru",)),
    Entity("Person:Milena", "Person", ("fact: wife", "fact: likes climbing and jazz")),
    Entity("Person:Zdenka Horakova", "Person", ("fact: mother", "fact: lives in Brno")),
    Entity("Person:Dr Vesely", "Person", ("role: dentist", "fact: clinic on Masarykova")),
    Entity("Project:Kompas", "Project", ("status: green",)),
]
LINKS = [
    Relation("User:Radim", "Person:Milena", "married_to"),
    Relation("User:Radim", "Person:Zdenka Horakova", "child_of"),
    Relation("Person:Dr Vesely", "User:Radim", "doctor_of"),
]


@pytest.fixture
async def family(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(FAMILY)
    await owner.create_relations(LINKS)
    return owner


async def _nodes(memory: ScopedMemory, question: str) -> list[str]:
    return list((await recall(memory, question, NO_WRITE)).nodes)


@pytest.mark.parametrize(
    ("word", "kin"),
    [
        ("сестры", Kin("sibling_of", None, "femn")),
        ("жене", Kin("married_to")),
        ("sons", Kin("child_of", "child", "masc")),
        ("son's", Kin("child_of", "child", "masc")),
        ("маме", Kin("child_of", "parent", "femn")),
        ("Dad", Kin("child_of", "parent", "masc")),
        ("детей", Kin("child_of", "child")),
        ("детали", None),
        ("братья", Kin("sibling_of", None, "masc")),
        ("мужество", None),
    ],
)
def test_a_kin_word_is_read_in_any_case_and_number(word: str, kin: Kin | None) -> None:
    assert kin_named(word) == kin


@pytest.mark.parametrize(
    "question",
    [
        "где живёт сестра",
        "my sister lives where",
        "who is my son's teacher",
        "what does my son like",
        "где живёт папа",  # the mother is linked, no father is
        "у брата какой стоматолог",
    ],
)
async def test_a_relative_not_in_memory_brings_no_one_else(
    family: ScopedMemory, question: str
) -> None:
    assert await _nodes(family, question) == []


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("где живёт мама", "Person:Zdenka Horakova"),
        ("what does my wife like", "Person:Milena"),
        ("who is my dentist", "Person:Dr Vesely"),
    ],
)
async def test_a_linked_relative_still_answers(
    family: ScopedMemory, question: str, answer: str
) -> None:
    assert answer in (await _nodes(family, question))[:3]


async def test_an_entry_naming_the_kin_answers_without_a_link(family: ScopedMemory) -> None:
    await family.create_entities(
        [Entity("Person:Jitka", "Person", ("fact: сестра, живёт в Оломоуце",))]
    )
    found = await _nodes(family, "где живёт сестра")
    assert found[:1] == ["Person:Jitka"]
    assert "Person:Zdenka Horakova" not in found


async def test_a_linked_son_brings_his_teacher(family: ScopedMemory) -> None:
    await family.create_entities(
        [
            Entity("Person:Matyas", "Person", ("fact: goes to the school on Lipova",)),
            Entity("Person:Eva Kralova", "Person", ("role: class teacher",)),
        ]
    )
    await family.create_relations(
        [
            Relation("Person:Matyas", "User:Radim", "child_of"),
            Relation("Person:Eva Kralova", "Person:Matyas", "teacher_of"),
        ]
    )
    found = await _nodes(family, "who is my son's teacher")
    assert "Person:Eva Kralova" in found
    assert "Person:Milena" not in found


@pytest.mark.parametrize(
    "question", ["who is my lawyer", "кто мой арендодатель", "кто мой ментор", "my accountant"]
)
async def test_a_role_in_my_life_no_one_holds_brings_no_one_else(
    family: ScopedMemory, question: str
) -> None:
    assert await _nodes(family, question) == []


async def test_an_entry_holding_the_role_answers_without_a_link(family: ScopedMemory) -> None:
    await family.create_entities([Entity("Person:Petr Dusek", "Person", ("role: lawyer",))])
    assert (await _nodes(family, "who is my lawyer"))[:1] == ["Person:Petr Dusek"]


async def test_a_role_of_my_relative_is_not_mine(family: ScopedMemory) -> None:
    await family.create_entities(
        [
            Entity("Person:Bara", "Person", ("fact: younger daughter, 4",)),
            Entity("Person:Vera Novak", "Person", ("fact: friend from university",)),
        ]
    )
    await family.create_relations(
        [
            Relation("Person:Bara", "User:Radim", "child_of"),
            Relation("Person:Vera Novak", "Person:Bara", "godparent_of"),
        ],
        strict_vocabulary=False,
    )
    assert "Person:Vera Novak" in await _nodes(family, "крёстная моей младшей кто?")
