"""Capture of people named by a chat nickname, a Baltic surname in Cyrillic, an indeclinable
surname, and of a second clause that puts the owner under a new boss.

The world is a :class:`StoreResolver` over names and lines (owner Ульяна; Денис Кравец whose
line says "ник в чатах — Дэн", Кристина Озола whose line says "в чатах — Крис", Latvian names
stored in Latin). Each case has a twin that must not match: another nickname, another surname.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.extraction_name_cases import lemmatize_name
from memory_core.name_aliases import nicknames
from memory_core.name_resolver import StoreResolver
from tests.memory_core.proposals import links, propose

OWNER = "User:Ульяна"
DENIS = "Person:Денис Кравец"
KRISTINA = "Person:Кристина Озола"
JANIS = "Person:Janis Berzins"
MARTINS = "Person:Martins Liepins"
KASA = "Project:Kasa"
NAMES = [OWNER, DENIS, KRISTINA, JANIS, MARTINS, KASA, "Person:Леонид Берзин"]
LINES = {
    DENIS: ["fact: ник в чатах — Дэн (as_of=2025-07-07, src=user)"],
    KRISTINA: ["fact: в чатах — Крис (as_of=2025-09-10, src=user)"],
}
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver(NAMES, (), LINES, owner=OWNER)


def test_a_nickname_a_line_gives_after_a_dash_is_read() -> None:
    assert nicknames(DENIS, LINES[DENIS]) == ["Дэн"]
    assert nicknames(KRISTINA, LINES[KRISTINA]) == ["Крис"]
    assert nicknames(KRISTINA, ["fact: техник: Крис (as_of=2025-09-10, src=user)"]) == []


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Дэн теперь отвечает за мониторинг всего Kasa", DENIS),
        ("Дэна перевели на Kasa", DENIS),
        ("Крис теперь работает на Kasa", KRISTINA),
        ("Берзиньш теперь работает на Kasa", JANIS),  # Bērziņš: "ньш" is "ns" in plain Latin
        ("Лиепиньша перевели на Kasa", MARTINS),
    ],
)
def test_a_nickname_or_a_baltic_surname_finds_the_stored_person(
    world: StoreResolver, text: str, person: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    assert person in {frm for frm, _, _ in links(proposal)}, proposal.to_json()
    assert not [e.name for e in proposal.entities if e.is_new], proposal.to_json()


def test_another_short_name_is_not_the_nicknamed_person(world: StoreResolver) -> None:
    proposal = extract("Дэвид теперь работает на Kasa", world, owner=OWNER, today=DAY)
    assert DENIS not in {frm for frm, _, _ in links(proposal)}, proposal.to_json()


def test_an_indeclinable_surname_after_a_nominative_first_name_stays_as_written() -> None:
    assert lemmatize_name("Лена Цируле") == "Лена Цируле"
    assert lemmatize_name("Марта Дюма") == "Марта Дюма"
    assert lemmatize_name("Лене Цируле") == "Лена Цируля"  # a dative pair: Цируля's
    assert lemmatize_name("Анна Петрова") == "Анна Петрова"


@pytest.mark.parametrize(
    "text",
    [
        "с января у нас новый CTO — Эдгар Витолс, я теперь подчиняюсь ему напрямую",
        "our new VP is Edgar Vitols, i report to him directly",
    ],
)
def test_i_report_to_him_after_a_role_makes_the_owner_report(
    world: StoreResolver, text: str
) -> None:
    proposal = propose(world, text, owner=OWNER, today=DAY)
    boss = next(e.name for e in proposal.entities if e.is_new)
    assert (OWNER, "reports_to", boss) in links(proposal), proposal.to_json()


def test_he_reports_to_me_is_not_the_owner_reporting(world: StoreResolver) -> None:
    text = "с января у нас новый тестировщик — Эдгар Витолс, он подчиняется мне"
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert not [x for x in links(proposal) if x[0] == OWNER and x[1] == "reports_to"]
