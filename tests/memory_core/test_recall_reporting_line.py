"""A reporting-line question is read with its direction: the boss is not one's own report.

"кто мой начальник" asks for the far end of the asker's own ``reports_to`` link (or the one
who ``manages`` them); "мои подчинённые" / "who reports to me" for the other way round.
Before, both ways were asked alike and a report holding "head of ..." outranked the boss.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.graph_rank import asked
from memory_core.recall import RecallOptions, recall
from memory_core.reporting_line import is_up, way_asked

NO_WRITE = RecallOptions(reinforce=False)

TEAM = [
    Entity("User:Dana", "User", ("pref: answer_format=short",)),
    Entity("Person:Priya Raman", "Person", ("role: VP of engineering",)),
    Entity("Person:Tomas Lind", "Person", ("role: head of QA", "fact: 1:1 on Thursdays")),
    Entity("Person:Lea Vogt", "Person", ("role: head of mobile",)),
    Entity("Person:Oskar Berg", "Person", ("role: designer",)),
]
LINKS = [
    Relation("User:Dana", "Person:Priya Raman", "reports_to"),
    Relation("Person:Tomas Lind", "User:Dana", "reports_to"),
    Relation("User:Dana", "Person:Lea Vogt", "manages"),
    Relation("Person:Oskar Berg", "Person:Lea Vogt", "reports_to"),
]


@pytest.fixture
async def team(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(TEAM)
    await owner.create_relations(LINKS)
    return owner


async def _nodes(memory: ScopedMemory, question: str) -> list[str]:
    return list((await recall(memory, question, NO_WRITE)).nodes)


@pytest.mark.parametrize(
    ("question", "up"),
    [
        ("кто мой начальник", True),
        ("who is my manager", True),
        ("кому я подчиняюсь", True),
        ("мои подчиненные", False),
        ("who reports to me", False),
        ("кто у меня в подчинении", False),
        ("who manages the Kite project", None),
        ("кто ведёт Kite", None),
    ],
)
def test_the_way_up_or_down_is_read_from_the_words(question: str, up: bool | None) -> None:
    assert asked(question.lower().split()).up is up


def test_a_link_leads_up_from_the_one_who_reports_and_from_the_one_managed() -> None:
    assert is_up("reports_to", holder=True)
    assert not is_up("reports_to", holder=False)
    assert is_up("manages", holder=False)
    assert not is_up("manages", holder=True)
    assert way_asked(["кто", "мой", "начальник"], frozenset({"leads"}), subject=False) is None


@pytest.mark.parametrize("question", ["кто мой начальник", "who is my boss", "кто мой шеф"])
async def test_my_boss_is_the_one_i_report_to(team: ScopedMemory, question: str) -> None:
    assert (await _nodes(team, question))[:1] == ["Person:Priya Raman"]


@pytest.mark.parametrize(
    "question", ["мои подчиненные", "who reports to me", "кто у меня в подчинении"]
)
async def test_my_reports_are_those_under_me(team: ScopedMemory, question: str) -> None:
    found = await _nodes(team, question)
    assert set(found[:2]) == {"Person:Tomas Lind", "Person:Lea Vogt"}
    assert "Person:Priya Raman" not in found


async def test_someone_elses_reports_are_under_them(team: ScopedMemory) -> None:
    found = await _nodes(team, "кто подчиняется Lea Vogt")
    assert "Person:Oskar Berg" in found
    assert "User:Dana" not in found[:1]
