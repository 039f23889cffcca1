"""Recall of a project the memory does not know: its name is not a stem of another name.

"status of project helios" asks about a project called Helios. Searched by its stem
("helio") it would find the vendor Helionyx, and "status" and "project" would then let
every project with a status line answer. A word after "project" / "проект" is a name, and
a name no dictionary knows is searched whole; one the memory does not hold answers nothing.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def projects(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Ines", "User", ("role: head of engineering",)),
            Entity("Project:Ledger", "Project", ("status: billing rewrite, beta in May",)),
            Entity("Project:Canopy", "Project", ("status: статус — пилот в двух городах",)),
            Entity("Person:Helionyx", "Person", ("role: vendor of the field sensors",)),
        ]
    )
    await owner.create_relations([Relation("Person:Helionyx", "Project:Canopy", "works_on")])
    return owner


@pytest.mark.parametrize(
    "question",
    [
        "status of project helios?",
        "статус проекта Helios",
        "what's the status of project aurora",
        "что с проектом Borealis",
    ],
)
async def test_an_unknown_project_answers_nothing(projects: ScopedMemory, question: str) -> None:
    assert (await recall(projects, question, NO_WRITE)).nodes == ()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("status of project ledger?", "Project:Ledger"),
        ("статус проекта Canopy", "Project:Canopy"),
        ("what does Helionyx do for us", "Person:Helionyx"),
    ],
)
async def test_a_known_name_is_still_found(
    projects: ScopedMemory, question: str, answer: str
) -> None:
    found = await recall(projects, question, NO_WRITE)
    assert found.nodes[:1] == (answer,)
