"""The fallback for a project said first and then who leads it.

:func:`led_by` runs only when no specific rule read a sentence (see
:mod:`memory_core.extraction_fallback`): a project, then a verb of leading, then the person
("P теперь ведёт X (она PM)", "P is now run by X") gives X ``manages`` P, with the role the
brackets name or the verb as X's line.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["led_by"]

_I = re.IGNORECASE
_LED_BY = re.compile(
    rf"^(?P<what>{ENT})\s+(?:(?:теперь|сейчас|now|also|тоже)\s+)*"
    r"(?P<verb>ведёт|ведет|возглавляет|курирует|is\s+(?:now\s+)?(?:led|run|owned|headed)\s+by)\s+"
    rf"(?P<who>{ENT}|{NEW_NAME})(?:\s*\((?:(?:она|он|she's|he's|she\s+is|he\s+is)\s+)?"
    r"(?P<note>[^()]{1,30})\))?",
    _I,
)
"""A project, a verb of leading, the person: "P теперь ведёт X (она PM)"."""


def led_by(r: Reading, d: Draft) -> bool:
    """ "P теперь ведёт X (она PM)", "P is now run by X": X manages P."""
    m = _LED_BY.match(r.text)
    if m is None:
        return False
    project = r.entity(m["what"])
    if split_prefix(project)[0] != "Project" or project in r.guessed:
        return False
    who = d.person(m["who"])
    if who is None or split_prefix(who)[0] != "Person":
        return False
    d.line(who, "role", f"{m['note']} {m['what']}" if m["note"] else f"{m['verb']} {m['what']}")
    d.link(who, "manages", project)
    return True
