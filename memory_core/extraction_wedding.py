"""A couple said to have married, both named as the subject: "X с Y поженились".

"Гриць с Лілею поженились в субботу", "Оля и Тимур расписались", "Ben and Ada got married",
"Ben & Ada tied the knot": the two are ``married_to`` each other (the second to the first,
as "жену зовут Y" links them). Either may be known or new; a new one is named in the
nominative ("с Лілею": Ліля).
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["couple_married"]

_WHEN = (
    r"(?:(?:наконец|наконец-то|вчера|недавно|тихо|официально|finally|just|recently|"
    r"yesterday|officially|last\s+\w+|в\s+\w+|on\s+\w+)\s+)*"
)
_COUPLE = re.compile(
    rf"^(?P<a>{ENT}|{NEW_NAME})\s+(?:с|со|и|and|&)\s+(?P<b>{ENT}|{NEW_NAME})\s+{_WHEN}"
    r"(?:поженились|расписались|сыграли\s+свадьбу|got\s+married|(?:have\s+)?married|"
    r"tied\s+the\s+knot|(?:are|were)\s+(?:now\s+)?married)\b",
    re.IGNORECASE,
)


def couple_married(r: Reading, d: Draft) -> bool:
    """ "X с Y поженились", "X and Y got married": Y ``married_to`` X."""
    m = _COUPLE.match(r.text)
    if m is None:
        return False
    first = d.person(m["a"])
    second = d.person(m["b"]) if first is not None else None
    if first is None or second is None or first == second:
        return False
    if split_prefix(second)[0] != "Person" or split_prefix(first)[0] != "Person":
        return False
    d.link(second, "married_to", first)
    return True
