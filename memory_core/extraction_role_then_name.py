"""A role said at the end of one sentence and the name of who holds it opening the next.

"finally hired an engineering manager!! Greta Lind, she reports to me directly", "we hired a
designer! Ola Berg, starts monday": the exclamation ends the sentence that says the role, and
the name opens the next one, so neither reads alone as anyone's role. The role may name what it
is for: "нашли лида на Kosmos!! Ида Рамос, ...".
:func:`role_then_name` joins the two as one sentence with the name in apposition ("... an
engineering manager, Greta Lind, she reports ..."), for the rules that read "hired a ROLE,
NAME"; only when the first ends with a role word and the second opens with a name.
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_text import NEW_NAME

__all__ = ["carried", "role_then_name"]

_RELIEF = (
    r"(?:\s*,?\s+(?:at\s+(?:long\s+)?last|finally|already|наконец(?:-то)?|наконец-таки|уже))?"
)
_LAST_WORD = re.compile(rf"([^\W\d_]+){_RELIEF}[\s!.…]*$", re.IGNORECASE)
"""The last word of a sentence, past a word of relief ("... an assistant at last!!")."""
_ROLE_FOR = re.compile(
    rf"([^\W\d_]+)\s+(?:на|в|во|для|for|on|in|at)\s+(?:the\s+)?"
    rf"(?-i:[A-ZА-ЯЁ][\w.-]*)(?:\s+(?-i:[A-ZА-ЯЁ][\w.-]*))?(){_RELIEF}[\s!.…]*$",
    re.IGNORECASE,
)
"""A role and the project it is for, ending the sentence: "нашли лида на Begirale!!"."""
_OPENS_WITH_NAME = re.compile(rf"^(?:{NEW_NAME})(?=\s*[,—–-]|\s+(?-i:[a-zа-яё]))")
"""A name that opens a sentence and is followed by a comma, a dash or a lowercase word."""


def role_then_name(said: str, following: str) -> str | None:
    """``said`` and ``following`` as one sentence when ``said`` ends with a role word and
    ``following`` opens with a name (see the module), else ``None``."""
    if not _OPENS_WITH_NAME.match(following):
        return None
    last = _LAST_WORD.search(said)
    if last is not None and kind_of_role(last[1]) is not None:
        return f"{said[: last.end(1)]}, {following}"
    role_for = _ROLE_FOR.search(said)  # "нашли лида на Begirale!! X, ...": the role for P
    if role_for is not None and kind_of_role(role_for[1]) is not None:
        return f"{said[: role_for.end(2)]}, {following}"
    return None


def carried(sentences: list[str], at: int) -> bool:
    """Join sentence ``at`` of ``sentences`` to the next one (in place) when it ends with a
    role the next one's opening name holds (:func:`role_then_name`); say whether it did."""
    joined = role_then_name(sentences[at], sentences[at + 1]) if at + 1 < len(sentences) else None
    if joined is not None:
        sentences[at + 1] = joined
    return joined is not None
