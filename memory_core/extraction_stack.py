"""Extraction of a project's stack said in idioms, not with a verb of use.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

"у X под капотом Y", "under the hood X runs Y", "X has Y under the hood", "в основе X лежит Y":
X ``uses`` Y. Where a project keeps its data ("проводки X лежат в Y", "X's events are stored in
Y") is ``uses`` too. "без X Y не живёт", "Y без X не живёт", "without X, Y is dead": Y
``depends_on`` X. Only a
known project is the subject: "вещи Маши лежат в Берлине" is a person's, not a stack.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.extraction_uses import and_through, objects_of
from memory_core.naming import split_prefix

__all__ = ["stack"]

_I = re.IGNORECASE
_NOW = r"(?:(?:теперь|сейчас|всё\s+ещё|все\s+еще|уже|тоже|now|still|also|actually)\s+)*"
_IS = (
    r"(?:(?:есть|стоит|стоят|крутится|работает|жив[её]т|лежит|is|are|runs|sits|uses|"
    r"использует|используется)\s+)?"
)
_HOOD = re.compile(
    rf"^(?:(?:у|в)\s+(?P<a>{ENT})\s+под\s+капотом|под\s+капотом\s+(?:у|в)\s+(?P<b>{ENT})"
    rf"|(?P<c>{ENT})\s+под\s+капотом|under\s+the\s+hood(?:\s+of)?\s*,?\s+(?P<d>{ENT})"
    rf"|в\s+основе\s+(?P<e>{ENT})(?:\s+лежит)?|(?P<f>{ENT})\s+(?:is|are)\s+backed\s+by)"
    rf"\s*[—:,]?\s*{_NOW}{_IS}(?P<obj>[^—:]+)$",
    _I,
)
"""What runs inside a project: "у ⟦1⟧ под капотом Flink", "⟦1⟧ is backed by Redis"."""
_HAS = re.compile(
    rf"^(?P<subj>{ENT})\s+{_NOW}(?:has|uses|runs)\s+(?P<obj>.+?)\s+under\s+the\s+hood$", _I
)
"""The English order: "⟦1⟧ has Flink under the hood"."""
_STORED = re.compile(
    rf"^(?:(?:the|all|все|всё)\s+)?(?:(?:[^\s⟦]+\s+){{1,3}}?(?:(?:of|from|у|из)\s+)?(?P<a>{ENT})\s+"
    rf"|(?P<b>{ENT})'s\s+(?:[^\s⟦]+\s+){{1,2}}?){_NOW}"
    r"(?:лежат|лежит|хранятся|хранится|складываются|складывается|пишутся|пишется|живут|"
    r"(?:are|is|get|gets)\s+(?:stored|kept|persisted|written)|live|lives)\s+"
    r"(?:в|во|на|in|into|on)\s+(?P<obj>.+)$",
    _I,
)
"""Where a project's data is kept: "проводки ⟦1⟧ лежат в ClickHouse"."""
_WITHOUT = re.compile(
    rf"^(?:(?:без|without)\s+(?P<obj>{ENT})\s*,?\s+(?P<subj>{ENT})|"
    rf"(?P<subj2>{ENT})\s+без\s+(?P<obj2>{ENT}))\s+(?:(?:вообще|просто|никак|"
    r"совсем|just|simply)\s+)*(?:не\s+(?:может\s+)?(?:работает|живёт|живет|жить|работать|"
    r"запустится|стартует|обойд[её]тся)|(?:жить|работать|прожить|обойтись)\s+не\s+(?:может|сможет)|"
    r"(?:can'?t|cannot|won'?t|doesn'?t)\s+(?:work|run|live|"
    r"start|function)|is\s+(?:dead|useless|nothing))\b(?P<rest>\s*,\s*(?:а|и|and|but)\s.+)?",
    _I,
)
"""A dependency said by what fails without it: "без ⟦1⟧ ⟦2⟧ не живёт", "⟦2⟧ без ⟦1⟧ жить
не может", "⟦2⟧ без ⟦1⟧ не
живёт, а платежи идут через Y" (the second clause's tool is ⟦2⟧'s too)."""
_LATIN = re.compile(r"[A-Za-z0-9⟦]")
"""A tool is named in Latin letters or known: a Cyrillic word after "в" is most often a place."""


def _project(r: Reading, placeholder: str | None) -> str | None:
    name = r.entity(placeholder) if placeholder else None
    return name if name is not None and split_prefix(name)[0] == "Project" else None


def stack(r: Reading, d: Draft) -> bool:
    """ "у X под капотом Y", "данные X лежат в Y", "без Y X не живёт"."""
    m = _WITHOUT.match(r.text)
    if m is not None:
        subject = _project(r, m["subj"] or m["subj2"])
        thing = _project(r, m["obj"] or m["obj2"])
        d.link(subject, "depends_on", thing)
        if subject is not None and thing is not None and m["rest"]:
            and_through(r, d, subject, m["rest"].strip())
        return subject is not None and thing is not None
    m = _HOOD.match(r.text) or _HAS.match(r.text) or _STORED.match(r.text)
    if m is None:
        return False
    groups = m.groupdict()
    subject = _project(r, next((groups[g] for g in ("a", "b", "c", "d", "e", "f", "subj")
                                if groups.get(g)), None))  # fmt: skip
    obj = m["obj"].strip()
    if subject is None or not _LATIN.search(obj):  # "лежат в Москве": a place
        return False
    found = objects_of(r, d, obj, "uses")
    for relation, thing in found:
        d.link(subject, relation, thing)
    return bool(found)
