"""Read an emoji set between two words of a chat message as the stop it stands for.

People end a clause with an emoji instead of a comma or a full stop: "Yasmina started judo 🥋
her coach is X", "у Y жена Z открыла пекарню 🥐 надо зайти". Read as one run of words, the
second clause's subject is lost in the first. :func:`emoji_stops` puts a comma where such an
emoji stands before a lowercase word and a full stop where it stands before a capital, so
each clause is read on its own. An emoji at either end of the message, or next to a
punctuation mark already, is left as it is.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["emoji_stops"]

_EMOJI: Final = (
    "\U0001f000-\U0001faff"  # pictographs, faces, food, sport, transport, symbols
    "\u2600-\u27bf"  # weather, hands, dingbats
    "\u2b00-\u2bff"  # stars, arrows
    "\ufe0f\u200d"  # the variation selector and the joiner inside a sequence
    "\U0001f3fb-\U0001f3ff"  # skin tones
)
_BETWEEN_WORDS: Final = re.compile(rf"(?<=\w)\s+[{_EMOJI}]+\s+(?=(?P<next>\w))")


def emoji_stops(text: str) -> str:
    """``text`` with each emoji between two words read as a comma or a full stop."""
    return _BETWEEN_WORDS.sub(lambda m: ". " if m["next"].isupper() else ", ", text)
