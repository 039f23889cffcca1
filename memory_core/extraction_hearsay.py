"""Extraction of a lasting fact someone known passed on: "X написал, с апреля аренда 450к".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

A known person, a verb of saying ("написал", "сказала", "говорит", "says", "wrote", "told
me") and, after a comma, colon or dash, what they said: it becomes a ``fact:`` line on them
when it holds from a time on ("с апреля", "from May", "теперь", "now") or carries a figure
("450к", "$1200"), and says nothing of the passing kind ("сегодня", "заболела").
"""

from __future__ import annotations

import re

from memory_core.extraction_people import TRANSIENT
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["hearsay"]

_I = re.IGNORECASE
_SAID = re.compile(
    rf"^(?P<who>{ENT})\s+(?:(?:мне|нам|me|us)\s+)?(?:написал[аи]?|сказал[аи]?|говорит|пишет|"
    r"передал[аи]?|сообщил[аи]?|предупредил[аи]?|says|said|wrote|writes|told\s+(?:me|us))"
    r"(?:\s+(?:мне|нам))?\s*(?:[,:—]\s*)(?:что\s+|that\s+)?(?P<fact>\S+\s+\S.*)$",
    _I,
)
_LASTING = re.compile(
    r"\d|\b(?:с|со|from|since|starting)\s+(?:\d|январ|феврал|март|апрел|ма[яй]|июн|июл|август|"
    r"сентябр|октябр|ноябр|декабр|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|следующ|next)"
    r"|\b(?:теперь|отныне|впредь|больше\s+не|now|from\s+now\s+on|no\s+longer)\b",
    _I,
)


def hearsay(r: Reading, d: Draft) -> bool:
    """ "Грачья написал, с апреля аренда 450к драм вместо 400": a line on Грачья."""
    m = _SAID.match(r.text)
    if m is None or not _LASTING.search(m["fact"]) or TRANSIENT.search(m["fact"]):
        return False
    person = d.person(m["who"])
    if person is None or person == d.owner or split_prefix(person)[0] != "Person":
        return False
    d.line(person, "fact", m["fact"])
    return True
