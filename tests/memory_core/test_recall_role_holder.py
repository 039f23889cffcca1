"""A role question finds the person whose own line names what it is about.

"who runs the procurement team": "runs" and "team" only say that a role is asked, so the
person whose role line says "procurement" answers, though she holds less than most of the
question's weight; the people she reports to are no answer. A question about oneself, or
about a word no line holds, still gets no one.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from tests.memory_core.recall_world import fillers, top3


@pytest.fixture
async def firm(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity(
                "Person:Odile Marchetti",
                "Person",
                ("role: procurement and supplier contracts, signs every purchase order",),
            ),
            Entity("Person:Henrik Dalby", "Person", ("role: CEO of the company",)),
            Entity("Person:Yusuf Karaca", "Person", ("role: warehouse shift planning",)),
            Entity("Project:Tally", "Project", ("status: invoicing app in beta",)),
            *fillers(["team lunch on friday", "the team offsite", "running club on tuesdays"]),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Odile Marchetti", "Person:Henrik Dalby", "reports_to"),
            Relation("Person:Yusuf Karaca", "Person:Henrik Dalby", "reports_to"),
        ]
    )
    return owner


@pytest.mark.parametrize(
    "question", ["who runs the procurement team", "who's in charge of procurement"]
)
async def test_the_role_holder_answers(firm: ScopedMemory, question: str) -> None:
    assert (await top3(firm, question))[:1] == ("Person:Odile Marchetti",)


async def test_a_role_nobody_holds_finds_no_one(firm: ScopedMemory) -> None:
    assert await top3(firm, "who runs the legal team") == ()
