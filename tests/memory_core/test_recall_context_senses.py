"""A word's later dictionary senses count where the memory uses them beside the question's
other words, and nowhere else."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from memory_core import Entity, Memory, ScopedMemory, bilingual
from memory_core.bilingual import Bilingual
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope
from tests.memory_core.fake_dictd import write_dictd

NO_WRITE = RecallOptions(reinforce=False)

# "отпуск" is the fourth sense of "holiday": past the three searched blindly
ARTICLES = {
    "holiday": "   _n.\n   1) праздник\n   2) выходной\n   3) каникулы\n   4) отпуск",
    "summer": "   _n. лето",
    "island": "   _n. остров",
}


@pytest.fixture
def translator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Bilingual]:
    folder = tmp_path / "dictd"
    write_dictd(folder, "mueller7", ARTICLES)
    b = Bilingual(folder, cache_dir=tmp_path / "cache")
    monkeypatch.setattr(bilingual, "_default", b)
    yield b
    b.close()


@pytest.fixture
async def home(tmp_path: Path, translator: Bilingual) -> AsyncIterator[ScopedMemory]:
    async with Memory(tmp_path / "memory.db") as memory:
        scoped = memory.scoped(Scope.owner())
        await scoped.create_entities(
            [
                Entity("Decision:trip", "Decision", ("decision: отпуск летом — остров Корсика",)),
                Entity("Person:Ася Бор", "Person", ("fact: в отпуске до среды",)),
                Entity("Note:garden", "Note", ("fact: лето на даче, полив по вечерам",)),
                Entity("Note:calendar", "Note", ("fact: праздник 12 июня, офис закрыт",)),
                Entity("Note:bike", "Note", ("fact: летом на работу на велосипеде",)),
                Entity("Note:water", "Note", ("fact: летом счёт за воду выше",)),
            ]
        )
        yield scoped


async def test_a_later_sense_beside_another_word_answers(home: ScopedMemory) -> None:
    result = await recall(home, "where is our summer holiday", NO_WRITE)
    assert result.nodes[:1] == ("Decision:trip",)


async def test_a_later_sense_alone_finds_nothing(home: ScopedMemory) -> None:
    """No memory holds "holiday" beside another word of the question: its fourth sense is
    not searched, and the colleague on leave is no answer."""
    result = await recall(home, "holiday bonus rules", NO_WRITE)
    assert "Person:Ася Бор" not in result.nodes
