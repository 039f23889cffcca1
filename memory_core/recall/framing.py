"""Frame verbs: the general verbs a question is put with weigh as phrasing, not as content.

"are we keeping the bathtub or not", "which offices try the new scanners first", "do we
still want the piano": the verb frames the question, the noun says what it is about. A
word weighs by its rarity in the memory, so a frame verb one unrelated memory happens to
hold ("how long we keep video") outweighs the noun, and the memory about the noun covers
too little to answer. A frame verb beside another content word, that no memory holds
together with another word of the question, weighs as a dictionary word no memory holds
does (:func:`memory_core.recall.terms.phrasing_weight`).
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.language import normalize, stem
from memory_core.ranking import QueryTerm

__all__ = ["FRAME_STEMS", "lighten_frame_verbs"]

FRAME_STEMS = frozenset(
    {
        # keep, try, want, need, seem, happen, stay, bother, plan to... (and their forms)
        "keep", "kept", "tri", "want", "need", "seem", "happen", "stay", "bother", "wish",
        "intend", "hope",
        # оставлять, пробовать, хотеть, собираться (an intention: "собираемся ли мы")
        "оставля", "оставит", "остав", "оставл", "пробу", "попробу", "пробова", "попробова",
        "хоч", "хот", "хотел", "собира", "собрал",
    }
)  # fmt: skip
"""The stems of the frame verbs (:func:`memory_core.language.stem`)."""


def _frame(term: QueryTerm) -> bool:
    return not term.phrase and stem(normalize(term.surface)) in FRAME_STEMS


def lighten_frame_verbs(
    terms: Sequence[QueryTerm], matched: Sequence[Sequence[bool]], phrasing: float
) -> bool:
    """Weigh as phrasing each frame verb no candidate holds together with another word of the
    question, when the question has a content word besides (``matched``: each candidate's
    hits, term by term). A verb held with the noun ("how long do we keep a reservation" and
    a note on keeping reservations) keeps its weight.

    Returns:
        Whether a weight changed (the candidates must then be scored again).
    """
    if all(_frame(t) for t in terms):
        return False
    changed = False
    for i, term in enumerate(terms):
        if not _frame(term) or term.weight <= phrasing:
            continue
        if any(m[i] and sum(m) > 1 for m in matched):
            continue
        term.weight = phrasing
        changed = True
    return changed
