"""A misspelt word read as the dictionary word one slip away ("bulider": "builder").

A question in English about a memory written in Russian cannot correct its typos against
the memory's own words (:func:`memory_core.recall.terms.weigh` does that): the English word
the user meant is in no memory. Its translations are, so the word is corrected against the
dictionary instead: the one edit that makes a word the dictionary translates, trying the
likeliest slips first (two letters swapped, one doubled or extra, one wrong, one left out).
Only long words are read so: a short one is one slip from too many words, and a word
written as a name is a name. A Russian question about an English memory is read the same
way, with fewer slips (a letter left out, two swapped: "нчальник", "сотрудинк") and only
to a word the Russian dictionary knows as no name.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from string import ascii_lowercase
from typing import Any

from memory_core import bilingual
from memory_core.caches import is_cyrillic_word
from memory_core.morphology import analyzer

__all__ = ["MIN_SPELLED", "dictionary_spelling"]

MIN_SPELLED = 6
"""The shortest word corrected against the dictionary."""


_RUSSIAN = "абвгдежзийклмнопрстуфхцчшщъыьэюя"


@lru_cache(maxsize=1024)
def dictionary_spelling(word: str) -> str | None:
    """The dictionary word one slip away from a word no dictionary knows, or None.

    A Russian word ("нчальник", "оплтам") is corrected to a word the Russian dictionary
    knows as no name and that has a translation; a Latin one to a word with a translation.
    """
    word = word.lower()
    if len(word) < MIN_SPELLED or not word.isalpha():
        return None
    if word.isascii():
        return next((c for c in _slips(word) if bilingual.translations(c, limit=1)), None)
    if not is_cyrillic_word(word):
        return None
    morph = analyzer()
    if morph is None:
        return None
    if len(word) < MIN_SPELLED_RUSSIAN:
        return None
    for candidate in _left_out(word):
        known = morph.word_is_known(candidate) and not _a_name(morph, candidate)
        if known and bilingual.translations(candidate, limit=1):
            return candidate
    return None


MIN_SPELLED_RUSSIAN = 7
"""The shortest Russian word corrected against the dictionary: only a letter left out or
two swapped are read as slips (its dictionary is large: a slang word is one letter off
some form of another word more often than an English one)."""


def _left_out(word: str) -> Iterator[str]:
    """A letter typed out of order, or one left out: the Russian slips read."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    seen = {word}
    for group in (
        (a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1),
        (a + c + b for a, b in splits for c in _RUSSIAN),
    ):
        for candidate in group:
            if candidate not in seen:
                seen.add(candidate)
                yield candidate


def _a_name(morph: Any, word: str) -> bool:
    """Whether the dictionary's likeliest reading of a word is a name ("Марина", "Козлов")."""
    grammemes = morph.parse(word)[0].tag.grammemes
    return bool(grammemes & _NAMES)


_NAMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn"})


def _slips(word: str) -> Iterator[str]:
    """Words one edit away, the likeliest typos first."""
    seen = {word}
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    swapped = (a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1)
    dropped = (a + b[1:] for a, b in splits if b)
    replaced = (a + c + b[1:] for a, b in splits if b for c in ascii_lowercase)
    inserted = (a + c + b for a, b in splits for c in ascii_lowercase)
    for group in (swapped, dropped, replaced, inserted):
        for candidate in group:
            if candidate not in seen:
                seen.add(candidate)
                yield candidate
