"""The gender a person's name tells (for pronouns), and when it tells none."""

from __future__ import annotations

import pytest

from memory_core.name_gender import FEMININE, MASCULINE, name_gender


@pytest.mark.parametrize(
    ("name", "gender"),
    [
        ("Person:Анна Петрова", FEMININE),
        ("Person:Дарья", FEMININE),
        ("Person:Наталья Ким", FEMININE),
        ("Person:Иван Петров", MASCULINE),
        ("Person:Никита", MASCULINE),  # ends like a woman's name, is a man's
        ("Person:Jane Brooks", FEMININE),
        ("Person:Priya Nair", FEMININE),
        ("Person:Brian Nelson", MASCULINE),
        ("Person:Sergey Volkov", MASCULINE),
        ("Person:Саша Петрова", FEMININE),  # the first name says nothing, the surname does
        ("Person:Петрова", FEMININE),
        ("Person:Olga Petrova", FEMININE),
        ("Person:Smirnov", MASCULINE),
        ("Person:Соколовский", MASCULINE),
    ],
)
def test_a_name_that_tells_its_gender(name: str, gender: str) -> None:
    assert name_gender(name) == gender


@pytest.mark.parametrize(
    "name",
    ["Person:Саша", "Person:Женя", "Person:Chen Wei", "Person:Ковальчук", "Person:Dr. Smith", ""],
)
def test_a_name_that_tells_none(name: str) -> None:
    assert name_gender(name) is None
