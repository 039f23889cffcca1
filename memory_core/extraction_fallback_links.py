"""Links to projects, and a role, a sentence gives a person that the rule which read it left out.

The loosest rules keep a known person's sentence as a plain fact ("X is doing the P onboarding
screens too now"); :data:`LINK_FALLBACKS` then read the links such a sentence still says by
broad signals, and :func:`with_links` adds them to that draft when it has none:

- a part of a project's work the person runs or does ("Aidan will also run the P standups",
  "Карина ведёт ретро P", "X is doing the P screens"): ``manages`` for running or leading it,
  ``owns`` for doing or owning it;
- a person put on a project by someone unnamed ("X тоже подтянули в P", "X got pulled into
  P"): ``works_on``;
- a person split between projects ("X теперь 50/50 между P и Q", "X splits her time between P
  and Q"): ``works_on`` each the memory does not have them on yet.

Both take known people and known projects only: a name the memory does not hold is no one's.
:func:`with_role` gives the one person a draft puts on a project the role a sentence names
after "as" ("X joins P as an SRE", "X приходит в P в роли аналитика") when the draft gave none,
and :func:`with_boss` the one person of a draft whom the sentence says reports to someone ("X,
reports straight to Y", "X, репортит напрямую мне", "my new direct report: X") the
``reports_to`` link when the draft gave none; :func:`with_owned` gives the one person of a
draft the project a sentence says is theirs ("P will be hers", "P будет на нём").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from memory_core.extraction_fallback_people import role_near_name
from memory_core.extraction_lexicon import ROLE_RE, ROLE_SEARCH, kind_of_role
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = [
    "LINK_FALLBACKS",
    "people_of",
    "put_on_project",
    "role_in_clause",
    "runs_part",
    "split_between",
    "with_boss",
    "with_links",
    "with_owned",
    "with_role",
]

_I = re.IGNORECASE
_RUNS = (
    r"(?P<run>runs?|running|leads?|leading|drives?|driving|hosts?|hosting|facilitates?|"
    r"ведёт|ведет|будет\s+вести|проводит|будет\s+проводить|модерирует)"
    r"|(?P<own>does|doing|owns?|owning|handles?|handling|делает|будет\s+делать|тащит|рисует)"
)
_WHERE = r"(?:to|into|onto|at|from|with|on|in|off|away|back|out|на|к|ко|с|со|из|от|до)\b"
"""A place or a way after the verb: "runs to P", "ведёт от P" say no work of P's."""
_PART = re.compile(
    rf"(?P<who>{ENT})\s+(?:(?:will|is|now|also|too|теперь|тоже|ещё|еще|и)\s+)*(?:{_RUNS})\s+"
    rf"(?:all\s+|the\s+|все\s+)?(?:(?!{_WHERE})[^\W\d_][\w-]*\s+){{0,2}}?(?:(?:по|для|в|of|for)\s+)?"
    rf"(?P<what>{ENT})"
    r"(?:\s+[^\W\d_][\w-]*)?",
    _I,
)
"""A person, the verb of running or doing, then the project whose work it is (one or two
words of what the work is may stand before or after it: "the P standups", "ретро P")."""
_BETWEEN = re.compile(
    rf"(?P<who>{ENT})[^⟦]{{0,40}}?\b(?:между|between)\s+(?P<a>{ENT})\s+(?:и|and|&)\s+(?P<b>{ENT})",
    _I,
)
"""A person and two projects after "between": "X теперь 50/50 между P и Q"."""


def _known(r: Reading, placeholder: str, kind: str) -> str | None:
    """The entity of ``kind`` a placeholder stands for, if the memory holds it."""
    name = r.entity(placeholder)
    return name if split_prefix(name)[0] == kind and name not in r.guessed else None


def runs_part(r: Reading, d: Draft) -> bool:
    """ "Aidan will also run the P standups": Aidan manages P; "X is doing the P screens": X
    owns P."""
    for m in _PART.finditer(r.text):
        who, project = _known(r, m["who"], "Person"), _known(r, m["what"], "Project")
        if who is None or project is None or who == d.owner:
            continue
        d.link(who, "manages" if m["run"] else "owns", project)
        return True
    return False


def split_between(r: Reading, d: Draft) -> bool:
    """ "X теперь 50/50 между P и Q": X works on P and on Q."""
    m = _BETWEEN.search(r.text)
    if m is None:
        return False
    who = _known(r, m["who"], "Person")
    projects = [_known(r, m[g], "Project") for g in "ab"]
    if who is None or who == d.owner or None in projects:
        return False
    fresh = [p for p in projects if p is not None and not d.on_project(who, p)]
    for project in fresh:  # a project the memory already has them on is no news
        d.link(who, "works_on", project)
    return bool(fresh)


