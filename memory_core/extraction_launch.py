"""Extraction of a project's launch: "P went live in Oradea, 5 dealers onboarded".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

A project the memory holds, said first, then a verb of going live ("went live", "launched",
"is live", "запустился", "стартовал", "вышел в прод"): what follows is a ``fact:`` line on the
project, where it went live and with whom included. Where it launched is never a tool.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["launched"]

_LAUNCHED = re.compile(
    rf"^(?:(?:наш|наша|our|the)\s+)?(?P<what>{ENT})\s+(?:(?:finally|officially|наконец|уже|"
    r"официально)\s+)?(?P<fact>(?:went|has\s+gone|is\s+now|is|goes)\s+live|(?:was\s+|got\s+)?launched|"
    r"(?:was\s+|got\s+)?rolled\s+out|запустил(?:ся|ась|ось|ись)|стартовал[аио]?|"
    r"(?:вышел|вышл[аои])\s+в\s+прод|заработал[аио]?)\b(?P<rest>.*)$",
    re.IGNORECASE,
)


def launched(r: Reading, d: Draft) -> bool:
    """ "P went live in Oradea yesterday, 5 dealers onboarded": a line on P."""
    m = _LAUNCHED.match(r.text)
    if m is None:
        return False
    project = r.entity(m["what"])
    if split_prefix(project)[0] != "Project" or project in r.guessed:
        return False
    d.line(project, "fact", f"{m['fact']}{m['rest']}".strip())
    return True
