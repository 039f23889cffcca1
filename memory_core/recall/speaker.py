"""A question about oneself that one's own entry answers whole is answered by it alone.

"where do I live", "когда у меня др", "какой у меня размер обуви": when the speaker's
``User`` entry holds every word of the question but "I" and "my", other entries that happen
to hold the same words ("Kate lives in Denver", the wife's "др 5 июля") are not what was
asked. A question that names someone, asks for someone by a link or a role ("where does my
sister live", "my father's pills", "my dentist"), or that the entry does not answer whole
is left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.graph_rank import is_cue
from memory_core.language import normalize
from memory_core.recall.scoring import Candidate, Question
from memory_core.thesaurus import SELF_WORDS

__all__ = ["holds_all_but", "speaker_alone"]


def speaker_alone(
    question: Question, ranked: Sequence[Candidate], answering: Sequence[Candidate] = ()
) -> list[Candidate]:
    """``ranked``, or only the speaker's entry when it answers the question about oneself,
    though entries holding the same words ranked above it (it is looked for among
    ``answering``, all that answer: "кем я работаю" is the owner's role line, not the
    postmortem note whose name starts as "post" does)."""
    if not question.self_ref or question.mentioned:
        return list(ranked)
    words = [normalize(t.surface) for t in question.terms]
    if any(is_cue(w) for w in words):  # "my father", "my dentist": about someone else
        return list(ranked)
    spare = [w in SELF_WORDS for w in words]
    if all(spare):
        return list(ranked)
    pool = {c.row.name: c for c in (*ranked, *answering)}.values()
    own = [c for c in pool if c.row.entity_type == "User" and holds_all_but(c, spare)]
    return own if len(own) == 1 else list(ranked)


def holds_all_but(cand: Candidate, spare: Sequence[bool]) -> bool:
    """Whether a candidate holds every term of the question but the ``spare`` ones."""
    return all(hit or free for hit, free in zip(cand.matched(), spare, strict=True))
