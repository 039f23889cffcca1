"""Which way up the reporting line a question asks: the boss of someone, or who is under them.

"кто мой начальник", "who is my manager", "кому я подчиняюсь" ask for the one above: the
far end of the asker's own ``reports_to`` link, or the ``from`` end of a ``manages`` link
into them. "мои подчинённые", "who reports to Dana", "кто у Глеба в подчинении" ask for
those below: the other way round. Without such a word (a project's "manager", "who manages
X") either way may answer.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["LINE_TYPES", "is_up", "way_asked"]

LINE_TYPES = frozenset({"reports_to", "manages"})
"""The relation types that make a reporting line."""
_BOSS_WORDS = (
    "начальни", "начальств", "руководител", "босс", "шеф", "boss", "manager", "supervisor",
    "менеджер", "superior",
)  # fmt: skip
"""Nouns for the one above ("руководител", not "руковод": "кто руководит X" is no boss)."""
_UNDER_WORDS = ("подчин", "report", "репорт", "subordinat")
"""Words for those below (or, with the asker as the subject, for the one above: "кому я
подчиняюсь", "who do I report to", which the caller tells by ``subject``)."""


def way_asked(words: Sequence[str], types: frozenset[str], *, subject: bool) -> bool | None:
    """``True`` for the one above the entity asked about, ``False`` for those below,
    ``None`` when the question says neither (or asks about no reporting line).

    ``subject``: the named entity is the subject of the question's verb ("кому X
    подчиняется", "who does X report to"): its own ``reports_to`` leads up.
    """
    if not types & LINE_TYPES:
        return None
    if subject or any(w.startswith(_BOSS_WORDS) for w in words):
        return True
    if any(w.startswith(_UNDER_WORDS) for w in words):
        return False
    return None


def is_up(relation_type: str, *, holder: bool) -> bool:
    """Whether a reporting-line link leads up from the end the score comes from
    (``holder``: from its ``from`` end): "A reports_to B" leads up from A, "A manages B"
    leads up from B."""
    return (relation_type == "reports_to") == holder
