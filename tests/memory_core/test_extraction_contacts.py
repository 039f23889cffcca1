"""Tests of splitting a contact detail off a statement (memory_core.extraction_contacts)."""

from __future__ import annotations

import pytest

from memory_core.extraction_contacts import Contact, split_contact


@pytest.mark.parametrize(
    ("said", "rest", "line"),
    [
        ("сантехник Пётр, +7 900 111-22-33", "сантехник Пётр", "телефон +7 900 111-22-33"),
        ("our plumber is Joe, 555-0101", "our plumber is Joe", "phone 555-0101"),
        ("электрик — Виктор, тел 8 912 345 67 89", "электрик — Виктор", "телефон 8 912 345 67 89"),
        ("Bob (212) 555-0199", "Bob", "phone (212) 555-0199"),
        ("Anna's email is anna@example.com", "Anna's email is", "email anna@example.com"),
        ("у Димы телеграм @dima_k", "у Димы", "телеграм @dima_k"),
    ],
)
def test_a_contact_detail_is_split_off(said: str, rest: str, line: str) -> None:
    left, contact = split_contact(said)
    assert left == rest
    assert isinstance(contact, Contact)
    assert contact.line() == line


@pytest.mark.parametrize(
    "said",
    [
        "Лена согласовала бюджет 7 500 000",
        "в 2024-2025 мы делали Payway",
        "релиз назначен на 2026-12-02",
        "номер заказа 12345678",
        "Катя: +7 900 111-22-33 или +7 900 111-22-44",  # two numbers: which is hers is unsaid
    ],
)
def test_sums_dates_and_two_numbers_are_no_contact(said: str) -> None:
    assert split_contact(said) == (said, None)
