"""The gender a person's name tells, for pronouns: "её телефон?" after Ivan and Anna is Anna's.

A Russian first name is looked up in pymorphy3's dictionary of names (``Анна`` feminine,
``Иван`` masculine, ``Саша`` either); a Latin one in a list of common given names of both
genders. When the first name tells nothing, a surname's ending may (``Петрова``/``Petrova``
feminine, ``Петров``/``Petrov`` masculine). ``None`` when the name does not say.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib import resources
from typing import Final, Literal

from memory_core.extraction_names import morph
from memory_core.language import is_cyrillic
from memory_core.naming import display_name

__all__ = ["FEMININE", "MASCULINE", "Gender", "name_gender"]

Gender = Literal["femn", "masc"]
FEMININE: Final[Gender] = "femn"
MASCULINE: Final[Gender] = "masc"


_PACKAGE_NAMES: Final = "given_names.txt"
"""Common given names in Latin letters, ``femn: ...`` and ``masc: ...`` lines (package data)."""
_SURNAME: Final = (
    (re.compile(r"(?:ова|ева|ёва|ина|ына|ская|цкая)$"), FEMININE),
    (re.compile(r"(?:ов|ев|ёв|ин|ын|ский|цкий)$"), MASCULINE),
    (re.compile(r"(?:ova|eva|yova|ina|yna|skaya|tskaya)$"), FEMININE),
    (re.compile(r"(?:ov|ev|yov|sky|skiy|skii|tsky|tskiy)$"), MASCULINE),
)


@lru_cache(maxsize=2048)
def name_gender(name: str) -> Gender | None:
    """The gender of a person's name (``Person:Анна Петрова``, ``Jane Brooks``), if it tells."""
    words = [w.strip(".,").lower() for w in display_name(name).split() if w.strip(".,")]
    if not words:
        return None
    given = _given_name(words[0])
    if given is not None or (len(words) == 1 and _is_given_name(words[0])):
        return given
    return _surname(words[-1])


@cache
def _latin_names() -> dict[str, Gender]:
    """The package's list of Latin given names, read once."""
    text = resources.files("memory_core").joinpath(_PACKAGE_NAMES).read_text(encoding="utf-8")
    names: dict[str, Gender] = {}
    for line in text.splitlines():
        tag, _, words = line.partition(":")
        if tag in (FEMININE, MASCULINE) and not line.startswith("#"):
            gender: Gender = FEMININE if tag == FEMININE else MASCULINE
            names.update(dict.fromkeys(words.split(), gender))
    return names


def _given_name(word: str) -> Gender | None:
    if not is_cyrillic(word):
        return _latin_names().get(word)
    genders = _dictionary_genders(word)
    return genders[0] if len(genders) == 1 else None


def _is_given_name(word: str) -> bool:
    """Whether a word is a first name at all (``Саша`` is, and tells no gender)."""
    if not is_cyrillic(word):
        return word in _latin_names()
    return any("Name" in p.tag for p in morph().parse(word))


def _dictionary_genders(word: str) -> list[Gender]:
    """The genders the dictionary gives a first name in the nominative (both for ``Саша``)."""
    names = [p for p in morph().parse(word) if "Name" in p.tag and "sing" in p.tag]
    nominative = [p for p in names if "nomn" in p.tag] or names
    found: list[Gender] = []
    for parse in nominative:
        if "ms-f" in parse.tag:
            return [FEMININE, MASCULINE]
        gender = FEMININE if "femn" in parse.tag else MASCULINE if "masc" in parse.tag else None
        if gender is not None and gender not in found:
            found.append(gender)
    return found


def _surname(word: str) -> Gender | None:
    for pattern, gender in _SURNAME:
        if pattern.search(word):
            return gender
    return None
