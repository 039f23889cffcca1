"""A loanword's "qu" written as "кв" in Cyrillic finds the Latin word ("бигквери": BigQuery)."""

from __future__ import annotations

from memory_core import Entity, ScopedMemory
from memory_core.thesaurus import transliterations
from tests.memory_core.recall_world import fillers, top3


def test_kv_is_also_qu() -> None:
    assert "bigquer" in transliterations("бигквер")
    assert all("qu" not in t for t in transliterations("книг"))


async def test_a_product_written_in_cyrillic(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity(
                "Decision:ledger-questdb",
                "Decision",
                ("decision: metrics go to QuestDB, Influx dropped on cost",),
            ),
            *fillers(["запись к врачу", "a parcel to send", "ремонт балкона"]),
        ]
    )
    assert "Decision:ledger-questdb" in await top3(owner, "почему выбрали квестдб")
