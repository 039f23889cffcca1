"""Finding the person a short slot names for the first-hour rules: a name or a kin word.

:func:`someone` gives the person a slot names in a statement about them (a gift for them,
their phone, their class): a known entity; a new name that opens with a common first name,
written in the nominative when the slot is an oblique case ("Маше", "у Сони"); or a kin word
("маме", "my son"), the owner's relative the memory knows, else a new person named by the kin
word and linked to the owner as that relative. A pet, a brand or a project makes no person.
"""

from __future__ import annotations

import re

from memory_core.extraction_name_cases import lemmatize_name, morph
from memory_core.extraction_names import KIN_RELATIONS
from memory_core.extraction_text import NEW_NAME, Draft
from memory_core.language import is_cyrillic
from memory_core.name_gender import is_given_name
from memory_core.naming import split_prefix

__all__ = ["KIN_WORD", "kin_of", "someone"]

_KIN: dict[str, str] = {
    "мама": "mother", "мать": "mother", "папа": "father", "отец": "father",
    "жена": "wife", "муж": "husband", "дочь": "daughter", "дочка": "daughter",
    "сын": "son", "сынок": "son", "сестра": "sister", "брат": "brother",
    "mom": "mother", "mum": "mother", "mother": "mother", "dad": "father", "father": "father",
    "wife": "wife", "husband": "husband", "daughter": "daughter", "son": "son",
    "sister": "sister", "brother": "brother",
}  # fmt: skip
KIN_WORD = (
    r"(?:мам\w*|мат\w*|пап\w*|от(?:ец|ца|цу|цом)|жен\w*|муж\w*|доч\w*|сын\w*|сестр\w*|брат\w*|"
    r"mom|mum|mother|dad|father|wife|husband|daughter|son|sister|brother)"
)
"""A kin word in any case, to be checked with :func:`kin_of`."""
_OWNER = re.compile(r"^(?:(?:my|мо[йяеёию]\w*|to\s+my|for\s+my)\s+)", re.IGNORECASE)


def kin_of(word: str) -> str | None:
    """The kin a word names in any case ("маме" -> ``mother``, "son" -> ``son``), or ``None``."""
    lowered = _OWNER.sub("", word.strip()).lower()
    if lowered in _KIN:
        return _KIN[lowered]
    if not is_cyrillic(lowered) or " " in lowered:
        return None
    for parse in morph().parse(lowered)[:3]:
        if parse.normal_form in _KIN:
            return _KIN[parse.normal_form]
    return None


def someone(d: Draft, who: str, *, oblique: bool = False) -> str | None:
    """The person ``who`` names (see the module doc), or ``None``; ``oblique``: the slot is
    in another case than the nominative ("Маше", "у Сони")."""
    who = who.strip(" ,.;:")
    kin = kin_of(who)
    if kin is not None:
        return _relative(d, kin, who)
    if re.fullmatch(NEW_NAME, who) is not None and "⟦" not in who:
        first = who.split(maxsplit=1)[0]
        if not is_given_name(first):
            return None
        if is_cyrillic(first) and oblique:
            who = _nominative(who)
    person = d.person(who)
    return person if person is not None and split_prefix(person)[0] == "Person" else None


def _nominative(name: str) -> str:
    """A Russian name said in an oblique case, in the nominative ("Маше": Маша); a first
    name the dictionary takes for an indeclinable one ("Ани") read as the "-я"/"-а" name."""
    form = lemmatize_name(name)
    if form != name or " " in name or name[-1:] not in ("и", "е", "ю", "у", "ы"):
        return form
    for end in ("я", "а"):
        guess = name[:-1] + end
        parses = morph().parse(guess)
        if any(
            p.normal_form == guess.lower() and {"Name", "nomn"} <= p.tag.grammemes for p in parses
        ):
            return guess
    return form


def _relative(d: Draft, kin: str, said: str) -> str:
    """The owner's relative ``kin``: known, else new, named by the kin word and linked."""
    known = d.relative(kin)
    if known is not None:
        return known
    word = _OWNER.sub("", said.strip()).lower()
    if is_cyrillic(word):
        word = next(
            (p.normal_form for p in morph().parse(word)[:3] if p.normal_form in _KIN), word
        )
    person = d.entity(f"Person:{word[:1].upper()}{word[1:]}")
    d.link(person, KIN_RELATIONS[kin], d.owner)
    return person
