"""A misspelt English word read as the dictionary word one slip away ("bulider": "builder").

A question in English about a memory written in Russian cannot correct its typos against
the memory's own words (:func:`memory_core.recall.terms.weigh` does that): the English word
the user meant is in no memory. Its translations are, so the word is corrected against the
dictionary instead: the one edit that makes a word the dictionary translates, trying the
likeliest slips first (two letters swapped, one doubled or extra, one wrong, one left out).
Only long Latin words are read so: a short one is one slip from too many words, and a word
written as a name is a name.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from string import ascii_lowercase

from memory_core import bilingual

__all__ = ["MIN_SPELLED", "dictionary_spelling"]

MIN_SPELLED = 6
"""The shortest word corrected against the dictionary."""


@lru_cache(maxsize=1024)
def dictionary_spelling(word: str) -> str | None:
    """The dictionary word one slip away from a Latin word no dictionary knows, or None."""
    word = word.lower()
    if len(word) < MIN_SPELLED or not (word.isascii() and word.isalpha()):
        return None
    for candidate in _slips(word):
        if bilingual.translations(candidate, limit=1):
            return candidate
    return None


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
