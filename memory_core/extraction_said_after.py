"""A comment the subject adds after the fact, set apart so the fact is read alone.

"mama signed up for Italian classes, says 68 is exactly the right age for it", "папа купил
лодку, говорит, всю жизнь мечтал": the fact is the first clause; what the person says of it
after a comma is their comment, and its "says" is no news told in passing.
:func:`without_said_after` gives the sentence without that comment (or the sentence
unchanged), for a second reading when the first gave nothing.
"""

from __future__ import annotations

import re

__all__ = ["without_said_after"]

_SAID_AFTER = re.compile(
    r"^(?P<fact>.*?\S.*?)\s*,\s*(?:(?:and\s+)?(?:she|he|they)\s+)?(?:(?:она|он|они)\s+)?"
    r"(?:says|said|thinks|claims|jokes|говорит|сказал[аи]?|считает|пишет|шутит|уверяет)\b.*$",
    re.IGNORECASE,
)


def without_said_after(sentence: str) -> str:
    """``sentence`` without a closing ", says ..." comment, when a fact of two words or more
    stands before it."""
    m = _SAID_AFTER.match(sentence)
    if m is None or len(m["fact"].split()) < 3:
        return sentence
    return m["fact"]
