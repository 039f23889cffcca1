"""Whether one of the owner's broad links (a ``doctor_of``, a ``provider_of``) answers the
trade a question asks for.

"Remember" links a dentist, a physiotherapist and a paediatrician to the owner alike
(``doctor_of``), a plumber and a cleaner alike (``provider_of``). "кто наш ветеринар" is
answered by a ``vet_of`` link or by someone whose lines say "vet", not by the owner's
physiotherapist; "кто мой врач" by any ``doctor_of`` link; "who is our eye doctor" and
"кто мой зубной врач" only by a doctor whose lines say which ("eye", "стоматолог").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from memory_core import bilingual
from memory_core.graph_rank import Reached, is_cue
from memory_core.language import normalize, stem
from memory_core.naming import split_prefix
from memory_core.ranking import QueryTerm, fold_line, word_list
from memory_core.recall.scoring import Candidate, Question

__all__ = ["BROAD_KINDS", "of_asked"]

BROAD_KINDS = frozenset(
    {"doctor_of", "provider_of", "teacher_of", "tutor_of", "coach_of", "instructor_of"}
)
"""Links that stand for many trades: a dentist's and a physiotherapist's are both
``doctor_of``, so the person's lines say which one they are."""

MIN_BACK = 4
"""The shortest stem of a translation's translation a modifier is looked for by."""


def of_asked(
    question: Question,
    words: Sequence[str],
    hit: Reached,
    name: str,
    cand: Candidate | None,
) -> bool:
    """Whether a link the graph reached answers the trade asked (see the module's text).

    Args:
        question: the weighed terms; the cue terms say what is asked ("врач", "vet").
        words: the message's words, normalized, in order (for the word before a cue).
        hit: how the entity was reached; only a broad link from the owner is checked.
        name: the reached entity.
        cand: its row and lines, when loaded.
    """
    rel = hit.via[-1]
    other = rel.to if rel.from_ == name else rel.from_
    if split_prefix(other)[0] != "User" or rel.relation_type not in BROAD_KINDS:
        return True
    cues = [
        t
        for i, t in enumerate(question.terms)
        if i in question.cue_terms or is_cue(normalize(t.surface))
    ]
    if not cues:
        return True
    own = "" if cand is None else _own_text(cand)
    kinds = fold_line(" ".join(r.relation_type.replace("_", " ") for r in hit.via))
    named = [t for t in cues if _without_phrase_heads(t).matches(kinds)]
    if named:
        modifiers = [m for t in named if (m := _modifier(question, words, t)) is not None]
        return all(_holds(m, own) for m in modifiers if m not in named)
    return bool(own) and any(t.matches(own) for t in cues)


def _own_text(cand: Candidate) -> str:
    return fold_line(" ".join([cand.row.name, *(line.text for line in cand.lines)]))


def _modifier(question: Question, words: Sequence[str], cue: QueryTerm) -> QueryTerm | None:
    """The term of the word said right before a cue word, which says which one ("eye" in
    "eye doctor", "детский" in "детский врач"); ``None`` when there is none."""
    cue_word = normalize(cue.surface)
    if cue_word not in words:
        return None
    at = words.index(cue_word)
    if at == 0:
        return None
    before = words[at - 1]
    return next((t for t in question.terms if normalize(t.surface) == before), None)


def _holds(term: QueryTerm, own: str) -> bool:
    """Whether the entity's text holds a modifier, or a word its translations translate
    back to ("зубной" is "dental", which is "стоматолог")."""
    if not own:
        return False
    if term.matches(own):
        return True
    held = word_list(own)
    for other in bilingual.translations(term.surface)[:4]:
        if " " in other:
            continue
        for back in bilingual.translations(other)[:6]:
            start = stem(back)
            if " " in back or len(start) < MIN_BACK:
                continue
            if any(w.startswith(start) for w in held):
                return True
    return False


def _without_phrase_heads(term: QueryTerm) -> QueryTerm:
    """The term without the words it has only from phrase translations: "окулист" is an
    "eye doctor", which says which doctor, so it does not name every ``doctor_of`` link as
    "врач" ("doctor") does."""
    found = bilingual.translations(term.surface)
    single = {stem(w) for w in found if " " not in w}
    heads = {stem(w) for t in found if " " in t for w in t.split()} - single
    if not heads:
        return term
    kept = tuple(p for p in term.prefixes if p not in heads)
    return replace(term, prefixes=kept, _pattern=None, _words_of=None)
