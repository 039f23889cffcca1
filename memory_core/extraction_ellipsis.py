"""Extraction of clauses whose subject is left out, read with the subject put back.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

* "с понедельника сижу на P", "пилю P с Олей": a sentence that opens with a verb in the first
  person singular is the owner's, read as "я сижу на P";
* "P ходит в Q за оплатой, а события шлёт в R": the clause after ", а" has the first one's
  subject, so it is read as "P события шлёт в R" as well.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.morphology import analyzer

__all__ = ["first_person", "shared_subject"]

_I = re.IGNORECASE
_FIRST_WORD = re.compile(
    r"^(?:(?:плотно|вплотную|полностью|целиком|временно|частично|пока|тоже|теперь|сейчас)\s+)*"
    r"(?P<verb>[а-яё]+)\s+(?=\S)",
    _I,
)
"""The first word, past how much or how long ("плотно сижу на P")."""
_WILL_BE = re.compile(r"^(?:gonna|going\s+to|will|'ll)\s+be\s+(?=\S)", _I)
"""An English sentence about what the owner will be, "I" left out: "gonna be on P"."""
_BUT_CLAUSE = re.compile(
    rf"^(?P<subject>{ENT})\s+(?P<first>[^,;—]+?),\s+(?:а|and)\s+(?P<second>(?!{ENT})[^,;—]+)$",
    _I,
)
"""Two clauses about one subject: "⟦1⟧ пишет в ⟦2⟧, а события шлёт в ⟦3⟧"."""
_NAMED = re.compile(rf"{ENT}|(?-i:\b[A-Z][\w.-]+)")
"""A project or tool the second clause names: known, or a Latin capitalised name."""

Rule = Callable[[Reading, Draft], bool]


def _my_verb(word: str) -> bool:
    """Whether a Russian word reads first as a verb in the first person singular ("сижу")."""
    morph = analyzer()
    if morph is None:
        return False
    parse = morph.parse(word.lower())[0]
    grammemes: frozenset[str] = frozenset(parse.tag.grammemes)
    return {"VERB", "1per", "sing"} <= grammemes


def _as(r: Reading, text: str) -> Reading:
    return dataclasses.replace(r, text=text)


def first_person(read: Rule) -> Rule:
    """Return a rule that reads a sentence opening with "my" verb as said after "я"."""

    def rule(r: Reading, d: Draft) -> bool:
        will = _WILL_BE.match(r.text)  # "gonna be on P for a while": "I'll be on P ..."
        if will is not None:
            return read(_as(r, f"I'll be {r.text[will.end() :]}"), d)
        m = _FIRST_WORD.match(r.text)
        return m is not None and _my_verb(m["verb"]) and read(_as(r, f"я {r.text}"), d)

    return rule


def shared_subject(read: Rule) -> Rule:
    """Return a rule that reads both clauses of "S does X, а Y does Z" with the subject S."""

    def rule(r: Reading, d: Draft) -> bool:
        m = _BUT_CLAUSE.match(r.text)
        if m is None or not _NAMED.search(m["second"]):
            return False
        kept = ({k: list(v) for k, v in d.lines.items()}, set(d.new), list(d.links))
        if read(_as(r, f"{m['subject']} {m['first']}"), d) and read(
            _as(r, f"{m['subject']} {m['second']}"), d
        ):
            return True
        d.lines, d.new, d.links = kept  # both clauses or neither: nothing half-read stays
        return False

    return rule
