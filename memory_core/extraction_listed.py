"""The other people of a list after a colon, given what a rule gave the first of them.

A rule that reads "two contractors joined P: A (iOS) and B (android)" or "в P добавились двое
фронтендеров: A и B" takes the first name after the colon and leaves the rest as a fact.
:func:`with_listed` gives every other name of such a list the first one's links to projects,
and either its own note in brackets ("android") or the first one's role line; the first
one's fact that only listed the others is dropped, its own note kept as its role.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_text import ENT, NEW_NAME, Draft
from memory_core.naming import split_prefix

__all__ = ["with_listed"]

_ITEM = re.compile(
    rf"(?P<name>{ENT}|{NEW_NAME})\s*(?:\((?P<note>[^()]{{1,40}})\)|"
    r"\s(?:as|в\s+роли|в\s+качестве)\s+(?:an?\s+|our\s+|the\s+)?(?P<role>[^()⟦⟧,:;]{1,40}))?",
    re.IGNORECASE,
)
"""One name of the list, perhaps with a note in brackets or its role after "as": "A (iOS)",
"B as data engineer"."""
_SPLIT = re.compile(r"\s*,\s*(?:(?:и|and)\s+)?|\s+(?:и|and|&)\s+", re.IGNORECASE)
_TO_PROJECT: Final = frozenset({"works_on", "member_of", "joined", "contributes_to"})
_ROLE_LINE = re.compile(r"^role: (?P<body>.+) \(as_of=")


def _items(text: str) -> list[re.Match[str]] | None:
    """The names after the sentence's colon when all that follows it is a list of two or
    more names (each perhaps with a note in brackets), else ``None``."""
    head, colon, tail = text.partition(":")
    if not colon or not head.strip():
        return None
    parts = _SPLIT.split(tail.strip().rstrip(".!"))
    items = [_ITEM.fullmatch(part) for part in parts]
    if len(items) < 2 or any(m is None for m in items):
        return None
    return [m for m in items if m is not None]


def with_listed(draft: Draft, sentence: str = "") -> Draft:
    """``draft`` with the first listed person's project links (and a role line) given to the
    other people of a list after a colon: the list of the text the draft read, else of the
    whole ``sentence`` (a draft read clause by clause read only the list's first item)."""
    items = _items(draft.reading.text) or _items(sentence)
    if items is None:
        return draft
    first = draft.person(items[0]["name"])
    links = [(t, to) for frm, t, to in draft.links if frm == first and t in _TO_PROJECT]
    if first is None or not links:
        return draft
    roles = [m["body"] for line in draft.lines.get(first, ()) if (m := _ROLE_LINE.match(line))]
    others = [draft.reading.render(item["name"]) for item in items[1:]]
    draft.lines[first] = [  # the rest of the list read as a fact of the first: not one
        line
        for line in draft.lines.get(first, ())
        if not (line.startswith("fact:") and any(name in line for name in others))
    ]
    if items[0]["note"]:
        draft.line(first, "role", items[0]["note"])
    elif items[0]["role"] and not _has_role(draft, first):
        draft.line(first, "role", items[0]["role"])
    for item in items[1:]:
        person = draft.person(item["name"])
        if person is None or split_prefix(person)[0] != "Person" or person == first:
            continue
        for relation_type, project in links:
            draft.link(person, relation_type, project)
        if item["role"] and not _has_role(draft, person):
            draft.line(person, "role", item["role"])
        elif not item["role"] and (item["note"] or roles):
            draft.line(person, "role", item["note"] or roles[0])
    return draft


def _has_role(draft: Draft, person: str) -> bool:
    """Whether the rule that read the sentence gave ``person`` a role line already."""
    return any(line.startswith("role:") for line in draft.lines.get(person, ()))
