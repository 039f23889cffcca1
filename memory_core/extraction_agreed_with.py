"""Extraction of an agreement the owner made with a known person: a line on that person.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

:func:`agreed_with` reads "(мы) с X продлили партнёрку ещё на два сезона", "с X подписали
договор на год", "with X we renewed the charter deal", "X and I signed the lease": something
signed, renewed or extended with someone the memory holds lasts, so it becomes a ``fact:``
line on that person (not on the owner). Only verbs of a deal count: "с X сходили в кино" is a
passing event and stays unread.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["agreed_with"]

_I = re.IGNORECASE
_DEAL_RU = (
    r"(?:про|за|пере|под)?(?:длили|писали|ключили)|согласовали|оформили|перезаключили"
    r"|ударили\s+по\s+рукам"
)
_DEAL_EN = r"(?:renewed|signed|extended|closed|sealed|struck|inked|agreed\s+on|locked\s+in)"
_WITH = (
    re.compile(
        rf"^(?:мы\s+)?(?:с|со)\s+(?P<who>{ENT})\s+(?:(?:уже|ещё|еще|наконец|сегодня)\s+)?"
        rf"(?P<deal>(?:{_DEAL_RU})\b.*)$",
        _I,
    ),
    re.compile(
        rf"^(?:together\s+)?with\s+(?P<who>{ENT}),?\s+we\s+(?:(?:finally|just|have|'ve)\s+)?"
        rf"(?P<deal>{_DEAL_EN}\b.*)$",
        _I,
    ),
    re.compile(
        rf"^(?P<who>{ENT})\s+and\s+I\s+(?:(?:finally|just|have)\s+)?(?P<deal>{_DEAL_EN}\b.*)$",
        _I,
    ),
)


def agreed_with(r: Reading, d: Draft) -> bool:
    """ "с X продлили партнёрку ещё на два сезона": a ``fact:`` line on X."""
    m = next((m for p in _WITH if (m := p.match(r.text)) is not None), None)
    if m is None:
        return False
    who = r.entity(m["who"])
    if split_prefix(who)[0] != "Person":
        return False
    d.line(who, "fact", m["deal"])
    return True
