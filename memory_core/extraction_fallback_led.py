"""The fallback for a project said first and then who leads it.

:func:`led_by` runs only when no specific rule read a sentence (see
:mod:`memory_core.extraction_fallback`): a project, then a verb of leading, then the person
("P теперь ведёт X (она PM)", "P с марта будет возглавлять X", "P will be run by X") gives X
``manages`` P, with the role the brackets name or the verb as X's line. Russian says the
project first and the person after the verb (the person in the nominative is the subject):
a project leads nobody, so the person is who leads it.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["led_by"]

_I = re.IGNORECASE
_WHEN = r"(?:теперь|сейчас|now|also|тоже|уже|официально|с\s+[а-яё]+|с\s+\d+(?:-?го)?\s+[а-яё]+)"
"""Words of when, between the project and the verb: "P с марта будет возглавлять X"."""
_LED_BY = re.compile(
    rf"^(?P<what>{ENT})\s+(?:{_WHEN}\s+)*(?:(?:будет|станет)\s+)?"
    r"(?P<verb>ведёт|ведет|поведёт|поведет|возглавляет|возглавит|возглавлять|возглавила?|"
    r"руководит|руководить|курирует|курировать|вести|"
    r"(?:is|will\s+be|has\s+been|was)\s+(?:now\s+)?(?:led|run|owned|headed|managed)\s+by)\s+"
    rf"(?P<who>{ENT}|{NEW_NAME})(?:\s*\((?:(?:она|он|she's|he's|she\s+is|he\s+is)\s+)?"
    r"(?P<note>[^()]{1,30})\))?",
    _I,
)
"""A project, a verb of leading, the person: "P теперь ведёт X (она PM)"."""


_NOUNS = (("возглав", "руководитель"), ("руковод", "руководитель"), ("курир", "куратор"))


def _noun(verb: str) -> str:
    """The role an infinitive of leading gives ("будет возглавлять" -> "руководитель"); a
    verb said in person ("курирует", "is run by") is kept as said."""
    low = verb.casefold()
    if not low.endswith("ть"):
        return verb
    return next((noun for stem, noun in _NOUNS if low.startswith(stem)), "ведёт")


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
    d.line(who, "role", f"{m['note'] or _noun(m['verb'])} {m['what']}")
    d.link(who, "manages", project)
    return True
