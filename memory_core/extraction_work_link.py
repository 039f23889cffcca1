"""The link between the one person and the one project a sentence names, said by a verb of work.

A rule that read a sentence may keep what it says about a person (a role, a fact line) and
leave out the project the same sentence puts them on ("Benedikt is head of security now and he
signs off every Helix release", "Руслана занимается интеграциями NetPulse", "Jonas took over
TOP-55"). :func:`with_work_link` adds that link by broad signals, not wordings: the draft
names exactly one person; the sentence names that person (or a pronoun for them) first and
exactly one project or ticket the memory holds; a verb of work or responsibility stands
between them, a few words before the project; no other person and no negation stand in the
way; and the draft links that person to that project in no way yet. The verb gives the link:
``manages`` for leading, ``owns`` for owning and signing off, ``works_on`` for the rest; a
ticket is ``assigned_to`` the person.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_text import ENT, Draft
from memory_core.naming import display_name, split_prefix

__all__ = ["with_work_link"]

_I = re.IGNORECASE
_LEADS = (
    r"leads?|leading|heads?|heading|runs?|running|manages?|managing|oversees?|overseeing|"
    r"ведёт|ведет|вести|руководит|руководить|возглавляет|возглавит|возглавил[аи]?|рулит|рулить|"
    r"управляет|управлять"
)
_OWNS = (
    r"owns?|owning|signs?\s+off(?:\s+on)?|signing\s+off(?:\s+on)?|approves?|approving|"
    r"(?:is\s+|be\s+)?responsible\s+for|(?:is\s+|be\s+)?in\s+charge\s+of|took\s+over|takes?\s+over|"
    r"taking\s+over|отвечает\s+за|отвечать\s+за|отвечал[аи]?\s+за|курирует|курировать|"
    r"подписывает|согласует|согласовывает|владеет|"
    r"(?:взял[аи]?|берёт|берет|возьм[её]т|забрал[аи]?)\s+(?:на\s+себя|себе)"
)
_WORKS = (
    r"works?\s+(?:on|in|at)|working\s+(?:on|in|at)|builds?|building|develops?|developing|"
    r"maintains?|maintaining|supports?|supporting|tests?|testing|helps?\s+(?:with|on|out\s+on)|"
    r"helping\s+(?:with|on|out\s+on)|contributes?\s+to|(?:is|be|'s)\s+doing|does|"
    r"пилит|пилить|разрабатывает|разрабатывать|работает\s+(?:над|на|в|по)|работать\s+(?:над|на|в|по)|"
    r"тестирует|тестировать|поддерживает|поддерживать|занимается|заниматься|помогает\s+(?:с|на|в|по)|"
    r"помогать\s+(?:с|на|в|по)|делает|делать|допиливает|ковыряет"
)
_VERB = re.compile(
    rf"(?<![\w-])(?:(?P<lead>{_LEADS})|(?P<own>{_OWNS})|(?P<work>{_WORKS}))(?![\w-])", _I
)
_GAP: Final = 4
"""Words that may stand between the verb and the project ("signs off every Helix release")."""
_NOT = re.compile(
    r"(?<![\w-])(?:не|ни|больше\s+не|уже\s+не|not|no\s+longer|never|won't|doesn't|don't|"
    r"didn't|isn't|stopped|перестал\w*|бросил\w*)\s+(?:\w+\s+){0,1}$",
    _I,
)
_WORD = re.compile(r"[^\W\d_][\w'-]*")
_LINKED_AT_ALL: Final = ("Decision:",)


def _mention(text: str, person: str, placeholders: dict[str, str]) -> int | None:
    """Where the sentence first names ``person``: its placeholder, or its first name's stem."""
    at = [text.find(p) for p, name in placeholders.items() if name == person]
    at = [a for a in at if a >= 0]
    if at:
        return min(at)
    first = display_name(person).split()[0].lower()
    stem = first[: max(3, len(first) - 2)]
    m = re.search(rf"(?<![\w-]){re.escape(stem)}", text, _I)
    return m.start() if m else None


def with_work_link(draft: Draft) -> Draft:
    """``draft`` with a link from its one person to the one known project or ticket the
    sentence names after a verb of work or responsibility (``works_on`` by default)."""
    r = draft.reading
    named = [*draft.lines, *draft.new, *(end for frm, _, to in draft.links for end in (frm, to))]
    if any(n.startswith(_LINKED_AT_ALL) for n in named):
        return draft  # a decision's project is where it was made, not someone's work
    people = {n for n in named if split_prefix(n)[0] == "Person"}
    placeholders = {m.group(0): r.entity(m.group(0)) for m in re.finditer(ENT, r.text)}
    said = {n for n in placeholders.values() if split_prefix(n)[0] == "Person"}
    if len(people) != 1 or not said <= people:
        return draft
    (person,) = people
    targets = {
        n: p
        for p, n in placeholders.items()
        if split_prefix(n)[0] in ("Project", "Jira") and n not in r.guessed
    }
    if len(targets) != 1:
        return draft
    ((target, slot),) = targets.items()
    if any(target in (frm, to) for frm, _, to in draft.links):
        return draft
    start = _mention(r.text, person, placeholders)
    end = r.text.find(slot)
    if start is None or end <= start:
        return draft
    verb = _last_verb(r.text[start:end])
    if verb is None:
        return draft
    kind, gap = verb
    if len(_WORD.findall(gap)) > _GAP:
        return draft
    if target.startswith("Jira:"):
        draft.link(target, "assigned_to", person)
    else:
        draft.link(person, {"lead": "manages", "own": "owns"}.get(kind, "works_on"), target)
    return draft


def _last_verb(span: str) -> tuple[str, str] | None:
    """The kind of the last verb of work in ``span`` and the words after it, or ``None`` when
    there is none or it is negated."""
    found = None
    for m in _VERB.finditer(span):
        found = m
    if found is None or _NOT.search(span[: found.start()]):
        return None
    kind = next(k for k in ("lead", "own", "work") if found[k])
    return kind, span[found.end() :]
