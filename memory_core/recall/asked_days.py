"""A question that asks which days is answered by weekday names.

"по каким дням у Маши танцы", "what days does Ben swim": the memory writes the
answer as the days themselves ("по вторникам и четвергам", "Mon and Wed"), never the word
"days". A day word said right after a word that asks which ("what", "which", "какие",
"по каким") also finds every weekday's name; "три дня", "last days" do not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memory_core.language import normalize
from memory_core.ranking import QueryTerm
from memory_core.thesaurus import any_weekday

__all__ = ["add_weekdays"]

_DAY_WORDS = frozenset({"day", "days", "день", "дни", "дня", "дней", "дням", "днях", "днями"})
_WHICH = frozenset(
    {"what", "which", "какой", "какие", "каким", "каких", "какого", "какую", "какому"}
)


def add_weekdays(terms: Sequence[QueryTerm], before: Mapping[str, str]) -> None:
    """Let each day word asked about ("what days", "по каким дням") find weekday names too;
    ``before`` maps each word of the message to the word said before it."""
    for term in terms:
        word = normalize(term.surface)
        if term.phrase or word not in _DAY_WORDS or before.get(word, "") not in _WHICH:
            continue
        starts, short = any_weekday()
        term.prefixes = tuple(dict.fromkeys((*term.prefixes, *starts)))
        term.words = tuple(dict.fromkeys((*term.words, *short)))
