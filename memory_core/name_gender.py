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

__all__ = ["FEMININE", "MASCULINE", "Gender", "is_given_name", "name_gender"]

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
    is_name, gender = _given_name(words[0])
    if gender is not None or (is_name and len(words) == 1):
        return gender
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


def is_given_name(word: str) -> bool:
    """Whether a word, in any case, is a common first name ("mark", "роман", "ника")."""
    return bool(word) and _given_name(word.lower())[0]


def _given_name(word: str) -> tuple[bool, Gender | None]:
    """Whether a word is a first name (``Саша`` is), and the gender it tells, if one."""
    if not is_cyrillic(word):
        gender = _latin_names().get(word)
        return gender is not None, gender
    names = [p for p in morph().parse(word) if "Name" in p.tag]
    singular = [p for p in names if "sing" in p.tag]
    nominative = [p for p in singular if "nomn" in p.tag] or singular
    genders: set[Gender] = set()
    for parse in nominative:
        if "ms-f" in parse.tag:
            genders |= {FEMININE, MASCULINE}
        elif "femn" in parse.tag:
            genders.add(FEMININE)
        elif "masc" in parse.tag:
            genders.add(MASCULINE)
    return bool(names), next(iter(genders)) if len(genders) == 1 else None


def _surname(word: str) -> Gender | None:
    for pattern, gender in _SURNAME:
        if pattern.search(word):
            return gender
    return None
