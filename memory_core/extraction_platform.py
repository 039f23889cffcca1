"""Extraction of what a project runs on, said without a verb: "X весь на ClickHouse".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

"⟦1⟧ весь на ClickHouse", "⟦1⟧ целиком на Kubernetes", "⟦1⟧ — на Flutter", "⟦1⟧ is all on
GCP": X ``uses`` Y. Only a known project is the subject (a person "на X" works on it); the
tool is a Latin word or a known project ("на Ленинградке" is a place), capitalised in English
("on hold" is none). A second clause may say where its data comes from ("..., сырые события
льём туда из Kafka": X ``depends_on`` Kafka) or name another tool ("..., а очереди на RabbitMQ").
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.extraction_uses import objects_of
from memory_core.naming import split_prefix

__all__ = ["platform"]

_I = re.IGNORECASE
_ALL = (
    r"(?:(?:весь|вся|всё|все|целиком|полностью|сейчас|теперь|уже|давно|тоже|по-прежнему|"
    r"is|are|now|all|entirely|fully|still|also)\s+)*"
)
_TOOL = rf"(?:{ENT}|(?-i:[A-Za-z][\w.+-]*)(?:\s+(?-i:[A-Z][\w.+-]*))?)"
_ON = re.compile(
    rf"^(?P<subj>{ENT})\s*(?:—\s*)?{_ALL}(?P<on>на|on)\s+(?P<obj>{_TOOL}"
    rf"(?:\s*(?:,|и|and|\+)\s*{_TOOL})*)(?P<rest>\s*[,;—].*)?$",
    _I,
)
"""A project and the platform it sits on: "⟦1⟧ весь на clickhouse", "⟦1⟧ is all on GCP"."""
_FROM = re.compile(
    r"^\s*[,;—]\s*(?:(?:а|и|and|but)\s+)?(?:(?:[а-яёa-z]+)\s+){0,3}?"
    r"(?:ль[её]м|льют|пишем|пишут|шл[её]м|шлют|грузим|грузят|тянем|тянут|берём|берем|берут|"
    r"приходят|приходит|прилетают|падают|(?:are|is)\s+(?:streamed|loaded|fed|pulled)|come|comes)"
    rf"\s+(?:(?:туда|в\s+него|в\s+не[её]|сюда|there|in|into\s+it)\s+)?(?:из|from)\s+(?P<obj>{_TOOL})",
    _I,
)
"""Where its data comes from, said next: "..., сырые события льём туда из ⟦2⟧"."""
_ALSO_ON = re.compile(
    rf"^\s*[,;]\s*(?:а|и|and|but|while)\s+(?:[а-яёa-z]+\s+){{0,2}}?(?:на|on)\s+(?P<obj>{_TOOL})\s*$",
    _I,
)
"""Another tool of the same project: "..., а очереди на RabbitMQ"."""


def platform(r: Reading, d: Draft) -> bool:
    """ "⟦1⟧ весь на ClickHouse, события льём туда из Kafka": uses, then depends_on."""
    m = _ON.match(r.text)
    subject = r.entity(m["subj"]) if m else None
    if m is None or split_prefix(subject or "")[0] != "Project":
        return False
    if m["on"].casefold() == "on" and m["obj"][:1].islower():
        return False  # "is on hold", "on track": English names a tool with a capital
    found = objects_of(r, d, m["obj"], "uses")
    rest = m["rest"] or ""
    more = _FROM.match(rest)
    if more is not None:
        found += objects_of(r, d, more["obj"], "depends_on")
    elif (also := _ALSO_ON.match(rest)) is not None:
        found += objects_of(r, d, also["obj"], "uses")
    for relation, thing in found:
        d.link(subject, relation, thing)
    return bool(found)
