"""Read a word the role lexicon does not know as a person's job, by its Russian morphology.

People coin job words all the time: fused compounds ("видеоаналитик", "нейрохудожница"),
slang ("железячник", "айтишница") and typos ("разрабочица"). Said right before a name in a
list of newcomers ("выходят двое — видеоаналитик X и железячник Y"), such a word is that
person's job when it is a noun of a person: an animate noun in the nominative, or a word the
dictionary does not hold with the ending of a doer ("-ник", "-щик", "-ист", "-ица"...).
:func:`person_noun_role` gives it as a plain team member's role, its words as said.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_names import morph
from memory_core.extraction_roles import Role

if TYPE_CHECKING:
    from pymorphy3.analyzer import Parse

__all__ = ["person_noun_role"]

_DOER_END: Final = re.compile(r"(?:ик|ица|ист|истка|ер|ерша|тор|торша|лог|ант|ент)$")
"""Endings of Russian nouns of a doer: "железячник", "тестировщик", "дизайнерша"."""
_MIN_SCORE: Final = 0.3
_SURE: Final = 0.5
"""How sure the dictionary must be of another reading to overrule a doer's ending."""
_MEMBER: Final = kind_of_role("разработчик")


def _known(parse: Parse) -> bool:
    """Whether the dictionary holds the word of this reading (not a guess by its ending)."""
    return type(parse.methods_stack[0][0]).__name__ == "DictionaryAnalyzer"


def _person_noun(word: str) -> bool:
    """Tell whether a lower-case Russian word is a noun of a person in the nominative: the
    dictionary says so, or the word ends as a doer and the dictionary is not sure it is
    something else ("праздник" is a known thing, "сетевик" a guess)."""
    parses = [p for p in morph().parse(word) if p.score >= _MIN_SCORE]
    for parse in parses:
        grammemes = parse.tag.grammemes
        if grammemes & {"Name", "Surn", "Patr"} and _known(parse):
            return False
        if {"NOUN", "anim", "nomn", "sing"} <= grammemes:
            return True
    sure = any(p.score >= _SURE and _known(p) for p in parses)
    return not sure and _DOER_END.search(word) is not None


def person_noun_role(word: str, project: str | None = None) -> Role | None:
    """The role a job word the lexicon lacks names ("видеоаналитик", "iOS-разрабочица"), as a
    team member's on ``project`` if one is given, or None for a word that is no noun of a
    person ("только", "наш")."""
    if _MEMBER is None or not word[:1].islower():
        return None
    last = word.rpartition("-")[2]  # "iOS-разрабочица": the Russian part is the noun
    if not re.fullmatch(r"[а-яё]{4,}", last) or not _person_noun(last):
        return None
    return Role(word, _MEMBER, project, False)
