"""The Latin spellings a name written in Cyrillic has besides the Russian transliteration.

Russian writes the Greek "th" (theta) as "ф": "Anthi" is "Анфи", "Theodoros" is "Феодорос",
"Kallithea" is "Каллифея". It writes South Slavic hacek letters by their sounds: "Hodžić" is
"Ходжич", "Kovač" is "Ковач". The Russian transliteration of the Cyrillic form ("anfi",
"khodzhich") then misses the Latin name the memory holds. :func:`other_spellings` gives the
Cyrillic word as those alphabets would write it, for keys that find that person; only for
finding someone the memory already holds, never for naming a new one.
"""

from __future__ import annotations

from memory_core.language import normalize

__all__ = ["greek_spelling", "other_spellings", "slavic_spelling"]

_SLAVIC_LATIN = str.maketrans(
    {"ж": "z", "ш": "s", "щ": "sc", "ч": "c", "ц": "c", "х": "h", "й": "j", "ю": "ju",
     "я": "ja", "ё": "e", "ы": "i", "э": "e", "ь": "", "ъ": ""}
)  # fmt: skip


def greek_spelling(word: str) -> str | None:
    """``word`` with its "ф" read as the Greek "th" ("Анфи" -> "Анthи"), or ``None`` when it
    has no "ф"."""
    if "ф" not in word.casefold():
        return None
    return word.replace("ф", "th").replace("Ф", "Th")


def slavic_spelling(word: str) -> str:
    """A Cyrillic word as a Latin alphabet with hacek letters writes it, marks folded away
    ("Ходжич" -> "hodzic", the key of "Hodžić"; "Ковач" -> "kovac", of "Kovač")."""
    return normalize(word).replace("дж", "dz").translate(_SLAVIC_LATIN)


def other_spellings(word: str) -> tuple[str, ...]:
    """The South Slavic and, when it has a "ф", the Greek spelling of a Cyrillic word."""
    greek = greek_spelling(word)
    return (slavic_spelling(word),) if greek is None else (slavic_spelling(word), greek)
