"""A misspelt Russian word read as the dictionary word a left-out or swapped letter away."""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall
from memory_core.recall.spelling import dictionary_spelling

NO_WRITE = RecallOptions(reinforce=False)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("сотрудинк", "сотрудник"), ("бухгалтрия", "бухгалтерия"), ("совещане", "совещание")],
)
def test_a_left_out_or_swapped_letter_is_read_as_the_word(typed: str, meant: str) -> None:
    assert dictionary_spelling(typed) == meant


@pytest.mark.parametrize("typed", ["переговорка", "ковальчук", "оплтам"])
def test_slang_surnames_and_short_words_are_not_corrected(typed: str) -> None:
    assert dictionary_spelling(typed) is None


async def test_a_misspelt_russian_question_finds_the_english_memory(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Jane Okafor", "Person", ("role: accountant, handles our invoices",)),
            Entity("Project:Ledger", "Project", ("status: migration to the new ERP",)),
        ]
    )
    result = await recall(owner, "кто у нас бухгалтрия", NO_WRITE)
    assert result.nodes[:1] == ("Person:Jane Okafor",)