_PUT_ON = re.compile(
    rf"(?P<who>{ENT})\s+(?:(?:тоже|теперь|ещё|еще|также|уже|официально)\s+)*"
    r"(?:(?:подтянули|добавили|перевели|перекинули|закинули|подключили|позвали|забрали|взяли)\s+"
    r"(?:(?:к\s+нам|с\s+нами)\s+)?(?:в|на|к)"
    r"|(?:got|was|has\s+been|is\s+being)\s+(?:(?:also|now)\s+)?(?:pulled|added|moved|brought|"
    r"borrowed|looped)\s+(?:in)?to)"
    rf"\s+(?P<what>{ENT})",
    _I,
)
"""A person put on a project by someone unnamed: "X тоже подтянули в P", "X got pulled into P"."""


def put_on_project(r: Reading, d: Draft) -> bool:
    """ "Мурата тоже подтянули в P", "X was added to P": X works on P."""
    m = _PUT_ON.search(r.text)
    if m is None:
        return False
    who, project = _known(r, m["who"], "Person"), _known(r, m["what"], "Project")
    if who is None or project is None or who == d.owner:
        return False
    d.link(who, "works_on", project)
    return True


_CLAUSE_BREAK = re.compile(
    r"[,;—]|\b(?:and|but|и|а|но)\s+(?:he|she|they|он|она|они)\b|\b(?:while|whereas|хотя)\b", _I
)


def role_in_clause(r: Reading, d: Draft) -> bool:
    """A role word and the one project said in the same clause ("X теперь QA-лид по всему
    мобайлу (в основном P)"): the person the role is of, linked to P by the role's relation
    (not "X is our release manager, he hates P deadlines")."""
    roles = [m for m in ROLE_SEARCH.finditer(r.text) if kind_of_role(m.group(0)) is not None]
    projects = [m for m in re.finditer(ENT, r.text) if _known(r, m.group(0), "Project")]
    if not roles or len({m.group(0) for m in projects}) != 1:
        return False
    role, project = roles[0], projects[0]
    between = r.text[min(role.end(), project.end()) : max(role.start(), project.start())]
    return _CLAUSE_BREAK.search(between) is None and role_near_name(r, d)


LINK_FALLBACKS: Final[tuple[Callable[[Reading, Draft], bool], ...]] = (
    split_between,
    put_on_project,
    runs_part,
    role_in_clause,  # "X теперь QA-лид по всему мобайлу (в основном P)": X leads P
)
"""The link fallbacks in the order they are tried; the first that matches wins."""


def with_links(draft: Draft, extra: Draft | None) -> Draft:
    """``draft`` with the links of ``extra`` (a link fallback's draft of the same sentence)
    when ``draft`` has no link of its own."""
    if extra is None or draft.links:
        return draft
    for frm, relation_type, to in extra.links:
        draft.link(frm, relation_type, to)
    return draft


_AS_ROLE = re.compile(
    rf"(?:\bas|\bв\s+роли|\bкак)\s+(?:an?\s+|our\s+|the\s+|new\s+|новым\s+|новой\s+)*"
    rf"(?P<role>(?:(?:senior|junior|lead|staff|principal|старш\w+|младш\w+|ведущ\w+)\s+)?(?:{ROLE_RE}))"
    r"(?![\w-])",
    re.IGNORECASE,
)
"""A role said after "as": "as an SRE", "в роли аналитика", "как senior iOS"."""
_TO_PROJECT: Final = frozenset({"works_on", "manages", "member_of", "joined", "owns"})


def with_role(draft: Draft) -> Draft:
    """``draft`` with a role line on the one person it puts on a project, when the sentence
    names the role after "as" and the draft gave that person no role."""
    m = _AS_ROLE.search(draft.reading.text)
    if m is None or kind_of_role(m["role"]) is None:
        return draft
    people = {frm for frm, t, to in draft.links if t in _TO_PROJECT and to.startswith("Project:")}
    if len(people) != 1:
        return draft
    (person,) = people
    if not person.startswith("Person:") or any(
        line.startswith("role:") for line in draft.lines.get(person, ())
    ):
        return draft
    draft.line(person, "role", m["role"])
    return draft


