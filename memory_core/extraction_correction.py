"""Keep only what holds when a statement says what no longer does: "не A, а B" reads "B".

People correct themselves in one breath: "отчитываюсь уже не Нурлану, а Лене", "Kite now
runs not on Heroku but on Fly", "I report not to Tom but to Ann". The rules read one
person or project in a slot, so :func:`without_the_old` drops the negated one and the
conjunction, leaving "отчитываюсь Лене", "Kite now runs on Fly". Extraction reads this
second form only when the statement as written gives nothing. The dropped part is short
(one to four words, no comma inside), so a longer negated clause is left as it is.
"""

from __future__ import annotations

import re

__all__ = ["without_the_old"]

_RU = re.compile(r"(?:\s+уже)?\s+не\s+(?:[^\s,]+\s+){0,3}?[^\s,]+\s*,\s*а\s+", re.IGNORECASE)
"""Russian: "уже не Нурлану, а", "не на Heroku, а"."""
_EN = re.compile(
    r"\s+(?:no\s+longer|not)\s+(?P<prep>(?:to|on|in|with|for|under)\s+)?"
    r"(?:[^\s,]+\s+){0,3}?[^\s,]+\s*,?\s+but\s+(?:(?P=prep))?",
    re.IGNORECASE,
)
"""English: "not to Tom but to", "not on Heroku but on"; the preposition is kept once."""


def without_the_old(sentence: str) -> str:
    """Return ``sentence`` with "не A, а" / "not A but" taken out (see the module)."""
    sentence = _RU.sub(" ", sentence, count=1)
    return _EN.sub(lambda m: f" {m['prep'] or ''}", sentence, count=1)
