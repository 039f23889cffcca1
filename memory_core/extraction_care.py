"""Extraction of whom a coach, tutor, mentor or doctor looks after, when the sentence names
that person instead of the owner.

:func:`care_of_named` reads a care role said with a known person's possessive or "у X"
("Lena's piano teacher is Mira", "репетитор по физике у Гоши — Тимур", "у Гоши тренер по
боксу — Тимур") or a known person said to hold the role for another ("X теперь ментор у
нашего Y", "X is now Lena's tutor"): the one holding the role gets it as a ``role:`` line,
linked by the role's own relation (``coach_of``, ``teacher_of``, ``mentor_of``,
``doctor_of``) to the person looked after, not to the owner. :func:`with_my_carer` links
the one holding a care role the owner calls theirs ("мой кардиолог теперь X", "our GP is X")
to the owner, when the rule that read it gave that person a line and no link.
:func:`with_cared_relative` moves a care link a rule gave the owner to the owner's relative
the sentence names instead ("записала Митю к ортодонту — X", "для Алины нашли педиатра, X"):
the child is the patient, not the owner who booked.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_lexicon import ROLE_RE, kind_of_role
from memory_core.extraction_names import KIN_RELATIONS
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.morphology import analyzer, known_russian_word
from memory_core.name_gender import name_gender
from memory_core.naming import split_prefix

__all__ = ["care_of_named", "said_of_self", "with_cared_relative", "with_my_carer"]

_I = re.IGNORECASE
_CARE: Final = frozenset({"teacher", "coach", "mentor", "doctor"})
"""Role kinds that look after someone: the link goes to the one they look after."""
_OURS = r"(?:(?:нашего|нашей|нашему|моего|моей|моему|our|my)\s+)?"
_ROLE = (
    rf"(?P<phrase>(?:[^\W\d_][\w-]*\s+)?(?P<role>{ROLE_RE})(?:\s+по\s+[^\W\d_][\w-]*)?)(?![\w-])"
)
"""The role with one narrowing word before it ("swimming coach") or its subject after it
("репетитор по физике")."""
_SAYS = (
    r"\s*(?:(?:теперь|сейчас|now|тоже|also)\s*)?(?:—|–|-|:|,)?\s*"
    r"(?:(?:is|are)\s+(?:called\s+|named\s+)?|зовут\s+|это\s+|теперь\s+)?"
)
"""What sets the name after the role: a dash, a colon, "is called", "зовут" (perhaps after
"теперь": "лор у X теперь — Y")."""
_NAME = rf"(?P<name>{ENT}|{NEW_NAME})"
_NOW = r"(?:(?:is|теперь|сейчас|ещё|еще|и|also|now|тоже)\s+)*(?:an?\s+)?"
"""Words between a holder said first and the role: "X теперь ещё и ментор у Y"."""
_PATTERNS: Final = tuple(
    re.compile(p, _I)
    for p in (
        rf"(?P<kid>{ENT})['’]s\s+{_ROLE}{_SAYS}{_NAME}",  # "Lena's piano teacher is Mira"
        # the reading spells a known person's "'s" as " is": "⟦Lena⟧ is piano teacher is Mira"
        rf"(?P<kid>{ENT})\s+is\s+{_ROLE}\s*(?:(?:is|are)\s+(?:called\s+|named\s+)?|[—–:]\s*){_NAME}",
        rf"{_ROLE}\s+у\s+{_OURS}(?P<kid>{ENT}){_SAYS}{_NAME}",  # "репетитор у Гоши — Тимур"
        rf"\bу\s+{_OURS}(?P<kid>{ENT})\s+(?:(?:теперь|сейчас|новый|новая|now)\s+)?{_ROLE}{_SAYS}{_NAME}",
        rf"^{_NAME}\s+{_NOW}(?P<kid>{ENT})['’]s\s+{_ROLE}",  # "X is now Lena's tutor"
        rf"^{_NAME}\s+{_NOW}{_ROLE}\s+(?:у|для|of|for|to)\s+{_OURS}(?P<kid>{ENT})",
    )
)
"""A role looked after by a named person: the holder's name, the role, and that person."""


