"""Extraction of a doctor, coach or tutor the owner's relative sees, said in any order.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

:func:`relative_sees` reads a sentence that names one of the owner's relatives, a care role
("allergist", "лор", "тренер") and a new name near that role, whatever words stand between
them: "Savva started seeing an allergist, Dr. X", "Луку к лору теперь водим к X", "Mila's
been going to a speech therapist, Y, since May". The named one gets the role as a line and
the role's own link (``doctor_of``, ``coach_of``, ...) to the relative, not to the owner. A
practice said instead of its role, with who gives it after it, counts as that role, and the
one who gives it may be someone the memory holds: "папа записался на физиотерапию к X",
"Mila started orthodontics with Dr. Y" (:func:`practitioner` makes the role from the
practice's stem: физиотерапия, физиотерапевт; orthodontics, orthodontist).
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_care import said_of_self
from memory_core.extraction_family import holder_of
from memory_core.extraction_lexicon import ROLE_RE, kind_of_role
from memory_core.extraction_names import KIN_RELATIONS
from memory_core.extraction_places import is_place
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.morphology import analyzer
from memory_core.naming import split_prefix

__all__ = ["practitioner", "relative_sees"]

_CARE: Final = frozenset({"teacher", "coach", "mentor", "doctor"})
_KIN: Final = frozenset(
    {"child", "parent", "sibling", "spouse", "fiance", "relative", "parent_in_law", "godparent"}
)
_ROLE = re.compile(rf"(?<![\w-])(?P<role>{ROLE_RE})(?![\w-])", re.IGNORECASE)
_NAME = re.compile(rf"{ENT}|{NEW_NAME}")
_NEAR: Final = 6
"""How many words may stand between the role and the name ("к лору теперь водим к X")."""


def _family(d: Draft) -> set[str]:
    return {r for kin in KIN_RELATIONS if (r := d.relative(kin)) is not None}


def _holder(r: Reading, d: Draft, role: re.Match[str], family: set[str]) -> str | None:
    """The new person named nearest after the role (or just before it), not a relative."""
    after = next(_NAME.finditer(r.text, role.end()), None)
    before = list(_NAME.finditer(r.text[: role.start()]))
    near = [(after, r.text[role.end() : after.start()])] if after is not None else []
    if before:
        near.append((before[-1], r.text[before[-1].end() : role.start()]))
    for m, gap in near:
        if len(gap.split()) > _NEAR or re.fullmatch(ENT, m[0]) or is_place(m[0]):
            continue
        person = d.person(m[0])
        if person is not None and person not in family and person != d.owner:
            return person
    return None


def relative_sees(r: Reading, d: Draft) -> bool:
    """ "Savva started seeing an allergist, Dr. X": X ``doctor_of`` Savva, with the role."""
    if said_of_self(r.text):  # "хожу к стоматологу X, Алину тоже к ней водим": the owner's
        return False
    family = _family(d)
    named = {n for n in r.names_in(r.text, "Person") if n in family}
    if len(named) != 1:
        opening = _OPENING.match(r.text)
        kin = holder_of(d, opening[1]) if opening is not None else None
        if kin is None or opening is None or not _practice_with(r, d, kin, family):
            return False
        d.line(kin, "fact", r.render(r.text[opening.end() :]).strip())  # what the relative does
        return True
    roles = [(m, kind_of_role(m["role"])) for m in _ROLE.finditer(r.text)]
    if any(kind is not None and kind.name in _KIN for _, kind in roles):
        return False  # "сестра Игоря, Даце — педиатр": a relative of someone, read as kin
    for role, kind in roles:
        if kind is None or kind.name not in _CARE or kind.to_holder is None:
            continue
        holder = _holder(r, d, role, family)
        if holder is None or split_prefix(holder)[0] != "Person":
            return False
        d.line(holder, "role", role["role"])
        d.link(holder, kind.to_holder, named.pop())
        return True
    return _practice_with(r, d, named.pop(), family)


_OPENING = re.compile(r"^(?:(?:my|мо[йяё])\s+)?([^\W\d_]+)")
"""The word a sentence opens with: a kin word ("папа", "my dad") names the relative."""
_PRACTICE_WORD = re.compile(r"(?<![\w-])[а-яёa-z]{5,}(?![\w-])", re.IGNORECASE)
_PRACTITIONER_ENDINGS: Final = (
    ("ия", ("", "евт")),  # стоматология: стоматолог; логопедия: логопед; терапия: терапевт
    ("apy", ("apist",)),  # physiotherapy: physiotherapist
    ("ics", ("ist",)),  # orthodontics: orthodontist
    ("ry", ("",)),  # dentistry: dentist
)
"""A practice's ending and the endings of the one who practises it, from the same stem."""
_WITH_SOMEONE = re.compile(
    rf"^(?:\S+\s+){{0,3}}?(?:к|ко|with|to|at)\s+(?P<who>{ENT}|{NEW_NAME})", re.I
)
"""The one who gives it, named just after: "на физиотерапию к X", "physiotherapy with X"."""


def practitioner(word: str) -> str | None:
    """The care role of the one who practises what ``word`` names, made from its stem
    ("физиотерапию": физиотерапевт, "ортодонтию": ортодонт, "physiotherapy":
    physiotherapist), or ``None`` when it names no practice a care role is known for."""
    morph = analyzer()
    forms = [word.casefold()]
    if morph is not None and is_cyrillic(word):
        forms = [p.normal_form for p in morph.parse(word.casefold())[:2]]
    for form in forms:
        for ending, endings in _PRACTITIONER_ENDINGS:
            if not form.endswith(ending):
                continue
            for end in endings:
                role = form[: -len(ending)] + end
                kind = kind_of_role(role)
                if kind is not None and kind.name in _CARE and kind.to_holder is not None:
                    return role
    return None


def _practice_with(r: Reading, d: Draft, relative: str, family: set[str]) -> bool:
    """ "папа записался на физиотерапию к X": X gives the practice, so X is the relative's
    carer (a known person too: the one the message names right after the practice)."""
    for m in _PRACTICE_WORD.finditer(r.text):
        role = practitioner(m[0])
        said = _WITH_SOMEONE.match(r.text[m.end() :].lstrip()) if role else None
        if role is None or said is None:
            continue
        holder = d.person(said["who"])
        kind = kind_of_role(role)
        if holder is None or holder in family or holder == d.owner or kind is None:
            return False
        if split_prefix(holder)[0] != "Person" or kind.to_holder is None:
            return False
        if holder in d.new:
            d.line(holder, "role", role)
        d.link(holder, kind.to_holder, relative)
        return True
    return False
