"""Fallbacks about people: a role word near a name, a household role in apposition, the
owner's own project.

They run only when no specific rule read a sentence (see
:mod:`memory_core.extraction_fallback`), and catch whole classes by broad signals instead of
one wording each:

- a person's full name (or a known person) and a work role word anywhere in the sentence
  ("Chloe Whitfield is our new VP of Operations", "в Boarding новая дизайнерка пришла, Ксюша
  Лемешева"): the person with a ``role:`` line, linked to the one known project said with it
  by the role's own relation (``works_on`` for most, ``manages`` for a lead);
- a household or family role word set beside a name ("тёща (Людмила Андреевна) ...",
  "сантехник, который нам ванну переделывал, — Христо"): the person with that line, and for
  a doctor or a spouse's parent the link the role makes;
- the owner taking a project in the first person ("с понедельника сам сажусь в P", "I'm
  spending most of my time on P", "P теперь на мне"): ``User works_on P``.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_lexicon import ROLE_SEARCH, RoleKind, kind_of_role
from memory_core.extraction_roles import read_role
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.morphology import known_russian_word
from memory_core.name_gender import name_gender
from memory_core.naming import split_prefix

__all__ = ["household_apposition", "owner_takes_project", "role_near_name"]

_I = re.IGNORECASE
_HOUSEHOLD: Final = frozenset(
    {
        "parent_in_law",
        "relative",
        "provider",
        "caregiver",
        "doctor",
        "teacher",
        "coach",
        "pet_sitter",
    }
)
"""Role kinds of the owner's household and private life: told by :func:`household_apposition`."""
_FAMILY: Final = frozenset(
    {"spouse", "fiance", "child", "parent", "sibling", "relative", "parent_in_law", "friend"}
)
"""Kin kinds: never read as a work role by :func:`role_near_name`."""
_EXTRA_ROLES = re.compile(r"(?<![\w-])(?:auditors?|аудитор\w*)(?!\w)", _I)
"""Work roles the lexicon leaves out because the specific rules read them otherwise."""
_AFTER_PLACE = re.compile(r"(?:from|at|of|with|из|от|в|во|с|со|у|для|for)\s+$", _I)
"""A preposition before a capitalised pair: "from Brightwell Audit" names a company."""
_OF_WHAT = (
    r"(?:\s+of\s+(?:(?-i:[A-Z])[\w&-]*(?:\s+(?-i:[A-Z])[\w&-]*)?"
    r"|(?!(?:the|our|my|his|her|their|its|a|an|all|both|this|that)\b)(?-i:[a-z]{3,})\b))?"
)
"""An English role's field: "VP of Operations", "head of product"."""
_LISTED = re.compile(rf"{ENT}(?:\s*(?:,\s*(?:and\s+|и\s+)?|\s+(?:and|и|&)\s+){ENT})+", _I)
"""Projects said as one list: "for ⟦1⟧ and ⟦2⟧", "в ⟦1⟧, ⟦2⟧ и ⟦3⟧"."""
_QUALIFIER = r"(?:(?-i:[A-Z]{2,5})\s+|(?:senior|junior|lead|data|external|internal)\s+)?"
"""A word before the role that narrows it: "PCI auditor", "data analyst"."""


def _names(r: Reading, d: Draft) -> list[tuple[int, str]]:
    """People a sentence names: known ones by placeholder, new ones by a full name (two or
    three capitalised words not after a preposition), with where each stands."""
    found: list[tuple[int, str]] = []
    for m in re.finditer(ENT, r.text):
        name = r.entity(m.group(0))
        if split_prefix(name)[0] == "Person":
            found.append((m.start(), name))
    for m in re.finditer(NEW_NAME, r.text):
        words = m.group(0).split()
        if len(words) < 2 or _AFTER_PLACE.search(r.text[: m.start()]):
            continue
        if any(kind_of_role(w) is not None for w in words):
            continue
        person = d.person(m.group(0))
        if person is not None and split_prefix(person)[0] == "Person":
            found.append((m.start(), person))
    return sorted(found)


def _roles(text: str) -> list[tuple[re.Match[str], RoleKind]]:
    """Work role words of a sentence with their kinds, kin words left out."""
    out: list[tuple[re.Match[str], RoleKind]] = []
    for m in ROLE_SEARCH.finditer(text):
        kind = kind_of_role(m.group(0))
        if kind is not None and kind.name not in _FAMILY and kind.name not in _HOUSEHOLD:
            out.append((m, kind))
    for m in _EXTRA_ROLES.finditer(text):
        out.append((m, RoleKind("member", "role", "works_on", None)))
    return out


