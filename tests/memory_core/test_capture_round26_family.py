"""Classes of statement the capture-26 round reads about the owner's circle: a friend made
("с X познакомились ..., теперь ... вместе"), a man's unknown surname in the instrumental after
a first name that does not decline ("с Пабло Ковачем"), "у X жена Y, она ..." with a comma,
a kin said in brackets ("Dan (Mia's brother)"), a relative signed up for a practice with
someone ("папа записался на физиотерапию к X"), a landlord the owner pays, and a Latin nickname
said in Cyrillic. The memory is a real temporary store (owner Марта), read through the bot's
own resolver.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_care_named import practitioner
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import lines_text, links, names
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Марта"
DAD = "Person:Олег Петрович"
HUSBAND = "Person:Ян"
TORE = "Person:Tore Lie"
AGNES = "Person:Agnes Nyhus"
DAY = dt.date(2026, 9, 14)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(DAD, "Person", ("fact: папа, живёт с нами (src=user)",)),
            Entity(HUSBAND, "Person", ("fact: муж (src=user)",)),
            Entity(TORE, "Person", ("contact: в клубе все зовут его Kjeppe (src=user)",)),
            Entity(AGNES, "Person", ("role: massage therapist (src=user)",)),
        ]
    )
    await owner.create_relations(
        [Relation(OWNER, DAD, "child_of"), Relation(OWNER, HUSBAND, "married_to")]
    )
    return await scope_resolver(owner)


def propose(world: EntityResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


@pytest.mark.parametrize(
    ("text", "friend"),
    [
        ("с Пабло Ковачем познакомились в хоре, теперь по пятницам поём вместе", "Пабло Ковач"),
        ("met Ilse Brand at the pottery class, now we go to the market together", "Ilse Brand"),
    ],
)
def test_met_and_now_do_things_together_is_a_friend(
    world: EntityResolver, text: str, friend: str
) -> None:
    assert (f"Person:{friend}", "friend_of", OWNER) in links(propose(world, text))


def test_a_lone_word_after_a_preposition_is_a_place_not_a_second_person(
    world: EntityResolver,
) -> None:
    proposal = propose(
        world, "с Пабло Ковачем познакомились на рынке, теперь бегаем вместе в Эрдёхате"
    )
    assert ("Person:Пабло Ковач", "friend_of", OWNER) in links(proposal)
    assert "Person:Эрдёхате" not in names(proposal)


def test_having_met_someone_alone_is_no_friendship(world: EntityResolver) -> None:
    proposal = extract("с Пабло Ковачем познакомились на конференции", world, owner=OWNER)
    assert not any(t == "friend_of" for _, t, _ in links(proposal))


def test_a_known_persons_wife_named_with_a_comma_before_her_news(
    world: EntityResolver,
) -> None:
    proposal = propose(world, "у Кьеппе жена Лейла, она флорист — открыла магазин у вокзала")
    assert ("Person:Лейла", "married_to", TORE) in links(proposal)
    assert "флорист" in lines_text(proposal, "Person:Лейла")


def test_a_kin_said_in_brackets_after_a_name(world: EntityResolver) -> None:
    proposal = propose(world, "my brother-in-law Gustav (Yan's brother) keeps bees near Hamar")
    assert ("Person:Gustav", "sibling_of", HUSBAND) in links(proposal)


def test_a_relative_signed_up_for_a_practice_with_someone_known(
    world: EntityResolver,
) -> None:
    proposal = propose(world, "папа записался на физиотерапию к Agnes — плечо после падения")
    assert (AGNES, "doctor_of", DAD) in links(proposal)
    assert "плечо" in lines_text(proposal, DAD)


@pytest.mark.parametrize(
    ("practice", "role"),
    [
        ("логопедию", "логопед"),
        ("психотерапию", "психотерапевт"),
        ("orthodontics", "orthodontist"),
        ("историю", None),
        ("chemistry", None),
    ],
)
def test_the_practitioner_of_a_practice(practice: str, role: str | None) -> None:
    assert practitioner(practice) == role


def test_a_landlord_the_owner_pays(world: EntityResolver) -> None:
    proposal = propose(
        world, "хозяин продал дом, новый арендодатель — Сигрид Ульсен, платим ей с мая"
    )
    assert ("Person:Сигрид Ульсен", "provider_of", OWNER) in links(proposal)
    assert "арендодатель" in lines_text(proposal, "Person:Сигрид Ульсен")


def test_a_new_provider_nobody_pays_is_no_ones_yet(world: EntityResolver) -> None:
    proposal = propose(world, "новый арендодатель — Сигрид Ульсен")
    assert not links(proposal)
