"""Spanish and Basque surnames written in Cyrillic by ear ("Etxeberria" as "Эчеберрия",
"Arizmendi" as "Арисменди") find the person the memory holds in Latin, and a card number
printed 4-4-4-4 beside a card word is a secret even when its checksum is off.

The world is a :class:`StoreResolver` over names only (owner Фаина, two Basque colleagues,
one project).
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import extract
from memory_core.name_match import same_name
from memory_core.name_resolver import StoreResolver
from memory_core.secrets import find_secret
from tests.memory_core.proposals import links, names, propose

OWNER = "User:Фаина"
MIREN = "Person:Miren Etxeberria"
KOLDO = "Person:Koldo Arizmendi"
PROJECT = "Project:Harrera"
DAY = dt.date(2025, 11, 1)


@pytest.fixture(scope="module")
def world() -> StoreResolver:
    return StoreResolver([OWNER, MIREN, KOLDO, PROJECT], owner=OWNER)


@pytest.mark.parametrize(
    ("cyrillic", "latin"),
    [
        ("Эчеберрия", "Etxeberria"),
        ("Арисменди", "Arizmendi"),
        ("Гонсалес", "Gonzalez"),
        ("Шабарри", "Xabarri"),
    ],
)
def test_an_iberian_name_heard_in_cyrillic_is_the_same_name(cyrillic: str, latin: str) -> None:
    assert same_name(cyrillic, latin)


@pytest.mark.parametrize(("cyrillic", "latin"), [("Лиса", "Liza"), ("Роса", "Roza")])
def test_a_short_name_keeps_its_z(cyrillic: str, latin: str) -> None:
    assert not same_name(cyrillic, latin)


def test_a_surname_by_ear_finds_the_known_person(world: StoreResolver) -> None:
    proposal = propose(world, "Арисменди тоже подключился к Harrera, помогает с тестами",
                       owner=OWNER, today=DAY)  # fmt: skip
    assert (KOLDO, "works_on", PROJECT) in links(proposal)
    assert not [n for n in names(proposal) if "Арисменди" in n]


def test_a_basque_surname_alone_carries_its_news(world: StoreResolver) -> None:
    proposal = propose(world, "Эчеберрия уезжает на полгода в Лиму открывать офис",
                       owner=OWNER, today=DAY)  # fmt: skip
    assert MIREN in names(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "номер карты для поездок 5200 1111 2222 3334, срок 11/29 — передай Мирен",
        "my card is 4111 2222 3333 4445 exp 03/27, book the hotel with it",
    ],
)
def test_a_card_layout_beside_a_card_word_is_a_secret_whatever_its_checksum(text: str) -> None:
    assert find_secret(text) == "card number"
    assert extract(text, StoreResolver([OWNER], owner=OWNER), owner=OWNER, today=DAY).skipped


def test_a_grouped_number_without_a_card_word_is_no_card() -> None:
    assert find_secret("заказ 5200 1111 2222 3334 приедет в четверг") is None
