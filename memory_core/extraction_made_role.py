"""Whether a "сделали" names a role given to someone, not work done.

"продактом Logbook в итоге сделали Eleni", "Веру сделали тимлидом", "X сделали лидом P":
the verb the worklog check reads as work just done ("сделал фичу") here makes someone a role,
said in the instrumental ("продактом", "тимлидом", "PM-ом"). :func:`made_into_role` tells
such a verb apart, so the statement is read as a role and not skipped as a worklog.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_lexicon import kind_of_role

__all__ = ["made_into_role"]

_MADE = re.compile(r"(?:с|на)?делал[аи]?|назначил[аи]?|поставил[аи]?", re.IGNORECASE)
_INSTRUMENTAL = re.compile(r"(?:ом|ем|ой|ей)$", re.IGNORECASE)
_NEAR: Final = 4
"""How many words from the verb the role in the instrumental may stand."""


def made_into_role(text: str, verb: re.Match[str]) -> bool:
    """Whether ``verb`` ("сделали") makes someone a role said in the instrumental near it."""
    if _MADE.fullmatch(verb.group(0)) is None:
        return False
    before = text[: verb.start()].split()[-_NEAR:]
    after = text[verb.end() :].split()[:_NEAR]
    for word in (w.strip(",.;:!—") for w in [*before, *after]):
        if _INSTRUMENTAL.search(word) and kind_of_role(word) is not None:
            return True
    return False
