"""Extraction of a gift idea for someone: "Маше на др подарить наушники".

Same contract as :mod:`memory_core.extraction_people`: :func:`gift_idea` reads the marked
message and writes into the draft when its shape holds. The gift is a ``fact:`` line on the
person it is for, not on the owner who will give it: a known person, a new first name
("Маше" is Маша) or a kin word ("маме", "my dad"), made when new
(:func:`memory_core.extraction_someone.someone`). Shapes: "Маше на др подарить наушники",
"подарить Косте на новый год лыжи", "подарок маме — сертификат в спа", "идея подарка для Оли:
...", "gift idea for Tom: a Lego set", "gift ideas for my dad: ...", "Tom would love a drone
for his birthday".
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO
from memory_core.extraction_someone import KIN_WORD, someone
from memory_core.extraction_text import Draft, Reading

__all__ = ["gift_idea"]

_I = re.IGNORECASE
_FOR = rf"(?:(?:my|мо\w+)\s+)?(?P<who>{WHO}|{KIN_WORD})"
_OCC_RU = (
    r"др|д\.\s?р\.?|день\s+рождени\w+|нг|новый\s+год|рождество|8\s+марта|юбилей|годовщину|"
    r"свадьбу|выпускной|23\s+февраля|праздник"
)
_OCCASION_RU = rf"(?:на\s+(?P<occ>{_OCC_RU})\s+)"
_MAY = r"(?:(?:можно|хочу|надо|нужно|стоит|планирую|собираюсь|думаю)\s+)?"
_SHAPES_RU = (
    rf"^{_FOR}\s+{_OCCASION_RU}?{_MAY}подарить\s+(?P<gift>.+)$",
    rf"^{_MAY}подарить\s+{_FOR}\s+{_OCCASION_RU}?(?P<gift>.+)$",
    rf"^на\s+(?P<occ2>{_OCC_RU})\s+{_FOR}\s+{_MAY}подарить\s+(?P<gift>.+)$",
    rf"^(?:идея\s+)?подар(?:ок|ка|ки|ков)\s+{_OCCASION_RU}?(?:для\s+)?{_FOR}"
    rf"(?:\s+на\s+(?P<occ2>{_OCC_RU}))?\s*(?:—|-|:)\s*(?P<gift>.+)$",
)
_OCCASION_EN = r"(?:(?:his|her|their)\s+)?(?P<occ>birthday|christmas|anniversary|graduation)"
_SHAPES_EN = (
    rf"^(?:a\s+)?gift\s+ideas?\s+for\s+{_FOR}(?:'s\s+{_OCCASION_EN})?\s*(?::|—|-|\bis\b|\bare\b)"
    r"\s*(?P<gift>.+)$",
    rf"^{_FOR}\s+(?:would\s+(?:love|like)|wants|is\s+hoping\s+for)\s+(?P<gift>.+?)\s+for\s+"
    rf"{_OCCASION_EN}$",
    rf"^(?:get|buy|give)\s+{_FOR}\s+(?P<gift>.+?)\s+for\s+{_OCCASION_EN}$",
    rf"^for\s+{_FOR}'s\s+{_OCCASION_EN}\s*(?::|—|-|,)\s*(?:(?:get|buy)\s+(?:him|her|them)\s+)?"
    r"(?P<gift>.+)$",
)
_SHAPES = tuple(re.compile(p, _I) for p in (*_SHAPES_RU, *_SHAPES_EN))


def gift_idea(r: Reading, d: Draft) -> bool:
    """ "Маше на др подарить наушники", "gift idea for Tom: a Lego set"."""
    for i, pattern in enumerate(_SHAPES):
        m = pattern.match(r.text)
        if m is None:
            continue
        russian = i < len(_SHAPES_RU)
        person = someone(d, m["who"], oblique=russian)
        if person is None or person == d.owner:
            return False
        groups = m.groupdict()
        occasion = groups.get("occ") or groups.get("occ2")
        gift = m["gift"].strip(" ,.;:—-")
        if russian:
            when = f" на {occasion.lower()}" if occasion else ""
            d.line(person, "fact", f"подарок{when}: {gift}")
        else:
            when = f" ({occasion.lower()})" if occasion else ""
            d.line(person, "fact", f"gift idea{when}: {gift}")
        return True
    return False