_BENEFICIARY = re.compile(r"\b(?:для|for|к|с|со|with|to|от|from)\s+$", _I)
"""A role word after one of these is someone else's: "демо для директоров"."""


def _phrase(text: str, m: re.Match[str]) -> str:
    """The role as said: the word with a narrowing word before it and its field after it."""
    before = re.search(rf"{_QUALIFIER}$", text[: m.start()], _I)
    start = before.start() if before is not None and before.group(0) else m.start()
    after = re.match(_OF_WHAT, text[m.end() :], _I)
    end = m.end() + (len(after.group(0)) if after is not None else 0)
    return text[start:end]


_POST_OF = re.compile(
    r"(?:роль|роли|должность|должности|позицию|позиции|место|вакансию|обязанности)\s+$", _I
)
"""A noun whose role follows in the genitive: "роль тимлида", "должность аналитика"."""


def role_near_name(r: Reading, d: Draft) -> bool:
    """ "X is our new VP of Operations", "в P новая дизайнерка пришла, X": a role line on X,
    and X linked to the one known project the sentence names; of a sentence that names known
    people too, the one newcomer whose role is said just before their name."""
    people = _names(r, d)
    roles = [(m, k) for m, k in _roles(r.text) if not _BENEFICIARY.search(r.text[: m.start()])]
    if len({p for _, p in people}) != 1:
        people, roles = _newcomer(r, d, people, roles)
    if not people or not roles:
        return False
    person = people[0][1]
    m, kind = roles[0]
    projects = _projects(r)
    phrase = _phrase(r.text, m)
    said = read_role(r, phrase) if _POST_OF.search(r.text[: m.start()]) else None
    phrase = said.phrase if said is not None and "⟦" not in said.phrase else phrase  # "тимлида"
    d.line(person, "role", " ".join([phrase, *projects]))
    for project in projects:
        d.link(person, kind.to_project or "works_on", project)
    return True


def _projects(r: Reading) -> list[str]:
    """The known projects a role reaches: the one the sentence names, or all of those it
    names as one list ("head of product for ⟦1⟧ and ⟦2⟧"); none when they are apart."""
    projects = list(dict.fromkeys(p for p in r.names_in(r.text, "Project") if p not in r.guessed))
    if len(projects) == 1:
        return projects
    listed = [set(r.names_in(m.group(0), "Project")) for m in _LISTED.finditer(r.text)]
    return projects if projects and set(projects) in listed else []


_NEAR = 40
"""How far before a newcomer's name the role said of them may stand."""


_SAME_CLAUSE = re.compile(r"[^⟦—;:,()]*")
"""Text between a newcomer's name and their role with no other person and no break."""


def _newcomer(
    r: Reading,
    d: Draft,
    people: list[tuple[int, str]],
    roles: list[tuple[re.Match[str], RoleKind]],
) -> tuple[list[tuple[int, str]], list[tuple[re.Match[str], RoleKind]]]:
    """The one new person of a sentence that names known people too ("hired a new SRE: X, he'll
    sit in Y's team", "в QA на P теперь X, подчиняется Y"), with the role said just before
    their name; nothing when there is no such one person."""
    new = [(at, p) for at, p in people if p in d.new]
    if len({p for _, p in new}) != 1:
        return [], []
    at = new[0][0]
    near = [
        (m, k)
        for m, k in roles
        if 0 <= at - m.end() <= _NEAR and not r.names_in(r.text[m.end() : at], "Person")
    ]
    if near:
        return new, near[-1:]
    after = [  # "X joined as head of quality — Y reports to her": the role said after X
        (m, k)
        for m, k in roles
        if 0 < m.start() - at <= _NEAR and _SAME_CLAUSE.fullmatch(r.text[at : m.start()])
    ]
    return (new, after[:1]) if after else ([], [])


_CALLED = r"(?:(?:её|ее|его)\s+)?зовут\b|(?:her|his)\s+name\s+is\b|(?:she|he)'s\s+called\b"
_APPOSED = re.compile(
    r"(?P<role>[^\W\d_][\w-]*)\s*(?:,[^,—]{0,60},?\s*|\s(?:who|that|который|которая)\s[^,—]{0,60}?"
    rf"|\s(?P<clause>[^,—⟦]{{1,60}}?),\s*(?={_CALLED}))?"
    rf"(?:—|,|:|\(|\bis\b|{_CALLED})?\s*"
    rf"(?P<name>{ENT}|{NEW_NAME})",
    _I,
)
"""A role word, perhaps a clause about it, then the name: "тёща, Людмила Андреевна",
"сантехник, который нам ванну переделывал, — Христо", "the plumber who redid our bath is
Hristo", "тёща приезжает в июне, зовут X" (the clause is then the line, not what follows)."""


