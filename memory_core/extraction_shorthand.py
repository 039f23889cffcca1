"""Spell out the chat shorthand of English function words before the rules read a message.

People write "thru" for "through", "w/o" for "without", "b/c" or "cuz" for "because" and
"prolly" for "probably". The rules match the full words ("goes through", a hedge in
"probably"), so :func:`spelled_out` puts them back; nothing else in the message changes.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["spelled_out"]

_SHORT: Final = {
    "thru": "through",
    "w/o": "without",
    "b/c": "because",
    "cuz": "because",
    "coz": "because",
    "prolly": "probably",
    "tho": "though",
}
_SHORT_RE = re.compile(
    r"(?<![\w/])(?:" + "|".join(re.escape(w) for w in _SHORT) + r")(?![\w/])", re.IGNORECASE
)


def spelled_out(text: str) -> str:
    """``text`` with each piece of chat shorthand written as the word it stands for."""
    return _SHORT_RE.sub(lambda m: _SHORT[m[0].lower()], text)
