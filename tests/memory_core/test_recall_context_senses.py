"""A word's later dictionary senses count where the memory uses them beside the question's
other words, and nowhere else."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from memory_core import Entity, Memory, ScopedMemory
from memory_core.bilingual import Bilingual
from memory_core.caches import Versions
from memory_core.query import build_query
from memory_core.recall import RecallOptions, recall
from memory_core.recall.senses import add_context_senses
from memory_core.recall.terms import make_terms, ordinary_word, weigh
from memory_core.scope import Scope
from tests.memory_core.fake_dictd import process_translator

NO_WRITE = RecallOptions(reinforce=False)

# "отпуск" is the fourth sense of "holiday": past the three searched blindly
ARTICLES = {
    "holiday": "   _n.\n   1) праздник\n   2) выходной\n   3) каникулы\n   4) отпуск",
    "summer": "   _n. лето",
    "island": "   _n. остров",
}


@pytest.fixture
def translator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Bilingual]:
    b = process_translator(tmp_path, monkeypatch, ARTICLES)
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


async def _senses_of(scoped: ScopedMemory, message: str, word: str) -> tuple[str, ...]:
    """The prefixes the question's term for ``word`` is searched by, further senses added."""
    async with scoped.read() as conn:
        versions = await Versions.read(scoped.search_index, conn)
        vocab = await scoped.caches.words(scoped.search_index, conn, versions)
        lexicon = await scoped.caches.lexicon(scoped.repo, conn, versions)
        built = build_query(message, lexicon, ordinary=ordinary_word)
        terms = await weigh(scoped.search_index, conn, make_terms(built), vocab)
        await add_context_senses(scoped.search_index, conn, terms, vocab)
    return next(t.prefixes for t in terms if t.surface == word)


async def test_a_later_sense_near_another_word_is_taken(home: ScopedMemory) -> None:
    assert "отпуск" in await _senses_of(home, "summer holiday", "holiday")


async def test_a_later_sense_far_from_the_other_word_is_not_taken(
    tmp_path: Path, translator: Bilingual
) -> None:
    """One entry holds "отпуск" and "лето", but in lines of their own: that "отпуск" is
    not shown to be the holiday meant, so it is not searched."""
    async with Memory(tmp_path / "far.db") as memory:
        scoped = memory.scoped(Scope.owner())
        lines = (
            "fact: отпуск оформляем заранее через портал отдела кадров",
            "fact: летом дежурства по двое, график висит в общем календаре команды",
        )
        await scoped.create_entities([Entity("Note:hr", "Note", lines)])
        assert "отпуск" not in await _senses_of(scoped, "summer holiday", "holiday")