_REPORTS = re.compile(
    rf"\b(?:reports?|reporting)\s+(?:(?:straight|directly|direct|now)\s+)*to\s+"
    rf"(?:(?P<a>{ENT}|me)|(?P<f>him|her))(?!\w)"
    rf"|\b(?:репорти(?:т|ть)|отчитыва(?:ется|ться)|подчиня(?:ется|ться))\s+"
    rf"(?:(?:напрямую|прямо|непосредственно|теперь|сейчас|будет)\s+)*"
    rf"(?:(?P<b>{ENT}|мне)|(?P<g>ему|ей|нему|ней))(?!\w)"
    # "будет у меня в прямом подчинении", "в подчинении у X"
    rf"|\bу\s+(?P<h>{ENT}|меня)\s+в\s+(?:(?:прямом|непосредственном)\s+)?подчинении\b"
    rf"|\bв\s+(?:(?:прямом|непосредственном)\s+)?подчинении\s+у\s+(?P<i>{ENT}|меня)(?!\w)"
    r"|\b(?P<c>(?:new\s+)?direct\s+report\s+(?:for|of)\s+me|my\s+(?:new\s+)?direct\s+report)\b"
    rf"|\b(?:in|on|into|joins?|joining)\s+(?P<d>{ENT})'s\s+team\b"
    rf"|\b(?:в|во)\s+команд[еуы]\s+(?:к\s+|у\s+)?(?P<e>{ENT})",
    re.IGNORECASE,
)
"""Whom the person of a sentence reports to: someone known, or the owner ("me", "мне"); the
one whose team they sit in ("in Y's team", "в команде Y")."""
_SUBJECT_BEFORE = re.compile(
    rf"(?P<s>{ENT})\s+(?:(?:now|also|will|теперь|тоже|будет)\s+)*$", re.IGNORECASE
)
"""A named person right before "reports to her": the one who reports, not the one reported to."""
_BOSS_LINKS: Final = frozenset({"reports_to", "manages", "works_under"})


def with_boss(draft: Draft) -> Draft:
    """``draft`` with ``X reports_to Y`` for the one person it names, when the sentence says X
    reports to Y ("X, reports straight to Y", "X, репортит напрямую мне", "my new direct
    report: X", "Y hired X, she reports to him") and the draft links no one's boss."""
    m = _REPORTS.search(draft.reading.text)
    if m is None or any(t in _BOSS_LINKS for _, t, _ in draft.links):
        return draft
    slot = m["a"] or m["b"] or m["d"] or m["e"] or m["h"] or m["i"]
    named = [*draft.lines, *(end for frm, _, to in draft.links for end in (frm, to))]
    said_by = _SUBJECT_BEFORE.search(draft.reading.text[: m.start()])
    if (m["f"] or m["g"]) and said_by is not None:  # "X joined as R — Y reports to her"
        subject = draft.reading.entity(said_by["s"])
        people = {n for n in named if split_prefix(n)[0] == "Person" and n != subject}
        if split_prefix(subject)[0] == "Person" and len(people) == 1:
            draft.link(subject, "reports_to", people.pop())
        return draft
    if m["f"] or m["g"]:  # "X hired Y, she reports to him": him is the other one named
        marked = set(draft.reading.names_in(draft.reading.text, "Person")) - set(named)
        if len(marked) != 1:
            return draft
        boss = marked.pop()
    elif slot is None or not re.fullmatch(ENT, slot):
        boss = draft.owner
    else:
        boss = draft.reading.entity(slot)
    if split_prefix(boss)[0] not in ("Person", "User"):
        return draft
    people = {n for n in named if split_prefix(n)[0] == "Person" and n != boss}
    if len(people) != 1:
        return draft
    draft.link(people.pop(), "reports_to", boss)
    return draft


_THEIRS = re.compile(
    rf"(?P<what>{ENT})\s+(?:(?:will\s+be|is|is\s+now|becomes|будет|теперь|тоже)\s+)+"
    r"(?:(?:all\s+)?(?:his|hers|theirs)|(?:на\s+(?:нём|нем|ней)))(?!\w)",
    re.IGNORECASE,
)
"""A project said to be the person's: "P will be hers", "P будет на нём"."""


def people_of(draft: Draft) -> set[str]:
    """The people a draft gives lines or links."""
    named = [*draft.lines, *(end for frm, _, to in draft.links for end in (frm, to))]
    return {n for n in named if split_prefix(n)[0] == "Person"}


def with_owned(draft: Draft, before: str | None = None) -> Draft:
    """``draft`` with ``X owns P`` for the one person it names (or ``before``, the one person
    of the sentence before, when it names none), when the sentence says P is theirs and the
    draft links that person to no project."""
    m = _THEIRS.search(draft.reading.text)
    if m is None:
        return draft
    project = _known(draft.reading, m["what"], "Project")
    people = people_of(draft) or ({before} if before is not None else set())
    if project is None or len(people) != 1 or any(to == project for _, _, to in draft.links):
        return draft
    draft.link(people.pop(), "owns", project)
    return draft
