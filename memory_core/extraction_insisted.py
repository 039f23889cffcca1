"""Read a plan with who pushed it through said last: "..., карты теперь на Y — X настояла".

:func:`insisted_last` matches such a sentence for :mod:`memory_core.extraction_decisions`: a
plan (a verb in the present or future, a standing rule, an English word of a plan), then a
person who insisted on it ("X настоял", "X insisted", "X pushed for it"). The match's
``content`` is the whole sentence: the decision rule reads who insisted from its end.
"""

from __future__ import annotations

import re

from memory_core.extraction_decision_terms import standing_rule
from memory_core.extraction_roles import WHO_LIST
from memory_core.morphology import analyzer

__all__ = ["insisted_last"]

_I = re.IGNORECASE
_INSISTED_LAST = re.compile(
    rf"^(?P<content>(?P<plan>.+?)\s*[,;—]\s*(?:и\s+|and\s+|а\s+)?(?:{WHO_LIST})\s+"
    r"(?:настоял[аи]?|продавил[аи]?|insisted|pushed\s+for\s+it|pushed\s+it\s+through)"
    r"(?:\s+(?:на\s+этом|on\s+it))?)\s*[.!]?$",
    _I,
)
_PLAN_EN = re.compile(
    r"\b(?:we|we'll|we're|will|no\s+longer|never|moves?|stays?|goes|switch(?:es)?|now)\b", _I
)


def insisted_last(text: str) -> re.Match[str] | None:
    """Match a plan said before who insisted on it ("больше не платим за X, теперь на Y — Ана
    настояла"); ``None`` when what comes before is no plan ("он ушёл, Ана настояла")."""
    m = _INSISTED_LAST.match(text)
    if m is None:
        return None
    plan = m["plan"]
    if _PLAN_EN.search(plan) or standing_rule(plan):
        return m
    morph = analyzer()
    words = re.findall(r"[а-яё]+", plan.casefold())
    tags = [morph.parse(w)[0].tag for w in words] if morph is not None else []
    present = any(str(t.POS) == "VERB" and t.tense in ("pres", "futr") for t in tags)
    return m if present else None
