"""A ticket key names the ticket: its project code alone names no project.

"что с ORB-512?" asks about one ticket. When the memory has no such ticket, the project
whose name the code spells ("Orbit") is not the answer; a ticket the memory holds still is.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.lexicon import Lexicon
from memory_core.query import build_query
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def tracker(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Project:Orb", "Project", ("status: loyalty wallet, beta in April",)),
            Entity("Jira:ORB-12", "Jira", ("status: in progress — wallet top-up screen",)),
            Entity("Project:Kiln", "Project", ("fact: печи обжига в новом цехе",)),
            Entity("Jira:KILN-3", "Jira", ("status: done — датчики температуры печи",)),
        ]
    )
    await owner.create_relations([Relation("Jira:ORB-12", "Project:Orb", "part_of")])
    return owner


@pytest.mark.parametrize("question", ["что с ORB-512?", "any news on KILN-77", "KILN-40 закрыли?"])
async def test_an_unknown_ticket_of_a_known_project_is_not_answered(
    tracker: ScopedMemory, question: str
) -> None:
    assert (await recall(tracker, question, NO_WRITE)).nodes == ()


async def test_a_known_ticket_still_answers(tracker: ScopedMemory) -> None:
    result = await recall(tracker, "что с ORB-12?", NO_WRITE)
    assert result.nodes[:1] == ("Jira:ORB-12",)


def test_the_code_of_a_key_names_no_project_but_the_project_written_apart_does() -> None:
    lexicon = Lexicon(["Project:Orb", "Jira:ORB-12"])
    assert build_query("что с ORB-512?", lexicon).entities == ()
    assert build_query("ORB-12 и Orb", lexicon).entities == ("Jira:ORB-12", "Project:Orb")
