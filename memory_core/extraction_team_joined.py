"""Extraction of someone joining a person's team: "X joins Y's team as an analyst".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

The one who joins, moves to or is taken into a known person's team works under that person:
"X joins Y's team as an ops analyst", "X moved to Y's group", "X перешла в команду к Y",
"X пришёл к Y в команду аналитиком" give ``X reports_to Y``, and the role said after "as" (or
in the instrumental case) a ``role:`` line on X.
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.morphology import analyzer
from memory_core.naming import split_prefix

__all__ = ["team_joined"]

_I = re.IGNORECASE
_ADVS = r"(?:(?:has|is|will|also|now|just|officially|теперь|тоже|уже|официально)\s+)*"
_TEAM_EN = r"(?:team|squad|group|crew|department|unit)"
_TEAM_RU = r"(?:команд[уеы]|групп[уеы]|отдел|смену)"
_JOINS_EN = re.compile(
    rf"^(?P<who>{WHO})\s+{_ADVS}(?:joins?|joined|joining|(?:moves?|moved|moving|goes|went|"
    r"going|transfers?|transferred|transferring)\s+(?:in)?to|is\s+(?:moving|going)\s+(?:in)?to)"
    rf"\s+(?P<boss>{ENT})'s\s+{_TEAM_EN}"
    r"(?:\s+as\s+(?:an?\s+|the\s+|our\s+|their\s+)?(?P<role>[\w\s/-]{2,40}?))?"
    r"(?:\s+(?:from|starting|since|in|on|next)\b.*)?\s*(?:[,;.—–].*)?$",
    _I,
)
_JOINS_RU = re.compile(
    rf"^(?P<who>{WHO})\s+{_ADVS}(?:приш[её]л|пришл[аи]|переш[её]л|перешл[аи]|выходит|"
    r"выш(?:ел|ла|ли)|переводится|переехал[аи]?|попал[аи]?|влил(?:ся|ась|ись))\s+"
    rf"(?:(?:в|во)\s+{_TEAM_RU}\s+(?:к\s+)?(?P<boss>{ENT})|к\s+(?P<boss2>{ENT})\s+(?:в|во)\s+"
    rf"{_TEAM_RU})(?:\s+(?P<role>[а-яё-]+(?:ом|ем|ой|ей)))?(?:\s*[,;.—–].*)?$",
    _I,
)


def team_joined(r: Reading, d: Draft) -> bool:
    """ "X joins Y's team as an ops analyst", "X перешла в команду к Y": X reports_to Y."""
    m = _JOINS_EN.match(r.text) or _JOINS_RU.match(r.text)
    if m is None:
        return False
    boss = r.entity(m["boss"] or m.groupdict().get("boss2") or "")
    if split_prefix(boss)[0] not in ("Person", "User"):
        return False
    who = d.person(m["who"])
    if who is None or who == boss:
        return False
    d.link(who, "reports_to", boss)
    if m["role"]:
        d.line(who, "role", _nominative(m["role"].strip()))
    return True


def _nominative(role: str) -> str:
    """A Russian role said in the instrumental ("аналитиком") as a noun ("аналитик")."""
    morph = analyzer()
    if morph is None or not re.fullmatch(r"[а-яё-]+", role, _I):
        return role
    parse = next((p for p in morph.parse(role) if "ablt" in p.tag), None)
    return parse.normal_form if parse is not None else role
