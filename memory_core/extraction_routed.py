"""The projects a sentence says rest on its one person: routed through them, or on them.

A rule that read a sentence about someone may keep their role and leave out the projects the
same sentence hands them by a pronoun ("Nadia is our release manager now, every Orbit release
goes through her", "all Quill questions go to him now", "Фаину повысили, теперь на ней и
Orbit, и Quill", "все вопросы по Orbit теперь к нему"). :func:`with_routed` adds ``owns``
from that person to each known project of the phrase, when the draft names exactly one person,
the sentence names no other, and the draft links that person to the project in no way yet.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import Draft
from memory_core.naming import split_prefix

__all__ = ["with_routed"]

_I = re.IGNORECASE
_PRONOUN_EN = r"(?:her|him|them)"
_PRONOUN_RU = r"(?:ней|н[её]м|них|неё|нее|него|ним)"
_ROUTED = re.compile(
    rf"(?P<span>[^,;—.]*?)\b(?:go(?:es)?|going|runs?|come|comes|(?:is|are)\s+routed)\s+"
    rf"(?:(?:all|straight|directly|now)\s+)*(?:through|to|via|past|by)\s+{_PRONOUN_EN}\b"
    rf"|(?P<span2>[^,;—.]*?)\b(?:(?:теперь|сейчас|тоже|идут|ид[её]т|ходят)\s+)*"
    rf"(?:к|через)\s+{_PRONOUN_RU}\b"
    rf"|\bна\s+(?:ней|н[её]м|них)\s+(?:(?:теперь|тоже|ещё|еще|also|и)\s+)*(?P<span3>[^.;—]*)",
    _I,
)
"""Work said to pass through a pronoun, or to rest on one: "every ⟦1⟧ release goes through
her", "все вопросы по ⟦1⟧ к нему", "на ней и ⟦1⟧, и ⟦2⟧"."""
_NOT = re.compile(r"(?<![\w-])(?:не|not|no\s+longer|never|n't)(?![\w-])|n't\b", _I)


def with_routed(draft: Draft) -> Draft:
    """``draft`` with ``owns`` from its one person to each known project a phrase routes
    through them or puts on them."""
    r = draft.reading
    named = [*draft.lines, *draft.new, *(end for frm, _, to in draft.links for end in (frm, to))]
    people = {n for n in named if split_prefix(n)[0] == "Person"}
    said = set(r.names_in(r.text, "Person"))
    if len(people) != 1 or not said <= people or any(n.startswith("Decision:") for n in named):
        return draft
    (person,) = people
    for m in _ROUTED.finditer(r.text):
        span = m["span"] or m["span2"] or m["span3"] or ""
        if _NOT.search(span) or _NOT.search(m.group(0)):
            continue
        for project in r.names_in(span, "Project"):
            linked = any(project in (frm, to) for frm, _, to in draft.links)
            if project not in r.guessed and not linked:
                draft.link(person, "owns", project)
    return draft
