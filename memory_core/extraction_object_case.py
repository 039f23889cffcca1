"""A man's name said as the object of a verb: "назначили Олеся Барабаша" is Олесь Барабаш.

A name of two words right after a transitive verb whose subject is someone else
("назначили", "берём", "наняли": plural or first person, so the name cannot be its subject)
is in the accusative.
A woman's accusative ends in "-у"/"-ю" ("назначили Олесю"), so when every word of the name
also reads as a man's accusative, the man's nominative is the name, not a woman's
nominative the dictionary likes better ("Олеся", "Александра Петрова").
"""

from __future__ import annotations

import re

from memory_core.extraction_name_cases import is_name, morph
from memory_core.language import is_cyrillic

__all__ = ["object_name"]

_LAST_WORD = re.compile(r"([а-яёіїєґ]+)\s+$", re.IGNORECASE)
_NAMING = re.compile(r"(?:зов|звал|назыв|назвал|кличут|величают)", re.IGNORECASE)
"""Verbs of calling someone a name: the name after them is a nominative ("зовут Алина")."""


def _object_verb(word: str) -> bool:
    """Whether the likeliest reading of ``word`` is a transitive verb said of "we"/"they"."""
    parses = morph().parse(word)
    if not parses:
        return False
    tag = parses[0].tag
    return (
        tag.POS == "VERB" and "tran" in tag and "indc" in tag and ("plur" in tag or "1per" in tag)
    )


def _man_accusative(word: str) -> str | None:
    """The man's nominative of a name word read as his accusative, or ``None``."""
    for parse in morph().parse(word):
        tag = parse.tag
        if is_name(parse) and "masc" in tag and "accs" in tag and "sing" in tag:
            inflected = parse.inflect({"nomn", "sing"})
            form: str = inflected.word if inflected is not None else parse.normal_form
            return word[:1].upper() + form[1:] if word[:1].isupper() else form
    return None


def object_name(before: str, name: str) -> str | None:
    """The nominative of ``name`` when ``before`` ends in a verb it is the object of and every
    word of it reads as a man's accusative; else ``None`` (the usual reading stands)."""
    words = name.split()
    if len(words) != 2 or not all(is_cyrillic(w) and w.isalpha() for w in words):
        return None  # one word alone ("зовут Алина") is too often a woman's nominative
    last = _LAST_WORD.search(before)
    if last is None or _NAMING.match(last.group(1)) or not _object_verb(last.group(1).lower()):
        return None
    forms = [_man_accusative(word) for word in words]
    if any(form is None for form in forms):
        return None
    return " ".join(form for form in forms if form is not None)
