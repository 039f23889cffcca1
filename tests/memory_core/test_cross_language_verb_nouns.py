"""Cross-language recall through the nouns a translated verb makes.

An English verb often translates to a Russian infinitive ("send" -> "отправлять"), while a
note names the action by its noun ("отправка документов"). The infinitive's stem
("отправлят") does not start the noun; the root the two share does ("отправ"), so that is
searched too, when it is long enough to stay specific ("платить" -> "плат" would find
every "платформа").
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall
from memory_core.recall.word_forms import translated
from memory_core.wordforms import verb_root

NO_WRITE = RecallOptions(reinforce=False)

WORLD = [
    Entity("Note:router", "Note", ("fact: обновление роутера на даче раз в полгода",)),
    Entity("Note:hallway", "Note", ("fact: роутер в коридоре мигает красным",)),
    Entity("Note:car-policy", "Note", ("fact: страховка машины истекает в марте",)),
    Entity("Note:parking", "Note", ("fact: машина стоит на парковке у дома",)),
    Entity("Note:groceries", "Note", ("decision: доставка продуктов по субботам утром",)),
    Entity("Note:market", "Note", ("fact: продукты на рынке дешевле, чем в магазине",)),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how often do we renew the router?", "Note:router"),
        ("until when do we insure the car?", "Note:car-policy"),
        ("who delivers our groceries on weekends?", "Note:groceries"),
    ],
)
async def test_a_translated_verb_finds_the_noun_it_makes(
    world: ScopedMemory, question: str, expected: str
) -> None:
    assert (await recall(world, question, NO_WRITE)).nodes[:1] == (expected,)


@pytest.mark.parametrize(
    ("verb", "root"),
    [
        ("отправлять", "отправ"),  # the л after a labial goes too: "отправка"
        ("заказывать", "заказ"),
        ("согласоваться", "согласов"),  # "согласование", not "согласие"
        ("платить", ""),  # "плат" is too short: "платформа"
        ("кровать", ""),  # a noun, not a verb
    ],
)
def test_the_root_of_a_verb(verb: str, root: str) -> None:
    assert verb_root(verb) == root


def test_a_verb_translation_is_searched_by_its_root() -> None:
    prefixes, _ = translated("send")
    assert "отправ" in prefixes
