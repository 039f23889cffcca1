"""The string table: both languages for every key, the same placeholders, every category."""

from __future__ import annotations

import string

import pytest

from bot.conversation.help_lines import GRAMMAR
from bot.conversation.texts import CATEGORIES, LANGS, TEXTS, lang_of, tr
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


@pytest.mark.parametrize(
    ("n", "en", "ru"),
    [
        (0, "0 entries", "0 записей"),
        (1, "1 entry", "1 запись"),
        (2, "2 entries", "2 записи"),
        (5, "5 entries", "5 записей"),
        (11, "11 entries", "11 записей"),
        (21, "21 entries", "21 запись"),
        (23, "23 entries", "23 записи"),
        (112, "112 entries", "112 записей"),
    ],
)
def test_numbers_take_their_nouns_form(n: int, en: str, ru: str) -> None:
    """``{n:entry|entries}`` and the three Russian forms agree with the number."""
    TEXTS["_test_count"] = ("{n:entry|entries}", "{n:запись|записи|записей}")
    try:
        assert tr("en", "_test_count", n=n) == en
        assert tr("ru", "_test_count", n=n) == ru
    finally:
        del TEXTS["_test_count"]


def test_counts_read_naturally() -> None:
    text = tr("en", "memory_stats", entities=1, observations=1, relations=2)
    assert text == "🧠 Memory: 1 entry, 1 fact, 2 links."
