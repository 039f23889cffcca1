"""Recall: nicknames, marked Latin names, frame verbs, slang cue verbs, everyday senses.

A question missed its memory when it named a person by the nickname their line records
("1:1 с Тимохой": the notes say "Тимофей"); answered a question about someone or somewhere
the memory does not know when the name had marked letters ("Zoltán Fekete", "Łódź"); left
nothing answering when a general verb one unrelated memory holds outweighed the noun ("are
we keeping the piano"); did not read slang verbs as the link asked ("кто тащит X", "кто
продавил X"); and when everyday senses were missing (a choir, a truck driver, a branch
office, a dashcam, hardware, a refund).
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.bilingual import translations
from memory_core.graph_rank import asked
from memory_core.query import written_as_names
from memory_core.recall import RecallOptions
from memory_core.recall.terms import is_dictionary_word, is_latin_word
from tests.memory_core.recall_world import fillers, top3

NO_WRITE = RecallOptions(reinforce=False)

_TOPICS = (
    "ремонт дачи",
    "абонемент в спортзал",
    "счета за свет",
    "кружок шахмат",
    "новая стиральная машина",
    "зимние шины",
    "день рождения бабушки",
    "курсы испанского",
)
WORLD = [
    Entity("User:Злата", "User", ("role: head of product at a ferry company in Split",)),
    Entity(
        "Person:Тимофей Гранин",
        "Person",
        ("role: ведущий аналитик", "contact: в команде все зовут его Тимоха"),
    ),
    Entity(
        "Note:notes/1on1/2025-03-02-timofey.md",
        "Note",
        ("pointer: notes/1on1/2025-03-02-timofey.md — 1:1 Тимофей: планы на квартал",),
    ),
    Entity(
        "Note:notes/1on1/2025-04-06-timofey.md",
        "Note",
        ("pointer: notes/1on1/2025-04-06-timofey.md — 1:1 Тимофей: отпуск",),
    ),
    Entity("Person:Zoltán Kiss", "Person", ("role: backend engineer, payments",)),
    Entity("Decision:old-piano", "Decision", ("decision: пианино отдаём соседям в мае",)),
    Entity("Note:receipts", "Note", ("fact: how long we keep receipts: five years",)),
    Entity("Project:Ferrybox", "Project", ("fact: ticket sales app",)),
    *fillers(_TOPICS),
]
LINKS = [
    Relation("Note:notes/1on1/2025-03-02-timofey.md", "Person:Тимофей Гранин", "mentions"),
    Relation("Note:notes/1on1/2025-04-06-timofey.md", "Person:Тимофей Гранин", "mentions"),
    Relation("Person:Zoltán Kiss", "Project:Ferrybox", "works_on"),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    await owner.create_relations(LINKS)
    return owner


_top = top3


async def test_a_nickname_finds_the_notes_that_say_the_full_name(world: ScopedMemory) -> None:
    top = await _top(world, "все мои 1:1 с тимохой")
    assert "Note:notes/1on1/2025-03-02-timofey.md" in top
    assert "Note:notes/1on1/2025-04-06-timofey.md" in top


async def test_a_nickname_in_another_case_names_the_person(world: ScopedMemory) -> None:
    assert "Person:Тимофей Гранин" in await _top(world, "что там у Тимохи")


def test_latin_names_with_marked_letters_are_written_as_names() -> None:
    assert written_as_names("что делает Zoltán Fekete") == {"zoltán", "fekete"}
    assert "łukasz" in written_as_names("а где сейчас Łukasz")
    assert written_as_names("ÉLET") == frozenset()  # all capitals: not a name by case


async def test_another_surname_after_a_marked_given_name_answers_nothing(
    world: ScopedMemory,
) -> None:
    assert await _top(world, "что делает Zoltán Fekete") == ()
    assert (await _top(world, "что делает Zoltán Kiss"))[:1] == ("Person:Zoltán Kiss",)


def test_a_word_of_marked_latin_letters_is_latin() -> None:
    # a Latin word no dictionary knows is an unknown name ("in Łódź" as "in Viljandi")
    assert is_latin_word("łódź")
    assert is_latin_word("Øresund")
    assert not is_latin_word("лодзь")
    assert not is_dictionary_word("łódź")


async def test_a_frame_verb_does_not_outweigh_the_noun(world: ScopedMemory) -> None:
    assert (await _top(world, "are we keeping the piano or not"))[:1] == ("Decision:old-piano",)
    # a frame verb a memory holds with the noun still counts
    assert (await _top(world, "how long do we keep receipts"))[:1] == ("Note:receipts",)


def test_slang_verbs_ask_for_the_lead_and_the_one_who_pushed() -> None:
    assert "leads" in asked(["кто", "тащит", "ferrybox"]).relation_types
    assert "recommends" in asked(["кто", "продавил", "postgres"]).relation_types
    assert "recommends" in asked(["кто", "пролоббировал", "переезд"]).relation_types


@pytest.mark.parametrize(
    ("word", "sense"),
    [
        ("хора", "choir"),
        ("спевка", "rehearsal"),
        ("дальнобойщикам", "truck driver"),
        ("сводку", "report"),
        ("branches", "филиал"),
        ("dashcam", "видеорегистратор"),
        ("hardware", "железо"),
        ("вернуть", "refund"),
        ("bail", "отменить"),
    ],
)
def test_everyday_senses(word: str, sense: str) -> None:
    assert sense in translations(word)
