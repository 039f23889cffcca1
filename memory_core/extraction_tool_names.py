"""Cut a tool's name out of what follows a verb of using: the capitalised words, not the rest.

"from the Teltonika FMC130 trackers in every car" names Teltonika FMC130; "через AWS
Rekognition" names one tool, AWS Rekognition, though the reading took AWS for an acronym of
its own; "on Hetzner, the Falkenstein DC" names Hetzner, and the words after the comma say
where; "боксы из A, а статус — из B" names B too (the verb left out); "из двух мест: цены —
из A, страховку — из B" names A and B, each after its preposition. Read by
:mod:`memory_core.extraction_uses`.
"""

from __future__ import annotations

import re

__all__ = ["NAMED_ON", "listed_after_colon", "name_head", "without_apposed"]

NAMED_ON = re.compile(r"⟦\d+⟧\s+(?-i:[A-Z][a-z][\w-]*)(?:\s|$)")
"""A new acronym and a capitalised word after it: "AWS Rekognition" is one tool's name."""
_PROPER_HEAD = re.compile(
    r"(?P<head>[A-Z][\w.-]*(?:\s+[A-Z0-9][\w.-]*)*)\s+[a-z][a-z-]*(?:\s+\S+)*"
)
_APPOSED = re.compile(
    r"^(?P<main>[^,]+?),\s+(?:the|a|an|its|their|our)\s+(?!.*\b(?:and|и)\b)[^,]+$",
    re.IGNORECASE,
)


def name_head(item: str) -> str:
    """The capitalised name a Latin item opens with, without the lower-case words after it:
    "Teltonika FMC130 trackers in every car" is "Teltonika FMC130"; other items unchanged."""
    m = _PROPER_HEAD.fullmatch(item)
    if m is None or "⟦" in item or not item.isascii():
        return item
    return m["head"]


def without_apposed(obj: str) -> str:
    """``obj`` without what its one tool is, apposed after a comma ("Hetzner, the X DC"),
    or the place it runs in ("Azure, North Europe region, since May")."""
    if listed_after_colon(obj) is None:  # "из A, а статус — из B": B read like A
        obj = _GAPPED.sub(", ", obj)
    return _WHERE.sub(r"\g<main>", _APPOSED.sub(r"\g<main>", obj))


_GAPPED = re.compile(
    r"(?:\s*,\s*|\s+)(?:а|и|but|and|while)\s+(?:[^\W\d_][\w-]*\s+){1,4}?(?:[—–-]\s+)?"
    r"(?=(?:из|от|у|через|from|via|through)\s+⟦\d+⟧)(?:из|от|у|через|from|via|through)\s+",
    re.IGNORECASE,
)
"""A second source said with its verb left out: "берёт боксы из ⟦1⟧, а статус — из ⟦2⟧"
is read as "из ⟦1⟧, ⟦2⟧" (the same verb for both)."""


_WHERE = re.compile(
    r"^(?P<main>[^,]+?),\s+[^,]*?\b(?:region|zone|dc|data\s?cent(?:er|re)|регион\w*|зон[аеуы]"
    r"|цод\w*|дата-?центр\w*)\b.*$",
    re.IGNORECASE,
)
"""A tool, then after a comma the region or data centre it runs in."""


_NAMED = r"(?:⟦\d+⟧|[A-Z][\w.-]*(?:\s+[A-Z0-9][\w.-]*)*)"
_SOURCE = re.compile(
    rf"(?<![^\W\d_])(?:из|от|у|в|во|на|через|from|via|through|in|on|to)\s+(?:the\s+)?({_NAMED})"
)
_NAME = re.compile(rf"(?<![^\W\d_]){_NAMED}")
_LIST_MARK = re.compile(r":|\s[—–]\s")
"""What opens a list the words before it announce: a colon or a spaced dash."""


def listed_after_colon(obj: str) -> list[str] | None:
    """The tools an object lists after a colon or a dash when it names none before it ("из
    двух мест: цены — из ⟦1⟧, страховку — из ⟦2⟧", "from two sources: ⟦1⟧ and ⟦2⟧", "three
    backends — ⟦1⟧, ⟦2⟧ and ⟦3⟧"), else None."""
    mark = _LIST_MARK.search(obj)
    if mark is None:
        return None
    head, tail = obj[: mark.start()], obj[mark.end() :]
    if _NAME.search(head):
        return None
    found = _SOURCE.findall(tail) or _NAME.findall(tail)
    return found or None
