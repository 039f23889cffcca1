"""Say that a project cannot do without another, in the words people use for it.

"X can't work without Y", "X is useless without Y", "X is dead in the water without Y", "X без
Y не работает" (said the other way round is :mod:`memory_core.extraction_uses`'s "без Y"),
"X бесполезен без Y", "X никуда без Y": each makes X ``depends_on`` Y. :data:`LOST_WITHOUT` is
the verb part, read by :mod:`memory_core.extraction_uses` after its subject.
"""

from __future__ import annotations

from typing import Final

__all__ = ["LOST_WITHOUT"]

_WORTHLESS = (
    r"useless|worthless|pointless|nothing|dead(?:\s+in\s+the\s+water)?|blind|helpless|lost|"
    r"stuck|broken|empty|a\s+shell|meaningless"
)
"""What a project is without the one it needs: "useless", "blind", "dead in the water"."""
_WORTHLESS_RU = (
    r"бесполез(?:ен|на|но|ны)|ничего\s+не\s+(?:стоит|стоят|может|умеет)|мертв(?:ый|ая|о|ы)?|"
    r"мёртв(?:ый|ая|о|ы)?|слеп(?:ой|ая|о|ы)?|никуда|никак|нич[её]м\s+не\s+поможет|пуст(?:ой|ая|о|ы)"
)
"""The same in Russian: "бесполезен без Y", "никуда без Y", "слепой без Y"."""

LOST_WITHOUT: Final = (
    r"(?:can'?t|cannot|can\s+not|won'?t|doesn'?t|does\s+not)\s+(?:\w+\s+)?"
    r"(?:work|run|live|function|do\s+(?:anything|much)|exist|survive)\s+without|"
    rf"(?:is|are|'s|'re|would\s+be|will\s+be)\s+(?:(?:\w+ly|just|pretty\s+much|basically)\s+)?"
    rf"(?:{_WORTHLESS})\s+without|"
    r"не\s+(?:может\s+)?(?:работа\w+|жить|жив[её]т|обойд[её]тся|обходится)\s+без|"
    rf"(?:(?:просто|вообще|совсем|совершенно)\s+)?(?:{_WORTHLESS_RU})\s+без"
)
"""The verb part of "X is useless without Y" / "X бесполезен без Y" (X ``depends_on`` Y)."""
