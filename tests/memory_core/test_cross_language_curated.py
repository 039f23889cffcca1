"""Every translation a glossary gives is searched, however many it gives.

A dictionary lists a word's senses best first, and its later ones are often far-fetched
("engine" is also "паровоз"), so only its first few are searched. A glossary line is
written by hand for the words people use, so none of its translations is cut: a note that
says "хозяйка квартиры" is found for "landlord" though the glossary lists that fourth.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from memory_core import Entity, Memory, ScopedMemory
from memory_core.bilingual import Bilingual
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope
from tests.memory_core.fake_dictd import process_translator

NO_WRITE = RecallOptions(reinforce=False)

GLOSSARY = "арендодатель, наймодатель, владелец жилья, хозяйка, хозяин = landlord\n"
ARTICLES = {"tenant": "   _n. арендатор, жилец, квартирант, съёмщик, наниматель"}


@pytest.fixture
def translator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Bilingual]:
    """The process-wide translator, with a small dictionary and the user's glossary."""
    b = process_translator(tmp_path, monkeypatch, ARTICLES, GLOSSARY)
    yield b
    b.close()


@pytest.fixture
async def flat(tmp_path: Path, translator: Bilingual) -> AsyncIterator[ScopedMemory]:
    async with Memory(tmp_path / "memory.db") as memory:
        scoped = memory.scoped(Scope.owner())
        await scoped.create_entities(
            [
                Entity("Person:Нина Петровна", "Person", ("role: хозяйка квартиры на Ленина",)),
                Entity("Note:lease", "Note", ("fact: договор найма продлён до мая",)),
            ]
        )
        yield scoped


async def test_a_glossary_translation_past_the_first_three_is_searched(
    flat: ScopedMemory,
) -> None:
    result = await recall(flat, "who is our landlord?", NO_WRITE)
    assert result.nodes[:1] == ("Person:Нина Петровна",)


def test_all_curated_returns_the_whole_glossary_line(
    tmp_path: Path, translator: Bilingual
) -> None:
    translator.load(tmp_path / "memory.db")  # the glossary beside it
    assert len(translator.translations("landlord", limit=3)) == 3
    assert translator.translations("landlord", limit=3, all_curated=True)[3:] == (
        "хозяйка",
        "хозяин",
    )


def test_a_dictionary_keeps_its_cap(translator: Bilingual) -> None:
    assert translator.translations("tenant", limit=3, all_curated=True) == (
        "арендатор",
        "жилец",
        "квартирант",
    )
