"""The Latin spellings a name written in Cyrillic has besides the Russian transliteration.

Russian writes the Greek "th" (theta) as "ф": "Anthi" is "Анфи", "Theodoros" is "Феодорос",
"Kallithea" is "Каллифея". It writes South Slavic hacek letters by their sounds: "Hodžić" is
"Ходжич", "Kovač" is "Ковач". It writes Hungarian names by their sounds too: "Csongor" is
"Чонгор", "Somogyvári" is "Шомодьвари", "Gergő" is "Гергё"; and Romanian (or Italian) ones:
"Lucian" is "Лучиан", "Mărgineanu" is "Мэрджиняну", "Giorgio" is "Джорджо". The Russian
transliteration of the Cyrillic form ("anfi", "khodzhich", "chongor") then misses the Latin
name the memory holds. :func:`other_spellings` gives the
Cyrillic word as those alphabets would write it, for keys that find that person; only for
finding someone the memory already holds, never for naming a new one.

Russian also writes a foreign "h" as "г": "Honolulu" is "Гонолулу", "Harvard" "Гарвард",
"Holland" "Голландия"; :func:`h_spellings` gives a proper name's Latin start with "h".
"""

from __future__ import annotations

import re

from memory_core.language import normalize
from memory_core.morphology import analyzer
from memory_core.thesaurus import transliterations

__all__ = [
    "greek_spelling",
    "h_spellings",
    "hungarian_spelling",
    "marked_cyrillic",
    "other_spellings",
    "romance_spelling",
    "slavic_spelling",
]

_SLAVIC_LATIN = str.maketrans(
    {"ж": "z", "ш": "s", "щ": "sc", "ч": "c", "ц": "c", "х": "h", "й": "j", "ю": "ju",
     "я": "ja", "ё": "e", "ы": "i", "э": "e", "ь": "", "ъ": ""}
)  # fmt: skip


_HUNGARIAN_PAIRS = (
    ("дь", "gy"), ("нь", "ny"), ("ть", "ty"), ("ль", "l"), ("ч", "cs"), ("ш", "s"), ("с", "sz"),
    ("ж", "zs"), ("ц", "c"), ("х", "h"), ("й", "j"), ("ё", "o"), ("ю", "u"), ("я", "ja"),
    ("э", "e"), ("ы", "i"), ("ь", ""), ("ъ", ""),
)  # fmt: skip
"""Cyrillic letters and the Hungarian letters they stand for in a name heard by ear: "ё" for
"ö"/"ő" and "ю" for "ü"/"ű", whose marks the keys fold away."""
_ROMANCE_SOFT = re.compile(r"(дж|ч)(?=([иеэоау]))")
"""A "дж"/"ч" Romanian or Italian writes "g"/"c" before "i"/"e" ("Лучиан": Lucian), and
"gi"/"ci" before another vowel ("Джорджо": Giorgio)."""
_ROMANCE_LETTERS = str.maketrans(
    {"э": "a", "ы": "i", "ш": "ș", "ц": "ț", "й": "i", "ь": "", "ъ": "", "ю": "iu", "ё": "io"}
)  # fmt: skip
"""The Romanian letters a Cyrillic one stands for: "э" is "ă" (its mark folded by the keys)."""
_ROMANCE_EA = re.compile(r"(?<=[бвгдзклмнпрстфхцчшщ])я")
"""A "я" after a consonant: Romanian "ea" ("Мэрджиняну": Mărgineanu)."""


def hungarian_spelling(word: str) -> str | None:
    """A Cyrillic word as Hungarian writes the name it was heard from ("Шомодьвари" ->
    "somogyvari", "Чонгор" -> "csongor"), or ``None`` when it has none of the letters
    Hungarian spells otherwise."""
    low = normalize(word)
    out = low
    for cyr, lat in _HUNGARIAN_PAIRS:
        out = out.replace(cyr, lat)
    return None if not any(c in low for c in "чшсжьёю") else out


def romance_spelling(word: str) -> str | None:
    """A Cyrillic word as Romanian or Italian writes it ("Лучиан" -> "lucian", "Мэрджиняну"
    -> "margineanu"), or ``None`` when it has none of the letters those spell otherwise."""
    low = normalize(word)
    if not _ROMANCE_SOFT.search(low) and "э" not in low and not _ROMANCE_EA.search(low):
        return None
    out = _ROMANCE_SOFT.sub(lambda m: _soft_consonant(m[1], m[2]), low)
    return _ROMANCE_EA.sub("ea", out).translate(_ROMANCE_LETTERS)


def _soft_consonant(written: str, vowel: str) -> str:
    hard = "g" if written == "дж" else "c"
    return hard if vowel in "иеэ" else f"{hard}i"


def marked_cyrillic(word: str) -> str | None:
    """A Latin word with Hungarian or German rounded vowels as Russian writes it ("Gergő" ->
    "Gergё", the key of "Гергё"), or ``None`` when it has none."""
    if not any(c in word for c in "öőüűÖŐÜŰ"):
        return None
    return word.translate(str.maketrans("öőüűÖŐÜŰ", "ёёююЁЁЮЮ"))


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
    """The South Slavic spelling of a Cyrillic word and, where they differ from it, the
    Hungarian, Romanian and Greek ones."""
    found = (greek_spelling(word), hungarian_spelling(word), romance_spelling(word))
    return (slavic_spelling(word), *(w for w in found if w is not None))


_PROPER = frozenset({"Geox", "Orgn", "Surn"})
"""Places, companies and surnames: a given name with "г" is a Russian one (Галина, Глеб)."""
_MIN_H_STEM = 5
"""A shorter stem is searched only as Russian spells it: "газ" is no "haz"."""


def h_spellings(word: str, stem_: str) -> tuple[str, ...]:
    """The Latin spellings of a proper name's stem with its initial "г" read as "h"
    ("гарварде", stem "гарвард": "harvard"); empty for a word not most likely a place,
    company or surname, or a stem shorter than five letters."""
    if not stem_.startswith("г") or len(stem_) < _MIN_H_STEM:
        return ()
    morph = analyzer()
    if morph is None:
        return ()
    parses = morph.parse(word.lower())
    if not parses or _PROPER.isdisjoint(parses[0].tag.grammemes):
        return ()
    return tuple("h" + t[1:] for t in transliterations(stem_))
