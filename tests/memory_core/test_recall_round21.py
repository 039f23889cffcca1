"""Recall: family words as a topic, unknown names, contractions, word families, compounds.

A question misses its memory when a family word ("родители", "kids") is what an answer
is about but the owner's own children, reached by their links, outrank it; when a word
the dictionary lacks has a family member it translates ("собеседовали" is
"собеседование", an interview); when an English compound no dictionary lists is taken
for a typo of another word ("boathouse" is not "warehouse"); when half of an English
contraction ("doesn't") weighs as an unknown word; and when "мою" is not taken for "my".
A question about a place no memory holds ("coimbra") is not answered by the owner's links.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.query import build_query
from memory_core.recall import RecallOptions, recall
from tests.memory_core.recall_world import fillers, top3

NO_WRITE = RecallOptions(reinforce=False)

_TOPICS = (
    "смена масла в машине",
    "квитанции за воду",
    "курсы испанского",
    "поход в горы летом",
    "ремонт велосипеда",
    "книжный клуб по четвергам",
)
WORLD = [
    Entity(
        "User:Лукьян",
        "User",
        ("role: head of IT at a chain of bakeries in Porto", "fact: сын Тихон, дочь Ульяна"),
    ),
    Entity("Person:Тихон Белов", "Person", ("fact: сын, 9 лет, ходит на плавание",)),
    Entity("Person:Ульяна Белова", "Person", ("fact: дочь, 5 лет, детский сад у дома",)),
    Entity("Person:Ефросинья Белова", "Person", ("fact: мама, живёт в Вологде",)),
    Entity(
        "Decision:swim-waiver",
        "Decision",
        ("decision: parents sign the waiver in the app before the first swim lesson",),
    ),
    Entity(
        "Decision:camp-queue",
        "Decision",
        ("decision: в очереди на лагерь первыми идут дети сотрудников",),
    ),
    Entity(
        "Note:notes/hiring/2026-03-04-baker-interview.md",
        "Note",
        ("fact: interview with a pastry chef for the Boavista shop (as_of=2026-03-04)",),
    ),
    Entity(
        "Decision:dacha-shed",
        "Decision",
        ("decision: сарай для лодки на даче красим в зелёный цвет",),
    ),
    Entity(
        "Decision:cabinet-fine",
        "Decision",
        ("decision: ключ от шкафчика не вернул до закрытия — штраф 10 евро",),
    ),
    Entity("Note:march-oven", "Note", ("fact: a new oven in Boavista (as_of=2026-03-10)",)),
    Entity("Note:march-rent", "Note", ("fact: the Braga rent went up (as_of=2026-03-20)",)),
    Entity("Note:warehouse", "Note", ("fact: the warehouse roof leaks in the rain",)),
    Entity("Person:Rui Matos", "Person", ("role: runs the bakery in Braga",)),
    Entity("Person:Inês Couto", "Person", ("role: reports to me: store systems",)),
    *fillers(_TOPICS),
]
LINKS = [
    Relation("Person:Тихон Белов", "User:Лукьян", "child_of"),
    Relation("Person:Ульяна Белова", "User:Лукьян", "child_of"),
    Relation("User:Лукьян", "Person:Ефросинья Белова", "child_of"),
    Relation("Person:Rui Matos", "User:Лукьян", "reports_to"),
    Relation("Person:Inês Couto", "User:Лукьян", "reports_to"),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    await owner.create_relations(LINKS)
    return owner


_top = top3


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("как родители подписывают отказ на занятия ребёнка", "Decision:swim-waiver"),
        ("how do parents sign for a child's lessons", "Decision:swim-waiver"),
        ("чьи дети идут первыми в очереди на лагерь", "Decision:camp-queue"),
    ],
)
async def test_a_family_word_an_answer_holds_is_its_topic_not_the_owners_family(
    world: ScopedMemory, question: str, target: str
) -> None:
    # no first-person word: the owner's children and mother, one link away, come after
    top = await _top(world, question)
    assert top[:1] == (target,)
    assert not {"Person:Тихон Белов", "Person:Ульяна Белова"} & set(top)


async def test_my_child_still_goes_to_the_owners_family(world: ScopedMemory) -> None:
    # "мой сын" is the owner's: his son answers
    assert "Person:Тихон Белов" in await _top(world, "куда ходит мой сын")


async def test_a_word_the_dictionary_lacks_is_translated_by_its_family(
    world: ScopedMemory,
) -> None:
    # the dictionary has "собеседование" (interview), not the verb "собеседовать"
    top = await _top(world, "кого собеседовали в марте")
    assert top[:1] == ("Note:notes/hiring/2026-03-04-baker-interview.md",)


async def test_an_english_compound_no_dictionary_lists_is_read_as_its_two_words(
    world: ScopedMemory,
) -> None:
    # "boathouse": "boat" + "house", not a typo; "boat" is "лодка", so the shed is found
    assert (await _top(world, "what colour is the boathouse"))[:1] == ("Decision:dacha-shed",)


async def test_half_of_an_english_contraction_is_no_unknown_word(world: ScopedMemory) -> None:
    # "doesn't" splits into "doesn" and "t": neither outweighs the locker and the key
    question = "what happens if a visitor doesn't give back the locker key"
    assert (await _top(world, question))[:1] == ("Decision:cabinet-fine",)
    words = build_query("why isn't it ready, whats wrong, they haven't called").tokens
    assert not {"isn", "whats", "haven"} & set(words)


async def test_my_in_the_accusative_asks_about_the_owner(world: ScopedMemory) -> None:
    assert (await _top(world, "напомни мою роль"))[:1] == ("User:Лукьян",)


@pytest.mark.parametrize(
    "question",
    ["who runs our cafe in coimbra", "кто у нас отвечает за кофейню в коимбре"],
)
async def test_a_place_no_memory_holds_is_not_answered_by_the_owners_links(
    world: ScopedMemory, question: str
) -> None:
    assert (await recall(world, question, NO_WRITE)).nodes == ()
