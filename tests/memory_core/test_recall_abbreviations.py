"""Recall of chat abbreviations: a two-letter word stands for what the glossary says.

"др" is "день рождения" (and "birthday"), "бд" is "база данных" (and "database"), "тз" is
"техническое задание" ("spec"): too short to search as a prefix, such a word is searched
by its meanings in both languages, so "когда др у начальника" finds the boss's birthday
line, and a memory that never spells the abbreviation answers it.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.recall import RecallOptions, recall
from memory_core.recall.word_forms import abbreviation_meanings
from tests.memory_core.test_recall_short_words import store

NO_WRITE = RecallOptions(reinforce=False)

ENTITIES = {
    "Person:Глеб Андреевич Сомов": ["role: начальник отдела", "fact: день рождения 14 ноября"],
    "Person:Rita Kaur": ["role: shift lead in Porto", "fact: birthday on June 2"],
    "Project:Ledgerly": ["fact: база данных — Postgres 16, реплика в Frankfurt"],
    "Person:Фёдор Ким": ["role: аналитик", "fact: каждый день созвон в 10:00"],
}


@pytest.fixture
async def seeded(owner: ScopedMemory) -> ScopedMemory:
    return await store(owner, ENTITIES)


@pytest.mark.parametrize(
    ("word", "meant"),
    [
        ("др", {"рожден", "birthday"}),
        ("бд", {"databas", "базы"}),
        ("тз", {"spec"}),
        ("зп", {"зарплат", "salary"}),  # "salary" whole: "salar" starts no other form
        ("дз", {"homework", "домашн"}),
    ],
)
def test_an_abbreviation_is_searched_by_its_meanings(word: str, meant: set[str]) -> None:
    prefixes, whole = abbreviation_meanings(word)  # "баз" is too short: "база", "базы"...
    assert meant <= {*prefixes, *whole}


def test_an_unknown_short_word_means_nothing() -> None:
    assert abbreviation_meanings("щы") == ([], [])


def test_the_long_form_is_that_of_the_first_meaning_only() -> None:
    """ "зп" is "salary, pay": "pay" also means "платить", which is not what "зп" stands for."""
    prefixes, whole = abbreviation_meanings("зп")
    assert not {"платит", "оплат"} & {*prefixes, *whole}


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("когда др у Глеба", "Person:Глеб Андреевич Сомов"),
        ("у кого др в Порту", "Person:Rita Kaur"),  # the memory says "birthday"
        ("какая бд у нас в Frankfurt", "Project:Ledgerly"),
    ],
)
async def test_a_question_with_an_abbreviation_finds_the_long_form(
    seeded: ScopedMemory, question: str, first: str
) -> None:
    found = await recall(seeded, question, NO_WRITE)
    assert found.nodes[:1] == (first,)
    assert any(line.entity == first for line in found.lines)


async def test_the_abbreviation_carries_the_question_without_a_name(
    seeded: ScopedMemory,
) -> None:
    """Before, "др" weighed as a word no line holds: the boss was left under the bar."""
    found = await recall(seeded, "когда др у начальника", NO_WRITE)
    assert found.nodes[:1] == ("Person:Глеб Андреевич Сомов",)
    assert "Person:Фёдор Ким" not in found.nodes, "'день' alone is not a birthday"
