"""Read a possessive made from a known person's name ("Варькин стоматолог") as "у Варьки".

Russian says whose someone is with an adjective made from a first name: "Варькин стоматолог
— X", "Машина учительница — Y", "каринин папа". The rules read the holder in the form "у X
стоматолог — Y", so :func:`unpossess` rewrites a sentence that opens with such an adjective
before a role word into that form when the name it is made from ("Варька", "Маша") is a
person the memory holds. Any other word ending the same way ("Мартин", "один") is left alone.
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_names import EntityResolver

__all__ = ["unpossess"]

_POSSESSIVE = re.compile(
    r"^(?P<stem>[А-ЯЁа-яё]{2,}?)(?:ин|ина|ино|ины|ын|ына|ыно|ыны)\s+(?P<role>[\w-]+)",
    re.IGNORECASE,
)


def unpossess(sentence: str, resolver: EntityResolver) -> str:
    """Return ``sentence`` with an opening possessive of a known name put as "у <name>"."""
    m = _POSSESSIVE.match(sentence)
    if m is None or kind_of_role(m["role"]) is None:
        return sentence
    stem = m["stem"]
    for name in (f"{stem}а", f"{stem}я"):
        person = resolver.resolve(name.capitalize(), "Person")
        if person is not None:
            return f"у {name.capitalize()} {sentence[m.start('role') :]}"
    return sentence
