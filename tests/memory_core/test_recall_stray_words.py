"""A question's framing words weigh as phrasing when no memory holds them beside another.

In a question in the other language, "people", "ever" or "whole" are rare in the memory
for their language alone, or reach one note each through a sense of a translation
("народ", "навсегда", "целый"): weighed by that rarity they outweigh the subject, and the
note that holds the two words the question is about covers too little to answer. A word
that only notes holding nothing else of the question hold is taken as phrasing then, as a
word no memory holds is; a question nothing answers stays unanswered.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)

_TOPICS = (
    "релиз мобильного приложения",
    "ретро команды платежей",
    "найм двух бэкендеров",
    "миграция базы на новый кластер",
    "бюджет на конференции",
    "дежурства по выходным",
    "оценка задач на квартал",
    "переезд офиса на Ленина",
    "ревью архитектуры биллинга",
    "отпуск Олега в августе",
)
WORLD = [
    Entity("Note:gym", "Note", ("decision: абонемент в бассейн компания оплачивает наполовину",)),
    Entity("Note:crowd", "Note", ("fact: на корпоративе было много народу",)),
    Entity("Note:wifi", "Note", ("fact: пароль от вайфая навсегда на холодильнике",)),
    Entity("Note:cake", "Note", ("fact: пиццу на день рождения заказали целую, с грибами",)),
    Entity("Note:pool-kids", "Note", ("fact: дети ходят в бассейн по субботам",)),
    Entity("Note:card", "Note", ("fact: карта спортзала у охранника",)),
    *(
        Entity(f"Note:filler-{i}", "Note", (f"fact: {_TOPICS[i % len(_TOPICS)]}, пункт {i}",))
        for i in range(40)
    ),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


async def test_framing_words_do_not_hide_the_note_holding_the_subject(
    world: ScopedMemory,
) -> None:
    result = await recall(world, "do people ever get a pool pass for the whole family", NO_WRITE)
    assert result.nodes[:1] == ("Note:gym",)


@pytest.mark.parametrize(
    "question",
    [
        "do people ever get a free tennis court for the whole family",
        "can people ever get the whole parking spot back",
    ],
)
async def test_a_question_nothing_answers_stays_unanswered(
    world: ScopedMemory, question: str
) -> None:
    assert (await recall(world, question, NO_WRITE)).nodes == ()
