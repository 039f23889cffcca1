"""Extraction of a role given by a verb: "X is mentoring me", "Тимура лечит педиатр Y".

Same contract as :mod:`memory_core.extraction_people`: :func:`role_by_verb` reads the marked
message and writes into the draft when its shape holds. A verb that gives its subject a role
for its object (mentoring, coaching, teaching, treating, managing) makes the subject that
role's holder for the object: the owner ("меня", "me"), someone known, or a relative named by
a kin word ("my son", "маму"). The subject may come first ("Artyom is mentoring me", "Артём
теперь меня менторит") or last ("Тимура лечит педиатр Ольга Николаевна", "меня менторит Глеб").

:func:`heads_team` reads a team led by a verb: "X heads the data team now", "X возглавляет
отдел аналитики" give X the role "head of the data team", "руководитель отдела аналитики".
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import KIN_OF, ROLE_RE
from memory_core.extraction_names import morph
from memory_core.extraction_roles import ADV, ADVS, WHO, apply_role, read_role
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.language import is_cyrillic

__all__ = ["heads_team", "role_by_verb"]

_I = re.IGNORECASE
_ROLE_VERBS = (  # a verb that gives its subject a role for its object, and that role's words
    (r"mentor(?:s|ing)?|менторит|наставляет", "mentor", "ментор"),
    (r"coach(?:es|ing)?|train(?:s|ing)?|тренирует|коучит", "coach", "тренер"),
    (r"teach(?:es|ing)?|tutor(?:s|ing)?|учит|обучает", "teacher", "учитель"),
    (r"treat(?:s|ing)?|лечит|наблюдает", "doctor", "врач"),
    (r"manag(?:es|ing)|supervis(?:es|ing)|руководит", "manager", "руководитель"),
)
_ROLE_VERB = (
    r"(?:(?:is|has\s+been|will\s+be|will|'s)\s+"
    + ADVS
    + r")?(?P<verb>"
    + "|".join(verbs for verbs, _, _ in _ROLE_VERBS)
    + ")"
)
_KIN_ACC = (
    r"(?:маму|мать|папу|отца|жену|мужа|дочь|дочку|сына|сестру|брата|реб[её]нка|mom|mum|"
    r"mother|dad|father|wife|husband|daughter|son|sister|brother|kids?|child)"
)
_OBJECT = rf"(?P<obj>меня|мной|me|{ENT}|(?:(?:my|мо\w+)\s+)?{_KIN_ACC})"
_ROLE_TAIL = r"(?P<tail>\s+(?:on|in|with|for|at|по|в|на)\s+[^,]+)?"
_SUBJECT_TAIL = r"(?:(?P<tail>по\s+\w+|[а-яё]+[оe]му)\s+)?"  # "по плаванию", "английскому"
_ROLE_BY_VERB = (
    re.compile(  # "Artyom is mentoring me", "Олег тренирует Савву по плаванию"
        rf"^(?P<who>{WHO})\s+{ADVS}{_ROLE_VERB}\s+{ADVS}{_OBJECT}{_ROLE_TAIL}(?:\s+{ADV})*$", _I
    ),
    re.compile(  # "Артём теперь меня менторит"
        rf"^(?P<who>{WHO})\s+{ADVS}{_OBJECT}\s+{ADVS}{_ROLE_VERB}{_ROLE_TAIL}(?:\s+{ADV})*$", _I
    ),
    re.compile(  # "Тимура лечит педиатр Ольга Николаевна", "меня менторит Глеб"
        rf"^{_OBJECT}\s+{ADVS}{_ROLE_VERB}\s+{ADVS}{_SUBJECT_TAIL}"
        rf"(?:(?P<role>(?:[\w-]+\s+){{0,2}}?(?:{ROLE_RE}))\s+)?(?P<who>{WHO})(?:\s+{ADV})*$",
        _I,
    ),
)


def _object_of(d: Draft, word: str) -> str | None:
    """Return the person a verb's object names: the owner, someone known, or a relative."""
    if re.fullmatch(r"меня|мной|me", word, _I):
        return d.owner
    if word.startswith("⟦"):
        return d.person(word)
    kin = KIN_OF.get(word.rsplit(maxsplit=1)[-1].lower()[:3])
    return d.relative(kin) if kin else None


def role_by_verb(r: Reading, d: Draft) -> bool:
    """ "Artyom is mentoring me", "X coaches my son", "Тимура лечит педиатр Ольга Николаевна"."""
    for pattern in _ROLE_BY_VERB:
        m = pattern.match(r.text)
        if m is None:
            continue
        verb = m["verb"].lower()
        english, russian = next(
            (en, ru) for verbs, en, ru in _ROLE_VERBS if re.fullmatch(verbs, verb, _I)
        )
        said = m.groupdict().get("role")
        words = said or (russian if is_cyrillic(verb) else english)
        role = read_role(r, f"{words} {m['tail'] or ''}")
        holder = _object_of(d, m["obj"])
        person = d.person(m["who"]) if role is not None and holder is not None else None
        if role is None or person is None or holder is None:
            continue
        apply_role(d, person, role, holder)
        return True
    return False


_HEADS_TEAM = re.compile(
    rf"^(?P<who>{WHO})\s+{ADVS}(?:(?P<en>heads|leads|runs|is\s+(?:now\s+)?(?:heading|leading|"
    r"running)|(?:will|'ll)\s+(?:head|lead|run))\s+(?:the\s+|our\s+|a\s+|their\s+)?"
    r"(?P<team>(?:[\w-]+\s+){0,3}?(?:team|department|dept|group|squad|division|unit))|"
    r"(?:возглавляет|возглавил[аи]?|возглавит|руководит|будет\s+руководить)\s+"
    r"(?P<ru>отдел\w*|команд\w*|групп\w*|направлени\w*|департамент\w*)"
    r"(?P<rest>(?:\s+(?!теперь|сейчас|тоже|с\b)[а-яёa-z-]+){1,3}))"
    rf"(?:\s+{ADV})*$",
    _I,
)
"""A person and the team they lead: "X heads the data team now", "X возглавляет отдел
аналитики" (the team named by a word, not a known project)."""


def _genitive(word: str) -> str:
    """A Russian noun in the genitive ("отделом" -> "отдела"), or as written."""
    parses = [p for p in morph().parse(word) if "NOUN" in p.tag]
    found = parses[0].inflect({"gent", "sing"}) if parses else None
    return found.word if found is not None else word


def heads_team(r: Reading, d: Draft) -> bool:
    """ "Diego Alvarez heads the data team now", "Вика возглавляет отдел аналитики"."""
    m = _HEADS_TEAM.match(r.text)
    if m is None:
        return False
    if m["en"]:
        phrase = f"head of the {m['team']}"
    else:
        phrase = f"руководитель {_genitive(m['ru'])}{m['rest']}"
    role = read_role(r, phrase)
    person = d.person(m["who"]) if role is not None else None
    if role is None or person is None:
        return False
    apply_role(d, person, role, None)
    return True
