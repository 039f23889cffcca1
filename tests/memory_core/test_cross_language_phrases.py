"""Cross-language recall through phrases: English phrasal verbs and phrase translations.

"sign in", "write off", "lay off" lose their particle as a stop word, so the query reads
them as the one word they mean ("login", "writeoff", "layoff"), which the glossary
translates. A word whose translations include a phrase ("доплачивать": "surcharge",
"extra pay") is searched by that phrase's words too, not only when it comes first.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.query import build_query
from memory_core.recall import RecallOptions, recall
from memory_core.recall.word_forms import translated

NO_WRITE = RecallOptions(reinforce=False)

WORLD = [
    Entity("Note:laptops", "Note", ("fact: старые ноутбуки списали в марте, акт у бухгалтера",)),
    Entity("Note:cuts", "Note", ("decision: сокращение штата: сначала подрядчики",)),
    Entity("Note:portal", "Note", ("decision: вход в личный кабинет только по SMS-коду",)),
    Entity("Note:kids", "Note", ("fact: детей по пятницам забирает бабушка",)),
    Entity("Note:shifts", "Note", ("fact: night shifts get extra pay of 20 percent",)),
    Entity("Note:store", "Note", ("decision: логи храним в хранилище на S3, 90 дней",)),
    Entity("Note:garden", "Note", ("fact: the garden hose is in the shed",)),
    Entity("Note:lunch", "Note", ("fact: обед в офисе заказываем по четвергам",)),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when did we write off the old laptops?", "Note:laptops"),
        ("who gets laid off first?", "Note:cuts"),
        ("how do clients log in to the portal?", "Note:portal"),
        ("who picks up the kids on fridays?", "Note:kids"),
        ("сколько доплачивают за ночные смены?", "Note:shifts"),
    ],
)
async def test_a_phrase_finds_the_line_in_the_other_language(
    world: ScopedMemory, question: str, expected: str
) -> None:
    assert (await recall(world, question, NO_WRITE)).nodes[:1] == (expected,)


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("how do I sign in there", "login"),
        ("she logged on at nine", "login"),
        ("they wrote off the debt", "writeoff"),
        ("we are laying off ten people", "layoff"),
        ("the build broke down", "breakdown"),
    ],
)
def test_a_phrasal_verb_is_read_as_one_word(message: str, word: str) -> None:
    assert word in build_query(message).tokens


def test_a_phrase_translation_not_ranked_first_is_searched_by_its_words() -> None:
    prefixes, _ = translated("доплачивать")
    assert "extra" in prefixes
