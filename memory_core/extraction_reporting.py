"""Extraction rules for reporting lines, assignments and marriages between people.

Same contract as :mod:`memory_core.extraction_people`: :func:`reporting` reads the marked
message and writes into the draft when one of these shapes holds:

* "я отчитываюсь X", "I'm now reporting to X": the owner ``reports_to`` X
* "X reports to me": X ``reports_to`` the owner
* "X-у передали ESO-1", "ESO-1 отдала X-у": the issue is ``assigned_to`` X
* "X married Y", "X got married last summer, to a guy named Y": ``married_to``
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import ADV, ADVS, MARRY, WHO, WHO_LIST, people, read_rest
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["reporting"]

_I = re.IGNORECASE
_REPORT_UP = re.compile(
    rf"^(?:я|i|i'm)\s+{ADVS}(?:отчитываюсь|подчиняюсь|репорчу|report\s+to|(?:am\s+)?reporting\s+to|"
    rf"work\s+under)\s+{ADVS}(?P<who>{WHO})(?:\s+{ADV})*(?:\s*,\s*(?P<rest>.+))?$",
    _I,
)
_PRONOUN_START = re.compile(r"(?:she|he|they|она|он|они)\b", _I)
_REPORT_DOWN = re.compile(
    rf"^(?P<who>{WHO_LIST})\s+{ADVS}(?:отчитыва\w+|подчиня\w+|reports?\s+to|work\w*\s+under)"
    rf"\s+(?:мне|me)(?:\s+{ADV})*$",
    _I,
)
_ASSIGN = re.compile(
    rf"^(?:(?P<w1>{WHO})\s+{ADVS}(?:передали|отдали|дали|назначили|поручили|assigned|"
    rf"got|получил[аи]?|взял[аи]?|took|owns)\s+(?P<j1>{ENT})"
    rf"|(?P<j2>{ENT})\s+{ADVS}(?:переда(?:л|ли|ла)|отда(?:л|ли|ла)|назначил[аи]?|assigned\s+to|"
    r"is\s+assigned\s+to|"
    rf"goes\s+to|на|is\s+on|is\s+with|перешл[аи]\s+к)\s+(?P<w2>{WHO}))(?:\s+{ADV})*$",
    _I,
)
_MARRIED = re.compile(
    rf"^(?P<a>{WHO})\s+{ADVS}(?:(?:got|is)\s+)?{MARRY}"
    r"(?:\s+[\w\s]{0,30}?)?,?\s+(?:за|на|to)?\s*"  # "got married last summer, to"
    r"(?:(?:a|an)\s+(?:guy|man|woman|girl|lady)\s+(?:named|called)\s+|"
    rf"(?:парня|мужчину|девушке|женщине)\s+по\s+имени\s+)?(?P<b>{WHO})(?:\s+{ADV})*$",
    _I,
)


def reporting(r: Reading, d: Draft) -> bool:
    """ "я отчитываюсь Дарье", "X reports to me", "Ивану передали ESO-159", "X married Y"."""
    married = _MARRIED.match(r.text)
    if married and (a := d.person(married["a"])) and (b := d.person(married["b"])):
        d.link(a, "married_to", b)
        return True
    up, down, assign = (p.match(r.text) for p in (_REPORT_UP, _REPORT_DOWN, _ASSIGN))
    if up and (boss := d.person(up["who"])):
        d.link(d.owner, "reports_to", boss)
        if up["rest"] and _PRONOUN_START.match(up["rest"]):  # ", she's our new VP of product"
            read_rest(r, d, boss, up["rest"])
        return True
    if down and (found := people(d, down["who"])):
        for person in found:
            d.link(person, "reports_to", d.owner)
        return True
    if assign:
        issue = r.entity(assign["j1"] or assign["j2"])
        assignee = d.person(assign["w1"] or assign["w2"])
        if split_prefix(issue)[0] == "Jira" and assignee is not None:
            d.link(issue, "assigned_to", assignee)
            return True
    return False
