"""The kin one named person is to another, said with the other's name first or in the genitive.

"Joana is Eva's godmother", "Nico will be Lena's godfather", "Lisa agreed to be Tom's
godmother", "Ian is godfather to Mia", "Аня — крёстная Миши", "Аня будет крёстной для Миши",
"Вера стала крёстной Лёвы", "Dan is Mia's brother", "Dan (Mia's brother)": whatever rule read
the sentence kept it as a fact of the first person; :func:`with_kin_of` adds the link the kin
word makes between the two (``godparent_of``, ``sibling_of``, ``child_of``, ...) when both are
people and the draft does not link them yet; :func:`kin_of` does the same when no rule read
the sentence ("Mara said yes to being Savva's godmother"). Only family words count: "X is Y's
manager" is work, read by the role rules.
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO, apply_role, read_role
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["kin_of", "kin_said_first", "with_kin_of"]

_I = re.IGNORECASE
_FAMILY = frozenset({"child", "parent", "sibling", "spouse", "fiance", "friend", "godparent"})
"""Kinds of role that tie two people as family or friends."""
_BE_EN = (
    r"(?:is|'s|was|will\s+be|became|becomes|has\s+become|is\s+going\s+to\s+be|"
    r"(?:has\s+)?(?:agreed|asked|offered|promised)\s+to\s+be|(?:is|was)\s+(?:now|also)|"
    r"(?:said|says|has\s+said)\s+yes\s+to\s+(?:being|becoming)|(?:accepted|agreed\s+to)\s+being|"
    r"(?:is|was)\s+(?:asked|chosen|picked)\s+(?:to\s+be|as))"
)
_BE_RU = (
    r"(?:—|–|-|это|теперь|будет|стал[аио]?|станет|согласил(?:ась|ся|ись)\s+(?:стать|быть)|"
    r"соглас(?:на|ен)\s+(?:стать|быть)|будет\s+(?:у\s+нас\s+)?)"
)
_OF_EN = re.compile(
    rf"(?P<who>{ENT})\s+{_BE_EN}\s+(?P<holder>{ENT})(?:'s|’s|')\s+(?:new\s+|future\s+|older\s+|"
    r"younger\s+|big\s+|little\s+)?(?P<kin>[a-z-]+)\b",
    _I,
)
"""An English "X is Y's KIN" (the holder before the kin word)."""
_OF_RU = re.compile(
    rf"(?P<who>{ENT})\s+(?:{_BE_RU}\s+)+(?:(?:новой|новым|новая|новый|будущей|будущим|"
    r"будущая|будущий|старшей|старшим|старшая|старший|младшей|младшим|младшая|младший)\s+)?"
    rf"(?P<kin>[а-яё-]+)\s+(?P<holder>{ENT})",
    _I,
)
"""A Russian "X — KIN Y", "X стала KIN Y" (the holder in the genitive after the kin word)."""

_TO_EN = re.compile(
    rf"(?P<who>{ENT})\s+{_BE_EN}\s+(?:(?:the|a|an)\s+)?(?:new\s+|future\s+)?(?P<kin>[a-z-]+)\s+"
    rf"(?:to|of|for)\s+(?P<holder>{ENT})",
    _I,
)
"""An English "X is godmother to Y", "X will be the godfather of Y"."""
_FOR_RU = re.compile(
    rf"(?P<who>{ENT})\s+(?:{_BE_RU}\s+)+(?P<kin>[а-яё-]+)\s+(?:для|у)\s+(?P<holder>{ENT})",
    _I,
)
"""A Russian "X будет крёстной для Y", "X — крёстный у Y"."""

_BRACKETED = re.compile(
    rf"(?P<who>{ENT}|{NEW_NAME})\s*\(\s*(?:(?P<holder_en>{ENT})(?:'s|’s|')\s+(?P<kin_en>[a-z-]+)|"
    rf"(?P<kin_ru>[а-яё-]+)\s+(?P<holder_ru>{ENT}))\s*\)",
    _I,
)
"""The kin said in brackets after a name: "Dmytro (Darina's brother)", "Витя (брат Оли)"."""

_FIRST_RU = re.compile(
    rf"^(?:а\s+|и\s+)?(?:у\s+(?P<holder1>{WHO})\s+)?(?P<kin>[а-яё-]+)\s+(?:(?:для|у)\s+"
    rf"(?P<holder2>{WHO})\s+)?(?:{_BE_RU}\s+)+(?P<who>{WHO})(?=\s*(?:[,.;!—]|$))",
    _I,
)
"""The kin word said first: "крёстным у Y будет X", "у Y крёстной станет X"."""
_FIRST_EN = re.compile(
    rf"^(?P<holder1>{ENT})(?:'s|’s|')\s+(?:new\s+|future\s+)?(?P<kin>[a-z-]+)\s+"
    rf"(?:is|will\s+be|is\s+going\s+to\s+be|is\s+now)\s+(?P<who>{WHO})(?=\s*(?:[,.;!—]|$))",
    _I,
)
"""The kin word said first in English: "Y's godfather will be X"."""


def kin_said_first(r: Reading, d: Draft) -> bool:
    """ "крёстным у Тихона будет Хорик", "Mia's godmother will be Ana": X ``godparent_of`` Y."""
    m = _FIRST_RU.match(r.text) or _FIRST_EN.match(r.text)
    holder_mark = m and (m["holder1"] or m.groupdict().get("holder2"))
    if m is None or not holder_mark:
        return False
    role = read_role(r, m["kin"])
    if role is None or role.kind.name not in _FAMILY or not role.kind.to_holder:
        return False
    who, holder = d.person(m["who"]), d.person(holder_mark)
    if who is None or holder is None or who == holder:
        return False
    apply_role(d, who, role, holder)
    return True


def with_kin_of(draft: Draft) -> Draft:
    """``draft`` with the link a kin word makes between two people the sentence names ("X is
    Y's godmother"), unless the draft links them already."""
    r = draft.reading
    m = next((m for p in _SHAPES if (m := p.search(r.text)) is not None), None)
    if m is None:
        return _bracketed(draft)
    who, holder = r.entity(m["who"]), r.entity(m["holder"])
    if who == holder or {split_prefix(who)[0], split_prefix(holder)[0]} - {"Person", "User"}:
        return draft
    if any({frm, to} == {who, holder} for frm, _, to in draft.links):
        return draft
    role = read_role(r, m["kin"])
    if role is None or role.kind.name not in _FAMILY or not role.kind.to_holder:
        return draft
    said = draft.lines.get(who, [])
    if any(m["kin"].casefold() in line.casefold() for line in said):  # the fact says it
        draft.link(who, role.kind.to_holder, holder)
    else:
        apply_role(draft, who, role, holder)
    return draft


_SHAPES = (_OF_EN, _OF_RU, _TO_EN, _FOR_RU)


def _bracketed(draft: Draft) -> Draft:
    """``draft`` with the link of a kin said in brackets after a name ("Dmytro (Darina's
    brother)"): the named person is that kin of the one in the brackets."""
    m = _BRACKETED.search(draft.reading.text)
    if m is None:
        return draft
    who = draft.person(m["who"])
    holder = draft.reading.entity(m["holder_en"] or m["holder_ru"])
    if who is None or who == holder or split_prefix(holder)[0] not in ("Person", "User"):
        return draft
    if split_prefix(who)[0] != "Person" or any({f, t} == {who, holder} for f, _, t in draft.links):
        return draft
    role = read_role(draft.reading, m["kin_en"] or m["kin_ru"])
    if role is None or role.kind.name not in _FAMILY or not role.kind.to_holder:
        return draft
    draft.link(who, role.kind.to_holder, holder)
    return draft


def kin_of(r: Reading, d: Draft) -> bool:
    """ "Mara said yes to being Savva's godmother": the kin link, as a rule of its own when no
    other rule read the sentence (a "said" of agreeing is no news told in passing)."""
    with_kin_of(d)
    return bool(d.links)
