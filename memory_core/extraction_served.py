"""Extraction of tools said around the work they serve, not as the object of "uses".

Same contract as :mod:`memory_core.extraction_uses`: a rule reads the marked message, writes
into the draft when its shape holds and says whether it did.

A tool named in a participle at the end: "⟦1⟧ scores orders with a model served by Triton",
"⟦1⟧ ships reports rendered in Metabase" (the project ``uses`` the tool). What a tool is used
for and where, said first, then who uses it: "для экспериментов в ⟦1⟧ Айгерим юзает MLflow",
"for load tests on ⟦1⟧ Ann uses k6" (the person ``uses`` the tool, and so does the project).
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.extraction_uses import objects_of
from memory_core.naming import split_prefix

__all__ = ["purpose_first", "served_by"]

_I = re.IGNORECASE
_NOT = r"(?!.*\b(?:не|not|never|no\s+longer)\b)"
_TOOL = r"(?-i:[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)"
_SERVED = re.compile(
    rf"^(?P<subj>{ENT})\s+{_NOT}(?:\S+\s+){{1,6}}?"
    r"(?:served|hosted|deployed|run|orchestrated|scheduled|rendered|stored|indexed|"
    r"managed|powered|built)\s+(?:by|on|in|via|through|with)\s+"
    rf"(?P<obj>{ENT}|{_TOOL})$",
    _I,
)
"""A project's work that ends in a participle naming the tool: "... served by Triton"."""
_PURPOSE_FIRST = re.compile(
    rf"^(?:для|под|for)\s+(?:[\w-]+\s+){{1,3}}?(?:в|во|на|in|on|of)\s+(?P<proj>{ENT})\s*,?\s+"
    r"(?P<rest>.+)$",
    _I,
)
"""What a tool is for and in which project, said before who uses it."""
_WHO_USES = re.compile(
    rf"^(?:(?P<we>мы|we)|(?P<who>{WHO}))\s+(?:(?:теперь|now|also|тоже|still|всё\s+ещё)\s+)?"
    r"(?:uses|use|is\s+using|использу\w+|юза(?:ет|ю|ем)|пользу\w+с[яь])\s+(?P<obj>.+)$",
    _I,
)
"""Who uses what, once the purpose and the project are said: "Камила юзает Cypress"."""


def served_by(r: Reading, d: Draft) -> bool:
    """ "⟦1⟧ scores orders with a model served by Triton": the project uses Triton."""
    m = _SERVED.match(r.text)
    subject = r.entity(m["subj"]) if m else None
    if m is None or split_prefix(subject or "")[0] != "Project":
        return False
    obj = m["obj"]
    thing = r.entity(obj) if obj.startswith("⟦") else d.thing(obj)
    if split_prefix(thing or "")[0] in ("Person", "User"):
        return False
    d.link(subject, "uses", thing)
    return thing is not None


def purpose_first(r: Reading, d: Draft) -> bool:
    """ "для тестов в ⟦1⟧ Камила юзает Cypress": Камила's tool, used in ⟦1⟧ too."""
    m = _PURPOSE_FIRST.match(r.text)
    project = r.entity(m["proj"]) if m else None
    if m is None or split_prefix(project or "")[0] != "Project":
        return False
    said = _WHO_USES.match(m["rest"])
    who = d.person(said["who"]) if said is not None and said["who"] else None
    if said is None or (who is None and not said["we"]):
        return False
    things = [thing for _, thing in objects_of(r, d, said["obj"], "uses")]
    for thing in things:
        d.link(who, "uses", thing)
        d.link(project, "uses", thing)
    return bool(things)
