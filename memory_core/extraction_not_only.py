"""A project a role reaches beyond, said as "not only P" or "including P".

"Аглая теперь лид дизайна на всех продуктах, не только на Clause", "Omar now runs QA across
all products, including Billing", "X — архитектор всей платформы, в том числе Orion": the rule
that read the sentence wrote the role without a project (it names every product); the project
said after "не только", "including", "в том числе", "включая" is one of them, so
:func:`with_not_only` links the person to it as the role links to a project, when the draft
gives exactly one person a role and no link to that project.
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import read_role
from memory_core.extraction_text import ENT, Draft
from memory_core.naming import split_prefix
from memory_core.observation import parse_observation

__all__ = ["with_not_only"]

_NOT_ONLY = re.compile(
    r"(?:не\s+только|not\s+(?:just|only)|including|incl\.|включая|в\s+том\s+числе|as\s+well\s+as)"
    rf"\s+(?:(?:на|в|во|для|по|on|in|for|at)\s+)?(?:the\s+)?(?P<proj>{ENT})",
    re.IGNORECASE,
)


def with_not_only(draft: Draft) -> Draft:
    """``draft`` with the link to the project a role reaches "not only"/"including"."""
    r = draft.reading
    m = _NOT_ONLY.search(r.text)
    if m is None:
        return draft
    project = r.entity(m["proj"])
    if split_prefix(project)[0] != "Project":
        return draft
    roled = [
        (person, parsed.body)
        for person, lines in draft.lines.items()
        for parsed in map(parse_observation, lines)
        if parsed.kind == "role" and person.startswith("Person:")
    ]
    if len({person for person, _ in roled}) != 1:
        return draft
    person, phrase = roled[0]
    if any(person in (frm, to) and project in (frm, to) for frm, _, to in draft.links):
        return draft
    role = read_role(r, phrase)
    if role is None or not role.kind.to_project:
        return draft
    draft.link(person, role.kind.to_project, project)
    return draft
