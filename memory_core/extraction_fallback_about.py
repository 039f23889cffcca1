"""A fallback: what a project is, said right after its name ("Atlas — сервис биллинга").

People describe their projects the way a glossary does: the name, a dash, a colon or "is",
then what it is or what is true of it ("Atlas — сервис биллинга, релиз в марте", "проект
Сокол: мобильное приложение для курьеров", "the Helix project is our data platform").
When no rule read such a sentence, :func:`project_described` keeps what follows the name
as a ``fact:`` line on the project: one the memory holds, or one the message calls a
project ("проект Сокол", "the Helix project"; see
:func:`memory_core.extraction_acronyms.called_a_project`).

It stays off when the description names a person (who leads or owns it is for the rules
about people), is no lasting fact (a meeting, a plan for this week, a status of the day) or
is too short to say anything; like every fallback, it never runs on a report of the day's
work, a hedge, a question, small talk, worklog or a secret.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_fallback_named import PASSING
from memory_core.extraction_people import TRANSIENT
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["project_described"]

_DESCRIBED = re.compile(
    rf"^(?:(?:проект\w*|the)\s+)?(?P<proj>{ENT})(?:\s+project)?"
    r"\s*(?:—|:|\bis\b(?!\s+(?:being|going|gonna|not|done|late|on\s+hold)\b)|\bэто\b)"
    r"\s*(?P<about>\S.*)$",
    re.IGNORECASE,
)
_MIN_WORDS: Final = 2
"""Words a description must hold: "Atlas — ок" says nothing."""
_WORD = re.compile(r"[^\W\d_][\w'-]*")


def project_described(r: Reading, d: Draft) -> bool:
    """ "Atlas — сервис биллинга", "Helix is our data platform": a line on the project."""
    m = _DESCRIBED.match(r.text)
    if m is None:
        return False
    project = r.entity(m["proj"])
    if split_prefix(project)[0] != "Project":
        return False
    about = m["about"].strip(" ,.;")
    if r.names_in(about, "Person") or r.names_in(about, "User"):
        return False  # who leads or owns it: the rules about people
    if PASSING.search(about) or TRANSIENT.search(about):
        return False
    if len(_WORD.findall(r.render(about))) < _MIN_WORDS:
        return False
    d.line(project, "fact", about)
    return True