def _holder(d: Draft, surface: str) -> str | None:
    """The person a slot names: a known one, or a new name (one word only when it is a given
    name or no Russian word)."""
    one_word = not re.fullmatch(ENT, surface) and len(surface.split()) < 2
    if one_word and name_gender(surface) is None and known_russian_word(surface.lower()):
        return None
    person = d.person(surface)
    return person if person is not None and split_prefix(person)[0] == "Person" else None


def care_of_named(r: Reading, d: Draft) -> bool:
    """ "Lena's piano teacher is Mira", "X теперь ментор у нашего Y": the holder gets the
    role, linked to the person looked after."""
    for pattern in _PATTERNS:
        for m in pattern.finditer(r.text):
            kind = kind_of_role(m["role"])
            if kind is None or kind.name not in _CARE or kind.to_holder is None:
                continue
            kid = r.entity(m["kid"])
            holder = _holder(d, m["name"])
            if split_prefix(kid)[0] != "Person" or holder is None or holder in (kid, d.owner):
                continue
            d.line(holder, "role", m["phrase"])
            d.link(holder, kind.to_holder, kid)
            return True
    return False


_MY_ROLE = re.compile(
    rf"\b(?:мой|моя|моего|моей|наш|наша|нашего|нашей|my|our)\s+(?:new\s+|нов\w+\s+)?"
    rf"(?P<role>{ROLE_RE})(?![\w-])",
    _I,
)
_FAMILY_ROLE = re.compile(
    rf"\b(?:(?:семейн\w+|family)\s+(?P<role>{ROLE_RE})(?![\w-])"
    rf"|(?P<role2>{ROLE_RE})\s+у\s+(?:нас|меня)\b)",
    _I,
)
"""The owner's carer said as the family's ("семейный стоматолог", "our family doctor") or as
"у нас" ("стоматолог у нас теперь X")."""


def with_my_carer(draft: Draft) -> Draft:
    """``draft`` with ``X doctor_of`` (or ``coach_of``...) the owner for the one person it gives
    lines and no link, when the sentence calls a care role the owner's ("мой кардиолог X")."""
    m = _MY_ROLE.search(draft.reading.text)
    family = _FAMILY_ROLE.search(draft.reading.text) if m is None else None
    role = (
        m["role"]
        if m is not None
        else (family["role"] or family["role2"])
        if family is not None
        else None
    )
    kind = kind_of_role(role) if role else None
    if kind is None or kind.name not in _CARE or kind.to_holder is None or draft.links:
        return draft
    people = [n for n in draft.lines if split_prefix(n)[0] == "Person"]
    if len(people) == 1:
        draft.link(people[0], kind.to_holder, draft.owner)
    return draft


_CARE_LINKS: Final = frozenset(
    {"doctor_of", "coach_of", "teacher_of", "mentor_of", "tutor_of", "dentist_of", "trainer_of"}
)
_FIRST_PERSON_CARE = re.compile(r"\b(?:мой|моя|моего|моему|моим|моей|my|I|me|мне|меня|я)\b")
"""The owner's own care ("мой врач", "I see Dr X"): the link stays on the owner."""


def said_of_self(text: str) -> bool:
    """Whether the owner speaks of their own care: "мой", "I", or a verb of "I" ("хожу")."""
    if _FIRST_PERSON_CARE.search(text) is not None:
        return True
    morph = analyzer()
    words = re.findall(r"[а-яё]+", text.casefold())
    tags = [morph.parse(w)[0].tag for w in words] if morph is not None else []
    return any(t.person == "1per" and t.number == "sing" for t in tags)


def with_cared_relative(draft: Draft) -> Draft:
    """``draft`` with each care link to the owner moved to the one relative of the owner the
    sentence names besides the one who holds the role, unless the owner says it is theirs."""
    text = draft.reading.text
    cares = [link for link in draft.links if link[1] in _CARE_LINKS and link[2] == draft.owner]
    if not cares or said_of_self(text):
        return draft
    family = {draft.relative(kin) for kin in KIN_RELATIONS} - {None}
    for holder, relation, _ in cares:
        named = {n for n in draft.reading.entities if n in family and n != holder}
        if len(named) != 1:
            continue
        draft.links.remove((holder, relation, draft.owner))
        draft.link(holder, relation, named.pop())
    return draft
