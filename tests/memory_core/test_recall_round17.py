"""Cross-language recall: everyday words, numbers, phrases and compounds find the other language.

A question in Russian about a memory written in English (and back) misses when a word is
not translated in the sense the memory uses ("пустой" is "empty", "обещал" is "offered",
"оплата" is "pay"), when a number word is not ("на три года": "a three-year lease"), when a
verb and its noun translate only together and only in the infinitive ("сняли деньги":
"charged"), when a word is split as a compound though a dictionary knows it whole
("телефоном" is "phone", not "теле" and "фоном"), when a race is run as a marathon, or when
a translation in "-y" is searched by a shorter start that begins other words ("party" by
"part" finds "spare parts"). A question nothing answers stays unanswered.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)

_TOPICS = (
    "ремонт кухни у соседей",
    "абонемент в бассейн",
    "поездка к бабушке в Тверь",
    "новые шины на зиму",
    "кружок рисования для сына",
    "счета за электричество",
    "прививка для кота",
    "книжный клуб по четвергам",
)
WORLD = [
    Entity("Note:lease", "Note", ("fact: Olaf signed a three-year lease for the studio",)),
    Entity("Note:garage", "Note", ("fact: Hugo signed a two-year lease for the garage",)),
    Entity("Note:lot", "Note", ("fact: the clinic parking lot is empty on Sunday mornings",)),
    Entity("Note:full", "Note", ("fact: the clinic parking lot is full on Monday mornings",)),
    Entity("Note:tuneup", "Note", ("fact: the bike shop offered a tune-up for members",)),
    Entity("Note:shop", "Note", ("fact: the bike shop sells a tune-up for 30 euros",)),
    Entity("Note:wallet", "Note", ("decision: the bakery takes Google Pay at the counter",)),
    Entity("Note:bakery", "Note", ("fact: the bakery at the corner opens at 7",)),
    Entity("Note:photos", "Note", ("fact: a dark background for the wedding photos",)),
    Entity("Note:pool", "Note", ("fact: the pool club charged us twice in June",)),
    Entity("Note:cash", "Note", ("fact: наличные деньги на ремонт лежат в конверте",)),
    Entity("Note:porto", "Note", ("goal: run the Porto marathon in October, 4 runs a week",)),
    Entity("Note:dishwasher", "Note", ("fact: spare parts for the dishwasher came on Monday",)),
    Entity("Note:office", "Note", ("fact: the office party is on the last Friday of June",)),
    *(
        Entity(f"Note:filler-{i}", "Note", (f"fact: {_TOPICS[i % len(_TOPICS)]}, пункт {i}",))
        for i in range(40)
    ),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


async def _top(world: ScopedMemory, question: str) -> tuple[str, ...]:
    return (await recall(world, question, NO_WRITE)).nodes[:3]


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("когда парковка у клиники пустая", "Note:lot"),  # пустой: empty
        ("кто обещал настройку велосипеда", "Note:tuneup"),  # обещать: offer
        ("какая оплата в пекарне", "Note:wallet"),  # оплата: pay
    ],
)
async def test_an_everyday_word_finds_the_sense_the_memory_uses(
    world: ScopedMemory, question: str, target: str
) -> None:
    assert (await _top(world, question))[:1] == (target,)


async def test_a_number_word_finds_the_number_written_in_the_other_language(
    world: ScopedMemory,
) -> None:
    assert (await _top(world, "кто подписал аренду на три года"))[:1] == ("Note:lease",)


async def test_a_verb_and_its_noun_translate_together_in_any_tense(
    world: ScopedMemory,
) -> None:
    # "сняли деньги" is "снять деньги", "charge": not the note that holds "деньги" alone
    assert (await _top(world, "где с нас дважды сняли деньги"))[:1] == ("Note:pool",)


async def test_a_word_a_dictionary_translates_whole_is_not_split_as_a_compound(
    world: ScopedMemory,
) -> None:
    # "телефоном" is "phone", not "теле" + "фоном" ("background")
    top = await _top(world, "где можно платить телефоном")
    assert top[:1] == ("Note:wallet",)
    assert "Note:photos" not in top


async def test_a_race_is_found_as_the_marathon_the_memory_names(world: ScopedMemory) -> None:
    assert (await _top(world, "к какой гонке я готовлюсь"))[:1] == ("Note:porto",)


async def test_a_translation_in_y_is_not_searched_by_a_shorter_word(
    world: ScopedMemory,
) -> None:
    # "корпоратив" is "party": it finds the office party, not the dishwasher's spare parts
    top = await _top(world, "когда корпоратив")
    assert top[:1] == ("Note:office",)
    assert "Note:dishwasher" not in top


@pytest.mark.parametrize(
    "question",
    ["кто обещал скидку на ремонт крыши", "сколько стоит парковка у вокзала"],
)
async def test_a_question_nothing_answers_stays_unanswered(
    world: ScopedMemory, question: str
) -> None:
    assert (await recall(world, question, NO_WRITE)).nodes == ()
