"""A role said between commas right after a person's name, which the rule that read the
sentence left out.

"from now on I report to Amália Rocha, our new COO, not to Duarte", "передай Лизе Мартынюк,
нашему новому юристу, договор": whatever rule read the sentence (a boss, a hand-over) named
the person; :func:`with_apposed_role` writes the role line on them when the draft gave them
none. Only a word the role lexicon knows counts ("Rocha, in Lisbon," is no role), and only
the line is written: whose role it is stays with the rule that read the sentence.
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import apply_role, read_role
from memory_core.extraction_text import ENT, NEW_NAME, Draft

__all__ = ["with_apposed_role"]

_APPOSED = re.compile(
    rf"(?P<who>{ENT}|{NEW_NAME})\s*,\s+(?P<role>(?:(?:our|my|the|a|an|наш\w*|мо[йяеё]\w*)\s+)?"
    r"(?:(?:new|нов\w+)\s+)?[^,;—()⟦]{2,40}?)\s*(?:,|—|;|$)",
    re.IGNORECASE,
)
"""A name, a comma, a short phrase, then a comma or the end: "⟦1⟧, our new COO, ..."."""


def with_apposed_role(draft: Draft) -> Draft:
    """``draft`` with the role said after a person's name between commas ("X, our new COO,"),
    when the draft names that person and gave them no role line yet."""
    r = draft.reading
    named = {*draft.lines, *(end for frm, _, to in draft.links for end in (frm, to))}
    for m in _APPOSED.finditer(r.text):
        before = set(draft.new)
        person = draft.person(m["who"])
        if person not in named:
            draft.new = before  # a name no rule used: nobody new
            continue
        if person is None or not person.startswith("Person:"):
            continue
        role = read_role(r, m["role"])
        said = draft.lines.get(person, [])
        if role is None or any(line.startswith(("role:", "fact:")) for line in said):
            continue
        apply_role(draft, person, role, None)
    return draft
