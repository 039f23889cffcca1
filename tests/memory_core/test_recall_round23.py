"""Recall: abbreviations, English typos, general verbs, prefixed cue verbs, everyday senses.

A question missed its memory when a Russian abbreviation of consonants ("внж", "ндфл") was
searched only by its English translations while the memory wrote the long form in Russian
("вид на жительство"); when an English word was misspelt ("bulider") in a question about a
memory written in Russian, where no memory word is one slip from it; when a most general
verb ("make", "have"), which the dictionary keeps no entry for, weighed as an unknown name
and left nothing answering; when a link was asked by a perfective verb ("заблокирован",
"забронирован") whose cue only the bare verb starts ("блок"); and when everyday senses were
missing ("upfront" is "аванс", "начальство" is management).
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.bilingual import translations
from memory_core.graph_rank import asked, is_cue
from memory_core.recall import RecallOptions
from memory_core.recall.spelling import dictionary_spelling
from memory_core.recall.terms import is_dictionary_word
from tests.memory_core.recall_world import fillers, top3

NO_WRITE = RecallOptions(reinforce=False)

_TOPICS = (
    "ремонт балкона",
    "абонемент в бассейн",
    "счета за газ",
    "кружок робототехники",
    "новый холодильник",
    "летние шины",
    "юбилей тёти",
    "курсы немецкого",
)
WORLD = [
    Entity("User:Ярослав", "User", ("role: head of QA at a logistics firm in Gdynia",)),
    Entity(
        "Note:tax",
        "Note",
        ("fact: подоходный налог платим до 15 июля, декларацию готовит бухгалтер",),
    ),
    Entity(
        "Person:Bogna Sikora",
        "Person",
        ("role: плиточник, ванная: смета 4 000 злотых, аванс 30%",),
    ),
    Entity("Jira:OPS-41", "Jira", ("status: new printers for the warehouse, waiting",)),
    Entity("Jira:OPS-40", "Jira", ("status: budget approval for the warehouse",)),
    *fillers(_TOPICS),
]
LINKS = [Relation("Jira:OPS-40", "Jira:OPS-41", "blocks")]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    await owner.create_relations(LINKS)
    return owner


_top = top3


def test_a_misspelt_english_word_is_read_as_the_dictionary_word() -> None:
    assert dictionary_spelling("bulider") == "builder"
    assert dictionary_spelling("recieve") == "receive"
    assert dictionary_spelling("Wrocklaw") is None  # too far from any word: a name stays
    assert dictionary_spelling("tilr") is None  # too short to guess


async def test_a_misspelt_english_question_finds_the_russian_memory(world: ScopedMemory) -> None:
    assert (await _top(world, "how much upfront did the tilier ask"))[:1] == (
        "Person:Bogna Sikora",
    )


async def test_a_misspelt_word_the_memory_lacks_answers_nothing(world: ScopedMemory) -> None:
    assert await _top(world, "what did the plumbre say about the boiler") == ()


def test_the_most_general_verbs_are_phrasing_not_names() -> None:
    assert is_dictionary_word("make")
    assert is_dictionary_word("have")
    assert not is_dictionary_word("Zorvex")


async def test_a_consonant_abbreviation_finds_its_long_form(world: ScopedMemory) -> None:
    assert (await _top(world, "до какого числа платим ндфл"))[:1] == ("Note:tax",)


async def test_a_perfective_verb_asks_for_the_link_its_bare_verb_names(
    world: ScopedMemory,
) -> None:
    assert "blocks" in asked(["чем", "заблокирована", "задача"]).relation_types
    assert is_cue("заблокирован")
    assert not asked(["сколько", "заработал"]).relation_types  # earned: no works_at
    assert "Jira:OPS-40" in await _top(world, "OPS-41 чем заблокирован")


@pytest.mark.parametrize(
    ("question", "target"),
    [("how much upfront did the tiler ask", "Person:Bogna Sikora")],  # upfront: аванс
)
async def test_everyday_senses_find_the_other_language(
    world: ScopedMemory, question: str, target: str
) -> None:
    assert (await _top(world, question))[:1] == (target,)


@pytest.mark.parametrize(
    ("word", "sense"),
    [("upfront", "аванс"), ("начальство", "management"), ("цифры", "figures")],
)
def test_everyday_senses_are_translated(word: str, sense: str) -> None:
    assert sense in translations(word, 6)
