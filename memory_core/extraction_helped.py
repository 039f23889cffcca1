"""Drop the person someone helps, so the project the help is for is read: "A помогает B в P".

"Юля помогает Глебу с тестами в Kite", "Ann helps Tom with alerting on Lumen": the helper
works on the project named after the person helped. The verb rule reads the first name
after the verb as its project, so :func:`without_helped` takes the helped person out.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Reading
from memory_core.naming import split_prefix

__all__ = ["without_helped"]

_HELPED = re.compile(
    rf"(?P<verb>\b(?:помога\w*|helps?|helping|assists?|assisting|backs\s+up)\s+)"
    rf"(?P<who>{ENT})\s+(?=(?:с|со|with|on|in|в|на)\s)",
    re.IGNORECASE,
)


def without_helped(r: Reading, text: str) -> str:
    """Return ``text`` without the known person a helping verb names before its project."""
    m = _HELPED.search(text)
    if m is None or split_prefix(r.entity(m["who"]))[0] != "Person":
        return text
    if not r.names_in(text[m.end() :], "Project"):
        return text  # "помогает Глебу с переездом": no project, nothing to read
    return text[: m.end("verb")] + text[m.end() :]
