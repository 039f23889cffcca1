"""Translate a Russian word the dictionary lacks by a word of its family that it holds.

A dictionary lists "собеседование" (interview) but not the verb "собеседовать", lists
"загруженный" but not "загруженность": a question says "кого собеседовали" of notes
written in English about interviews. The verb's noun of action ("-овать" -> "-ование",
"-ать" -> "-ание", "-ить" -> "-ение") and a quality noun's adjective ("-ность" -> "-ный")
say the same thing, so their translations stand for the word's own.
"""

from __future__ import annotations

from functools import lru_cache

from memory_core import bilingual
from memory_core.morphology import lemmas

__all__ = ["family_translations"]

_KIN_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ировать", ("ирование",)),
    ("овать", ("ование",)),
    ("евать", ("евание",)),
    ("ывать", ("ывание",)),
    ("ивать", ("ивание",)),
    ("ать", ("ание",)),
    ("ять", ("яние",)),
    ("ить", ("ение",)),
    ("ование", ("овать",)),
    ("ание", ("ать",)),
    ("ение", ("ить",)),
    ("ность", ("ный", "ной", "ний")),
    ("ость", ("ый", "ой", "ий")),
)
"""A word's ending and the endings of the words of its family that mean the same thing
(the first that fits is used)."""
_MIN_ROOT = 3
"""Letters a word keeps before the ending swapped ("дать" has no family to look in)."""


@lru_cache(maxsize=4096)
def family_translations(word: str, limit: int) -> tuple[str, ...]:
    """The translations of the first word of ``word``'s family a dictionary translates (by
    each of its lemmas), or ``()`` when none does or the word is not Russian."""
    if not word or not all("а" <= c <= "я" or c == "ё" for c in word.lower()):
        return ()
    for lemma in dict.fromkeys((*lemmas(word.lower()), word.lower())):
        for end, kin_ends in _KIN_ENDINGS:
            if not lemma.endswith(end) or len(lemma) - len(end) < _MIN_ROOT:
                continue
            root = lemma[: -len(end)]
            for kin_end in kin_ends:
                found = bilingual.translations(root + kin_end, limit=limit, all_curated=True)
                if found:
                    return found
            break  # the longest ending that fits decides
    return ()
