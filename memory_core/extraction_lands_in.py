"""Extraction of a project's output kept in a tool: "P crash reports all land in our Sentry".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

What a project makes (reports, logs, events, metrics) said to land, go or be sent into a tool
named last is a tool the project ``uses``: "⟦1⟧ crash reports all land in our self-hosted
Sentry", "логи ⟦1⟧ падают в Loki", "⟦1⟧ events go to Kafka". Data that lands *in* a project
from elsewhere is :mod:`memory_core.extraction_uses`' arrival, not this.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["lands_in"]

_I = re.IGNORECASE
_TOOL = r"(?-i:[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)"
_LANDS = (
    r"lands?|end\s+up|ends\s+up|go(?:es)?|(?:get|gets|are|is)\s+(?:sent|shipped|pushed|stored|"
    r"kept|collected)|flows?|"
    r"пада(?:ет|ют)|лет(?:ит|ят)|улета(?:ет|ют)|ухо(?:дит|дят)|сыпл?(?:ется|ются)|"
    r"складыва(?:ется|ются)|собира(?:ется|ются)|отправля(?:ется|ются)|льются|льётся|льется"
)
_LANDS_IN = re.compile(
    rf"^(?:(?:the|all|все|вс[её])\s+)?(?:(?P<piece>[\w-]+(?:\s+[\w-]+)?)\s+)?(?P<subj>{ENT})"
    rf"(?:'s)?\s+(?P<what>(?:[\w-]+\s+){{0,3}}?)(?:(?:all|все|вс[её]|тоже|also)\s+)?"
    rf"(?:{_LANDS})\s+(?:in|into|to|в|во)\s+"
    r"(?:(?:our|their|its|the|a|one|наш\w*|сво\w*|их|общ\w*|одн\w*)\s+)?"
    r"(?:(?:self-hosted|hosted|own|shared|central|cloud|собственн\w*|свой|сво\w*|облачн\w*|"
    r"общ\w*|единый|единую|единое)\s+)?"
    rf"(?P<obj>{ENT}|{_TOOL})\s*$",
    _I,
)


def lands_in(r: Reading, d: Draft) -> bool:
    """ "⟦1⟧ crash reports all land in our self-hosted Sentry": ⟦1⟧ uses Sentry."""
    m = _LANDS_IN.match(r.text)
    if m is None or not (m["piece"] or m["what"].strip()):  # what lands there is said
        return False
    project = r.entity(m["subj"])
    if split_prefix(project)[0] != "Project":
        return False
    obj = m["obj"]
    tool = r.entity(obj) if re.fullmatch(ENT, obj) else d.entity(f"Project:{obj}")
    if split_prefix(tool)[0] != "Project" or tool == project:
        return False
    d.link(project, "uses", tool)
    return True
