"""Read a sentence of several clauses clause by clause, for the people a whole reading misses.

A sentence often says two things about two people ("Henrik hired a new controller, Maret
Kask — Bruno is out on paternity leave", "Вика выходит замуж за Тима, свадьба в июне").
The rules read a sentence from its subject and give up, or give the first person the whole
rest as a fact, when a second person appears. :func:`clauses` cuts the sentence at a dash,
a semicolon, a comma, or "and"/"а"/"но" before a capital; a piece of fewer than three words
stays with the one before it ("..., Maret Kask" is an apposition, no clause).
:func:`with_clauses` adds to the whole reading's draft what each clause read alone gives a
person (or a link) the whole reading left out; when the whole reading was only the loosest
fallback's fact, the clauses' drafts replace it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_core.extraction_text import Draft
from memory_core.language import is_stop_word
from memory_core.naming import split_prefix

__all__ = ["clauses", "decided", "loose", "with_clauses"]

_CUT = re.compile(
    r"\s+[—–]\s+|\s*;\s+|,\s+(?:(?:а|но|and|but|while|whereas)\s+)?"
    r"|\s+(?:and|а|но|but)\s+(?=(?-i:[A-ZА-ЯЁ]))",
    re.IGNORECASE,
)
_MIN_WORDS = 3


_NAMES = re.compile(r"(?-i:[A-ZА-ЯЁ][\w'’-]*)(?:\s+(?-i:[A-ZА-ЯЁ][\w'’-]*))*")


def clauses(sentence: str, draft: Draft | None = None) -> list[str]:
    """The clauses of ``sentence`` (see the module); none when it has one, or fewer than two
    names said with a capital (two people are what the clauses are read for), or no more
    than ``draft`` (the whole reading's, unless loose) already names."""
    said = _NAMES.findall(sentence)
    opening = said[:1] if sentence.startswith(tuple(said[:1])) else []
    names = len(said) - sum(1 for w in opening if " " not in w and is_stop_word(w))  # "By"
    read = 0 if draft is None or loose(draft) else len(_covered(draft) - {draft.owner})
    if names < 2 or names <= read or _CUT.search(sentence) is None:
        return []
    pieces: list[str] = []
    pos = 0
    for m in _CUT.finditer(sentence):
        pieces.append(sentence[pos : m.start()])
        pos = m.end()
    pieces.append(sentence[pos:])
    out: list[str] = []
    glue = ""
    for piece in pieces:
        if len(piece.split()) < _MIN_WORDS and out:
            out[-1] = f"{out[-1]}, {piece}"  # "..., Maret Kask": the apposition stays
        elif len(piece.split()) < _MIN_WORDS:
            glue = f"{piece}, "
        else:
            out.append(glue + piece)
            glue = ""
    if len(out) < 2:
        return []
    return [clause for clause in out if _NAMES.search(clause)]  # a clause naming no one adds none


def _covered(draft: Draft) -> set[str]:
    return {*draft.lines, *draft.new, *(end for frm, _, to in draft.links for end in (frm, to))}


def _people(draft: Draft) -> set[str]:
    return {n for n in _covered(draft) if split_prefix(n)[0] == "Person"}


def _merge(into: Draft, part: Draft) -> None:
    for name, lines in part.lines.items():
        mine = into.lines.setdefault(name, [])
        mine.extend(line for line in lines if line not in mine)
    into.new |= part.new & _covered(part)
    for link in part.links:
        into.link(*link)


def loose(draft: Draft | None) -> bool:
    """Whether ``draft`` is only a fact on one entity that runs past a clause's end (what the
    loosest fallback writes of a sentence it could not read)."""
    if draft is None or draft.links or len(draft.lines) != 1:
        return False
    lines = next(iter(draft.lines.values()))
    return all(line.startswith("fact:") and _CUT.search(line) for line in lines)


def _strong(part: Draft) -> bool:
    """Whether a clause's draft says more than a loose fact: a link or a line of another kind."""
    return bool(part.links) or any(
        not line.startswith("fact:") for lines in part.lines.values() for line in lines
    )


def _subject(part: Draft) -> str | None:
    """The known entity a clause opens with ("⟦0⟧ is out on leave"), if any."""
    m = _OPENING.match(part.reading.text)
    return part.reading.entity(m[0]) if m is not None else None


_OPENING = re.compile(r"⟦\d+⟧")


def _subject_fact(part: Draft) -> bool:
    """Whether a clause's draft is a fact of some length on the one it opens with ("Bruno is
    out on paternity leave"; not "Arsen takes over", which says nothing alone)."""
    lines = part.lines.get(_subject(part) or "", [])
    return set(part.lines) == {_subject(part)} and all(
        len(line.split("(as_of")[0].split()) > _MIN_WORDS for line in lines
    )


def _words(names: set[str]) -> set[str]:
    return {w.casefold() for n in names for w in split_prefix(n)[1].split()}


def _adds(draft: Draft, part: Draft) -> bool:
    """Whether a clause's draft tells of someone ``draft`` leaves out: a new person, or the
    known one the clause opens with ("..., Bruno is out on leave"; not "номер у Светы")."""
    fresh = _people(part) - _people(draft)
    if _words(fresh) & _words(_people(draft)):  # "Кипиани" of "Нодар Кипиани": one person
        return False
    return any(p in part.new or p == _subject(part) for p in fresh)


def decided(draft: Draft | None) -> bool:
    """Whether ``draft`` is a decision's: its sentence is the decision's, its clauses add
    nothing."""
    return draft is not None and any(n.startswith("Decision:") for n in _covered(draft))


def with_clauses(draft: Draft | None, parts: Sequence[Draft | None]) -> Draft | None:
    """``draft`` with what ``parts`` (the clauses read alone) say of people it leaves out;
    the parts alone when ``draft`` is none (only what is more than a loose fact), or
    :func:`loose` and they name two people."""
    read = [part for part in parts if part is not None]
    if draft is None:
        read = [part for part in read if _strong(part)]
    else:
        read = [part for part in read if _strong(part) or _subject_fact(part)]
    if not read:
        return draft
    people = set().union(*(_people(part) for part in read))
    if draft is None or (loose(draft) and len(read) > 1 and len(people) > 1):
        base = read[0]
        for part in read[1:]:
            _merge(base, part)
        return base
    for part in read:
        if _adds(draft, part):
            _merge(draft, part)
    return draft
