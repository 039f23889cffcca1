"""Recall of English loanwords a memory writes in Cyrillic, and of words whose common sense
a dictionary buries under rare ones.

A bilingual owner writes "на кемпере", "бэкап", "фидбек": no dictionary lists them, so an
English question reaches them only by sound (:mod:`memory_core.loanwords`). And "mum" is
"молчаливый" to an old dictionary, "switch" a "прут", "защищать" first "shield": the curated
glossary gives the everyday sense.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory, bilingual
from memory_core.loanwords import cyrillic_keys, latin_keys
from memory_core.recall import RecallOptions, recall
from tests.memory_core.test_recall_short_words import store

NO_WRITE = RecallOptions(reinforce=False)

ENTITIES = {
    "Decision:summer-trip": ["decision: в июле неделя по Норвегии на кемпере, старт из Бергена"],
    "Person:Остап Ковальчук": ["role: тимлид мобильной команды", "fact: гоняет на ховерборде"],
    "Person:Лев Гурин": ["fact: одолжил нам лонгборд на выходные"],
    "Person:Нина Петровна": ["fact: мама, живёт в Минске", "fact: в мае перелом запястья, гипс"],
    "Decision:payments-failover": ["decision: платежи уходят на резервный эквайер при сбоях"],
    "Person:Marta Kowal": ["role: designer, works on the onboarding screens"],
}


@pytest.fixture
async def seeded(owner: ScopedMemory) -> ScopedMemory:
    return await store(owner, ENTITIES)


@pytest.mark.parametrize(
    ("english", "cyrillic"),
    [("camper", "кемпере"), ("backup", "бэкапы"), ("feedback", "фидбека"), ("price", "прайсами")],
)
def test_a_loanword_and_its_english_word_share_a_sound_key(english: str, cyrillic: str) -> None:
    assert set(latin_keys(english)) & set(cyrillic_keys(cyrillic))


@pytest.mark.parametrize(("english", "cyrillic"), [("camper", "кампус"), ("backup", "бокал")])
def test_different_words_have_different_keys(english: str, cyrillic: str) -> None:
    assert not set(latin_keys(english)) & set(cyrillic_keys(cyrillic))


def test_a_word_of_few_sounds_has_no_key() -> None:
    """Two consonants match by chance: "look" is no "лука"."""
    assert latin_keys("look") == ()
    assert cyrillic_keys("лука") == ()


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("where are we going with the camper", "Decision:summer-trip"),
        ("who has a hoverboard", "Person:Остап Ковальчук"),
        ("whose longboard is it", "Person:Лев Гурин"),
    ],
)
async def test_an_english_question_finds_the_loanword_written_in_cyrillic(
    seeded: ScopedMemory, question: str, first: str
) -> None:
    found = await recall(seeded, question, NO_WRITE)
    assert found.nodes[:1] == (first,)


@pytest.mark.parametrize(
    ("word", "meant"),
    [("mum", "мама"), ("people", "люди"), ("switch", "переходить"), ("broken", "перелом")],
)
def test_an_everyday_english_word_has_its_common_sense_first(word: str, meant: str) -> None:
    assert bilingual.translations(word, limit=3)[:1] == (meant,)


@pytest.mark.parametrize(
    ("word", "meant"), [("защищать", "protect"), ("запасной", "backup"), ("снизить", "cut")]
)
def test_an_everyday_russian_word_has_its_common_sense_first(word: str, meant: str) -> None:
    assert meant in bilingual.translations(word, limit=3)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("how's mum's broken wrist", "Person:Нина Петровна"),
        ("when do payments go to the backup acquirer", "Decision:payments-failover"),
    ],
)
async def test_a_question_in_everyday_words_finds_the_other_language(
    seeded: ScopedMemory, question: str, first: str
) -> None:
    found = await recall(seeded, question, NO_WRITE)
    assert found.nodes[:1] == (first,)


async def test_a_thing_no_memory_holds_still_finds_nothing(seeded: ScopedMemory) -> None:
    found = await recall(seeded, "when does the tennis club open", NO_WRITE)
    assert found.nodes[:3] == ()
