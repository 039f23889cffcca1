"""Projects named together ("P и Q", "P, Q and R", "и P, и Q"): each gets what the first got.

A rule usually reads one project after its verb ("будет вести P", "for the P rewrite"), so of
"будет вести P и Q" it links P alone, or nothing when its pattern wants the sentence to end
after the project. :func:`joined_projects` finds the groups of known projects a sentence
names with a conjunction (a bare comma is a clause boundary as often as a list: "сижу в P,
Q отдаю X" lists nothing); :func:`collapse` writes each group as its first project, so a
sentence a rule missed can be read again; :func:`with_joined` gives every other project of a
group the links the draft gives the first, unless the draft already links it some way.
Projects after "between"/"между" are left to the rule for a person split between two.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["collapse", "joined_projects", "with_joined"]

_PREP = r"(?:(?:в|во|на|для|по|у|in|on|for|at)\s+)?"
_GROUP = re.compile(
    rf"(?:\b(?:both|и)\s+)?(?P<first>{ENT})(?:\s*,\s*{_PREP}{ENT})*\s*,?\s*"
    rf"(?:и|and|&|as\s+well\s+as|а\s+также|plus)\s+{_PREP}{ENT}"
    rf"|\bи\s+(?P<prep>{_PREP})(?P<first2>{ENT})(?:\s*,\s*и\s+{_PREP}{ENT})+",
    re.IGNORECASE,
)
"""A list of placeholders joined by a conjunction, or each after "и": "и P, и Q", the
preposition perhaps said again before each: "в P и в Q", "и в P, и в Q"."""
_BETWEEN = re.compile(r"(?:between|между)\s*$", re.IGNORECASE)
_PLACEHOLDER = re.compile(ENT)


def joined_projects(r: Reading) -> list[tuple[re.Match[str], list[str]]]:
    """The groups of known projects ``r`` names together, each with the match that holds it;
    the first project of each group comes first."""
    groups = []
    for m in _GROUP.finditer(r.text):
        if _BETWEEN.search(r.text[: m.start()]):
            continue
        names = [r.entity(p) for p in _PLACEHOLDER.findall(m[0])]
        kinds = {split_prefix(n)[0] for n in names}
        if kinds == {"Project"} and not set(names) & r.guessed and len(set(names)) > 1:
            groups.append((m, list(dict.fromkeys(names))))
    return groups


def collapse(r: Reading) -> dict[str, list[str]]:
    """Write each group of projects named together in ``r`` as its first placeholder; return
    the other projects of each group by its first project."""
    others: dict[str, list[str]] = {}
    text = r.text
    for m, names in reversed(joined_projects(r)):
        first = m["first"] or m["first2"]
        prep = m["prep"] or ""
        text = f"{text[: m.start()]}{prep}{first}{text[m.end() :]}"
        r.spelled[first] = m[0][m[0].index(first) :] if prep else m[0]
        others[names[0]] = names[1:]
    r.text = text
    return others


def with_joined(draft: Draft, others: dict[str, list[str]] | None = None) -> Draft:
    """``draft`` with each link it gives the first project of a group given to the group's
    other projects too, when the draft links them no way of its own.

    Args:
        draft: what the rules made of the sentence.
        others: the groups :func:`collapse` took out of the sentence; by default the groups
            the draft's own reading still names.
    """
    if others is None:
        others = {names[0]: names[1:] for _, names in joined_projects(draft.reading)}
    linked = {end for frm, _, to in draft.links for end in (frm, to)}
    for first, rest in others.items():
        fresh = [p for p in rest if p not in linked]
        for frm, relation_type, to in list(draft.links):
            for project in fresh:
                if to == first:
                    draft.link(frm, relation_type, project)
                elif frm == first:
                    draft.link(project, relation_type, to)
    return draft
