"""Cross-language recall of everyday household words the dictionaries lack or bury.

Appliances, car parts, childcare, school, pets, insurance, government papers, HR,
contracts and clothes: a question in one language finds the line written in the other
through the curated glossary, on a real SQLite memory with distractors.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory, bilingual
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)

WORLD = [
    Entity("Note:hood", "Note", ("fact: вытяжка на кухне гудит, вызвать мастера",)),
    Entity("Note:brakes", "Note", ("fact: front brake pads replaced at 62,000 km",)),
    Entity("Note:fleas", "Note", ("fact: у Рекса блохи, капли взять в зоомагазине",)),
    Entity("Note:pe-days", "Note", ("fact: PE is on Tuesdays and Thursdays this term",)),
    Entity("Note:treadmill", "Note", ("fact: the treadmill belt is torn, call the service",)),
    Entity("Note:deworming", "Note", ("fact: Рексу глистогонка раз в квартал",)),
    Entity("Note:colic", "Note", ("fact: у дочки колики по вечерам, укроп не помог",)),
    Entity("Note:fee", "Note", ("fact: госпошлина за загранпаспорт оплачена 3 мая",)),
    Entity("Note:deductible", "Note", ("fact: the deductible on our policy is 30,000",)),
    Entity("Note:repayment", "Note", ("fact: досрочное погашение ипотеки в июне, 200 тысяч",)),
    Entity("Note:microwave", "Note", ("fact: the microwave was bought in March",)),
    Entity("Person:Tom Hale", "Person", ("role: SRE lead, owns the on-call rotation",)),
    Entity("Project:Mercury", "Project", ("fact: payouts to couriers every Friday",)),
    Entity("Person:Ирина Ткач", "Person", ("role: бухгалтер, ведёт зарплату и отпуска",)),
    Entity("Note:dacha", "Note", ("fact: на даче новый забор, покрасить весной",)),
    Entity("Note:wishlist", "Note", ("fact: the wishlist is pinned in the family chat",)),
    Entity("Note:penalty", "Note", ("fact: the lease sets a penalty of 0.1% per day late",)),
    Entity("Note:hoodie", "Note", ("fact: the grey hoodie shrank in the wash",)),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what is wrong with the cooker hood?", "Note:hood"),
        ("когда меняли тормозные колодки?", "Note:brakes"),
        ("в какие дни физкультура?", "Note:pe-days"),
        ("что с беговой дорожкой?", "Note:treadmill"),
        ("was the state fee paid?", "Note:fee"),
        ("какая у нас франшиза?", "Note:deductible"),
        ("когда купили микроволновку?", "Note:microwave"),
        ("где вишлист?", "Note:wishlist"),
        ("какая неустойка?", "Note:penalty"),
        ("что случилось с толстовкой?", "Note:hoodie"),
    ],
)
async def test_an_everyday_word_finds_the_line_in_the_other_language(
    world: ScopedMemory, question: str, expected: str
) -> None:
    assert expected in (await recall(world, question, NO_WRITE)).nodes[:3]


@pytest.mark.parametrize(
    ("word", "translation"),
    [
        ("бойлер", "water heater"),
        ("тормозные колодки", "brake pads"),
        ("teething", "зубки"),
        ("физкультура", "pe"),
        ("leash", "поводок"),
        ("франшиза", "deductible"),
        ("birth certificate", "свидетельство о рождении"),
        ("микроволновка", "microwave"),
        ("выходное пособие", "severance pay"),
        ("kettlebell", "гиря"),
        ("неустойка", "penalty"),
    ],
)
def test_the_glossary_names_everyday_words_both_ways(word: str, translation: str) -> None:
    assert translation in bilingual.translations(word)
