"""Keys that let a name match in any script, case or inflection: index side and query side.

A stored name's words are indexed by :func:`index_keys`: their script-neutral key
(:func:`memory_core.translit.name_key`: ``Сафонов`` and ``Safonov`` share ``safonov``), the
keys of their full names or diminutives (``Миша`` also under ``михаил``), and for a Latin
word the keys of its likely Cyrillic spellings (``Nikolić`` also under ``николич``'s key),
its hacek letters also read as digraphs (``Hodžić`` under ``ходжич``'s key).
A message's words look names up by :func:`query_keys`: the word's key, the keys of its
lemmas and related names (``Аркадию`` -> ``аркадий``, ``Наташи`` -> ``наташа``,
``наталья``), and of its spellings in the other script.

An acronym (``ESO``, ``CCOT``) is found only by its letters, as typed or written in the
other script (``ЕСО``), never by a sound-alike key: short keys collide too easily.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core.language import is_cyrillic, normalize
from memory_core.morphology import lemmas, related_names
from memory_core.translit import cyrillic_spellings, latin_spellings, name_key, with_digraphs

__all__ = ["index_keys", "query_keys"]

_OTHER_SCRIPT = 3
"""Spellings in the other script that are keyed (the most likely first)."""
_ACRONYM = "!"
_SPANISH_Z = re.compile(r"(?<![sScCrRdDtT])[zZ](?![hH])")
"""A "z" as Spanish and Portuguese names are written in Cyrillic, as "с" (not in the "sz",
"cz", "rz", "dz" or "zh" of other languages)."""


def _is_acronym(word: str) -> bool:
    return 2 <= len(word) <= 6 and word.isupper() and word.isalpha()


@lru_cache(maxsize=65536)
def index_keys(word: str) -> frozenset[str]:
    """The keys one word of a stored name is found by (no analyzer is loaded)."""
    if _is_acronym(word):
        return frozenset({_ACRONYM + normalize(word)})
    keys = {name_key(word)}
    keys.update(name_key(w) for w in related_names(word))
    if not is_cyrillic(word):
        keys.update(name_key(w) for w in cyrillic_spellings(word)[:_OTHER_SCRIPT])
        spoken = with_digraphs(word)
        if spoken != word:  # "Hodžić" is also "Ходжич", not only "Hodzic"
            keys.add(name_key(spoken))
            keys.update(name_key(w) for w in cyrillic_spellings(spoken)[:_OTHER_SCRIPT])
        lisped = _SPANISH_Z.sub("s", word)
        if lisped != word:  # "Esperanza" is also "Эсперанса", "González" "Гонсалес"
            keys.add(name_key(lisped))
    keys.discard("")
    return frozenset(keys)


def _name_readings(word: str) -> set[str]:
    """The names a Russian word may be: its lemmas and their full names or diminutives.

    A word that is already a nominative (``Петров``) keeps only readings about as long as
    itself: ``Петров`` is not the possessive of ``Пётр``, while ``Петрова`` may be both
    ``Петрова`` and the genitive of ``Петров``.
    """
    plain = normalize(word)
    found = [normalize(x) for x in lemmas(word)]
    if plain in found:
        found = [x for x in found if len(x) >= len(plain) - 1]
    readings = set(found)
    for lemma in [plain, *found]:
        readings.update(related_names(lemma))
    readings.update(_first_declension(plain))
    for reading in [plain, *readings]:
        readings.update(_undiminished(reading))
    return readings


_OBLIQUE_ENDINGS = ("ой", "ей", "ою", "ею", "е", "у", "ю", "ы", "и")
_DIMINUTIVES = (("ечка", "я"), ("очка", "я"), ("енька", "я"), ("онька", "я"), ("ушка", "я"),
                ("юшка", "я"), ("ька", "ь"), ("шка", "ша"), ("ка", ""))  # fmt: skip
_VOWELS = frozenset("аеёиоуыэюя")


def _first_declension(word: str) -> set[str]:
    """The nominatives a name ending like an oblique -а/-я noun may have: ``Беке``,
    ``Гелу`` (names the analyzer does not know) -> ``бека``, ``гела``."""
    for ending in _OBLIQUE_ENDINGS:
        base = word[: -len(ending)]
        if word.endswith(ending) and len(base) >= 2:
            return {base + "а", base + "я"}
    return set()


def _undiminished(name: str) -> set[str]:
    """The name a diminutive is made from: ``Сонечка``, ``Сонька`` -> ``Соня``; ``Машенька``,
    ``Машка`` -> ``Маша``; ``Аминка`` -> ``Амина``; ``Аселька`` -> ``Асель`` (the dictionary
    of related names knows only some of them)."""
    for suffix, ending in _DIMINUTIVES:
        base = name[: -len(suffix)]
        if not name.endswith(suffix) or len(base) < 2:
            continue
        if ending == "я":
            return {base + "я", base + "а"}
        if ending == "ь":  # Сонька -> Соня, Аселька -> Асель
            return {base + "я", base + "ь", base + "а"}
        if not ending:  # Аминка -> Амина, after a consonant only (not "Ника")
            return {base + "а"} if base[-1] not in _VOWELS and len(base) >= 3 else set()
        return {base + ending}
    return set()


@lru_cache(maxsize=8192)
def query_keys(word: str) -> frozenset[str]:
    """The keys a word of a message looks names up by."""
    forms = {normalize(word)}
    if is_cyrillic(word):
        forms.update(_name_readings(word))
        for form in list(forms):
            forms.update(latin_spellings(form)[:_OTHER_SCRIPT])
    else:
        forms.update(cyrillic_spellings(word)[:_OTHER_SCRIPT])
    keys = {name_key(f) for f in forms}
    if is_cyrillic(word) and word.isupper():
        keys.update(_ACRONYM + normalize(x) for x in latin_spellings(word.lower())[:_OTHER_SCRIPT])
    keys.discard("")
    return frozenset(keys)