def household_apposition(r: Reading, d: Draft) -> bool:
    """ "тёща (Людмила Андреевна) до осени живёт у нас": the person with the role's line."""
    for m in _APPOSED.finditer(r.text):
        kind = kind_of_role(m["role"])
        if kind is None or kind.name not in _HOUSEHOLD or ROLE_SEARCH.fullmatch(m["role"]) is None:
            continue
        surface = m["name"]
        one_word = not re.fullmatch(ENT, surface) and len(surface.split()) < 2
        if one_word and name_gender(surface) is None and known_russian_word(surface.lower()):
            continue  # one word: a given name, or a word no dictionary holds ("Стоян")
        person = d.person(surface)
        if person is None or split_prefix(person)[0] != "Person":
            continue
        rest = m["clause"] or r.text[m.end() :].strip(" ,—)")
        d.line(person, kind.line_kind, f"{m['role']}, {rest}" if rest else m["role"])
        if kind.name == "doctor":
            d.link(person, "doctor_of", d.owner)
        if kind.name == "parent_in_law":
            spouse = d.relative("wife") or d.relative("husband")
            d.link(person, "parent_of", spouse)
        return True
    return False


_TAKES = re.compile(
    rf"(?:^|\b(?:я|i)\s+)(?:(?:теперь|сам|сама|now|also|тоже)\s+)*"
    rf"(?:сажусь|сяду|перехожу|переключаюсь|ухожу|подключаюсь|впрягаюсь)\s+(?:в|на|к)\s+(?P<a>{ENT})"
    rf"|\b(?:i'm|i\s+am)\s+(?:now\s+)?spending\s+(?:most\s+of\s+|all\s+of\s+|half\s+(?:of\s+)?)?"
    rf"my\s+time\s+on\s+(?P<b>{ENT})"
    rf"|^(?P<c>{ENT})\s+(?:(?:тоже|теперь|пока|временно|now|also)\s+)*на\s+мне\b"
    rf"|,\s*(?P<d>{ENT})\s+(?:(?:тоже|теперь|пока|временно)\s+)*на\s+мне\b"
    rf"|\b(?:i'm|i\s+am|i'll|i\s+will)\s+(?:(?:\w+ly|also|now|back)\s+)*(?:jumping|diving|stepping"
    rf"|getting|jump|dive|step|get)\s+(?:back\s+)?(?:in)?to\s+(?P<e>{ENT})"
    # the owner's own hands on it: "gonna be hands-on in P myself", "сама буду сидеть в P"
    rf"|(?:^|\b(?:i'm|i\s+am|i'll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to)\s+)"
    rf"(?:(?:gonna|going\s+to|will|also|now)\s+)*(?:be\s+)?(?:[\w-]+\s+){{0,4}}?"
    rf"(?:in|on|into|with)\s+(?P<f>{ENT})\s+(?:myself|personally)\b"
    rf"|(?:^|\bя\s+)(?:(?:теперь|пока|тоже|временно)\s+)*(?:сам|сама|лично)\s+(?:буду\s+)?"
    rf"(?:[а-яё]+\s+){{0,2}}?(?:в|на)\s+(?P<g>{ENT})",
    _I,
)
_LEADS = re.compile(
    rf"(?:^|\b(?:я|i)\s+|\b(?:i'm|i\s+am|i'll|i\s+will)\s+)(?:[^,]{{0,20}}?\s)??(?:(?P<a>{ENT})\s+)?"
    rf"(?:веду|run|lead|running|leading)\s+(?:(?P<b>{ENT})\s+)?(?:myself|personally|сам|сама)\b",
    _I,
)
"""The owner leading a project alone: "с марта P веду сама", "I'll run P myself"."""


_NOT = re.compile(r"\b(?:not|never|не|никогда)\b|n't\b", _I)


def owner_takes_project(r: Reading, d: Draft) -> bool:
    """ "сам сажусь в P", "I'm spending most of my time on P", "P тоже на мне", "I'm jumping
    into P": the owner works on P; "P веду сама", "I'll run P myself": the owner manages P."""
    lead = _LEADS.search(r.text)
    m = lead if lead is not None and (lead["a"] or lead["b"]) else _TAKES.search(r.text)
    if m is None:
        return False
    slot = next(m[g] for g in "abcdefg" if g in m.groupdict() and m[g])
    if m is not lead and (m["f"] or m["g"]) and _NOT.search(r.text):
        return False  # "I won't be in P myself"
    project = r.entity(slot)
    if split_prefix(project)[0] != "Project" or project in r.guessed:
        return False
    d.link(d.owner, "manages" if m is lead else "works_on", project)
    return True
