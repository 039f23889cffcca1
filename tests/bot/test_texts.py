"""The string table: both languages for every key, the same placeholders, every category."""

from __future__ import annotations

import string

import pytest

from bot.conversation.texts import CATEGORIES, GRAMMAR, LANGS, TEXTS, lang_of
from memory_core.secrets import REASONS


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_both_languages_take_the_same_values(key: str) -> None:
    en, ru = TEXTS[key]
    assert en.strip()
    assert ru.strip()
    assert placeholders(en) == placeholders(ru)


def test_every_guard_category_is_translated() -> None:
    assert set(REASONS) <= set(CATEGORIES)


def test_grammar_help_has_both_languages_line_for_line() -> None:
    assert len(GRAMMAR["en"]) == len(GRAMMAR["ru"])
    assert set(GRAMMAR) == set(LANGS)


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("ru", "ru"),
        ("ru-RU", "ru"),
        ("RU", "ru"),
        ("en", "en"),
        ("uk", "en"),
        (None, "en"),
        ("", "en"),
    ],
)
def test_language_from_the_sender(code: str | None, lang: str) -> None:
    assert lang_of(code) == lang
