"""The fallback for someone said to replace someone else: the newcomer takes the other's place.

"X replaces Y as our reinsurance contact", "X is replacing Y as PM", "X takes over from Y",
"X сменит Y на посту бухгалтера", "X заменяет Y": :func:`replaces` gives X a ``role:`` line
(the role said after "as"/"на посту"/"в роли", else "вместо Y" or "replaces Y"), and links X
to each known project of the sentence the memory already has Y on. It runs only when no
specific rule read the sentence (see :mod:`memory_core.extraction_fallback`); a verb with a
negation or a hedge before it ("won't replace") does not match, and the owner replaced is
left alone.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.naming import display_name, split_prefix

__all__ = ["replaces"]

_I = re.IGNORECASE
_WHO = rf"(?:{ENT}|{NEW_NAME})"
_REPLACES = re.compile(
    rf"^(?P<who>{_WHO})(?:\s+(?:from|at|из|с)\s+[^,]{{1,40}}?)?\s+(?:(?:now|officially|теперь|"
    r"официально)\s+)*"
    r"(?:replaces|is\s+replacing|will\s+replace|has\s+replaced|replaced|takes\s+over\s+from|"
    r"took\s+over\s+from|is\s+taking\s+over\s+from|сменяет|сменит|сменил[аи]?|заменяет|заменит|"
    r"заменил[аи]?|приходит\s+на\s+смену|пришл[аи]\s+на\s+смену|пришёл\s+на\s+смену)\s+"
    rf"(?P<old>{_WHO})"
    r"(?:\s+(?:as|на\s+посту|на\s+должности|в\s+роли|в\s+качестве)\s+(?P<role>[^,;—]{1,50}))?",
    _I,
)
"""The newcomer, the verb of replacing, the one replaced, and the role: "X replaces Y as R"."""
_OUR = re.compile(r"^(?:our|my|the|наш\w*|мо\w+)\s+", _I)


def replaces(r: Reading, d: Draft) -> bool:
    """ "X replaces Y as our reinsurance contact": X with the role, on Y's projects said."""
    m = _REPLACES.match(r.text)
    if m is None:
        return False
    who, old = d.person(m["who"]), d.person(m["old"])
    if who is None or old is None or split_prefix(who)[0] != "Person" or old == d.owner:
        return False
    role = _OUR.sub("", (m["role"] or "").strip())
    instead = "вместо" if is_cyrillic(m.group(0)) else "replaces"
    d.line(who, "role", role if role else f"{instead} {display_name(old)}")
    for project in r.names_in(r.text, "Project"):
        if project not in r.guessed and d.on_project(old, project):
            d.link(who, "works_on", project)
    return True
