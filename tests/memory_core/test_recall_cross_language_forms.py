"""Forms a translation takes in the other language: a question finds the line that uses them.

A short Russian noun is searched by its whole forms, which miss the "-ний" adjective it
makes ("winter" is "зима", the note says "зимнюю резину"); a Russian adjective with no
translation of its own is translated through the noun it is made from ("яхтенные права"
asks about a yacht); a hyphened phrase a memory holds as written is still searched by the
translations of the whole ("on-call" is "дежурство").
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from memory_core import Entity, Memory, ScopedMemory, wordforms
from memory_core.bilingual import Bilingual
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope
from tests.memory_core.fake_dictd import process_translator

NO_WRITE = RecallOptions(reinforce=False)

ARTICLES = {
    "winter": "   _n. зима",
    "tyre": "   _n. шина, покрышка",
    "yacht": "   _n. яхта",
    "exam": "   _n. экзамен",
    "week": "   _n. неделя",
}
GLOSSARY = "дежурство = on-call\n"


@pytest.fixture
def translator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Bilingual]:
    pytest.importorskip("pymorphy3")
    b = process_translator(tmp_path, monkeypatch, ARTICLES, GLOSSARY)
    yield b
    b.close()


@pytest.fixture
async def home(tmp_path: Path, translator: Bilingual) -> AsyncIterator[ScopedMemory]:
    translator.load(tmp_path / "memory.db")
    async with Memory(tmp_path / "memory.db") as memory:
        scoped = memory.scoped(Scope.owner())
        await scoped.create_entities(
            [
                Entity("Decision:car-tyres", "Decision", ("decision: зимнюю шину не берём",)),
                Entity("Person:Ян Мор", "Person", ("fact: yacht exam in April, theory first",)),
                Entity("Person:Ира Лось", "Person", ("fact: экзамен по вождению в мае",)),
                Entity("Decision:duty-money", "Decision", ("decision: дежурства за неделю: 15к",)),
                Entity("Note:on-call", "Note", ("pointer: on call rota: on call which week",)),
            ]
        )
        yield scoped


async def test_a_short_noun_finds_the_adjective_it_makes(home: ScopedMemory) -> None:
    result = await recall(home, "what winter tyres are we getting", NO_WRITE)
    assert result.nodes[:1] == ("Decision:car-tyres",)


async def test_an_adjective_is_translated_through_its_noun(home: ScopedMemory) -> None:
    result = await recall(home, "когда экзамен на яхтенные права", NO_WRITE)
    assert result.nodes[:1] == ("Person:Ян Мор",)


async def test_a_hyphened_phrase_held_as_written_finds_its_translation(
    home: ScopedMemory,
) -> None:
    result = await recall(home, "how much is a week of on-call paid", NO_WRITE)
    assert "Decision:duty-money" in result.nodes[:3]


def test_an_enn_adjective_reaches_its_noun() -> None:
    pytest.importorskip("pymorphy3")
    assert "яхта" in wordforms.fallback_forms("яхтенные")
