"""A newcomer named after a dash that follows their role: "водим к логопеду — Нина Ворона".

People give the role first, in whatever case the sentence needs ("отчитывается новому
директору по данным — X", "посоветовал нотариуса — X", "their coach is now — X"), then the
name after a dash. Whatever rule read the sentence read its subject; :func:`with_dash_named`
adds the person so named, with the role as their line, when the draft does not name them yet.
Only a word the role lexicon knows counts as a role ("на Ботанике — Нина" is no role), the
name is a full one (two capitalised words) or someone the memory holds, and when the sentence
says its subject reports to that role ("отчитывается", "reports to") the link is written too.
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_roles import apply_role, read_role
from memory_core.extraction_text import ENT, Draft

__all__ = ["with_dash_named"]

_I = re.IGNORECASE
_FULL = r"(?-i:[A-ZА-ЯЁ][\w'’-]+\s+[A-ZА-ЯЁ][\w'’-]+)"
_DASH_NAMED = re.compile(
    rf"(?<![\w⟦])(?P<role>(?-i:[a-zа-яё][\w-]+)(?:\s+[^\s—–,;:()⟦]+){{0,4}}?)\s+[—–]\s+"
    rf"(?P<who>{ENT}|{_FULL})(?=\s*(?:[,.;!(]|$))",
    _I,
)
"""A role (with up to four words of its own), a dash, then a name and a pause: "к логопеду
— Нина Ворона,", "новому директору по данным — ⟦2⟧"."""
_REPORTS = re.compile(
    rf"(?P<who>{ENT})\s+(?:\w+\s+){{0,2}}?(?:отчитывается|подчиняется|репортит|reports\s+to)\b", _I
)
"""A known subject who reports to the role said later: "⟦1⟧ теперь отчитывается ..."."""


def with_dash_named(draft: Draft) -> Draft:
    """``draft`` with the person named after a dash that follows their role (see the module)."""
    r = draft.reading
    named = {*draft.lines, *(end for frm, _, to in draft.links for end in (frm, to))}
    for m in _DASH_NAMED.finditer(r.text):
        words = m["role"].split()
        start = next((i for i, w in enumerate(words) if kind_of_role(w) is not None), None)
        if start is None:
            continue
        role = read_role(r, " ".join(words[start:]))
        if role is None:
            continue
        before = set(draft.new)
        person = draft.person(m["who"])
        if person is None or not person.startswith("Person:") or person in named:
            draft.new = before
            continue
        apply_role(draft, person, role, None)
        boss = _REPORTS.search(r.text[: m.end("role")])
        if boss is not None:
            draft.link(draft.person(boss["who"]), "reports_to", person)
    return draft
