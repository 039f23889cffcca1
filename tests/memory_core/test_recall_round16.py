"""Recall: endearments, place names with "г", which days, everyday senses, kinds and oneself.

A question misses its memory when a name is said tenderly ("Гатенька", "Гатюшка" for the
"Гатя" a line holds), when a foreign place is written as Russian writes its "h"
("Гонолулу" is Honolulu), when it asks which days and the memory writes the days ("по
каким дням": "on Tuesdays"), when a word is not translated in the sense the memory uses
("кран" a crane, "простой" downtime, "розетка" a plug, "объездная" a bypass), when notes a
link brings outrank a note of the kind asked for that holds every word, or when entries
outrank the owner's own line about oneself ("кто я по должности"). A question nothing
answers stays unanswered.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.recall import RecallOptions, recall
from tests.memory_core.recall_world import fillers, top3

NO_WRITE = RecallOptions(reinforce=False)

_TOPICS = (
    "ремонт балкона",
    "абонемент в спортзал",
    "поездка на дачу к тёте",
    "зимняя резина",
    "кружок лепки для дочки",
    "счета за газ",
    "прививка для собаки",
    "шахматный клуб по средам",
)
WORLD = [
    Entity("User:Инес", "User", ("role: head nurse at the city hospital",)),
    Entity("Person:Агата Мельник", "Person", ("fact: племянница, все зовут Гатя",)),
    Entity("Note:gatya", "Note", ("fact: Гатя занимается бальными танцами",)),
    Entity("Note:gatya-school", "Note", ("fact: у Гати новая школа с сентября",)),
    Entity("Note:honolulu", "Note", ("fact: Vera flies to Honolulu for the conference",)),
    Entity("Note:harvard", "Note", ("fact: Timur's daughter got into Harvard",)),
    Entity("Note:ballet", "Note", ("fact: Mila has ballet on Tuesdays and Fridays",)),
    Entity("Note:shoes", "Note", ("fact: Mila needs new ballet shoes",)),
    Entity("Note:crane", "Note", ("fact: the tower crane next to the school stops in wind",)),
    Entity("Note:tap", "Note", ("fact: the tap in the school gym drips",)),
    Entity("Note:charger", "Note", ("fact: the car charger needs a socket adapter",)),
    Entity("Note:oven", "Note", ("fact: the bakery oven downtime was three hours",)),
    Entity("Note:plug", "Note", ("fact: the garage has one plug for the electric car",)),
    Entity("Note:bypass", "Note", ("fact: Oskar takes the bypass to avoid the town centre",)),
    Entity("Decision:postcard-design", "Decision", ("decision: a winter scene on the card",)),
    Entity("Decision:postgres-upgrade", "Decision", ("decision: upgrade the database in May",)),
    Entity("Note:posting-plan", "Note", ("fact: two blog texts a month",)),
    Entity("Person:Ivo Brandt", "Person", ("fact: personal trainer (as_of=2025-03-03)",)),
    Entity(
        "Note:notes/work/2025-03-12-gym-contract.md",
        "Note",
        ("pointer: notes/work/2025-03-12-gym-contract.md — gym contract (as_of=2025-03-12)",),
    ),
    Entity(
        "Note:notes/personal/2025-03-05-roof.md",
        "Note",
        ("pointer: notes/personal/2025-03-05-roof.md — Дача: новая крыша (as_of=2025-03-05)",),
    ),
    *fillers(_TOPICS),
]
LINKS = [
    Relation("Note:notes/work/2025-03-12-gym-contract.md", "Person:Ivo Brandt", "mentions"),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    await owner.create_relations(LINKS)
    return owner


_top = top3


async def test_a_name_said_tenderly_finds_the_plain_name_a_line_holds(
    world: ScopedMemory,
) -> None:
    # "Гатенька" is "Гатя" made tender: the lines hold "Гатя", "Гати"
    assert (await _top(world, "что у Гатеньки с танцами"))[:1] == ("Note:gatya",)


async def test_another_endearing_suffix_finds_the_plain_name_in_another_case(
    world: ScopedMemory,
) -> None:
    # "Гатюшка" too: the line holds "у Гати"
    assert (await _top(world, "что у Гатюшки со школой"))[:1] == ("Note:gatya-school",)


@pytest.mark.parametrize(
    ("question", "target"),
    [("кто летит в гонолулу", "Note:honolulu"), ("чья дочь поступила в гарвард", "Note:harvard")],
)
async def test_a_foreign_place_with_russian_g_for_h_finds_its_latin_name(
    world: ScopedMemory, question: str, target: str
) -> None:
    assert (await _top(world, question))[:1] == (target,)


@pytest.mark.parametrize(
    "question", ["по каким дням у Милы балет", "в какие дни Мила ходит на балет"]
)
async def test_a_question_asking_which_days_finds_the_weekdays_written(
    world: ScopedMemory, question: str
) -> None:
    assert (await _top(world, question))[:1] == ("Note:ballet",)


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("почему останавливается кран у школы", "Note:crane"),  # кран: crane, not tap
        ("сколько длился простой печи", "Note:oven"),  # простой: downtime, not simple
        ("сколько розеток в гараже для машины", "Note:plug"),  # розетка: plug
        ("кто ездит по объездной", "Note:bypass"),  # объездная: bypass
    ],
)
async def test_an_everyday_word_finds_the_sense_the_memory_uses(
    world: ScopedMemory, question: str, target: str
) -> None:
    assert (await _top(world, question))[:1] == (target,)


async def test_a_note_of_the_kind_asked_holding_every_word_comes_before_linked_ones(
    world: ScopedMemory,
) -> None:
    # Ivo holds "personal" and March: the gym note his link brings holds less than the
    # personal note of March, which answers first
    top = await _top(world, "личные заметки за март")
    assert top[:1] == ("Note:notes/personal/2025-03-05-roof.md",)


async def test_the_owners_line_answers_a_question_about_oneself_below_other_matches(
    world: ScopedMemory,
) -> None:
    # "должность" is also "post": three entries whose names start so outrank the role line
    assert await _top(world, "кто я по должности, напомни") == ("User:Инес",)


@pytest.mark.parametrize(
    "question",
    ["что у Машеньки с музыкой", "кто летит в гватемалу", "по каким дням работает бассейн"],
)
async def test_a_question_nothing_answers_stays_unanswered(
    world: ScopedMemory, question: str
) -> None:
    assert (await recall(world, question, NO_WRITE)).nodes == ()
