"""The Latin spelling a Greek name written in Cyrillic has besides the Russian one.

Russian writes the Greek "th" (theta) as "ф": "Anthi" is "Анфи", "Theodoros" is "Феодорос",
"Kallithea" is "Каллифея". The Russian transliteration of the Cyrillic form ("anfi") then
misses the Latin name the memory holds. :func:`greek_spelling` gives the Cyrillic word with
"ф" read as "th", for keys that find that person; only for finding someone the memory already
holds, never for naming a new one.
"""

from __future__ import annotations

__all__ = ["greek_spelling"]


def greek_spelling(word: str) -> str | None:
    """``word`` with its "ф" read as the Greek "th" ("Анфи" -> "Анthи"), or ``None`` when it
    has no "ф"."""
    if "ф" not in word.casefold():
        return None
    return word.replace("ф", "th").replace("Ф", "Th")
