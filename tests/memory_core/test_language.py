"""Tests for memory_core.language: folding, tokens, Jira keys, stop words, stems."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory_core.language import (
    STOP_WORDS_EN,
    STOP_WORDS_RU,
    _fold_char,
    fold,
    is_cyrillic,
    is_stop_word,
    jira_keys,
    normalize,
    stem,
    tokens,
)
from memory_core.ranking import QueryTerm, fold_line


def _fts5_terms(text: str) -> list[str]:
    """Tokens SQLite FTS5 unicode61 remove_diacritics 2 makes of text, in order."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute(
            "CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61 remove_diacritics 2')"
        )
        conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        conn.execute("INSERT INTO t(x) VALUES (?)", (text,))
        rows = conn.execute("SELECT term, offset FROM v ORDER BY offset").fetchall()
    except sqlite3.OperationalError as exc:  # pragma: no cover - depends on the build
        pytest.skip(f"FTS5 unavailable: {exc}")
    finally:
        conn.close()
    return [term for term, _ in rows]


# --- fold / normalize ---------------------------------------------------------------


FTS_SAMPLES = [
    "Ёлка йогурт Йошкар-Ола",
    "café ÉCOLE naïve Ångström Łódź Œuvre",
    "Straße ß µ ſ ΣΟΦΙΑ Άρης",
    "ESO-159 2025-11-02 foo_bar x:y a.b",
    "Иван Петров Киселёва",
    "مرحبا שלום ١٢",
]


@pytest.mark.parametrize("text", FTS_SAMPLES)
def test_fold_agrees_with_fts5_unicode61(text: str) -> None:
    assert [fold(word) for word in tokens(text)] == _fts5_terms(text)


def test_fold_keeps_cyrillic_yo_and_short_i_like_fts5() -> None:
    assert fold("Ёлка Йогурт") == "ёлка йогурт"
    assert _fts5_terms("Ёлка Йогурт") == ["ёлка", "йогурт"]


def test_fold_strips_latin_diacritics_and_case() -> None:
    assert fold("Café NAÏVE Ñandú") == "cafe naive nandu"
    assert fold("Straße") == "straße"  # FTS5 does not expand ß


def test_normalize_folds_yo_to_ye() -> None:
    assert normalize("Киселёва") == normalize("КИСЕЛЕВА") == "киселева"
    assert normalize("Артём") == "артем"
    assert normalize("йод") == "йод"  # й stays й


def test_normalize_composes_decomposed_accents() -> None:
    assert normalize("e\u0301cole") == "ecole"


# --- tokens -------------------------------------------------------------------------


def test_tokens_split_on_punctuation_and_fts_syntax() -> None:
    assert tokens('ESO-159: notes/a_b.md "x"*^(y) NEAR(a b)') == [
        "ESO", "159", "notes", "a", "b", "md", "x", "y", "NEAR", "a", "b",
    ]  # fmt: skip


def test_tokens_keep_case_digits_and_other_scripts() -> None:
    assert tokens("Ивану Петрову 2025 שלום مرحبا") == ["Ивану", "Петрову", "2025", "שלום", "مرحبا"]


def test_tokens_drop_emoji_and_control_marks() -> None:
    assert tokens("😀 \u200f\u200e🔥hello\u2060") == ["hello"]
    assert tokens("") == []
    assert tokens("?!... ---") == []


# --- Jira keys ----------------------------------------------------------------------


def test_jira_keys_found_in_order_without_repeats() -> None:
    assert jira_keys("что с ESO-159 и BIL-92? ESO-159 again, KYC2-7.") == [
        "ESO-159",
        "BIL-92",
        "KYC2-7",
    ]


@pytest.mark.parametrize(
    "text",
    ["eso-159", "2025-11-02", "Billing-v2", "xESO-159", "ESO-159x", "E-1", "ESO-", "ЕСО-159"],
)
def test_jira_keys_reject_non_keys(text: str) -> None:
    assert jira_keys(text) == []


# --- stop words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "word",
    ["что", "я", "говорил", "кто", "такой", "пожалуйста", "напомни", "расскажи", "Насчёт", "по"],
)
def test_russian_function_words_and_filler_are_stop_words(word: str) -> None:
    assert is_stop_word(word)


@pytest.mark.parametrize(
    "word", ["what", "did", "about", "please", "tell", "me", "remind", "OR", "NEAR", "And", "not"]
)
def test_english_function_words_filler_and_fts_operators_are_stop_words(word: str) -> None:
    assert is_stop_word(word)


@pytest.mark.parametrize(
    "word",
    ["статус", "решение", "риск", "проект", "дедлайн", "status", "risk", "decision", "deadline"],
)
def test_content_nouns_are_not_stop_words(word: str) -> None:
    assert not is_stop_word(word)


def test_stop_word_lists_are_normalized_forms() -> None:
    for word in STOP_WORDS_RU | STOP_WORDS_EN:
        if word != normalize(word):
            # Only ё spellings may differ, and their е twin must be listed too.
            assert normalize(word) in STOP_WORDS_RU


# --- stem ---------------------------------------------------------------------------


RU_PARADIGMS = [
    "Иван Ивану Ивана Иваном Иване",
    "Петров Петрову Петрова Петровым Петровой",
    "Киселёва Киселевой Киселёву Киселев",
    "Лев Льву Льва Львом",
    "Павел Павлу Павла",
    "Артём Артёму Артёма Артем",
    "Максим Максиму Максимом",
    "Никита Никите Никитой",
    "Мария Марии Марию Марией",
    "Илья Ильи Ильёй",
    "Дмитрий Дмитрию Дмитрием",
    "Алексей Алексею Алексеем",
    "Николай Николаю Николаем",
    "Игорь Игорю Игорем",
    "Ольга Ольге Ольгой",
    "Достоевский Достоевскому Достоевская Достоевской",
    "проект проекта проекту проекты проектов проектами",
    "курсорная курсорной курсорную курсорные",
    "пагинация пагинации пагинацию пагинацией",
    "тариф тарифы тарифов",
    "решение решения решений",
    "Ромашка Ромашке Ромашку",
]


