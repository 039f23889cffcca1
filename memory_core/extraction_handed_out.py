"""Tell whether a phrase hands work out to others: "we outsourced X in P", "отдали P на аутсорс".

The owner who "outsourced the overlays in P" does not work on P's overlays: someone outside
does. :func:`handed_out` lets the rule that reads "we ... P" as the owner's work on P leave such
a phrase alone, so the people the sentence names as doing the work are read instead.
"""

from __future__ import annotations

import re

__all__ = ["handed_out"]

_HANDED_OUT = re.compile(
    r"\b(?:outsourc\w*|offshor(?:ed|ing)|subcontract\w*|(?:contracted|farmed|handed)\s+out|"
    r"аутсорс\w*|отда(?:ли|ём|ем|дим)\s+(?:\S+\s+){0,4}?на\s+(?:аутсорс|подряд|сторону)|"
    r"на\s+аутсорс\w*|подрядчик\w*)",
    re.IGNORECASE,
)


def handed_out(phrase: str) -> bool:
    """Whether ``phrase`` says work is given to an outside team ("outsourced", "на аутсорс")."""
    return _HANDED_OUT.search(phrase) is not None
