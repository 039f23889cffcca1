"""Put a statement's name back beside its role before the rules read it.

People name a newcomer after a comma ("взяли нового продакта, Ruzanna Ghazaryan, выходит 1
марта", "Nomad hired a new PM, Ruzanna Ghazaryan") or say whom they replace between the role
and the name ("новый руководитель — вместо Арсена будет Нелли Казарян", "моим руководителем
вместо Арсена станет X"). :func:`appose` drops that comma and that aside, so the role rules
see "продакта Ruzanna Ghazaryan" and "руководитель — Нелли Казарян" as they already read them.
A newcomer may also be introduced by what they are called ("is a guy called Felix Amberg",
"— некая девушка по имени Дарья Лис"): the words before the name go too. Extraction reads
this second form only when the statement as written gives nothing. Only a word the role
lexicon knows counts as a role: "в Ереване, Анна" is left alone. :func:`without_someone` drops
the words that only say how the speaker knows someone before a role said after the name
("brought in a colleague, Dr. X, as vet advisor"), whatever else the statement reads.
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role

__all__ = ["appose", "without_someone"]

_NAME = r"(?-i:[A-ZА-ЯЁ][\w'’-]+)(?:\s+(?-i:[A-ZА-ЯЁ][\w'’-]+)){0,2}"
_ROLE_COMMA = re.compile(rf"(?P<role>\b[^\W\d_]+(?:-[^\W\d_]+)?)\s*,\s+(?=(?P<name>{_NAME})\b)")
"""A role word, a comma, then a capitalised name: "нового продакта, Ruzanna Ghazaryan"."""
_INSTEAD = re.compile(
    r"(?P<lead>—\s*|\s)вместо\s+(?-i:[A-ZА-ЯЁ]?[\w-]+)(?:\s+(?-i:[A-ZА-ЯЁ][\w-]+))?\s*,?\s+"
    r"(?P<verb>будет|станет|придёт|придет)\s+",
    re.IGNORECASE,
)
"""Whom the newcomer replaces, before "будет": "— вместо Арсена будет Нелли Казарян"."""
_CALLED = re.compile(
    r"\b(?:(?:a|an|this|some)\s+(?:(?:new|young|nice)\s+)?(?:guy|girl|woman|man|lady|person|"
    r"dude|chap|fellow|bloke)\s+(?:called|named|by\s+the\s+name\s+of)"
    r"|(?:(?:некий|некая|один|одна)\s+)?(?:парень|парнишка|девушка|мужчина|женщина|человек|"
    r"товарищ|некий|некая)\s*,?\s+(?:по\s+имени|(?:его|её|ее)\s+зовут|зовут))\s+"
    r"(?=(?-i:[A-ZА-ЯЁ]))",
    re.IGNORECASE,
)
"""Words that introduce a newcomer by name: "a guy called X", "девушка по имени X"."""


_SOMEONE_COMMA = re.compile(
    r"\b(?:(?:a|an|one|his|her|their|our)\s+(?:(?:former|old|new)\s+)?(?:colleague|friend|"
    r"acquaintance|contact)|(?:(?:сво\w+|бывш\w+|одн\w+)\s+)?(?:коллег[уа]|знаком(?:ого|ую)|"
    r"приятел[яь]|приятельниц[уа]))\s*,\s+(?=(?-i:[A-ZА-ЯЁ]))",
    re.IGNORECASE,
)
"""Someone said only by how they are known before their name and role ("brought in a
colleague, Dr. X, as vet advisor"): the words say no role, the one after the name does."""
_COMMA_AS = re.compile(r",\s+(?=(?:as|в\s+качестве|в\s+роли)\s)", re.IGNORECASE)


def _drop_comma(m: re.Match[str]) -> str:
    return f"{m['role']} " if kind_of_role(m["role"]) is not None else m[0]


def appose(sentence: str) -> str:
    """Return ``sentence`` with a name set next to the role it follows (see the module)."""
    text = _INSTEAD.sub(lambda m: m["lead"] if "—" in m["lead"] else f" {m['verb']} ", sentence)
    text = _CALLED.sub("", text)
    return _ROLE_COMMA.sub(_drop_comma, text)


def without_someone(sentence: str) -> str:
    """``sentence`` without the words that only say how someone is known before their name
    and role, and the comma after the name ("brought in a colleague, Dr. X, as vet advisor":
    "brought in Dr. X as vet advisor"); unchanged when it has none."""
    m = _SOMEONE_COMMA.search(sentence)
    if m is None:
        return sentence
    rest = _COMMA_AS.sub(" ", sentence[m.end() :], count=1)
    return sentence[: m.start()] + rest
