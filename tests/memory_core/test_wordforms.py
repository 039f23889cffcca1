"""Dictionary forms to look a word up by: lemmas, aspect partners, source nouns, bases."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from memory_core import wordforms


@pytest.fixture
def morph() -> None:
    pytest.importorskip("pymorphy3")


@pytest.mark.parametrize(
    ("word", "base"),
    [
        ("dashboards", "dashboard"),
        ("companies", "company"),
        ("boxes", "box"),
        ("deployed", "deploy"),
        ("released", "release"),
        ("planned", "plan"),
        ("making", "make"),
        ("running", "run"),
        ("carried", "carry"),
        ("driver's", "driver"),
        ("built", "build"),
        ("written", "write"),
        ("chose", "choose"),
    ],
)
def test_english_bases_include_the_base_form(word: str, base: str) -> None:
    """Plural, past, -ing and possessive forms lead back to the base word."""
    assert base in wordforms.english_bases(word)


def test_english_bases_put_the_likeliest_first() -> None:
    """A plain -s plural is tried before -es, so "notes" finds "note" before "not"."""
    assert wordforms.english_bases("notes")[0] == "note"
    assert wordforms.english_bases("caring")[0] == "care"
    assert wordforms.english_bases("sync") == []


@pytest.mark.usefixtures("morph")
def test_lemmas_of_inflected_russian_words() -> None:
    """Oblique cases and past forms lead to the dictionary form."""
    assert wordforms.lemmas("коронку") == ("коронка",)
    assert "выбрать" in wordforms.lemmas("выбрали")
    assert wordforms.lemmas("Склад".lower())[0] == "склад"


@pytest.mark.usefixtures("morph")
@pytest.mark.parametrize(
    ("word", "form"),
    [
        ("отправили", "отправлять"),
        ("обновить", "обновлять"),
        ("заказали", "заказывать"),
        ("создали", "создавать"),
        ("выбрали", "выбирать"),
        ("позвонила", "звонить"),
        ("хранятся", "хранить"),
        ("клиентского", "клиент"),
        ("логистического", "логистика"),
        ("налоговой", "налог"),
        ("денег", "деньги"),
    ],
)
def test_fallback_forms_reach_what_dictionaries_list(word: str, form: str) -> None:
    """Perfectives reach imperfectives, adjectives their nouns, plural-only nouns the plural."""
    assert form in wordforms.fallback_forms(word)


@pytest.mark.usefixtures("morph")
def test_fallback_forms_do_not_strip_a_prefix_from_a_short_verb() -> None:
    """ "помочь" is not "мочь", and nothing returns the word or its lemma itself."""
    forms = wordforms.fallback_forms("помочь")
    assert "мочь" not in forms
    assert "помочь" not in forms


@pytest.mark.usefixtures("morph")
@pytest.mark.parametrize(
    ("word", "form"),
    [("фактуру", "фактура"), ("деньги", "деньги"), ("стекло", "стекло"), ("лечить", "лечить")],
)
def test_dictionary_form_fixes_only_oblique_forms(word: str, form: str) -> None:
    """Nominatives (even plural ones) and infinitives stay as the dictionary wrote them."""
    assert wordforms.dictionary_form(word) == form


@pytest.fixture
def no_pymorphy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(wordforms, "_morph", lambda: None)
    wordforms.lemmas.cache_clear()
    wordforms.fallback_forms.cache_clear()
    yield
    wordforms.lemmas.cache_clear()
    wordforms.fallback_forms.cache_clear()


@pytest.mark.usefixtures("no_pymorphy")
def test_without_pymorphy_russian_forms_are_left_alone() -> None:
    """No lemmatizer: no lemmas, no guesses, words kept as written."""
    assert not wordforms.has_lemmas()
    assert wordforms.lemmas("коронку") == ()
    assert wordforms.fallback_forms("отправили") == ()
    assert wordforms.dictionary_form("фактуру") == "фактуру"
