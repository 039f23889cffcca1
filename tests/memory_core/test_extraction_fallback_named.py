"""The loosest fallback: a lasting statement about the one person a sentence names.

A known person said anywhere (in any case form), or a full name the memory lacks, gets the
sentence as a ``fact:`` line and a link to the one known project named with them; and the
sentences it must leave alone: two people, a first name alone, a passing event, a meeting,
a ticket, a place or company written in capitals, whom something is for. The memory is a
small world of its own (owner Ростислав) read through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import lines_for, links

OWNER = "User:Ростислав"
NAMES = [
    OWNER,
    "Person:Всеслава Громова",
    "Person:Tobias Lindqvist",
    "Project:Marlin",
    "Project:Osprey",
]
DAY = dt.date(2026, 5, 11)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, [], {})


def extracted(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, owner=OWNER, today=DAY)


def facts(proposal: Proposal, name: str) -> list[str]:
    return [line for line in lines_for(proposal, name) if line.startswith("fact:")]


def test_a_known_person_in_another_case_gets_the_statement(world: GraphResolver) -> None:
    p = extracted(world, "Всеславе Громовой поставили брекеты, полгода без твёрдой еды")
    assert p.skipped is None, p.to_json()
    assert any("брекеты" in line for line in facts(p, "Person:Всеслава Громова"))


def test_a_new_full_name_with_a_title(world: GraphResolver) -> None:
    p = extracted(world, "our parrot Kiwi is seen by dr. Henrike Aalto at the Vantaa bird clinic")
    assert p.skipped is None, p.to_json()
    assert any("bird clinic" in line for line in facts(p, "Person:Henrike Aalto"))
    assert "Person:Henrike Aalto" in {e.name for e in p.entities if e.is_new}


def test_a_new_full_name_is_linked_to_the_one_project(world: GraphResolver) -> None:
    p = extracted(
        world, "платёжный шлюз Osprey с мая держит Радомир Пешич, он же пишет к нему доку"
    )
    person = "Person:Радомир Пешич"
    assert any("платёжный шлюз" in line for line in facts(p, person)), p.to_json()
    assert any(frm == person and to == "Project:Osprey" for frm, _, to in links(p))


@pytest.mark.parametrize(
    "text",
    [
        # two people: whom the statement is about is not clear
        "the flat above the bakery is shared by Henrike Aalto and Tobias Lindqvist",
        # a first name alone beside the person: the sentence may be about either
        "чинить крышу у Всеславы Громовой будет Яромир, он кровельщик со стажем",
        # a passing event, a meeting, a day's chatter
        "Tobias Lindqvist said the office heating is broken in the east wing",
        "созвон с Всеславой Громовой перенесли на следующую среду по Marlin",
        "всю ночь не спал, у Всеславы Громовой кашель и хрипы у соседей",
        # a ticket: work chatter
        "из бэклога платформы MRL-204 забрал себе Tobias Lindqvist",
        # capitalised words that are ordinary words or follow a place preposition
        "the Harbour Bridge walk is the best thing about the Sydney offsite venue",
        "мы арендуем склад у Северной Логистики на два года вперёд с опционом",
        # whom something is done for
        "собираю презентацию про квартальные цифры для Всеславы Громовой",
        # a thing's name after "a": a car, a bike, a phone
        "my car is a blue Skoda Octavia, parked on level two",
        "we finally bought a Trek Domane for the weekend rides",
    ],
)
def test_left_alone(world: GraphResolver, text: str) -> None:
    p = extracted(world, text)
    named = {e.name for e in p.entities} | {end for r in p.relations for end in (r.from_, r.to)}
    assert not any(line.startswith("fact:") for e in p.entities for line in e.lines), p.to_json()
    assert not {"Person:Henrike Aalto", "Person:Яромир"} & named, p.to_json()


def test_a_hedge_is_no_fact(world: GraphResolver) -> None:
    p = extracted(world, "в осенний состав Osprey, возможно, войдёт и Tobias Lindqvist")
    assert not facts(p, "Person:Tobias Lindqvist"), p.to_json()
