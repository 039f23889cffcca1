"""Extraction of what a named person likes, dislikes, does not eat or is allergic to.

Same contract as :mod:`memory_core.extraction_people`: :func:`taste` reads the marked message
and writes into the draft when its shape holds. "Катя не любит кинзу", "Лиза обожает
лошадей", "Mark is allergic to peanuts", "Nora doesn't eat meat", "у Кати аллергия на
орехи": a ``fact:`` line on that person, the person made when the memory does not hold them
yet. A new name must open with a common first name (:func:`memory_core.name_gender.
is_given_name`), so a pet, a brand or a project ("Rex loves chicken", "Notion hates
tables") makes no person; those stay lines on the owner.
"""

from __future__ import annotations

import re

from memory_core.extraction_name_cases import lemmatize_name
from memory_core.extraction_people import TRANSIENT
from memory_core.extraction_roles import WHO
from memory_core.extraction_text import NEW_NAME, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.name_gender import is_given_name
from memory_core.naming import split_prefix

__all__ = ["taste"]

_I = re.IGNORECASE
_TASTE_VERB = (
    r"(?:(?:не|никогда\s+не|совсем\s+не)\s+)?(?:любит|ест|пь[её]т|переносит)|обожает|ненавидит|"
    r"терпеть\s+не\s+может|боится|предпочитает|"
    r"(?:(?:doesn'?t|does\s+not|never)\s+)?(?:likes?|loves?|eats?|drinks?)|hates|adores|"
    r"can'?t\s+stand|prefers|is\s+(?:allergic|afraid)\s+(?:to|of)|is\s+(?:a\s+)?(?:vegan|vegetarian)"
)
_SAYS_TASTE = re.compile(
    rf"^(?P<who>{WHO})\s+(?:(?:тоже|also|really|очень|просто|вообще)\s+)*"
    rf"(?P<fact>(?:{_TASTE_VERB})\b.*)$",
    _I,
)
"""A person and what they like: "Катя не любит кинзу", "Mark is allergic to peanuts"."""
_HAS_ALLERGY = re.compile(
    rf"^у\s+(?P<who>{WHO})\s+(?P<fact>(?:аллергия|непереносимость)\s+\S.*)$",
    _I,
)
"""What someone cannot take, said "у X ...": "у Кати аллергия на орехи"."""


def taste(r: Reading, d: Draft) -> bool:
    """ "Катя не любит кинзу", "Nora doesn't eat meat", "у Кати аллергия на орехи"."""
    if TRANSIENT.search(r.text):
        return False  # "Катя сегодня не ест": a passing state
    for pattern, genitive in ((_SAYS_TASTE, False), (_HAS_ALLERGY, True)):
        m = pattern.match(r.text)
        if m is None:
            continue
        person = _person(d, m["who"], genitive=genitive)
        if person is None:
            return False
        d.line(person, "fact", m["fact"].strip(" ,.;"))
        return True
    return False


def _person(d: Draft, who: str, *, genitive: bool) -> str | None:
    """The person a slot names: a known one, or a new one whose name opens with a first name
    (written as the nominative for the Russian genitive of "у Кати")."""
    if re.fullmatch(NEW_NAME, who) is not None and "⟦" not in who:
        first = who.split(maxsplit=1)[0]
        if not is_given_name(first):
            return None
        if is_cyrillic(first) and (lemmatize_name(who) != who) != genitive:
            return None  # "Кати любит ...": not the subject; "у Катя ...": not the holder
        who = lemmatize_name(who) if genitive else who
    person = d.person(who)
    return person if person is not None and split_prefix(person)[0] == "Person" else None