@pytest.mark.parametrize("forms", RU_PARADIGMS)
def test_russian_inflected_forms_share_one_stem(forms: str) -> None:
    stems = {stem(word) for word in forms.split()}
    assert len(stems) == 1, stems


def _stems(text: str) -> list[str]:
    return [stem(word) for word in tokens(text)]


def test_russian_examples_from_the_design() -> None:
    assert _stems("Ивану Петрову") == _stems("Иван Петров") == ["иван", "петр"]
    assert stem("проекта") == stem("проект") == "проект"
    assert _stems("курсорной пагинации") == _stems("курсорная пагинация") == ["курсорн", "пагинац"]


def test_russian_stems_keep_different_words_apart() -> None:
    assert stem("Иван") != stem("Ольга")
    assert stem("Лев") != stem("лес")
    assert stem("пагинация") != stem("курсорная")


@pytest.mark.parametrize(
    ("forms", "expected"),
    [
        ("pagination paginations", "pagin"),
        ("meeting meetings", "meet"),
        ("risk risks", "risk"),
        ("decided decide", "decid"),
    ],
)
def test_english_words_use_snowball_english(forms: str, expected: str) -> None:
    assert {stem(word) for word in forms.split()} == {expected}


def test_stem_chooses_language_by_script_and_leaves_other_tokens_normalized() -> None:
    assert stem("Collins") == "collin"  # English rules on Latin
    assert stem("Коллинс") == "коллинс"  # Russian rules on Cyrillic
    assert stem("2025") == "2025"
    assert stem("ΣΟΦΙΑ") == "σοφια"
    assert stem("") == ""


def test_stem_is_cached() -> None:
    stem.cache_clear()
    stem("пагинации")
    stem("пагинации")
    assert stem.cache_info().hits == 1


def test_is_cyrillic() -> None:
    assert is_cyrillic("Ромашка")
    assert is_cyrillic("v2-Сапсан")
    assert not is_cyrillic("Romashka")


_MEMORY_LETTERS = (
    "abcxyzABCXYZ0129 :=-_.,()/"
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЁЖЙЩЪЫЬЭЮЯ"
    "àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÑÖØÜŁłŒœŠšŽžĆćİ"
)


@given(st.text(alphabet=_MEMORY_LETTERS, max_size=60))
def test_fold_line_folds_memory_text_as_normalize_does(text: str) -> None:
    """The fast folding used for ranking agrees with the reference folding on such text."""
    assert fold_line(text) == normalize(text)


_TERM_WORDS = st.text(alphabet="aeso1_ж", min_size=1, max_size=4)


@given(
    st.text(alphabet="aeso1ж _-.", max_size=40),
    st.lists(_TERM_WORDS, min_size=1, max_size=3),
    st.booleans(),
)
def test_term_matches_word_starts_like_a_look_behind_regex(
    text: str, words: list[str], as_phrase: bool
) -> None:
    """A term finds a word start exactly where the plain look-behind regex does."""
    words = [w.replace("_", "") or "a" for w in words]
    term = (
        QueryTerm("q", phrase=tuple(words)) if as_phrase else QueryTerm("q", prefixes=tuple(words))
    )
    if as_phrase:
        body = r"[\W_]+".join(re.escape(w) for w in words) + r"(?![^\W_])"
    else:
        body = "(?:" + "|".join(re.escape(w) for w in words) + ")"
    expected = re.search(r"(?<![^\W_])" + body, text) is not None
    assert term.matches(text) is expected


def test_term_matches_a_repeated_phrase_after_a_false_start() -> None:
    """A match inside a word does not hide a real one that overlaps it."""
    assert QueryTerm("q", phrase=("a", "a")).matches("xa a a")
    assert not QueryTerm("q", phrase=("a", "a")).matches("xa a")
    assert QueryTerm("q", prefixes=("eso",)).matches("reso_eso")
    assert not QueryTerm("q", prefixes=("eso",)).matches("resource")


def test_folding_whole_text_is_folding_each_character() -> None:
    """:func:`fold` folds in one pass what :func:`_fold_char` folds a character at a time,
    for every character (so the characters folded otherwise than casefold are all known)."""
    for code in range(0x80, 0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        assert fold(char) == _fold_char(char), hex(code)
    mixed = "Zoë STRAẞE ﬁle Ǆemal İstanbul Ёлка café Å"
    assert fold(mixed) == "".join(_fold_char(c) for c in mixed)


def test_english_stems_are_snowballs_whichever_stemmer_runs() -> None:
    # PyStemmer (C) serves the stems when installed; they must be the pure-Python
    # Snowball English stemmer's, word for word, or every index search would shift
    from snowballstemmer.english_stemmer import EnglishStemmer

    reference = EnglishStemmer()
    glossary = (Path(__file__).parents[2] / "memory_core" / "glossary_ru_en.txt").read_text(
        encoding="utf-8"
    )
    words = sorted({w.lower() for w in re.findall(r"[A-Za-z]{2,}", glossary)})
    assert len(words) > 1000
    differ = [w for w in words if stem(w) != reference.stemWord(w)]
    assert differ == []
