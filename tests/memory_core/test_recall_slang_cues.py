"""Chat verbs that name a link: "кто топил за X" asks who pushed for it, "кому X
отчитывается" whom X reports to."""

from __future__ import annotations

from memory_core import Entity, Relation, ScopedMemory
from memory_core.graph_rank import asked
from tests.memory_core.recall_world import fillers, top3


def test_the_verbs_name_their_links() -> None:
    assert "recommends" in asked(["кто", "топил", "за", "snowflake"]).relation_types
    assert "recommends" in asked(["кто", "топит", "за", "монорепо"]).relation_types
    reports = asked(["кому", "отчитывается", "гоша"])
    assert "reports_to" in reports.relation_types
    assert reports.up is True


async def test_who_pushed_for_a_decision(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Taisto Ranta", "Person", ("role: data engineer",)),
            Entity(
                "Decision:lake-snowflake",
                "Decision",
                ("decision: the warehouse moves to Snowflake, Redshift dropped",),
            ),
            *fillers(["снег выпал", "a trip to the lake", "сломался чайник"]),
        ]
    )
    await owner.create_relations(  # as an imported memory has it
        [Relation("Person:Taisto Ranta", "Decision:lake-snowflake", "recommends")],
        strict_vocabulary=False,
    )
    assert (await top3(owner, "кто топил за snowflake"))[:1] == ("Person:Taisto Ranta",)
