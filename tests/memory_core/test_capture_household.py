"""Capture of family said around a kin word, over a real store.

The world lives in a temporary SQLite memory (owner Тамара, her mother and father, her
husband, her daughter, a friend) and is read through the bot's own resolver. "Мама с папой
..." is a line on both parents; "X женился, жену зовут Y" marries X to a new Y; a coach, a
teacher or a nanny named right after their role word is the daughter's when she is the one
the sentence is about; an inverted "свекровь моя, Y" is read as "моя свекровь Y". A role
word about a colleague ("X теперь ментор Y") gives no helper of a child.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import lines_for, links, propose

OWNER = "User:Тамара"
MOM = "Person:Людмила Петровна"
DAD = "Person:Олег Иванович"
HUSBAND = "Person:Рустам"
DAUGHTER = "Person:Ася"
FRIEND = "Person:Кирилл Шестаков"
TODAY = dt.date(2026, 7, 1)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(MOM, "Person", ("fact: мама, живёт в Самаре (src=user)",)),
            Entity(DAD, "Person", ("fact: папа, живёт в Самаре (src=user)",)),
            Entity(HUSBAND, "Person", ("fact: муж (src=user)",)),
            Entity(DAUGHTER, "Person", ("fact: дочь, 7 лет (src=user)",)),
            Entity(FRIEND, "Person", ("fact: друг со школы (src=user)",)),
        ]
    )
    await owner.create_relations(
        [
            Relation(MOM, OWNER, "parent_of"),
            Relation(DAD, OWNER, "parent_of"),
            Relation(HUSBAND, OWNER, "married_to"),
            Relation(DAUGHTER, OWNER, "child_of"),
        ]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


@pytest.mark.parametrize(
    "text", ["мама с папой осенью переезжают к нам в Казань", "my parents moved to Kazan for good"]
)
def test_both_parents_get_the_line(world: EntityResolver, text: str) -> None:
    proposal = _propose(world, text)
    assert lines_for(proposal, MOM)
    assert lines_for(proposal, DAD)


def test_a_spouse_named_after_a_wedding_is_married_to_the_known_one(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "Кирилл Шестаков женился в июне, жену зовут Вероника")
    assert links(proposal) == {("Person:Вероника", "married_to", FRIEND)}


@pytest.mark.parametrize(
    ("text", "helper", "kind"),
    [
        ("асю записали на плавание, по субботам, тренер Игорь Валентинович",
         "Person:Игорь Валентинович", "coach_of"),
        ("у аси в школе учительница Нина Сергеевна, очень добрая",
         "Person:Нина Сергеевна", "teacher_of"),
        ("у дочки тренер по теннису Марат Исаев", "Person:Марат Исаев", "coach_of"),
        ("с сентября у аси няня Гульнара Ильдаровна",
         "Person:Гульнара Ильдаровна", "caregiver_of"),
    ],
)  # fmt: skip
def test_a_helper_named_after_the_role_word_is_the_childs(
    world: EntityResolver, text: str, helper: str, kind: str
) -> None:
    assert (helper, kind, DAUGHTER) in links(_propose(world, text))


def test_a_role_about_a_colleague_is_no_childs_helper(world: EntityResolver) -> None:
    proposal = extract("Кирилл Шестаков теперь ментор Юлии Ким", world, owner=OWNER, today=TODAY)
    assert not [r for r in proposal.relations if r.to == DAUGHTER]


def test_an_inverted_possessive_reads_as_my(world: EntityResolver) -> None:
    proposal = _propose(world, "свекровь моя, Зарема, в мае приезжает к нам пожить")
    assert ("Person:Зарема", "parent_of", HUSBAND) in links(proposal)
