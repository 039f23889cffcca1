"""Extraction of a friend made, said anywhere in the sentence.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

:func:`friendship_said` reads a sentence that says the owner and someone are friends now,
wherever the words stand and whatever else the sentence says: "сосед X тоже оказался из
Ростова, теперь дружим семьями", "с X познакомились на собрании — теперь не разлей вода",
"met X at the marina, we hit it off", "X and her husband are our closest friends now", "с X
познакомились на регате, теперь по субботам бегаем вместе" (met, and now do things together). The
one person it names (not a relative of the owner) is ``friend_of`` the owner, with what the
sentence says of them as a line. A sentence with two people, or a negation ("больше не
дружим"), is left to the other rules.
"""

from __future__ import annotations

import re

from memory_core.extraction_names import KIN_RELATIONS
from memory_core.extraction_places import is_place
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.name_gender import name_gender
from memory_core.naming import split_prefix

__all__ = ["friendship_said"]

_I = re.IGNORECASE
_FRIENDS = re.compile(
    r"(?<![\w-])(?:"
    r"дружим(?:\s+семьями)?|(?:по|с|за)дружились|стали\s+друзьями|теперь\s+друзья"
    r"|не\s+разлей\s+вода|лучшие\s+(?:друзья|подруги)|дружим\s+домами"
    r"|(?:became|become|are\s+now|now)\s+(?:good\s+|close\s+|best\s+)?friends"
    r"|(?:we're|we\s+are)\s+(?:now\s+)?(?:good\s+|close\s+|best\s+)?friends(?:\s+now)?"
    r"|hit\s+it\s+off|inseparable|made\s+friends|befriended|family\s+friends"
    r"|(?:познакомил\w*|(?:we\s+)?met)\b.*?\b(?:теперь|now)\b.*?\b(?:вместе|together)"
    r")(?![\w-])",
    _I,
)
_NOT = frozenset({"не", "not", "never", "longer", "нет", "no"})
"""A word just before the friendship that denies it: "больше не дружим", "no longer friends"."""
_NAME = re.compile(rf"{ENT}|{NEW_NAME}")


def _may_be_name(surface: str) -> bool:
    """Whether new words may name a person: two words, or one the name lists know."""
    return len(surface.split()) > 1 or name_gender(surface) is not None


_AT = re.compile(r"(?:^|\s)(?:в|во|на|in|at)\s+$", _I)


def _where(before: str, surface: str) -> bool:
    """Whether one new word stands where a place does: "бегаем вместе в Нодьерде"."""
    return " " not in surface and _AT.search(before) is not None


def friendship_said(r: Reading, d: Draft) -> bool:
    """ "... Ираклий тоже оказался из Ростова, теперь дружим семьями": X ``friend_of`` the
    owner."""
    said = _FRIENDS.search(r.text)
    if said is None:
        return False
    before = r.text[: said.start()].casefold().split()[-2:]
    if any(w in _NOT or w.endswith("n't") for w in before):
        return False
    family = {x for kin in KIN_RELATIONS if (x := d.relative(kin)) is not None}
    people: list[tuple[str, str]] = []
    for m in _NAME.finditer(r.text):
        if not re.fullmatch(ENT, m[0]) and (
            is_place(m[0]) or not _may_be_name(m[0]) or _where(r.text[: m.start()], m[0])
        ):
            continue
        person = d.person(m[0])
        if person is not None and person != d.owner:
            people.append((m[0], person))
        elif re.fullmatch(ENT, m[0]) and split_prefix(r.entity(m[0]))[0] == "Project":
            return False  # "в P подружились с X": work, for the work rules
    if len({p for _, p in people}) != 1 or people[0][1] in family:
        return False
    surface, who = people[0]
    d.link(who, "friend_of", d.owner)
    rest = re.sub(rf"(?:(?<![\w-])(?:с|со|with)\s+)?{re.escape(surface)}", " ", r.text, flags=_I)
    rest = " ".join(rest.split()).strip(" ,;—-")
    d.line(who, "fact", f"friend: {rest}")
    return True
