"""Finding a query's terms in an entity: the kept words answer as scanning the text does."""

from __future__ import annotations

import random

import pytest

from memory_core.ranking import (
    QueryTerm,
    fold_line,
    held_terms,
    term_hits,
    word_list,
    written_months,
)
from memory_core.recall.terms import is_dictionary_word

WORDS = [
    "Атлас", "атласы", "Ёлка", "елки", "deadline", "dead_line", "dead-line", "ESO-159", "eso",
    "2025-04-09", "2024-12-31", "март", "Straße", "strasse", "Café", "cafe", "İstanbul",
    "x", "a1", "1a", "под_рядчик", "подрядчика", "(as_of=2025-05-01,", "src=user)", "🔥",
    "שלום", "mo04", "ВЫБРАЛИ", "выбор", "e-mail", "c++", "",
]  # fmt: skip
PREFIXES = [
    "атлас", "елк", "dead", "line", "eso", "159", "2025", "04", "stra", "caf", "istanbul",
    "x", "a", "1", "рядчик", "подряд", "src", "mo04", "выбр", "mail", "c+", "e-m", "ש",
]  # fmt: skip


def _term(rnd: random.Random) -> QueryTerm:
    kind = rnd.random()
    month = rnd.choice([None, None, None, 4, 12])
    season = (12, 1, 2) if month == 12 and rnd.random() < 0.5 else ()
    if kind < 0.25:
        phrase = tuple(rnd.sample(["eso", "159", "dead", "line", "атлас", "2025", "04"], 2))
        return QueryTerm("p", phrase=phrase, month=month, season=season)
    if kind < 0.3:
        return QueryTerm("none", prefixes=(), month=month, season=season)
    prefixes = tuple(rnd.sample(PREFIXES, rnd.randint(1, 4)))
    return QueryTerm("w", prefixes=prefixes, month=month, season=season)


def test_kept_words_find_exactly_what_the_scan_finds() -> None:
    rnd = random.Random(20261201)
    for _ in range(3000):
        text = rnd.choice([" ", "\n", ", ", "-"]).join(rnd.choices(WORDS, k=rnd.randint(0, 12)))
        terms = [_term(rnd) for _ in range(rnd.randint(1, 5))]
        folded = fold_line(text)
        kept = held_terms(terms, folded, word_list(folded), written_months(text))
        assert kept == term_hits(terms, text), (text, terms)


def test_a_prefix_is_found_only_at_the_start_of_a_word() -> None:
    folded = fold_line("Проект Atlas: подрядчик ACME, under_review")
    words = word_list(folded)
    found = held_terms(
        [
            QueryTerm("a", prefixes=("atla",)),
            QueryTerm("b", prefixes=("tlas",)),
            QueryTerm("c", prefixes=("review",)),  # "_" separates words
            QueryTerm("d", prefixes=("рядчик",)),
        ],
        folded,
        words,
        frozenset(),
    )
    assert found == [True, False, True, False]


def test_a_term_corrected_after_use_is_looked_up_as_corrected() -> None:
    """Typo correction replaces a term's prefixes (and drops its phrase) after first use."""
    folded = fold_line("deadline: March, owner Ann")
    words = word_list(folded)
    term = QueryTerm("deadlnie", phrase=("deadlnie", "x"), prefixes=("deadlnie",))
    assert held_terms([term], folded, words, frozenset()) == [False]
    term.prefixes, term.phrase = ("deadline",), ()
    assert held_terms([term], folded, words, frozenset()) == [True]
    term.prefixes = ("e-mail",)  # not letters and digits only: the text is scanned
    assert held_terms([term], folded, words, frozenset()) == term_hits([term], folded)


@pytest.mark.parametrize(
    ("word", "ordinary"),
    [
        ("ипотека", True),  # translated
        ("доплачиваем", True),  # no translation, but a Russian word
        ("флешки", True),
        ("Zorvex", False),  # a name or code: what a question is about
        ("хрб999", False),
        ("вайбкодинга", False),  # slang no dictionary holds: counted as a name would be
    ],
)
def test_a_word_of_the_language_is_told_from_a_name_or_code(word: str, *, ordinary: bool) -> None:
    """A word no memory holds weighs little when it is a word of either language, and as
    much as the rarest word when it may be a name or a code the memory lacks."""
    assert is_dictionary_word(word) is ordinary
